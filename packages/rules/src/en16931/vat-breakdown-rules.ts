/**
 * Rule factories for the VAT breakdown side of every VAT category family: 08 taxable amount,
 * 09 VAT amount, 10 exemption reason (the line / allowance / charge side is in vat-rules.ts).
 */
import type { AllowanceCharge, Line } from '@einv/core-model';
import type { Decimal } from 'decimal.js';
import type { Computed } from '../computed.js';
import type { RuleDefinition } from '../define.js';
import * as micro from '../util/micro.js';
import {
  breakdownContexts,
  categoryOf,
  ciiSemantics,
  dec,
  ExactSum,
  expectedVat,
  finite,
  texts,
  type VatCategory,
  vatRule,
  withinOne,
  xpathRound2,
} from './vat-common.js';

// ---------------------------------------------------------------------------------------------
// 08 — taxable amount of the breakdown entry

/**
 * How each syntax's official test compares BT-116 with the sum of line net amounts + charges −
 * allowances of the category:
 * - `perRateNear` (UBL S): per rate, |BT-116 − sum| < 1 and something uses that rate;
 * - `perRateLinesNear` (UBL L, M): per rate, |BT-116 − sum| < 1, the invoice has lines;
 * - `exactWithLines` (UBL Z, E, AE, K, G, O): BT-116 = sum exactly, the invoice has lines;
 * - `perRateRoundedExact` (CII S, L, M): per rate, BT-116 = sum of the rounded partial sums;
 * - `roundedNear` (CII Z, E, AE, K, G): |BT-116 − sum of the rounded partial sums| < 1;
 * - `roundedExact` (CII O): BT-116 = sum of the rounded partial sums;
 * - `never` (CII L, M): the official test iterates over `../ram:RateApplicablePercent` of the
 *   settlement, which never exists, so it always holds.
 */
export type TaxableMode =
  | 'never'
  | 'perRateNear'
  | 'perRateLinesNear'
  | 'exactWithLines'
  | 'perRateRoundedExact'
  | 'roundedNear'
  | 'roundedExact';

export function taxableAmountRule(
  cat: VatCategory,
  modes: { ubl: TaxableMode; cii: TaxableMode },
): RuleDefinition {
  const perRate = modes.ubl !== 'exactWithLines';
  return vatRule(
    cat,
    8,
    ['BT-116', 'BT-118', 'BT-119', 'BT-131', 'BT-92', 'BT-99'],
    {
      message: perRate
        ? texts(
            cat,
            'The taxable amount of the "{cat}" VAT breakdown does not match the lines, allowances and charges of that category and rate.',
            'La base imposable de la ventilation « {cat} » ne correspond pas aux lignes, remises et frais de cette catégorie et de ce taux.',
          )
        : texts(
            cat,
            'The taxable amount of the "{cat}" VAT breakdown does not match the lines, allowances and charges of that category.',
            'La base imposable de la ventilation « {cat} » ne correspond pas aux lignes, remises et frais de cette catégorie.',
          ),
      explanation: texts(
        cat,
        'The VAT category taxable amount (BT-116) of a "{cat}" breakdown is the sum of the invoice line net amounts (BT-131) plus the document charges (BT-99) minus the document allowances (BT-92) of that category' +
          (perRate ? ' and rate (BT-119).' : '.'),
        'La base imposable (BT-116) d’une ventilation « {cat} » est la somme des montants nets de ligne (BT-131), plus les frais (BT-99), moins les remises (BT-92) de document de cette catégorie' +
          (perRate ? ' et de ce taux (BT-119).' : '.'),
      ),
      fix: {
        en: 'Recompute BT-116 from the lines, allowances and charges, or correct their VAT category and rate.',
        fr: 'Recalculez BT-116 à partir des lignes, remises et frais, ou corrigez leur catégorie et leur taux de TVA.',
      },
    },
    (invoice, report, context) => {
      const mode = ciiSemantics(context) ? modes.cii : modes.ubl;
      if (mode === 'never') return;
      const entries = breakdownContexts(invoice, cat.code, context);
      if (entries.length === 0) return;
      const perRateMode =
        mode === 'perRateNear' || mode === 'perRateLinesNear' || mode === 'perRateRoundedExact';
      // One pass over the category's lines, allowances and charges, grouped by rate when the
      // official test compares per rate (nodes without a rate match no breakdown rate).
      const groups = new Map<number | 'all', SumGroup>();
      addToGroups(groups, invoice.lines, 'lines', cat.code, perRateMode);
      addToGroups(groups, invoice.allowances, 'allowances', cat.code, perRateMode);
      addToGroups(groups, invoice.charges, 'charges', cat.code, perRateMode);
      const hasLines = (invoice.lines ?? []).length > 0;
      for (const bd of entries) {
        const taxable = finite(bd.entry.taxableAmount);
        const rate = finite(bd.entry.rate);
        // `every $rate in BT-119 satisfies …` holds vacuously when the rate is absent.
        if (perRateMode && bd.entry.rate === undefined) continue;
        const g = groups.get(perRateMode ? (rate ?? Number.NaN) : 'all') ?? emptyGroup();
        const has = {
          used: g.count.lines + g.count.allowances + g.count.charges > 0,
          docAcUsed: g.count.allowances + g.count.charges > 0,
          hasLines,
        };
        const ok =
          taxable !== undefined &&
          (taxableSurelyHolds(mode, taxable, g, has) ||
            taxableHolds(mode, dec(taxable), g.lines.value, g.charges.value, g.allowances.value, has));
        if (!ok)
          report(`${bd.path}.taxableAmount`, {
            value: bd.entry.taxableAmount,
            computed: taxableComputed(mode, g),
          });
      }
    },
  );
}

