/** BG-22 Document totals: cac:LegalMonetaryTotal (BT-110/111 are in tax.ts). */
import { amount, group } from './build.js';
import type { GroupNode } from './types.js';

export const legalMonetaryTotal: GroupNode = group(
  'cac:LegalMonetaryTotal',
  [
    amount('cbc:LineExtensionAmount', 'BT-106', 'lineNetTotal'),
    amount('cbc:TaxExclusiveAmount', 'BT-109', 'taxExclusiveAmount'),
    amount('cbc:TaxInclusiveAmount', 'BT-112', 'taxInclusiveAmount'),
    amount('cbc:AllowanceTotalAmount', 'BT-107', 'allowanceTotal'),
    amount('cbc:ChargeTotalAmount', 'BT-108', 'chargeTotal'),
    amount('cbc:PrepaidAmount', 'BT-113', 'prepaidAmount'),
    amount('cbc:PayableRoundingAmount', 'BT-114', 'roundingAmount'),
    amount('cbc:PayableAmount', 'BT-115', 'amountDue', { required: true }),
  ],
  { bt: 'BG-22', field: 'totals', required: true },
);
