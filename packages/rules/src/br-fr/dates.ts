/** BR-FR-03 (real calendar dates, years 2000-2099) and BR-FR-CO-07 (due date not before issue date). */
import type { Invoice } from '@einv/core-model';
import type { Computed } from '../computed.js';
import type { RuleDefinition } from '../define.js';
import { judgeSourceNodes } from '../source-context.js';
import { DEPOSIT_TYPES, frRule, isValidFrenchDate, normalizeSpace, PAID_FRAMEWORKS, t } from './common.js';

/** BR-FR-CO-07: the earliest due date the rule accepts, BT-9 ≥ BT-2 */
function notBeforeIssue(issueDate: string): Computed {
  return {
    expected: issueDate,
    formula: { term: 'BT-9', relation: '≥', operands: [{ term: 'BT-2', value: issueDate, plain: true }] },
  };
}

/**
 * The due dates of a payment schedule beyond BT-9 count where the official set reads them: in CII
 * (ram:SpecifiedTradePaymentTerms, decision 0089), not in UBL, whose BR-FR reads cbc:DueDate and
 * cac:PaymentMeans/cbc:PaymentDueDate only (never cac:PaymentTerms/cbc:PaymentDueDate, decision 0127)
 */
const scheduleDatesRead = (syntax: string | undefined) => syntax !== 'UBL';

function invoiceDates(
  invoice: Invoice,
  syntax: string | undefined,
): { path: string; value: string; bt: string }[] {
  const out: { path: string; value: string; bt: string }[] = [];
  const add = (path: string, value: string | undefined, bt: string) => {
    if (value !== undefined) out.push({ path, value, bt });
  };
  add('invoice.issueDate', invoice.issueDate, 'BT-2');
  add('invoice.taxPointDate', invoice.taxPointDate, 'BT-7');
  add('invoice.dueDate', invoice.dueDate, 'BT-9');
  // the further due dates of a payment schedule (the first is BT-9 itself)
  if (scheduleDatesRead(syntax))
    for (const [i, e] of (invoice.paymentSchedule ?? []).entries()) {
      if (i > 0) add(`invoice.paymentSchedule[${i}].dueDate`, e?.dueDate, 'BT-9');
    }
  for (const [i, p] of (invoice.precedingInvoices ?? []).entries()) {
    add(`invoice.precedingInvoices[${i}].issueDate`, p.issueDate, 'BT-26');
  }
  add('invoice.delivery.date', invoice.delivery?.date, 'BT-72');
  add('invoice.invoicingPeriod.startDate', invoice.invoicingPeriod?.startDate, 'BT-73');
  add('invoice.invoicingPeriod.endDate', invoice.invoicingPeriod?.endDate, 'BT-74');
  (invoice.lines ?? []).forEach((l, i) => {
    add(`invoice.lines[${i}].period.startDate`, l.period?.startDate, 'BT-134');
    add(`invoice.lines[${i}].period.endDate`, l.period?.endDate, 'BT-135');
  });
  return out;
}

export const dateRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-03',
    family: 'FR',
    terms: ['BT-2', 'BT-7', 'BT-9', 'BT-26', 'BT-72', 'BT-73', 'BT-74', 'BT-134', 'BT-135'],
    message: t(
      'Date is not a real calendar date between 2000 and 2099',
      'La date n’est pas une date réelle comprise entre 2000 et 2099',
    ),
    explanation: t(
      'Every date of a French invoice must exist in the calendar (leap years included) and fall in the years 2000 to 2099.',
      'Chaque date d’une facture française doit exister dans le calendrier (années bissextiles comprises) et se situer entre 2000 et 2099.',
    ),
    fix: t(
      'Write the date as YYYY-MM-DD (YYYYMMDD in CII) with a real day of a year 20xx.',
      'Écrivez la date au format AAAA-MM-JJ (AAAAMMJJ en CII) avec un jour réel d’une année 20xx.',
    ),
    check(invoice, report, ctx) {
      for (const d of invoiceDates(invoice, ctx.syntax))
        if (!isValidFrenchDate(d.value)) report(d.path, { value: d.value, bt: d.bt });
      // the line preceding invoice date (EXT-FR-FE-138): the nodes as written on XML, else the model
      // (the UBL transition edition reads them at another place, see packages/ubl/src/source-facts.ts)
      const key =
        ctx.syntax === 'UBL' && ctx.edition === 'transition' ? 'BR-FR-03/transition' : 'EXT-FR-FE-138';
      if (judgeSourceNodes(ctx, key, report, isValidFrenchDate)) return;
      (invoice.lines ?? []).forEach((line, i) => {
        const d = line?.frenchCtc?.precedingInvoice?.issueDate;
        if (typeof d === 'string' && !isValidFrenchDate(d))
          report(`invoice.lines[${i}].frenchCtc.precedingInvoice.issueDate`, { value: d });
      });
    },
  }),
  frRule({
    id: 'BR-FR-CO-07',
    family: 'CO',
    terms: ['BT-9', 'BT-2', 'BT-3', 'BT-23'],
    message: t(
      'Payment due date is before the issue date',
      'La date d’échéance est antérieure à la date d’émission',
    ),
    explanation: t(
      'The due date (BT-9) may not precede the issue date (BT-2), except for deposit invoices (386, 500, 503) and invoices already paid (framework B2, S2, M2).',
      'La date d’échéance (BT-9) ne peut pas précéder la date d’émission (BT-2), sauf pour les factures d’acompte (386, 500, 503) et les factures déjà payées (cadre B2, S2, M2).',
    ),
    fix: t(
      'Set a due date on or after the issue date.',
      'Indiquez une date d’échéance égale ou postérieure à la date d’émission.',
    ),
    check(invoice, report, ctx) {
      const due = invoice.dueDate;
      if (!due) return;
      // UBL before 1.4.0.04 reads cbc:DueDate only, which a CreditNote does not have (its BT-9 is
      // cac:PaymentMeans/cbc:PaymentDueDate); fix04 reads both
      if (ctx.syntax === 'UBL' && ctx.frenchVersion !== '1.4.0.04' && ctx.source?.root === 'CreditNote')
        return;
      if (invoice.typeCode !== undefined && DEPOSIT_TYPES.has(invoice.typeCode)) return;
      if (
        invoice.businessProcessType !== undefined &&
        PAID_FRAMEWORKS.has(normalizeSpace(invoice.businessProcessType))
      )
        return;
      const issue = (invoice.issueDate ?? '').replace(/-/g, '');
      const computed = notBeforeIssue(invoice.issueDate ?? '');
      if (due.replace(/-/g, '') < issue) report('invoice.dueDate', { value: due, computed });
      // 1.4.0.04 judges every due date of a payment schedule (1.4.0.03 stops with XPTY0004 on
      // several; einv judges them the same way there, decision 0089)
      for (const [i, e] of (scheduleDatesRead(ctx.syntax) ? (invoice.paymentSchedule ?? []) : []).entries()) {
        const d = i > 0 && typeof e?.dueDate === 'string' ? e.dueDate : undefined;
        if (d !== undefined && d.replace(/-/g, '') < issue)
          report(`invoice.paymentSchedule[${i}].dueDate`, { value: d, computed });
      }
    },
  }),
];