/**
 * Adds the amounts of the list's nodes of category `code` to their rate's group (`all` when not
 * per rate; a node without a rate joins no group per rate): one loop, where a callback per list
 * had V8 warm up and compile a closure of its own (decision 0234)
 */
function addToGroups(
  groups: Map<number | 'all', SumGroup>,
  items: unknown,
  field: 'lines' | 'allowances' | 'charges',
  code: string,
  perRate: boolean,
): void {
  if (!Array.isArray(items)) return;
  for (let k = 0; k < items.length; k++) {
    const item: unknown = items[k];
    if (typeof item !== 'object' || item === null) continue;
    const node = item as Line & AllowanceCharge;
    if (categoryOf(node.vatCategory) !== code) continue;
    const rate = finite(node.vatRate);
    const amount = finite(field === 'lines' ? node.netAmount : node.amount);
    const key = perRate ? rate : 'all';
    if (key === undefined) continue;
    let g = groups.get(key);
    if (!g) {
      g = emptyGroup();
      groups.set(key, g);
    }
    g[field].add(amount);
    g.count[field] += 1;
  }
}

/** What BT-116 should be for this group: the sum the official test compares with, and its terms */
function taxableComputed(mode: TaxableMode, g: SumGroup): Computed {
  const rounded = mode === 'perRateRoundedExact' || mode === 'roundedExact' || mode === 'roundedNear';
  const value = (d: Decimal) => (rounded ? xpathRound2(d) : d);
  const lines = value(g.lines.value);
  const charges = value(g.charges.value);
  const allowances = value(g.allowances.value);
  return {
    expected: lines.plus(charges).minus(allowances).toFixed(),
    formula: {
      term: 'BT-116',
      operands: [
        { term: 'BT-131', value: lines.toFixed(), count: g.count.lines },
        { op: '+', term: 'BT-99', value: charges.toFixed(), count: g.count.charges },
        { op: '−', term: 'BT-92', value: allowances.toFixed(), count: g.count.allowances },
      ],
    },
  };
}

interface SumGroup {
  lines: ExactSum;
  allowances: ExactSum;
  charges: ExactSum;
  count: { lines: number; allowances: number; charges: number };
}

function emptyGroup(): SumGroup {
  return {
    lines: new ExactSum(),
    allowances: new ExactSum(),
    charges: new ExactSum(),
    count: { lines: 0, allowances: 0, charges: 0 },
  };
}

/**
 * taxableHolds on exact micro-units (decision 0163): true when the test surely holds; false when it
 * does not or cannot be decided exactly here (taxableHolds then decides with decimal.js)
 */
