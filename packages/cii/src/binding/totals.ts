/** BG-23 VAT breakdown (with BT-7 / BT-8, which CII keeps in it) and BG-22 document totals. */
import { taxPointDateCodeFor } from '@einv/core-model';
import { type Binding, field, group, repeated } from './types.js';

const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

export const vatBreakdown: Binding[] = [
  repeated(
    'BG-23',
    'vatBreakdown',
    `${SETTLEMENT}/ram:ApplicableTradeTax`,
    [
      field('BT-117', 'taxAmount', 'ram:CalculatedAmount', 'amount'),
      field('BT-120', 'exemptionReason', 'ram:ExemptionReason'),
      field('BT-116', 'taxableAmount', 'ram:BasisAmount', 'amount'),
      field('BT-118', 'category', 'ram:CategoryCode'),
      field('BT-121', 'exemptionReasonCode', 'ram:ExemptionReasonCode'),
      field('BT-119', 'rate', 'ram:RateApplicablePercent', 'percent'),
    ],
    { constants: [{ path: 'ram:TypeCode', value: 'VAT', otherwise: 'taxScheme' }] },
  ),
  // after the breakdown: the writer puts them in the first ram:ApplicableTradeTax
  field(
    'BT-7',
    'taxPointDate',
    `${SETTLEMENT}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString`,
    'date',
    {
      note: 'CII holds it in each VAT breakdown; read from the first, written in the first',
    },
  ),
  field('BT-8', 'taxPointDateCode', `${SETTLEMENT}/ram:ApplicableTradeTax/ram:DueDateTypeCode`, 'text', {
    note: 'CII holds it in each VAT breakdown; read from the first, written in the first; a UBL code (3, 35, 432) is written as its CII code (5, 29, 72)',
    writeText: (code) => taxPointDateCodeFor('CII', code),
  }),
];

const SUMMATION = `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const VAT_TOTAL = 'ram:TaxTotalAmount[@currencyID=$currency]';
/** Where BT-110 candidates are, from the root: readCii counts them for BR-CO-15 (totals.vatTotalCount) */
export const VAT_TOTAL_FROM_ROOT = `${SUMMATION}/${VAT_TOTAL}`;

export const totals: Binding[] = [
  group('BG-22', 'totals', SUMMATION, [
    field('BT-106', 'lineNetTotal', 'ram:LineTotalAmount', 'amount'),
    field('BT-108', 'chargeTotal', 'ram:ChargeTotalAmount', 'amount'),
    field('BT-107', 'allowanceTotal', 'ram:AllowanceTotalAmount', 'amount'),
    field('BT-109', 'taxExclusiveAmount', 'ram:TaxBasisTotalAmount', 'amount'),
    field('BT-110', 'vatTotal', VAT_TOTAL, 'amount', {
      writeAttrs: { currencyID: '$currency' },
      note: 'the TaxTotalAmount in the invoice currency (BT-5), as the official BR-CO-14/15 select it; the reader counts them (totals.vatTotalCount)',
    }),
    field('BT-111', 'vatTotalInTaxCurrency', 'ram:TaxTotalAmount[@currencyID=$taxCurrency]', 'amount'),
    field('BT-114', 'roundingAmount', 'ram:RoundingAmount', 'amount'),
    field('BT-112', 'taxInclusiveAmount', 'ram:GrandTotalAmount', 'amount'),
    field('BT-113', 'prepaidAmount', 'ram:TotalPrepaidAmount', 'amount'),
    field('BT-115', 'amountDue', 'ram:DuePayableAmount', 'amount'),
  ]),
];
