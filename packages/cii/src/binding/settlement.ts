/** Currencies, payment instructions (BG-16…BG-19), payment terms, invoicing period (BG-14). */
import { type Binding, field, group, repeated } from './types.js';

const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

/** IBANs go to ram:IBANID, anything else to ram:ProprietaryID (both are BT-84) */
export function looksLikeIban(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(value.replace(/ /g, ''));
}

export const currencies: Binding[] = [
  field('BT-5', 'currency', `${SETTLEMENT}/ram:InvoiceCurrencyCode`),
  field('BT-6', 'taxCurrency', `${SETTLEMENT}/ram:TaxCurrencyCode`),
];

export const settlement: Binding[] = [
  field('BT-90', 'paymentMeans.directDebit.creditorId', `${SETTLEMENT}/ram:CreditorReferenceID`),
  field('BT-83', 'paymentMeans.remittanceInformation', `${SETTLEMENT}/ram:PaymentReference`),
  {
    ...group('BG-16', 'paymentMeans', `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`, [
      field('BT-81', 'typeCode', 'ram:TypeCode'),
      field('BT-82', 'text', 'ram:Information'),
      field('BT-87', 'card.accountNumber', 'ram:ApplicableTradeSettlementFinancialCard/ram:ID'),
      field('BT-88', 'card.holderName', 'ram:ApplicableTradeSettlementFinancialCard/ram:CardholderName'),
      field('BT-91', 'directDebit.debitedAccountId', 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'),
      repeated('BG-17', 'creditTransfers', '', [
        field('BT-84', 'accountId', 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID', 'text', {
          writeWhen: looksLikeIban,
        }),
        field('BT-84', 'accountId', 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID', 'text', {
          writeWhen: (v) => !looksLikeIban(v),
          alsoKey: 'proprietaryId',
          note: 'beside an IBAN, kept as the proprietary id (EXTENDED)',
        }),
        field('BT-85', 'accountName', 'ram:PayeePartyCreditorFinancialAccount/ram:AccountName'),
        field('BT-86', 'serviceProviderId', 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
      ]),
    ]),
    split: 'creditTransfers',
    note: 'one CII element per credit transfer; reading merges them (diagnostic when their payment means differ)',
  },
  group(
    'BG-14',
    'invoicingPeriod',
    `${SETTLEMENT}/ram:BillingSpecifiedPeriod`,
    [
      field('BT-73', 'startDate', 'ram:StartDateTime/udt:DateTimeString', 'date'),
      field('BT-74', 'endDate', 'ram:EndDateTime/udt:DateTimeString', 'date'),
    ],
    { keepEmpty: true },
  ),
  field('BT-20', 'paymentTerms', `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:Description`),
  field(
    'BT-9',
    'dueDate',
    `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`,
    'date',
  ),
  field(
    'BT-89',
    'paymentMeans.directDebit.mandateReference',
    `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`,
  ),
];