function taxableSurelyHolds(
  mode: TaxableMode,
  taxableAmount: number,
  g: SumGroup,
  has: { used: boolean; docAcUsed: boolean; hasLines: boolean },
): boolean {
  const taxable = micro.microOf(taxableAmount);
  const lines = g.lines.exactMicro;
  const charges = g.charges.exactMicro;
  const allowances = g.allowances.exactMicro;
  if (typeof taxable !== 'number' || lines === undefined || charges === undefined || allowances === undefined)
    return false;
  const near = (a: number, b: number | undefined) => b !== undefined && Math.abs(a - b) < 1e6;
  const docAc = micro.add(charges, -allowances);
  const raw = docAc === undefined ? undefined : micro.add(lines, docAc);
  switch (mode) {
    case 'perRateNear':
      return (has.used && near(taxable, raw)) || (has.docAcUsed && near(taxable, docAc));
    case 'perRateLinesNear':
      return has.hasLines && near(taxable, raw);
    case 'exactWithLines':
      return has.hasLines && taxable === raw;
    case 'perRateRoundedExact':
    case 'roundedExact':
    case 'roundedNear': {
      const part = micro.add(micro.round2(charges), -micro.round2(allowances));
      const rounded = part === undefined ? undefined : micro.add(micro.round2(lines), part);
      return mode === 'roundedNear' ? near(taxable, rounded) : taxable === rounded;
    }
    case 'never':
      return true;
  }
}

