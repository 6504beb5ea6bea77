/**
 * Rule factories for the shapes every VAT category family repeats. Numbering follows the standard:
 * 01 breakdown presence, 02/03/04 identifiers needed when a line/allowance/charge uses the
 * category, 05/06/07 the rate of lines/allowances/charges; the breakdown side (08 taxable amount,
 * 09 VAT amount, 10 exemption reason) is in vat-breakdown-rules.ts.
 */
import type { Invoice, SourceValue } from '@einv/core-model';
import type { RuleContext, RuleDefinition, Text } from '../define.js';
import { keptForDocument } from '../document-scope.js';
import {
  allowanceNodes,
  breakdownNodes,
  chargeNodes,
  ciiSemantics,
  countNodes,
  lineNodes,
  texts,
  type VatCategory,
  vatRule,
  withCategory,
} from './vat-common.js';
import {
  categoryNodes,
  firstNodesOf,
  identifierNodes,
  type UblBreakdownCode,
  ublPresenceHolds,
} from './vat-presence-ubl.js';

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
  modes: {
    ubl: PresenceMode;
    cii: PresenceMode;
    ublVatSchemeOnly?: boolean;
    /** UBL: how the official test compares the breakdown's code (vat-presence-ubl.ts) */
    ublBreakdownCode?: UblBreakdownCode;
  },
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
      const mode = ciiSemantics(context) ? modes.cii : modes.ubl;
      // UBL XML: the official test counts category nodes the model does not hold (source facts)
      const categoryNodes = ciiSemantics(context) ? undefined : context.source?.values('VAT-CATEGORY');
      if (categoryNodes) {
        const holds = ublPresenceHolds(
          categoryNodes,
          cat.code,
          mode,
          modes.ublVatSchemeOnly === true,
          modes.ublBreakdownCode,
        );
        if (!holds) report('invoice.vatBreakdown');
        return;
      }
      // CII XML: the official tests count the tax nodes (`ram:CategoryCode='S'` as written, any tax
      // type), also a line's second ram:ApplicableTradeTax that the model does not hold
      const ciiNodes = context.syntax === 'CII' ? context.source?.values('VAT-CATEGORY') : undefined;
      if (ciiNodes) {
        // the ten families read one tally of the document's nodes (a pass per family before)
        const tally = ciiPlaceCounts(ciiNodes);
        const counts =
          tally === undefined ? placeCountsOf(ciiNodes, cat.code) : (tally.get(cat.code) ?? NO_USE);
        const [lines, allowances, breakdowns] = counts;
        if (!presenceHolds(mode, lines, allowances, breakdowns, true))
          report('invoice.vatBreakdown', { value: breakdowns });
        return;
      }
      // UBL's "exactly one" tests select only categories whose cac:TaxScheme is VAT (decision 0100
      // keeps the others in the model with their taxScheme), and so do UBL BR-AF-01 and BR-AG-01
      // (`ublVatSchemeOnly`); CII's tests and UBL BR-S-01 select every category.
      const vatOnly = !ciiSemantics(context) && (mode === 'exactlyOne' || modes.ublVatSchemeOnly === true);
      const lines = countNodes(invoice, 'lines', cat.code, vatOnly);
      const docAc =
        countNodes(invoice, 'allowances', cat.code, vatOnly) +
        countNodes(invoice, 'charges', cat.code, vatOnly);
      const breakdowns = withCategory(breakdownNodes(invoice), cat.code).filter(
        (n) => !vatOnly || n.entry.taxScheme === undefined,
      ).length;
      if (!presenceHolds(mode, lines, docAc, breakdowns, ciiSemantics(context))) {
        report('invoice.vatBreakdown', { value: breakdowns });
      }
    },
  );
}

type PlaceCounts = readonly [lines: number, allowances: number, breakdowns: number];
const NO_USE: PlaceCounts = [0, 0, 0];

/** Slot of a CII node's place in PlaceCounts: `tag.split('+')[0]` is line, allowance or breakdown */
function placeSlot(tag: string): number {
  return isPlace(tag, 'line') ? 0 : isPlace(tag, 'allowance') ? 1 : isPlace(tag, 'breakdown') ? 2 : -1;
}

/** One family's counts, walking the nodes (facts with holes: fails on one as it always did) */
export function placeCountsOf(nodes: readonly SourceValue[], code: string): PlaceCounts {
  const counts: [number, number, number] = [0, 0, 0];
  for (const n of nodes) {
    if (n.value !== code) continue;
    const slot = placeSlot(n.tag ?? '');
    if (slot >= 0) counts[slot] = (counts[slot] as number) + 1;
  }
  return counts;
}

/**
 * The CII category nodes counted per code and place, once per document (the facts' list is the same
 * array for every rule of a document; kept in validate()'s document scope, decision 0233). Undefined
 * when a slot holds no node (a caller's sparse list): each family then walks the list itself and
 * fails on that slot, with the error it gave before.
 */
export function ciiPlaceCounts(nodes: readonly SourceValue[]): ReadonlyMap<string, PlaceCounts> | undefined {
  return keptForDocument(tallyOfCiiNodes, nodes);
}

