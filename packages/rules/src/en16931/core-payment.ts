/**
 * EN 16931 core rules on payment instructions (BG-16): payment means code (BR-49), credit transfer
 * account (BR-50, BR-61) and masked card number (BR-51).
 *
 * BR-51 is fatal in the CII schematron and a warning in the UBL one; JSON input takes CII's.
 * BR-61 differs by syntax too: CII checks each payee account, UBL the payment means as a whole.
 */
import type { CreditTransfer } from '@einv/core-model';
import type { Report, RuleContext, RuleDefinition } from '../define.js';
import { contextGroup } from '../source-context.js';
import { en16931Rule, listOf } from '../util/rule.js';
import { hasText, isObject, isPresent, list } from '../util/values.js';

const F = 'core';

/** XPath normalize-space(): trims and collapses inner whitespace */
function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').trim();
}

function isCreditTransferCode(code: unknown, normalize: boolean): boolean {
  if (typeof code !== 'string') return false;
  const c = normalize ? code.trim() : code;
  return c === '30' || c === '58';
}

/**
 * XML: BR-50 and BR-61 judge the nodes of their official context (source facts `key`): every payee
 * account of a credit transfer payment means (BR-50; CII BR-61 too: the model's BG-17 is also made
 * by a BIC alone, and it merges the payment means), every payment means (UBL BR-61). `ok` gets the
 * node's value (the account identifier; CII: both identifiers' texts) and tag (UBL: the code).
 * False without facts (JSON): the rule judges the model.
 */
function judgeAccounts(
  ctx: RuleContext,
  key: string,
  report: Report,
  ok: (value: string | undefined, tag: string | undefined) => boolean,
): boolean {
  const source = ctx.source;
  const nodes = source?.values(key);
  if (!source || !nodes) return false;
  for (const n of nodes)
    if (!ok(n.value, n.tag)) report(source.pathAt(n.xpath), { xpath: n.xpath, line: n.line });
  return true;
}

export const corePaymentRules: RuleDefinition[] = [
  en16931Rule(
    'BR-49',
    F,
    ['BT-81', 'BG-16'],
    [
      'The payment instructions (BG-16) have no payment means type code (BT-81).',
      'Payment instructions say how to pay: 30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, 48 card…',
      'Set the payment means code (UNTDID 4461).',
    ],
    [
      "Les instructions de paiement (BG-16) n'ont pas de code de moyen de paiement (BT-81).",
      'Les instructions de paiement disent comment payer : 30 virement, 58 virement SEPA, 59 prélèvement SEPA, 48 carte…',
      'Renseignez le code de moyen de paiement (UNTDID 4461).',
    ],
    (inv, report, ctx) => {
      // XML: every payment means element is judged (exists(code)), also one the model merged
      const nodes = ctx.source?.values('BR-49');
      if (nodes) {
        for (const n of nodes)
          if (n.value === undefined)
            report('invoice.paymentMeans.typeCode', { xpath: n.xpath, line: n.line });
        return;
      }
      const pm = contextGroup(inv.paymentMeans, ctx, 'BR-49');
      if (!pm) return;
      const ok = ctx.syntax ? isPresent(pm.typeCode) : hasText(pm.typeCode);
      if (!ok) report('invoice.paymentMeans.typeCode');
    },
  ),
  en16931Rule(
    'BR-50',
    F,
    ['BT-84', 'BG-17'],
    [
      'A credit transfer account (BG-17) has no account identifier (BT-84).',
      'A credit transfer can only be made to an identified account (IBAN, or a proprietary number).',
      'Give the IBAN of the account to pay to.',
    ],
    [
      "Un compte de virement (BG-17) n'a pas d'identifiant de compte (BT-84).",
      "Un virement ne peut être fait que vers un compte identifié (IBAN ou numéro propre à l'établissement).",
      'Indiquez l’IBAN du compte à créditer.',
    ],
    (inv, report, ctx) => {
      if (judgeAccounts(ctx, 'BR-50', report, (ids) => ids !== undefined && normalizeSpace(ids) !== ''))
        return;
      const pm = inv.paymentMeans;
      if (!isObject(pm) || !isCreditTransferCode(pm.typeCode, ctx.syntax !== 'CII')) return;
      const transfers = listOf(pm.creditTransfers);
      for (let j = 0; j < transfers.length; j++) {
        const ct = transfers[j];
        if (isObject(ct) && !hasText((ct as CreditTransfer).accountId))
          report(`invoice.paymentMeans.creditTransfers[${j}].accountId`);
      }
    },
  ),
  en16931Rule(
    'BR-51',
    F,
    ['BT-87'],
    [
      'The payment card number (BT-87) shows more than 10 characters.',
      'Card security standards (PCI DSS) allow at most the first 6 and the last 4 digits of a card number on an invoice.',
      'Mask the card number, keeping at most its first 6 and last 4 digits.',
    ],
    [
      'Le numéro de carte de paiement (BT-87) laisse voir plus de 10 caractères.',
      'Les normes de sécurité des cartes (PCI DSS) autorisent au plus les 6 premiers et les 4 derniers chiffres sur une facture.',
      'Masquez le numéro de carte en ne gardant au plus que ses 6 premiers et 4 derniers chiffres.',
    ],
    (inv, report) => {
      const pan = inv.paymentMeans?.card?.accountNumber;
      if (typeof pan === 'string' && normalizeSpace(pan).length > 10) {
        report('invoice.paymentMeans.card.accountNumber');
      }
    },
    { CII: 'fatal', UBL: 'warning' },
  ),
  en16931Rule(
    'BR-61',
    F,
    ['BT-84', 'BT-81'],
    [
      'The payment means is a credit transfer (code 30 or 58) but no account identifier (BT-84) is given.',
      'For a credit transfer the buyer needs the account to pay into.',
      'Add the IBAN (or account number) of the payee account.',
    ],
    [
      'Le moyen de paiement est un virement (code 30 ou 58) mais aucun identifiant de compte (BT-84) n’est indiqué.',
      "Pour un virement, l'acheteur a besoin du compte à créditer.",
      'Ajoutez l’IBAN (ou le numéro) du compte du bénéficiaire.',
    ],
    (inv, report, ctx) => {
      // CII: the context is each payee account (BR-50's nodes); UBL: each payment means
      if (ctx.syntax === 'CII' && judgeAccounts(ctx, 'BR-50', report, (ids) => ids !== undefined)) return;
      const creditTransfer = (code: string | undefined) => code === '30' || code === '58';
      if (
        ctx.syntax === 'UBL' &&
        judgeAccounts(ctx, 'BR-61', report, (id, code) => !creditTransfer(code) || id !== undefined)
      )
        return;
      const pm = inv.paymentMeans;
      if (!isObject(pm) || !isCreditTransferCode(pm.typeCode, ctx.syntax !== 'CII')) return;
      if (ctx.syntax === 'CII') {
        const transfers = listOf(pm.creditTransfers);
        for (let j = 0; j < transfers.length; j++) {
          const ct = transfers[j];
          if (isObject(ct) && !isPresent((ct as CreditTransfer).accountId))
            report(`invoice.paymentMeans.creditTransfers[${j}].accountId`);
        }
        return;
      }
      for (const ct of list(pm.creditTransfers)) if (isObject(ct) && isPresent(ct.accountId)) return;
      report('invoice.paymentMeans.creditTransfers');
    },
  ),
];
