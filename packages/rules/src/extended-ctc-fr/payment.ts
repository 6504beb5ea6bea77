/**
 * BR-CO-25 as the EXTENDED-CTC-FR set keeps it (EN 16931 1.3.16 dropped it): an amount due for
 * payment (BT-115) above zero needs a payment due date (BT-9) or payment terms (BT-20).
 */
import type { RuleDefinition } from '../define.js';
import { en16931Rule } from '../util/rule.js';
import { hasText, isPresent } from '../util/values.js';

export const paymentRules: RuleDefinition[] = [
  {
    ...en16931Rule(
      'BR-CO-25',
      'FREXT',
      ['BT-115', 'BT-9', 'BT-20'],
      [
        'An amount is due (BT-115 above zero) but neither a payment due date (BT-9) nor payment terms (BT-20) say when.',
        'EXTENDED-CTC-FR keeps this EN 16931 rule: a buyer asked to pay must be told when.',
        'Give the payment due date or the payment terms.',
      ],
      [
        'Un montant est dû (BT-115 supérieur à zéro) mais ni date d’échéance (BT-9) ni conditions de paiement (BT-20) ne disent quand.',
        'L’EXTENDED-CTC-FR garde cette règle EN 16931 : un acheteur invité à payer doit savoir quand.',
        'Indiquez la date d’échéance ou les conditions de paiement.',
      ],
      (inv, report) => {
        const due = inv.totals?.amountDue;
        if (typeof due !== 'number' || !(due > 0)) return;
        if (isPresent(inv.dueDate) || hasText(inv.paymentTerms)) return;
        report('invoice.totals.amountDue', { value: due });
      },
    ),
    ruleSet: 'EXTENDED-CTC-FR',
  },
];