function taxableHolds(
  mode: TaxableMode,
  taxable: Decimal,
  lines: Decimal,
  charges: Decimal,
  allowances: Decimal,
  has: { used: boolean; docAcUsed: boolean; hasLines: boolean },
): boolean {
  const raw = lines.plus(charges).minus(allowances);
  const rounded = xpathRound2(lines).plus(xpathRound2(charges)).minus(xpathRound2(allowances));
  switch (mode) {
    case 'perRateNear':
      // The official test's second branch compares with the allowances and charges alone.
      return (
        (has.used && withinOne(taxable, raw)) ||
        (has.docAcUsed && withinOne(taxable, charges.minus(allowances)))
      );
    case 'perRateLinesNear':
      return has.hasLines && withinOne(taxable, raw);
    case 'exactWithLines':
      return has.hasLines && taxable.eq(raw);
    case 'perRateRoundedExact':
    case 'roundedExact':
      return taxable.eq(rounded);
    case 'roundedNear':
      return withinOne(taxable, rounded);
    case 'never':
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// 09 — VAT amount of the breakdown entry

export type VatAmountMode = 'computed' | 'zero' | 'never';

export function vatAmountRule(
  cat: VatCategory,
  modes: { ubl: VatAmountMode; cii: VatAmountMode },
): RuleDefinition {
  const computed = modes.ubl === 'computed';
  return vatRule(
    cat,
    9,
    ['BT-117', 'BT-116', 'BT-119'],
    {
      message: computed
        ? texts(
            cat,
            'The VAT amount of the "{cat}" VAT breakdown is not its taxable amount times its rate.',
            'Le montant de TVA de la ventilation « {cat} » n’est pas sa base imposable multipliée par son taux.',
          )
        : texts(
            cat,
            'The VAT amount of the "{cat}" VAT breakdown must be 0.',
            'Le montant de TVA de la ventilation « {cat} » doit être 0.',
          ),
      explanation: computed
        ? texts(
            cat,
            'For "{cat}", the VAT category tax amount (BT-117) is the taxable amount (BT-116) times the rate (BT-119) / 100, rounded to 2 decimals; a difference under one unit is tolerated.',
            'Pour « {cat} », le montant de TVA (BT-117) est la base imposable (BT-116) multipliée par le taux (BT-119) / 100, arrondie à 2 décimales ; un écart inférieur à une unité est toléré.',
          )
        : texts(
            cat,
            'No VAT is charged under "{cat}", so the VAT category tax amount (BT-117) is 0.',
            'Aucune TVA n’est due sous « {cat} » : le montant de TVA de la catégorie (BT-117) vaut 0.',
          ),
      fix: computed
        ? {
            en: 'Set BT-117 to BT-116 × BT-119 / 100 rounded to 2 decimals.',
            fr: 'Renseignez BT-117 = BT-116 × BT-119 / 100, arrondi à 2 décimales.',
          }
        : { en: 'Set BT-117 to 0.', fr: 'Renseignez 0 dans BT-117.' },
    },
    (invoice, report, context) => {
      const mode = ciiSemantics(context) ? modes.cii : modes.ubl;
      if (mode === 'never') return;
      for (const bd of breakdownContexts(invoice, cat.code, context)) {
        const tax = finite(bd.entry.taxAmount);
        const taxable = finite(bd.entry.taxableAmount);
        const rate = finite(bd.entry.rate);
        const ok =
          mode === 'zero'
            ? tax !== undefined && tax === 0
            : tax !== undefined &&
              taxable !== undefined &&
              rate !== undefined &&
              (vatSurelyNear(tax, taxable, rate) || withinOne(dec(tax).abs(), expectedVat(taxable, rate)));
        if (!ok)
          report(`${bd.path}.taxAmount`, {
            value: bd.entry.taxAmount,
            computed: vatComputed(mode, taxable, rate),
          });
      }
    },
  );
}

/** |BT-117| within one unit of round(|BT-116| × BT-119 ÷ 100), surely (exact micro-units; decision 0163) */
function vatSurelyNear(tax: number, taxable: number, rate: number): boolean {
  const t = micro.microOf(tax);
  const base = micro.microOf(taxable);
  const r = micro.microOf(rate);
  if (typeof t !== 'number' || typeof base !== 'number' || typeof r !== 'number') return false;
  const expected = micro.vatOf(base, r);
  return expected !== undefined && Math.abs(Math.abs(t) - expected) < 1e6;
}

/** What BT-117 should be: 0, or round(|BT-116| × BT-119 ÷ 100) */
function vatComputed(mode: VatAmountMode, taxable: number | undefined, rate: number | undefined): Computed {
  if (mode === 'zero') return { expected: '0' };
  const base = dec(taxable ?? 0).abs();
  return {
    expected: expectedVat(taxable ?? 0, rate ?? 0).toFixed(),
    formula: {
      term: 'BT-117',
      operands: [
        { term: 'BT-116', value: base.toFixed() },
        { op: '×', term: 'BT-119', value: String(rate ?? 0), plain: true },
        { op: '÷', value: '100' },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 10 — exemption reason of the breakdown entry

export function exemptionReasonRule(cat: VatCategory, mode: 'required' | 'forbidden'): RuleDefinition {
  const required = mode === 'required';
  return vatRule(
    cat,
    10,
    ['BT-120', 'BT-121', 'BT-118'],
    {
      message: required
        ? texts(
            cat,
            'The "{cat}" VAT breakdown needs an exemption reason text (BT-120) or code (BT-121).',
            'La ventilation « {cat} » doit indiquer un motif d’exonération en texte (BT-120) ou en code (BT-121).',
          )
        : texts(
            cat,
            'The "{cat}" VAT breakdown must not carry an exemption reason (BT-120 or BT-121).',
            'La ventilation « {cat} » ne doit pas porter de motif d’exonération (BT-120 ou BT-121).',
          ),
      explanation: required
        ? texts(
            cat,
            'An invoice without VAT under "{cat}" must say why: give the VAT exemption reason text (BT-120) or a VATEX code (BT-121) in that breakdown entry.',
            'Une facture sans TVA au titre de « {cat} » doit en donner la raison : motif d’exonération en texte (BT-120) ou code VATEX (BT-121) dans cette ventilation.',
          )
        : texts(
            cat,
            'VAT is charged under "{cat}", so an exemption reason would contradict it.',
            'La TVA est due sous « {cat} » : un motif d’exonération serait contradictoire.',
          ),
      fix: required
        ? {
            en: 'Add BT-120 (e.g. the legal mention) or BT-121 (a VATEX code) to the breakdown entry.',
            fr: 'Ajoutez BT-120 (par exemple la mention légale) ou BT-121 (un code VATEX) à la ventilation.',
          }
        : {
            en: 'Remove BT-120 and BT-121 from the breakdown entry.',
            fr: 'Retirez BT-120 et BT-121 de la ventilation.',
          },
    },
    (invoice, report, context) => {
      for (const bd of breakdownContexts(invoice, cat.code, context)) {
        const hasReason =
          bd.entry.exemptionReason !== undefined || bd.entry.exemptionReasonCode !== undefined;
        if (required && !hasReason) report(`${bd.path}.exemptionReason`);
        if (!required && hasReason) {
          const field = bd.entry.exemptionReason !== undefined ? 'exemptionReason' : 'exemptionReasonCode';
          report(`${bd.path}.${field}`, {
            value: bd.entry[field],
            bt: field === 'exemptionReason' ? 'BT-120' : 'BT-121',
          });
        }
      }
    },
  );
}
