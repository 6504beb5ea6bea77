/** BG-25 invoice lines with their period (BG-26), allowances/charges (BG-27/28), price (BG-29), VAT (BG-30), item (BG-31/32). */
import { lineLevel } from './allowances.js';
import {
  frenchLineEntries,
  frenchLineExemptionReason,
  frenchLineTaxPointDateCode,
  isFrenchSubInvoiceReference,
} from './lines-french.js';
import { type Binding, field, group, repeated } from './types.js';

const PRODUCT = 'ram:SpecifiedTradeProduct';
const AGREEMENT = 'ram:SpecifiedLineTradeAgreement';
const GROSS = `${AGREEMENT}/ram:GrossPriceProductTradePrice`;
const NET = `${AGREEMENT}/ram:NetPriceProductTradePrice`;
const SETTLEMENT = 'ram:SpecifiedLineTradeSettlement';
/** BT-128: a type 130 reference other than the French sub-invoice references AFL / AVV (Line.frenchCtc) */
const OBJECT_REFERENCE =
  "ram:AdditionalReferencedDocument[ram:TypeCode='130'][ram:ReferenceTypeCode!='AFL'][ram:ReferenceTypeCode!='AVV']";
const hasGross = (_: unknown, line: Record<string, unknown>) => line.grossPrice !== undefined;
/** BT-128 is written once: not again when it is the AFL / AVV reference of Line.frenchCtc */
const notFrench = (_: unknown, line: Record<string, unknown>) => !isFrenchSubInvoiceReference(line);

export const lines: Binding[] = [
  repeated(
    'BG-25',
    'lines',
    'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem',
    [
      field('BT-126', 'id', 'ram:AssociatedDocumentLineDocument/ram:LineID'),
      field('BT-127', 'note', 'ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content'),
      field(
        'BT-127',
        'noteSubjectCode',
        'ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:SubjectCode',
      ),
      field('BT-157', 'standardItemId.id', `${PRODUCT}/ram:GlobalID`),
      field('BT-157-1', 'standardItemId.scheme', `${PRODUCT}/ram:GlobalID/@schemeID`),
      field('BT-155', 'sellerItemId', `${PRODUCT}/ram:SellerAssignedID`),
      field('BT-156', 'buyerItemId', `${PRODUCT}/ram:BuyerAssignedID`),
      field('BT-153', 'description', `${PRODUCT}/ram:Name`),
      field('BT-154', 'itemDescription', `${PRODUCT}/ram:Description`),
      repeated('BG-32', 'attributes', `${PRODUCT}/ram:ApplicableProductCharacteristic`, [
        field('BT-160', 'name', 'ram:Description'),
        field('BT-161', 'value', 'ram:Value'),
      ]),
      repeated('BT-158', 'classifications', `${PRODUCT}/ram:DesignatedProductClassification`, [
        field('BT-158', 'id', 'ram:ClassCode'),
        field('BT-158-1', 'scheme', 'ram:ClassCode/@listID'),
        field('BT-158-2', 'version', 'ram:ClassCode/@listVersionID'),
      ]),
      field('BT-159', 'originCountry', `${PRODUCT}/ram:OriginTradeCountry/ram:ID`),
      field('BT-132', 'orderLineReference', `${AGREEMENT}/ram:BuyerOrderReferencedDocument/ram:LineID`),
      field('BT-148', 'grossPrice', `${GROSS}/ram:ChargeAmount`, 'price'),
      field(
        'BT-147',
        'priceDiscount',
        `${GROSS}/ram:AppliedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='false']/ram:ActualAmount`,
        'price',
      ),
      field('BT-146', 'unitPrice', `${NET}/ram:ChargeAmount`, 'price'),
      field('BT-149', 'baseQuantity', `${NET}/ram:BasisQuantity`, 'quantity'),
      field('BT-150', 'baseQuantityUnitCode', `${NET}/ram:BasisQuantity/@unitCode`),
      field('BT-149', 'baseQuantity', `${GROSS}/ram:BasisQuantity`, 'quantity', {
        writeWhen: hasGross,
        note: 'also on the gross price when there is one',
      }),
      field('BT-150', 'baseQuantityUnitCode', `${GROSS}/ram:BasisQuantity/@unitCode`, 'text', {
        writeWhen: hasGross,
      }),
      field('BT-129', 'quantity', 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity', 'quantity'),
      field('BT-130', 'unitCode', 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode'),
      group(
        'BG-30',
        '',
        `${SETTLEMENT}/ram:ApplicableTradeTax`,
        [
          field('BT-151', 'vatCategory', 'ram:CategoryCode'),
          field('BT-152', 'vatRate', 'ram:RateApplicablePercent', 'percent'),
          frenchLineExemptionReason,
          frenchLineTaxPointDateCode,
        ],
        {
          constants: [{ path: 'ram:TypeCode', value: 'VAT', otherwise: 'taxScheme' }],
        },
      ),
      group(
        'BG-26',
        'period',
        `${SETTLEMENT}/ram:BillingSpecifiedPeriod`,
        [
          field('BT-134', 'startDate', 'ram:StartDateTime/udt:DateTimeString', 'date'),
          field('BT-135', 'endDate', 'ram:EndDateTime/udt:DateTimeString', 'date'),
        ],
        { keepEmpty: true },
      ),
      lineLevel('BG-27', 'allowances', false, ['BT-136', 'BT-137', 'BT-138', 'BT-139', 'BT-140']),
      lineLevel('BG-28', 'charges', true, ['BT-141', 'BT-142', 'BT-143', 'BT-144', 'BT-145']),
      field(
        'BT-131',
        'netAmount',
        `${SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
        'amount',
      ),
      field(
        'BT-128',
        'objectIdentifier.id',
        `${SETTLEMENT}/${OBJECT_REFERENCE}/ram:IssuerAssignedID`,
        'text',
        { writeWhen: notFrench },
      ),
      field(
        'BT-128-1',
        'objectIdentifier.scheme',
        `${SETTLEMENT}/${OBJECT_REFERENCE}/ram:ReferenceTypeCode`,
        'text',
        { writeWhen: notFrench },
      ),
      field(
        'BT-133',
        'accountingReference',
        `${SETTLEMENT}/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID`,
      ),
      ...frenchLineEntries,
    ],
    { note: 'line VAT exemption reasons are not CII line terms: complete() carries them to BG-23' },
  ),
];