function tallyOfCiiNodes(nodes: readonly SourceValue[]): ReadonlyMap<string, PlaceCounts> | undefined {
  const tally = new Map<string, [number, number, number]>();
  for (let k = 0; k < nodes.length; k++) {
    const n = nodes[k];
    if (typeof n !== 'object' || n === null) return undefined;
    if (n.value === undefined) continue;
    const slot = placeSlot(n.tag ?? '');
    if (slot < 0) continue;
    let counts = tally.get(n.value);
    if (counts === undefined) {
      counts = [0, 0, 0];
      tally.set(n.value, counts);
    }
    counts[slot] = (counts[slot] as number) + 1;
  }
  return tally;
}

/** `tag.split('+')[0] === place`: the node's place is the tag up to its first `+` */
function isPlace(tag: string, place: string): boolean {
  return tag.startsWith(place) && (tag.length === place.length || tag.charCodeAt(place.length) === 0x2b);
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

/**
 * The official tests read "(exists(A) and identifiers) or not(exists(B))": A selects categories of
 * the VAT scheme only, and so does B, except in UBL BR-S-02 whose B selects every line category
 * (`ublAnySchemeGuard` lists such rule numbers): a line of category S and another scheme then
 * fails it even with the identifiers.
 */
/** Where a UBL 02/03/04 test departs from "(exists(A) and ids) or not(exists(B))", A and B alike */
export interface UblIdentifierQuirks {
  /** Rule numbers whose B selects categories of any scheme (BR-S-02) */
  anySchemeGuard?: readonly number[];
  /** Rule numbers whose A selects categories of any scheme (BR-G-03/04) */
  anySchemeUse?: readonly number[];
  /** Rule numbers whose B compares `cbc:ID = 'L'` as written, without normalize-space (BR-AF-04) */
  guardAsWritten?: readonly number[];
  /** The allowances and charges are the document's only, not //cac:AllowanceCharge (BR-O-03/04) */
  documentAllowancesOnly?: boolean;
}

export function identifierRules(
  cat: VatCategory,
  req: IdentifierRequirement,
  ubl: UblIdentifierQuirks = {},
): RuleDefinition[] {
  const ublAnySchemeGuard = ubl.anySchemeGuard ?? [];
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
        const cii = ciiSemantics(context);
        const anySchemeGuard = !cii && ublAnySchemeGuard.includes(kind.n);
        // UBL XML: "(exists(A) and identifiers) or not(exists(B))" on the category nodes (every
        // //cac:ClassifiedTaxCategory, //cac:AllowanceCharge[cbc:ChargeIndicator=…]/cac:TaxCategory)
        const sourceNodes = cii ? undefined : context.source?.values('VAT-CATEGORY');
        if (sourceNodes && context.source) {
          const nodes = identifierNodes(
            categoryNodes(sourceNodes),
            kind.n,
            ubl.documentAllowancesOnly === true,
          );
          const anySchemeUse = ubl.anySchemeUse?.includes(kind.n) === true;
          const asWritten = ubl.guardAsWritten?.includes(kind.n) === true;
          // the first node of the guard, and whether any node uses the category (find and some of
          // the selection, indexed once per document)
          const guard = firstNodesOf(nodes, cat.code, asWritten);
          const first = anySchemeGuard ? guard.any : guard.vat;
          if (!first) return;
          const use = firstNodesOf(nodes, cat.code, false);
          if ((anySchemeUse ? use.any : use.vat) !== undefined && req.holds(invoice)) return;
          report(context.source.pathAt(first.source.xpath), {
            value: cat.code,
            xpath: first.source.xpath,
            line: first.source.line,
          });
          return;
        }
        if (!anySchemeGuard && req.holds(invoice)) return;
        const all = kind.nodes(invoice, cat.code);
        const vat = all.filter((node) => !node.otherScheme);
        const guard = anySchemeGuard ? all : vat;
        if (guard.length === 0 || (vat.length > 0 && req.holds(invoice))) return;
        // CII fires once per line/allowance/charge (its context), UBL once per document.
        const targets = cii ? guard : guard.slice(0, 1);
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
        // CII XML: each line tax node of the category (a line's second ram:ApplicableTradeTax too)
        const lineTaxes =
          kind.n === 5 && context.syntax === 'CII' ? context.source?.values('VAT-LINE-RATE') : undefined;
        if (lineTaxes && context.source) {
          for (const node of lineTaxes) {
            if (node.tag !== cat.code) continue;
            const written = node.value?.trim();
            // an empty rate stops the official XSLT (no number): NaN fails every requirement
            const rate = written === undefined ? undefined : written === '' ? Number.NaN : Number(written);
            if (!req.holds(rate, context))
              report(`${context.source.pathAt(node.xpath)}.vatRate`, {
                value: rate,
                xpath: node.xpath,
                line: node.line,
              });
          }
          return;
        }
        // every official context selects categories of the VAT scheme only (`[upper-case(ram:TypeCode)
        // = 'VAT']`, `[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']`)
        const offending = kind.nodes(invoice, cat.code, (rate) => !req.holds(rate, context));
        for (const node of offending)
          if (!node.otherScheme) report(`${node.path}.vatRate`, { value: node.rate });
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
