/**
 * Rule factories for the shapes every VAT category family repeats. Numbering follows the standard:
 * 01 breakdown presence, 02/03/04 identifiers needed when a line/allowance/charge uses the
 * category, 05/06/07 the rate of lines/allowances/charges, 08 taxable amount of the breakdown,
 * 09 VAT amount of the breakdown, 10 exemption reason of the breakdown.
 */
import type { Invoice } from '@einv/core-model';
import type { Decimal } from 'decimal.js';
import type { RuleContext, RuleDefinition, Text } from '../define.js';
import {
  allowanceNodes,
  breakdownNodes,
  chargeNodes,
  ciiSemantics,
  countNodes,
  dec,
  ExactSum,
  expectedVat,
  finite,
  forEachNode,
  lineNodes,
  texts,
  type VatCategory,
  vatRule,
  withCategory,
  withinOne,
  xpathRound2,
} from './vat-common.js';

// ---------------------------------------------------------------------------------------------
// 01 — a category used by a line, allowance or charge needs its VAT breakdown

/**
 * `exactlyOne`: Z, E, AE, K, G (and O in UBL) want exactly one breakdown of the category.
 * `atLeastOne`: S, L, M want at least one (one per rate).
 * `notSubject`: CII's reading of BR-O-01 (an O breakdown, when present, must be alone and used).
 */
export type PresenceMode = 'exactlyOne' | 'atLeastOne' | 'notSubject';

export function breakdownPresenceRule(
  cat: VatCategory,
  modes: { ubl: PresenceMode; cii: PresenceMode },
): RuleDefinition {
  const many = modes.ubl === 'atLeastOne';
  return vatRule(
    cat,
    1,
    ['BT-118', 'BT-151', 'BT-95', 'BT-102'],
    {
      message: many
        ? texts(
            cat,
            'Lines, allowances or charges use the VAT category "{cat}" but the VAT breakdown has no entry for it, or the other way round.',
            'Des lignes, remises ou frais utilisent la catégorie de TVA « {cat} » sans ventilation de TVA correspondante, ou l’inverse.',
          )
        : texts(
            cat,
            'The VAT category "{cat}" is used, so the VAT breakdown must hold exactly one entry for it.',
            'La catégorie de TVA « {cat} » est utilisée : la ventilation de TVA doit en contenir exactement une entrée.',
          ),
      explanation: many
        ? texts(
            cat,
            'Every VAT category used on an invoice line (BT-151), a document allowance (BT-95) or a document charge (BT-102) is summed up in the VAT breakdown (BG-23); for "{cat}" there is one breakdown entry per rate.',
            'Chaque catégorie de TVA utilisée sur une ligne (BT-151), une remise (BT-95) ou des frais (BT-102) de document est récapitulée dans la ventilation de TVA (BG-23) ; pour « {cat} », une entrée par taux.',
          )
        : texts(
            cat,
            'Every VAT category used on an invoice line (BT-151), a document allowance (BT-95) or a document charge (BT-102) is summed up in the VAT breakdown (BG-23); "{cat}" has no rate, so it is summed up in a single entry.',
            'Chaque catégorie de TVA utilisée sur une ligne (BT-151), une remise (BT-95) ou des frais (BT-102) de document est récapitulée dans la ventilation de TVA (BG-23) ; « {cat} » n’a pas de taux et tient en une seule entrée.',
          ),
      fix: texts(
        cat,
        'Add (or merge into) one VAT breakdown entry with category code {code}, or remove it when nothing uses "{cat}".',
        'Ajoutez (ou fusionnez en) une entrée de ventilation de TVA avec le code {code}, ou supprimez-la si rien n’utilise « {cat} ».',
      ),
    },
    (invoice, report, context) => {
      const lines = countNodes(invoice, 'lines', cat.code);
      const docAc = countNodes(invoice, 'allowances', cat.code) + countNodes(invoice, 'charges', cat.code);
      const breakdowns = withCategory(breakdownNodes(invoice), cat.code).length;
      const mode = ciiSemantics(context) ? modes.cii : modes.ubl;
      if (!presenceHolds(mode, lines, docAc, breakdowns, ciiSemantics(context))) {
        report('invoice.vatBreakdown', { value: breakdowns });
      }
    },
  );
}

function presenceHolds(mode: PresenceMode, lines: number, docAc: number, bd: number, cii: boolean): boolean {
  const used = lines + docAc > 0;
  if (mode === 'notSubject') return bd === 0 || (bd === 1 && used);
  if (mode === 'exactlyOne') {
    // UBL counts the breakdown's own category as a use; CII wants a line or allowance/charge.
    if (cii) return (bd === 0 && !used) || (bd === 1 && used);
    return !(used || bd > 0) || bd === 1;
  }
  // atLeastOne — CII checks lines and allowances/charges separately against the breakdown count.
  if (cii) return (lines + bd >= 2 || lines === 0) && (docAc + bd >= 2 || docAc === 0);
  return used ? bd > 0 : bd === 0;
}

