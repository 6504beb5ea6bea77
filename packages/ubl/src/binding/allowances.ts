/**
 * Allowances and charges. UBL has one cac:AllowanceCharge told apart by ChargeIndicator
 * (xs:boolean: true/1 = charge, false/0 = allowance); an element with a missing or other indicator
 * is neither (as for the official XPath rules) and is reported by the reader.
 * Document level (BG-20/BG-21) carries a VAT category; line level (BG-27/BG-28) does not.
 */
import { amount, categoryScheme, decimal, fixed, group, term } from './build.js';
import type { GroupNode, Node } from './types.js';

const ALLOWANCE = fixed('cbc:ChargeIndicator', 'false', ['false', '0']);
const CHARGE = fixed('cbc:ChargeIndicator', 'true', ['true', '1']);

interface Terms {
  group: string;
  reasonCode: string;
  reason: string;
  percentage: string;
  amount: string;
  base: string;
  category?: string;
  rate?: string;
}

function allowanceCharge(indicator: Node, field: string, t: Terms): GroupNode {
  const children: Node[] = [
    indicator,
    term('cbc:AllowanceChargeReasonCode', t.reasonCode, 'reasonCode'),
    term('cbc:AllowanceChargeReason', t.reason, 'reason'),
    decimal('cbc:MultiplierFactorNumeric', t.percentage, 'percentage'),
    amount('cbc:Amount', t.amount, 'amount', { required: true }),
    amount('cbc:BaseAmount', t.base, 'baseAmount'),
  ];
  if (t.category && t.rate) {
    children.push(
      group('cac:TaxCategory', [
        term('cbc:ID', t.category, 'vatCategory'),
        decimal('cbc:Percent', t.rate, 'vatRate'),
        categoryScheme(),
      ]),
    );
  }
  return group('cac:AllowanceCharge', children, { bt: t.group, field, many: true });
}

export const documentAllowanceCharges: Node[] = [
  allowanceCharge(ALLOWANCE, 'allowances', {
    group: 'BG-20',
    reasonCode: 'BT-98',
    reason: 'BT-97',
    percentage: 'BT-94',
    amount: 'BT-92',
    base: 'BT-93',
    category: 'BT-95',
    rate: 'BT-96',
  }),
  allowanceCharge(CHARGE, 'charges', {
    group: 'BG-21',
    reasonCode: 'BT-105',
    reason: 'BT-104',
    percentage: 'BT-101',
    amount: 'BT-99',
    base: 'BT-100',
    category: 'BT-102',
    rate: 'BT-103',
  }),
];

export const lineAllowanceCharges: Node[] = [
  allowanceCharge(ALLOWANCE, 'allowances', {
    group: 'BG-27',
    reasonCode: 'BT-140',
    reason: 'BT-139',
    percentage: 'BT-138',
    amount: 'BT-136',
    base: 'BT-137',
  }),
  allowanceCharge(CHARGE, 'charges', {
    group: 'BG-28',
    reasonCode: 'BT-145',
    reason: 'BT-144',
    percentage: 'BT-143',
    amount: 'BT-141',
    base: 'BT-142',
  }),
];
