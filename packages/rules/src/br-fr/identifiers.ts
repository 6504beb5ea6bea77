/** BR-FR-01 / BR-FR-02: invoice numbers and preceding-invoice references (length, characters). */
import type { Invoice } from '@einv/core-model';
import type { Report, RuleContext, RuleDefinition } from '../define.js';
import { judgeSourceNodes } from '../source-context.js';
import { frRule, isValidIdFormat, t } from './common.js';

/** BT-1 and every BT-25, with their paths */
function documentIds(invoice: Invoice): { path: string; value: string; bt: string }[] {
  const out: { path: string; value: string; bt: string }[] = [];
  if (invoice.number !== undefined) out.push({ path: 'invoice.number', value: invoice.number, bt: 'BT-1' });
  (invoice.precedingInvoices ?? []).forEach((p, i) => {
    if (p.number !== undefined)
      out.push({ path: `invoice.precedingInvoices[${i}].number`, value: p.number, bt: 'BT-25' });
  });
  return out;
}

/**
 * The line preceding invoice numbers (EXT-FR-FE-136): on XML the nodes as written (source facts),
 * else the model's Line.frenchCtc.precedingInvoice.number
 */
function eachLinePrecedingNumber(
  invoice: Invoice,
  ctx: RuleContext,
  report: Report,
  ok: (value: string) => boolean,
  ruleId: 'BR-FR-01' | 'BR-FR-02',
): void {
  // the UBL transition edition reads them at other places (see packages/ubl/src/source-facts.ts)
  const key = ctx.syntax === 'UBL' && ctx.edition === 'transition' ? `${ruleId}/transition` : 'EXT-FR-FE-136';
  if (judgeSourceNodes(ctx, key, report, ok)) return;
  (invoice.lines ?? []).forEach((line, i) => {
    const n = line?.frenchCtc?.precedingInvoice?.number;
    if (typeof n === 'string' && !ok(n))
      report(`invoice.lines[${i}].frenchCtc.precedingInvoice.number`, { value: n });
  });
}

export const identifierRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-01',
    family: 'FR',
    terms: ['BT-1', 'BT-25'],
    message: t(
      'Invoice number or preceding-invoice reference longer than 35 characters',
      'Numéro de facture ou référence de facture antérieure de plus de 35 caractères',
    ),
    explanation: t(
      'French platforms accept invoice numbers (BT-1) and preceding-invoice references (BT-25) of at most 35 characters. In UBL the official rule also checks their characters, as BR-FR-02 does.',
      'Les plateformes françaises acceptent des numéros de facture (BT-1) et des références de facture antérieure (BT-25) d’au plus 35 caractères. En UBL, la règle officielle vérifie aussi leurs caractères, comme BR-FR-02.',
    ),
    fix: t(
      'Shorten the number to 35 characters or fewer.',
      'Raccourcissez le numéro à 35 caractères au plus.',
    ),
    check(invoice, report, ctx) {
      for (const id of documentIds(invoice)) {
        const tooLong = id.value.length > 35;
        const badChars = ctx.syntax === 'UBL' && !isValidIdFormat(id.value);
        if (tooLong || badChars) report(id.path, { value: id.value, bt: id.bt });
      }
      // the line preceding invoice: CII tests the length, UBL the length and the characters
      eachLinePrecedingNumber(
        invoice,
        ctx,
        report,
        (v) => [...v].length <= 35 && (ctx.syntax !== 'UBL' || isValidIdFormat(v)),
        'BR-FR-01',
      );
    },
  }),
  frRule({
    id: 'BR-FR-02',
    family: 'FR',
    terms: ['BT-1', 'BT-25'],
    message: t(
      'Invoice number or reference contains characters other than A-Z a-z 0-9 + - _ /',
      'Le numéro ou la référence contient des caractères autres que A-Z a-z 0-9 + - _ /',
    ),
    explanation: t(
      'Invoice numbers and preceding-invoice references may only use letters, digits and the signs + - _ /, with no space at all.',
      'Les numéros de facture et références de facture antérieure ne peuvent contenir que des lettres, des chiffres et les signes + - _ /, sans aucune espace.',
    ),
    fix: t(
      'Remove spaces and other punctuation from the number.',
      'Retirez les espaces et autres signes de ponctuation du numéro.',
    ),
    check(invoice, report, ctx) {
      for (const id of documentIds(invoice)) {
        if (!isValidIdFormat(id.value)) report(id.path, { value: id.value, bt: id.bt });
      }
      eachLinePrecedingNumber(invoice, ctx, report, isValidIdFormat, 'BR-FR-02');
    },
  }),
];