// ---------------------------------------------------------------------------------------------
// 02/03/04 — identifiers the category needs (or, for O, must not have)

export interface IdentifierRequirement {
  /** BTs the requirement reads */
  terms: string[];
  /** True when the invoice meets the requirement */
  holds: (invoice: Invoice) => boolean;
  /** What is required, completing "… shall contain …" (en) / "… doit contenir …" (fr) */
  what: Text;
  /** How to fix it */
  fix: Text;
}

const NODE_KINDS = [
  {
    n: 2,
    bt: 'BT-151',
    nodes: lineNodes,
    en: 'an invoice line',
    fr: 'une ligne de facture',
    frUses: 'utilise',
  },
  {
    n: 3,
    bt: 'BT-95',
    nodes: allowanceNodes,
    en: 'a document level allowance',
    fr: 'une remise de document',
    frUses: 'utilise',
  },
  {
    n: 4,
    bt: 'BT-102',
    nodes: chargeNodes,
    en: 'a document level charge',
    fr: 'des frais de document',
    frUses: 'utilisent',
  },
] as const;

export function identifierRules(cat: VatCategory, req: IdentifierRequirement): RuleDefinition[] {
  return NODE_KINDS.map((kind) =>
    vatRule(
      cat,
      kind.n,
      [...req.terms, kind.bt],
      {
        message: {
          en: `${capitalise(kind.en)} uses the VAT category "${cat.name.en}", so the invoice ${req.what.en}.`,
          fr: `${capitalise(kind.fr)} ${kind.frUses} la catégorie de TVA « ${cat.name.fr} » : la facture ${req.what.fr}.`,
        },
        explanation: {
          en: `The VAT category "${cat.name.en}" (${cat.code}) only makes sense with the right parties' tax identifiers: when ${kind.en} (${kind.bt}) uses it, the invoice ${req.what.en}.`,
          fr: `La catégorie de TVA « ${cat.name.fr} » (${cat.code}) suppose les bons identifiants fiscaux des parties : quand ${kind.fr} (${kind.bt}) l’${kind.frUses}, la facture ${req.what.fr}.`,
        },
        fix: req.fix,
      },
      (invoice, report, context) => {
        if (req.holds(invoice)) return;
        const using = kind.nodes(invoice, cat.code);
        if (using.length === 0) return;
        // CII fires once per line/allowance/charge, UBL once per document.
        const targets = ciiSemantics(context) ? using : using.slice(0, 1);
        for (const node of targets) report(`${node.path}.vatCategory`, { value: cat.code });
      },
    ),
  );
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// 05/06/07 — the rate of lines, allowances and charges of the category

export interface RateRequirement {
  /** True when the rate (undefined when absent) is acceptable */
  holds: (rate: number | undefined, context: RuleContext) => boolean;
  /** The requirement, completing "the VAT rate …" (en) / "le taux de TVA …" (fr) */
  what: Text;
}

const RATE_KINDS = [
  {
    n: 5,
    bt: 'BT-152',
    cbt: 'BT-151',
    nodes: lineNodes,
    en: 'invoice line',
    frFor: 'une ligne de facture',
    frOf: 'de la ligne de facture',
  },
  {
    n: 6,
    bt: 'BT-96',
    cbt: 'BT-95',
    nodes: allowanceNodes,
    en: 'document level allowance',
    frFor: 'une remise de document',
    frOf: 'de la remise de document',
  },
  {
    n: 7,
    bt: 'BT-103',
    cbt: 'BT-102',
    nodes: chargeNodes,
    en: 'document level charge',
    frFor: 'des frais de document',
    frOf: 'des frais de document',
  },
] as const;

export function rateRules(cat: VatCategory, req: RateRequirement): RuleDefinition[] {
  return RATE_KINDS.map((kind) =>
    vatRule(
      cat,
      kind.n,
      [kind.bt, kind.cbt],
      {
        message: {
          en: `In ${/^[aeiou]/.test(kind.en) ? 'an' : 'a'} ${kind.en} with the VAT category "${cat.name.en}", the VAT rate (${kind.bt}) ${req.what.en}.`,
          fr: `Pour ${kind.frFor} de catégorie de TVA « ${cat.name.fr} », le taux de TVA (${kind.bt}) ${req.what.fr}.`,
        },
        explanation: {
          en: `The VAT category "${cat.name.en}" (${cat.code}) fixes what its rate may be: the VAT rate (${kind.bt}) ${req.what.en}.`,
          fr: `La catégorie de TVA « ${cat.name.fr} » (${cat.code}) encadre son taux : le taux de TVA (${kind.bt}) ${req.what.fr}.`,
        },
        fix: {
          en: `Correct the VAT rate (${kind.bt}) or the VAT category code (${kind.cbt}) of the ${kind.en}.`,
          fr: `Corrigez le taux de TVA (${kind.bt}) ou le code de catégorie (${kind.cbt}) ${kind.frOf}.`,
        },
      },
      (invoice, report, context) => {
        const offending = kind.nodes(invoice, cat.code, (rate) => !req.holds(rate, context));
        for (const node of offending) report(`${node.path}.vatRate`, { value: node.rate });
      },
    ),
  );
}

export const RATE_ZERO: RateRequirement = {
  holds: (rate) => rate !== undefined && rate === 0,
  what: { en: 'must be 0', fr: 'doit être 0' },
};

export const RATE_POSITIVE: RateRequirement = {
  holds: (rate) => rate !== undefined && rate > 0,
  what: { en: 'must be greater than 0', fr: 'doit être supérieur à 0' },
};

/** L and M: 0 or more (the CII artefact of IGIC wants more than 0, see BR-AF). */
export const RATE_NOT_NEGATIVE: RateRequirement = {
  holds: (rate) => rate !== undefined && rate >= 0,
  what: { en: 'must be 0 or greater', fr: 'doit être supérieur ou égal à 0' },
};

export const RATE_ABSENT: RateRequirement = {
  holds: (rate) => rate === undefined,
  what: { en: 'must not be given', fr: 'ne doit pas être renseigné' },
};

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
      const entries = withCategory(breakdownNodes(invoice), cat.code);
      if (entries.length === 0) return;
      const perRateMode =
        mode === 'perRateNear' || mode === 'perRateLinesNear' || mode === 'perRateRoundedExact';
      // One pass over the category's lines, allowances and charges, grouped by rate when the
      // official test compares per rate (nodes without a rate match no breakdown rate).
      const groups = new Map<number | 'all', SumGroup>();
      for (const field of ['lines', 'allowances', 'charges'] as const) {
        forEachNode(invoice, field, cat.code, (rate, amount) => {
          const key = perRateMode ? rate : 'all';
          if (key === undefined) return;
          let g = groups.get(key);
          if (!g) {
            g = emptyGroup();
            groups.set(key, g);
          }
          g[field].add(amount);
          g.count[field] += 1;
        });
      }
      const hasLines = (invoice.lines ?? []).length > 0;
      for (const bd of entries) {
        const taxable = finite(bd.entry.taxableAmount);
        const rate = finite(bd.entry.rate);
        // `every $rate in BT-119 satisfies …` holds vacuously when the rate is absent.
        if (perRateMode && bd.entry.rate === undefined) continue;
        const g = groups.get(perRateMode ? (rate ?? Number.NaN) : 'all') ?? emptyGroup();
        const ok =
          taxable !== undefined &&
          taxableHolds(mode, dec(taxable), g.lines.value, g.charges.value, g.allowances.value, {
            used: g.count.lines + g.count.allowances + g.count.charges > 0,
            docAcUsed: g.count.allowances + g.count.charges > 0,
            hasLines,
          });
        if (!ok) report(`${bd.path}.taxableAmount`, { value: bd.entry.taxableAmount });
      }
    },
  );
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
      for (const bd of withCategory(breakdownNodes(invoice), cat.code)) {
        const tax = finite(bd.entry.taxAmount);
        const taxable = finite(bd.entry.taxableAmount);
        const rate = finite(bd.entry.rate);
        const ok =
          mode === 'zero'
            ? tax !== undefined && tax === 0
            : tax !== undefined &&
              taxable !== undefined &&
              rate !== undefined &&
              withinOne(dec(tax).abs(), expectedVat(taxable, rate));
        if (!ok) report(`${bd.path}.taxAmount`, { value: bd.entry.taxAmount });
      }
    },
  );
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
    (invoice, report) => {
      for (const bd of withCategory(breakdownNodes(invoice), cat.code)) {
        const hasReason =
          bd.entry.exemptionReason !== undefined || bd.entry.exemptionReasonCode !== undefined;
        if (required && !hasReason) report(`${bd.path}.exemptionReason`);
        if (!required && hasReason) {
          const field = bd.entry.exemptionReason !== undefined ? 'exemptionReason' : 'exemptionReasonCode';
          report(`${bd.path}.${field}`, { value: bd.entry[field] });
        }
      }
    },
  );
}
