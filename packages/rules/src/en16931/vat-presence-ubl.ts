/**
 * The UBL "01" VAT presence tests (BR-S-01, BR-Z-01 … BR-O-01) and the guards of the "02/03/04"
 * identifier tests on the category nodes of the XML (source facts `VAT-CATEGORY` of readUbl) rather
 * than on the model. The official tests count
 * nodes the model does not hold, or holds elsewhere: the category of a cac:AllowanceCharge without
 * cbc:ChargeIndicator, of a line-level allowance, of a French sub-line, a line's second
 * cac:ClassifiedTaxCategory, the breakdowns of every cac:TaxTotal whatever its currency.
 */
import type { SourceValue } from '@einv/core-model';
import type { PresenceMode } from './vat-rules.js';

/**
 * How the first half of the atLeastOne test compares the breakdown's code: normalized and of any
 * scheme (BR-S-01), or as written (`cbc:ID = 'L'`, no normalize-space) of any scheme (BR-AF-01) or
 * of the VAT scheme (BR-AG-01). The second half always normalizes; BR-S-01 never filters by scheme.
 */
export type UblBreakdownCode = 'normalized' | 'asWrittenAnyScheme' | 'asWrittenVatScheme';

const normalizeSpace = (text: string): string => text.replace(/[ \t\r\n]+/g, ' ').trim();

export interface CategoryNode {
  /** The cbc:ID normalized (normalize-space), undefined without one */
  code: string | undefined;
  /** The cbc:ID as written */
  written: string | undefined;
  place: 'line' | 'allowance' | 'breakdown' | 'other';
  /** The charge indicator of an allowance's category (true: a charge), undefined when not a boolean */
  charge: boolean | undefined;
  /** `[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']` */
  vat: boolean;
  /** An allowance's category: the allowance is the document's (not a line's) */
  document: boolean;
  source: SourceValue;
}

const PLACES = new Set(['line', 'allowance', 'breakdown', 'other']);

/**
 * The category nodes of one document, read once: some twenty presence and identifier rules ask
 * for them, and a 1,000-line invoice has a thousand (the facts' list is the same array each time)
 */
const perDocument = new WeakMap<readonly SourceValue[], readonly CategoryNode[]>();

/** The tag readUbl gives each node: `<place>[:<indicator>:<line|document>][+VAT]` */
export function categoryNodes(nodes: readonly SourceValue[]): readonly CategoryNode[] {
  let out = perDocument.get(nodes);
  if (!out) {
    out = nodes.map(categoryNode);
    perDocument.set(nodes, out);
  }
  return out;
}

function categoryNode(n: SourceValue): CategoryNode {
  const [where = '', scheme] = (n.tag ?? '').split('+');
  const [place = 'other', indicator, level] = where.split(':');
  return {
    code: n.value === undefined ? undefined : normalizeSpace(n.value),
    written: n.value,
    place: (PLACES.has(place) ? place : 'other') as CategoryNode['place'],
    charge: indicator === 'true' ? true : indicator === 'false' ? false : undefined,
    vat: scheme === 'VAT',
    document: level === 'document',
    source: n,
  };
}

/**
 * The nodes an identifier rule (02 lines, 03 allowances, 04 charges) is about; `documentOnly`: the
 * document's allowances and charges only (BR-O-03/04), not every //cac:AllowanceCharge
 */
const identifierSelections = new WeakMap<readonly CategoryNode[], Map<number, readonly CategoryNode[]>>();

export function identifierNodes(
  nodes: readonly CategoryNode[],
  kind: 2 | 3 | 4,
  documentOnly = false,
): readonly CategoryNode[] {
  // thirty rules (ten families × three kinds) ask for one of five selections: kept per document
  let selections = identifierSelections.get(nodes);
  if (!selections) {
    selections = new Map();
    identifierSelections.set(nodes, selections);
  }
  const key = kind * 2 + (documentOnly ? 1 : 0);
  let selected = selections.get(key);
  if (!selected) {
    selected =
      kind === 2
        ? nodes.filter((n) => n.place === 'line')
        : nodes.filter(
            (n) => n.place === 'allowance' && n.charge === (kind === 4) && (!documentOnly || n.document),
          );
    selections.set(key, selected);
  }
  return selected;
}

/** True when the official UBL presence test of category `code` holds on these category nodes */
export function ublPresenceHolds(
  sourceNodes: readonly SourceValue[],
  code: string,
  mode: PresenceMode,
  vatSchemeOnly: boolean,
  breakdownCode: UblBreakdownCode = 'normalized',
): boolean {
  const nodes = categoryNodes(sourceNodes);
  const count = (keep: (n: CategoryNode) => boolean) => {
    let n = 0;
    for (const node of nodes) if (keep(node)) n++;
    return n;
  };
  const used = (n: CategoryNode) => n.place === 'line' || n.place === 'allowance';
  if (mode !== 'atLeastOne') {
    // exists(//cac:TaxCategory[VAT]/cbc:ID[. = X]) or exists(//cac:ClassifiedTaxCategory[…]), and
    // then exactly one cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[VAT] of X
    const given = nodes.some((n) => n.vat && n.code === code);
    return !given || count((n) => n.place === 'breakdown' && n.vat && n.code === code) === 1;
  }
  const scheme = (n: CategoryNode) => !vatSchemeOnly || n.vat;
  const uses = count((n) => used(n) && scheme(n) && n.code === code);
  const breakdowns = count((n) => n.place === 'breakdown' && scheme(n) && n.code === code);
  const firstBreakdowns =
    breakdownCode === 'normalized'
      ? breakdowns
      : count(
          (n) =>
            n.place === 'breakdown' &&
            n.written === code &&
            (breakdownCode === 'asWrittenAnyScheme' || n.vat),
        );
  return (uses > 0 && firstBreakdowns > 0) || (uses === 0 && breakdowns === 0);
}
