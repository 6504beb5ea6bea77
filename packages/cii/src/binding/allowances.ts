/** Document level allowances (BG-20) and charges (BG-21), told apart by ram:ChargeIndicator. */
import { type Binding, field, repeated } from './types.js';

const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const CHARGE = (yes: boolean) =>
  `ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='${yes}']`;

function documentLevel(bg: string, key: string, charge: boolean, bts: readonly string[]): Binding {
  const [amount, base, percent, category, rate, reason, code] = bts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return repeated(
    bg,
    key,
    `${SETTLEMENT}/${CHARGE(charge)}`,
    [
      field(percent, 'percentage', 'ram:CalculationPercent', 'percent'),
      field(base, 'baseAmount', 'ram:BasisAmount', 'amount'),
      field(amount, 'amount', 'ram:ActualAmount', 'amount'),
      field(code, 'reasonCode', 'ram:ReasonCode'),
      field(reason, 'reason', 'ram:Reason'),
      field(category, 'vatCategory', 'ram:CategoryTradeTax/ram:CategoryCode'),
      field(rate, 'vatRate', 'ram:CategoryTradeTax/ram:RateApplicablePercent', 'percent'),
    ],
    { constants: [{ path: 'ram:CategoryTradeTax/ram:TypeCode', value: 'VAT', otherwise: 'taxScheme' }] },
  );
}

/** BG-27 / BG-28 on a line: same element, no VAT fields */
export function lineLevel(bg: string, key: string, charge: boolean, bts: readonly string[]): Binding {
  const [amount, base, percent, reason, code] = bts as [string, string, string, string, string];
  return repeated(bg, key, `ram:SpecifiedLineTradeSettlement/${CHARGE(charge)}`, [
    field(percent, 'percentage', 'ram:CalculationPercent', 'percent'),
    field(base, 'baseAmount', 'ram:BasisAmount', 'amount'),
    field(amount, 'amount', 'ram:ActualAmount', 'amount'),
    field(code, 'reasonCode', 'ram:ReasonCode'),
    field(reason, 'reason', 'ram:Reason'),
  ]);
}

export const allowancesAndCharges: Binding[] = [
  documentLevel('BG-20', 'allowances', false, [
    'BT-92',
    'BT-93',
    'BT-94',
    'BT-95',
    'BT-96',
    'BT-97',
    'BT-98',
  ]),
  documentLevel('BG-21', 'charges', true, [
    'BT-99',
    'BT-100',
    'BT-101',
    'BT-102',
    'BT-103',
    'BT-104',
    'BT-105',
  ]),
];
