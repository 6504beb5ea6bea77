/**
 * EN 16931 BR-DEC-*: amounts carry at most two decimals. One rule per amount term, reported once
 * per offending node. The official test counts the characters after the dot of the amount as
 * written: on XML input the readers record that lexical form (source facts, decision 0107), so
 * "10.500" fires as officially; a JSON invoice holds numbers (10.5 has one decimal).
 */
import type { AllowanceCharge, Line, Totals, VatBreakdown } from '@einv/core-model';
import type { Computed } from '../computed.js';
import type { Report, RuleContext, RuleDefinition } from '../define.js';
import { formatComputed } from '../util/format-computed.js';
import { atMostTwoDecimals } from '../util/money.js';
import { en16931Rule } from '../util/rule.js';
import { hasText, isObject, isPresent } from '../util/values.js';
import { ciiTaxCurrency, totalsContext } from './core-document.js';

const F = 'dec';

function texts(term: string, en: string, fr: string) {
  return {
    en: [
      `The ${en} (${term}) has more than two decimals.`,
      `Amounts of an EN 16931 invoice have at most two decimals, so that every party computes the same totals.`,
      `Round the ${en} to two decimals.`,
    ] as const,
    fr: [
      `Le ${fr} (${term}) a plus de deux décimales.`,
      `Les montants d'une facture EN 16931 ont au plus deux décimales, pour que chaque partie calcule les mêmes totaux.`,
      `Arrondissez le ${fr} à deux décimales.`,
    ] as const,
  };
}

/**
 * More than two decimals: as written in the XML when the reader recorded the number's lexical form
 * (source facts: "10.500" has three, as the official string-length(substring-after(., '.')) counts),
 * else the decimals of the model's number (JSON: 10.5 has one). Undefined when the amount is fine,
 * else the finding's detail: the value, and what was written and would be accepted (decision 0139).
 */
function tooPrecise(
  v: unknown,
  ctx: RuleContext,
  path: () => string,
  term: string,
  field: string,
): { value: unknown; computed?: Computed } | undefined {
  // the path is built only when the reader recorded some number not written plainly, in a field of
  // that name (a document with one such number elsewhere does not look each amount up)
  const written = mayBeWritten(ctx, field) ? ctx.source?.lexical(path()) : undefined;
  if (written !== undefined) {
    const dot = written.indexOf('.');
    if (dot < 0 || written.length - dot - 1 <= 2) return undefined;
  } else if (atMostTwoDecimals(v)) return undefined;
  const computed = formatComputed(term, v, written, 2);
  return { value: v, ...(computed ? { computed } : {}) };
}

/**
 * True when the amount surely has at most two decimals without asking the source facts: no number
 * of a field of this name was recorded as written (`field`: the path's last name), and the model's
 * number has at most two. The per-node rules below ask this first and build no path, closure or
 * callback for the nodes it passes (nearly all): one loop per rule, the shape the rules' warm-up
 * compiles once (decision 0234). Otherwise tooPrecise decides, as before.
 */
function surelyFine(v: unknown, ctx: RuleContext, field: string): boolean {
  return !mayBeWritten(ctx, field) && atMostTwoDecimals(v);
}

/**
 * Whether the reader may have recorded a number of a field of this name (`field`: the path's last
 * name) as written, not plainly: only then is its lexical form looked up
 */
function mayBeWritten(ctx: RuleContext, field: string): boolean {
  const source = ctx.source;
  return source?.hasLexical === true && source.hasLexicalField?.(field) !== false;
}

/** tooPrecise of the amount at `path`, reported there when it fires */
function judgeAmount(
  v: unknown,
  ctx: RuleContext,
  report: Report,
  path: string,
  term: string,
  field: string,
): void {
  const fault = tooPrecise(v, ctx, () => path, term, field);
  if (fault) report(path, fault);
}

function docAcRule(
  id: string,
  term: string,
  kind: 'allowances' | 'charges',
  field: 'amount' | 'baseAmount',
  en: string,
  fr: string,
) {
  const t = texts(term, en, fr);
  return en16931Rule(id, F, [term], t.en, t.fr, (inv, report, ctx) => {
    const items: unknown = inv[kind];
    if (!Array.isArray(items)) return;
    for (let j = 0; j < items.length; j++) {
      const ac: unknown = items[j];
      if (!isObject(ac)) continue;
      const v = (ac as AllowanceCharge)[field];
      if (!surelyFine(v, ctx, field))
        judgeAmount(v, ctx, report, `invoice.${kind}[${j}].${field}`, term, field);
    }
  });
}

