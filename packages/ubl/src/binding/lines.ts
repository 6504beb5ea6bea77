/**
 * BG-25 Invoice lines: cac:InvoiceLine (InvoicedQuantity) in an Invoice, cac:CreditNoteLine
 * (CreditedQuantity) in a CreditNote; period, references, allowances/charges, item, price.
 */
import { taxPointDateCodeFor } from '@einv/core-model';
import { lineAllowanceCharges } from './allowances.js';
import {
  amount,
  categoryScheme,
  date,
  decimal,
  fixed,
  group,
  identifier,
  placeholder,
  term,
} from './build.js';
import {
  frenchLineBillingReferences,
  frenchLineDocumentReferences,
  frenchLineSeller,
  frenchLineTaxTotals,
  isLineObjectReference,
} from './lines-french.js';
import type { DocumentType, GroupNode, Node } from './types.js';

const item: Node[] = [
  term('cbc:Description', 'BT-154', 'itemDescription'),
  term('cbc:Name', 'BT-153', 'description'),
  group('cac:BuyersItemIdentification', [term('cbc:ID', 'BT-156', 'buyerItemId', { required: true })]),
  group('cac:SellersItemIdentification', [term('cbc:ID', 'BT-155', 'sellerItemId', { required: true })]),
  group('cac:StandardItemIdentification', [
    { ...identifier('cbc:ID', 'BT-157', 'standardItemId', 'BT-157-1'), required: true },
  ]),
  group('cac:OriginCountry', [term('cbc:IdentificationCode', 'BT-159', 'originCountry')]),
  group(
    'cac:CommodityClassification',
    [
      term('cbc:ItemClassificationCode', 'BT-158', 'id', {
        attrs: [
          { name: 'listID', field: 'scheme', bt: 'BT-158-1' },
          { name: 'listVersionID', field: 'version', bt: 'BT-158-2' },
        ],
      }),
    ],
    { field: 'classifications', many: true },
  ),
  group('cac:ClassifiedTaxCategory', [
    term('cbc:ID', 'BT-151', 'vatCategory'),
    decimal('cbc:Percent', 'BT-152', 'vatRate'),
    // Read when present; not written (UBL-CR-600/601): complete() carries them to the VAT breakdown.
    // EXTENDED-CTC-FR disables UBL-CR-600/601 and the multi-vendor lines carry them: written there.
    term('cbc:TaxExemptionReasonCode', '', 'vatExemptionReasonCode', {
      readOnly: true,
      writtenInExtendedCtcFr: true,
    }),
    term('cbc:TaxExemptionReason', '', 'vatExemptionReason', {
      readOnly: true,
      writtenInExtendedCtcFr: true,
    }),
    categoryScheme(),
  ]),
  group(
    'cac:AdditionalItemProperty',
    [term('cbc:Name', 'BT-160', 'name', { required: true }), term('cbc:Value', 'BT-161', 'value')],
    { bt: 'BG-32', field: 'attributes', many: true },
  ),
  frenchLineSeller,
];

const price: Node[] = [
  amount('cbc:PriceAmount', 'BT-146', 'unitPrice', { required: true }),
  decimal('cbc:BaseQuantity', 'BT-149', 'baseQuantity', {
    attrs: [{ name: 'unitCode', field: 'baseQuantityUnitCode', bt: 'BT-150' }],
  }),
  // BT-147/148 are read whatever the indicator says (BR-28 reads them so); written as false
  group('cac:AllowanceCharge', [
    placeholder('cbc:ChargeIndicator', 'false'),
    amount('cbc:Amount', 'BT-147', 'priceDiscount', { required: true }),
    amount('cbc:BaseAmount', 'BT-148', 'grossPrice'),
  ]),
];

function lineNodes(doc: DocumentType): Node[] {
  const quantity = doc === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const nodes: Node[] = [
    term('cbc:ID', 'BT-126', 'id', { required: true }),
    term('cbc:Note', 'BT-127', 'note'),
    decimal(quantity, 'BT-129', 'quantity', {
      attrs: [{ name: 'unitCode', field: 'unitCode', bt: 'BT-130' }],
    }),
    amount('cbc:LineExtensionAmount', 'BT-131', 'netAmount', { required: doc === 'Invoice' }),
    term('cbc:AccountingCost', 'BT-133', 'accountingReference'),
    group(
      'cac:InvoicePeriod',
      [
        date('cbc:StartDate', 'BT-134', 'period.startDate'),
        date('cbc:EndDate', 'BT-135', 'period.endDate'),
        // EXTENDED-CTC-FR: the line VAT point date code of a sub-invoice line (a CII code is written as its UBL code)
        term('cbc:DescriptionCode', 'EXT-FR-FE-180', 'frenchCtc.taxPointDateCode', {
          writeText: (code) => taxPointDateCodeFor('UBL', code),
        }),
      ],
      { bt: 'BG-26' },
    ),
    group('cac:OrderLineReference', [term('cbc:LineID', 'BT-132', 'orderLineReference', { required: true })]),
    ...frenchLineBillingReferences,
    group(
      'cac:DocumentReference',
      [
        { ...identifier('cbc:ID', 'BT-128', 'objectIdentifier', 'BT-128-1'), required: true },
        fixed('cbc:DocumentTypeCode', '130'),
      ],
      { match: isLineObjectReference },
    ),
    ...frenchLineDocumentReferences,
    // UBL 2.1: an InvoiceLine has AllowanceCharge before TaxTotal, a CreditNoteLine the reverse
    ...(doc === 'Invoice'
      ? [...lineAllowanceCharges, ...frenchLineTaxTotals]
      : [...frenchLineTaxTotals, ...lineAllowanceCharges]),
    group('cac:Item', item, { required: doc === 'Invoice' }),
    group('cac:Price', price),
  ];
  return nodes;
}

export const invoiceLines: GroupNode = group('cac:InvoiceLine', lineNodes('Invoice'), {
  bt: 'BG-25',
  field: 'lines',
  many: true,
  only: 'Invoice',
  // the official rules read `cac:InvoiceLine | cac:CreditNoteLine` in either root: so do we (reported)
  alsoRead: true,
  required: true,
});

export const creditNoteLines: GroupNode = group('cac:CreditNoteLine', lineNodes('CreditNote'), {
  bt: 'BG-25',
  field: 'lines',
  many: true,
  only: 'CreditNote',
  alsoRead: true,
  required: true,
});