function lineAcRule(
  id: string,
  term: string,
  kind: 'allowances' | 'charges',
  field: 'amount' | 'baseAmount',
  en: string,
  fr: string,
) {
  const t = texts(term, en, fr);
  return en16931Rule(id, F, [term], t.en, t.fr, (inv, report, ctx) => {
    const lines: unknown = inv.lines;
    if (!Array.isArray(lines)) return;
    for (let i = 0; i < lines.length; i++) {
      const line: unknown = lines[i];
      if (!isObject(line)) continue;
      const items: unknown = (line as Line)[kind];
      if (!Array.isArray(items)) continue;
      for (let j = 0; j < items.length; j++) {
        const ac: unknown = items[j];
        if (!isObject(ac)) continue;
        const v = (ac as AllowanceCharge)[field];
        if (!surelyFine(v, ctx, field))
          judgeAmount(v, ctx, report, `invoice.lines[${i}].${kind}[${j}].${field}`, term, field);
      }
    }
  });
}

function totalRule(id: string, term: string, field: keyof Totals, en: string, fr: string) {
  const t = texts(term, en, fr);
  return en16931Rule(id, F, [term], t.en, t.fr, (inv, report, ctx) => {
    const totals = totalsContext(inv, ctx);
    if (!totals) return;
    const v = totals[field];
    if (!surelyFine(v, ctx, field)) judgeAmount(v, ctx, report, `invoice.totals.${field}`, term, field);
  });
}

function breakdownRule(
  id: string,
  term: string,
  field: 'taxableAmount' | 'taxAmount',
  en: string,
  fr: string,
) {
  const t = texts(term, en, fr);
  return en16931Rule(id, F, [term], t.en, t.fr, (inv, report, ctx) => {
    const entries: unknown = inv.vatBreakdown;
    if (!Array.isArray(entries)) return;
    for (let k = 0; k < entries.length; k++) {
      const b: unknown = entries[k];
      if (!isObject(b)) continue;
      const v = (b as VatBreakdown)[field];
      if (!surelyFine(v, ctx, field))
        judgeAmount(v, ctx, report, `invoice.vatBreakdown[${k}].${field}`, term, field);
    }
  });
}

const vatTotalTexts = texts('BT-110', 'total VAT amount', 'montant total de TVA');
const vatInTaxCurrency = texts(
  'BT-111',
  'total VAT amount in accounting currency',
  'total de TVA en devise de comptabilisation',
);

export const decRules: RuleDefinition[] = [
  docAcRule(
    'BR-DEC-01',
    'BT-92',
    'allowances',
    'amount',
    'document allowance amount',
    'montant de remise de document',
  ),
  docAcRule(
    'BR-DEC-02',
    'BT-93',
    'allowances',
    'baseAmount',
    'document allowance base amount',
    'montant de base de remise de document',
  ),
  docAcRule(
    'BR-DEC-05',
    'BT-99',
    'charges',
    'amount',
    'document charge amount',
    'montant de charge de document',
  ),
  docAcRule(
    'BR-DEC-06',
    'BT-100',
    'charges',
    'baseAmount',
    'document charge base amount',
    'montant de base de charge de document',
  ),
  totalRule(
    'BR-DEC-09',
    'BT-106',
    'lineNetTotal',
    'sum of line net amounts',
    'total des montants nets de ligne',
  ),
  totalRule(
    'BR-DEC-10',
    'BT-107',
    'allowanceTotal',
    'sum of document allowances',
    'total des remises de document',
  ),
  totalRule('BR-DEC-11', 'BT-108', 'chargeTotal', 'sum of document charges', 'total des charges de document'),
  totalRule('BR-DEC-12', 'BT-109', 'taxExclusiveAmount', 'total without VAT', 'montant total hors TVA'),
  en16931Rule('BR-DEC-13', F, ['BT-110'], vatTotalTexts.en, vatTotalTexts.fr, (inv, report, ctx) => {
    // The UBL 1.3.16 test filters TaxAmount[@currencyID = cbc:DocumentCurrencyCode] relative to the
    // TaxAmount itself, which never matches: in UBL the official rule cannot fire, and neither do we
    if (ctx.syntax === 'UBL') return;
    const totals = totalsContext(inv, ctx);
    const fault =
      totals && tooPrecise(totals.vatTotal, ctx, () => 'invoice.totals.vatTotal', 'BT-110', 'vatTotal');
    // CII asks for *some* well-formed TaxTotalAmount: one in another currency (BT-111) satisfies it
    if (!fault || (ctx.syntax === 'CII' && isPresent(totals?.vatTotalInTaxCurrency))) return;
    report('invoice.totals.vatTotal', fault);
  }),
  totalRule('BR-DEC-14', 'BT-112', 'taxInclusiveAmount', 'total with VAT', 'montant total TTC'),
  en16931Rule('BR-DEC-15', F, ['BT-111'], vatInTaxCurrency.en, vatInTaxCurrency.fr, (inv, report, ctx) => {
    const totals = isObject(inv.totals) ? inv.totals : undefined;
    if (!totals) return;
    const v = totals.vatTotalInTaxCurrency;
    if (ctx.syntax === 'CII') {
      // The CII test wants a well-rounded total in the accounting currency whenever BT-6 is given
      // (an emptied ram:TaxCurrencyCode is given: no total is in the currency '')
      const taxCurrency = ciiTaxCurrency(inv, ctx);
      if ((!hasText(taxCurrency) && taxCurrency !== '') || (!isPresent(totals.vatTotal) && !isPresent(v)))
        return;
      // an absent BT-111, or one in no currency, is a missing value, not a badly written one: no
      // expected value to give
      if (taxCurrency === '' || !isPresent(v)) report('invoice.totals.vatTotalInTaxCurrency', { value: v });
      else {
        const fault = tooPrecise(
          v,
          ctx,
          () => 'invoice.totals.vatTotalInTaxCurrency',
          'BT-111',
          'vatTotalInTaxCurrency',
        );
        if (fault) report('invoice.totals.vatTotalInTaxCurrency', fault);
      }
      return;
    }
    // Same relative-path filter as BR-DEC-13 in UBL: the official rule cannot fire there
    const fault =
      ctx.syntax !== 'UBL' &&
      tooPrecise(v, ctx, () => 'invoice.totals.vatTotalInTaxCurrency', 'BT-111', 'vatTotalInTaxCurrency');
    if (fault) report('invoice.totals.vatTotalInTaxCurrency', fault);
  }),
  totalRule('BR-DEC-16', 'BT-113', 'prepaidAmount', 'paid amount', 'montant déjà payé'),
  totalRule('BR-DEC-17', 'BT-114', 'roundingAmount', 'rounding amount', "montant d'arrondi"),
  totalRule('BR-DEC-18', 'BT-115', 'amountDue', 'amount due for payment', 'montant à payer'),
  breakdownRule(
    'BR-DEC-19',
    'BT-116',
    'taxableAmount',
    'VAT category taxable amount',
    'montant de base imposable de la catégorie',
  ),
  breakdownRule(
    'BR-DEC-20',
    'BT-117',
    'taxAmount',
    'VAT category tax amount',
    'montant de TVA de la catégorie',
  ),
  en16931Rule(
    'BR-DEC-23',
    F,
    ['BT-131'],
    texts('BT-131', 'line net amount', 'montant net de ligne').en,
    texts('BT-131', 'line net amount', 'montant net de ligne').fr,
    (inv, report, ctx) => {
      const lines: unknown = inv.lines;
      if (!Array.isArray(lines)) return;
      for (let i = 0; i < lines.length; i++) {
        const line: unknown = lines[i];
        if (!isObject(line)) continue;
        const v = (line as Line).netAmount;
        if (!surelyFine(v, ctx, 'netAmount'))
          judgeAmount(v, ctx, report, `invoice.lines[${i}].netAmount`, 'BT-131', 'netAmount');
      }
    },
  ),
  lineAcRule(
    'BR-DEC-24',
    'BT-136',
    'allowances',
    'amount',
    'line allowance amount',
    'montant de remise de ligne',
  ),
  lineAcRule(
    'BR-DEC-25',
    'BT-137',
    'allowances',
    'baseAmount',
    'line allowance base amount',
    'montant de base de remise de ligne',
  ),
  lineAcRule('BR-DEC-27', 'BT-141', 'charges', 'amount', 'line charge amount', 'montant de charge de ligne'),
  lineAcRule(
    'BR-DEC-28',
    'BT-142',
    'charges',
    'baseAmount',
    'line charge base amount',
    'montant de base de charge de ligne',
  ),
];
