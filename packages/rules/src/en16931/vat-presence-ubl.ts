/**
 * The UBL "01" VAT presence tests (BR-S-01, BR-Z-01 … BR-O-01) and the guards of the "02/03/04"
 * identifier tests on the category nodes of the XML (source facts `VAT-CATEGORY` of readUbl) rather
 * than on the model. The official tests count
 * nodes the model does not hold, or holds elsewhere: the category of a cac:AllowanceCharge without
 * cbc:ChargeIndicator, of a line-level allowance, of a French sub-line, a line's second
 * cac:ClassifiedTaxCategory, the breakdowns of every cac:TaxTotal whatever its currency.
 */
import { packedMap, type SourceValue } from '@einv/core-model';
import { keptForDocument } from '../document-scope.js';
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
 * for them, and a 1,000-line invoice has a thousand (the facts' list is the same array each time).
 * This and the selections, indexes and tallies below are kept in validate()'s document scope
 * (decision 0233), not in module-level WeakMaps that a scavenge keeps alive.
 */
export function categoryNodes(nodes: readonly SourceValue[]): readonly CategoryNode[] {
  return keptForDocument(categoryNodesOf, nodes);
}

/** The tag readUbl gives each node: `<place>[:<indicator>:<line|document>][+VAT]` */
function categoryNodesOf(nodes: readonly SourceValue[]): readonly CategoryNode[] {
  // packed in every tier (decisions 0259, 0269): the half-dozen readers of the list optimised on
  // packed lists were deoptimised together when a `map` here was optimised; a hole stays a hole
  // (presenceTally then walks the old way)
  return packedMap(nodes, categoryNode);
}

function categoryNode(n: SourceValue): CategoryNode {
  // the tag's parts found by position, not split into arrays (the same parts: decision 0234)
  const tag = n.tag ?? '';
  const plus = tag.indexOf('+');
  const where = plus < 0 ? tag : tag.slice(0, plus);
  const place = segment(where, ':', 0) as string;
  const indicator = segment(where, ':', 1);
  return {
    code: n.value === undefined ? undefined : normalizeSpace(n.value),
    written: n.value,
    place: (PLACES.has(place) ? place : 'other') as CategoryNode['place'],
    charge: indicator === 'true' ? true : indicator === 'false' ? false : undefined,
    vat: plus >= 0 && segment(tag, '+', 1) === 'VAT',
    document: segment(where, ':', 2) === 'document',
    source: n,
  };
}

/** `text.split(separator)[index]` without the array ('' for index 0 of '', undefined past the end) */
function segment(text: string, separator: string, index: number): string | undefined {
  let start = 0;
  for (let k = 0; k < index; k++) {
    const at = text.indexOf(separator, start);
    if (at < 0) return undefined;
    start = at + 1;
  }
  const end = text.indexOf(separator, start);
  return end < 0 ? text.slice(start) : text.slice(start, end);
}

/**
 * The nodes an identifier rule (02 lines, 03 allowances, 04 charges) is about; `documentOnly`: the
 * document's allowances and charges only (BR-O-03/04), not every //cac:AllowanceCharge
 */
const newSelections = (_nodes: readonly CategoryNode[]): Map<number, readonly CategoryNode[]> => new Map();

export function identifierNodes(
  nodes: readonly CategoryNode[],
  kind: 2 | 3 | 4,
  documentOnly = false,
): readonly CategoryNode[] {
  // thirty rules (ten families × three kinds) ask for one of five selections: kept per document
  const selections = keptForDocument(newSelections, nodes);
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

/** The first node of a selection with a code: of the VAT scheme, and of any scheme */
export interface FirstNodes {
  readonly vat?: CategoryNode | undefined;
  readonly any?: CategoryNode | undefined;
}

const NO_NODES: FirstNodes = {};

/**
 * The first node of `selection` (an identifierNodes list, dense) whose code — as written with
 * `asWritten`, else normalized — is `code`: what the thirty 02/03/04 rules' `find` and `some` asked
 * of it, indexed once per selection and document.
 */
export function firstNodesOf(
  selection: readonly CategoryNode[],
  code: string,
  asWritten: boolean,
): FirstNodes {
  if (selection.length <= SCANNED) return firstNodesScanned(selection, code, asWritten);
  const index = asWritten
    ? keptForDocument(firstByWritten, selection)
    : keptForDocument(firstByCode, selection);
  return index.get(code) ?? NO_NODES;
}

/**
 * Selections up to this size are scanned on each ask rather than indexed: the official examples'
 * hold a few nodes, and building a map of them per document cost more than the thirty scans
 */
const SCANNED = 16;

function firstNodesScanned(selection: readonly CategoryNode[], code: string, asWritten: boolean): FirstNodes {
  let any: CategoryNode | undefined;
  for (let k = 0; k < selection.length; k++) {
    const n = selection[k] as CategoryNode;
    if ((asWritten ? n.written : n.code) !== code) continue;
    any ??= n;
    if (n.vat) return { vat: n, any };
  }
  return any === undefined ? NO_NODES : { any };
}

/** firstNodesOf's index of a selection by normalized code */
function firstByCode(selection: readonly CategoryNode[]): Map<string, FirstNodes> {
  return firstNodesBy(selection, false);
}

/** firstNodesOf's index of a selection by code as written */
function firstByWritten(selection: readonly CategoryNode[]): Map<string, FirstNodes> {
  return firstNodesBy(selection, true);
}

function firstNodesBy(selection: readonly CategoryNode[], asWritten: boolean): Map<string, FirstNodes> {
  const index = new Map<string, { vat?: CategoryNode; any?: CategoryNode }>();
  for (const n of selection) {
    const key = asWritten ? n.written : n.code;
    if (key === undefined) continue;
    let first = index.get(key);
    if (first === undefined) {
      first = {};
      index.set(key, first);
    }
    first.any ??= n;
    if (n.vat) first.vat ??= n;
  }
  return index;
}

/** What the presence tests count of one category code, over a document's category nodes */
interface CodeCounts {
  /** nodes of the VAT scheme with this code (normalized), any place */
  vat: number;
  /** line and allowance nodes (uses) with this code: any scheme, VAT scheme */
  uses: number;
  usesVat: number;
  /** breakdown nodes with this code: any scheme, VAT scheme */
  breakdowns: number;
  breakdownsVat: number;
}

/** Breakdown nodes whose cbc:ID as written is the code: any scheme, VAT scheme */
interface WrittenCounts {
  breakdowns: number;
  breakdownsVat: number;
}

interface PresenceTally {
  byCode: Map<string, CodeCounts>;
  byWritten: Map<string, WrittenCounts>;
}

const NO_CODE: CodeCounts = { vat: 0, uses: 0, usesVat: 0, breakdowns: 0, breakdownsVat: 0 };
const NO_WRITTEN: WrittenCounts = { breakdowns: 0, breakdownsVat: 0 };

/**
 * The category nodes of a document counted once per code (ten families each asked three or four
 * counts of the list before): what ublPresenceHolds reads for any code, mode and scheme filter.
 * Undefined when the list has a hole.
 */
function presenceTally(nodes: readonly CategoryNode[]): PresenceTally | undefined {
  return keptForDocument(presenceTallyOf, nodes);
}

function presenceTallyOf(nodes: readonly CategoryNode[]): PresenceTally | undefined {
  const tally: PresenceTally = { byCode: new Map(), byWritten: new Map() };
  for (let k = 0; k < nodes.length; k++) {
    const n = nodes[k];
    // a hole (a caller's sparse list): the walk below fails on it as it always did
    if (n === undefined) return undefined;
    if (n.code !== undefined) {
      let c = tally.byCode.get(n.code);
      if (c === undefined) {
        c = { vat: 0, uses: 0, usesVat: 0, breakdowns: 0, breakdownsVat: 0 };
        tally.byCode.set(n.code, c);
      }
      if (n.vat) c.vat++;
      if (n.place === 'line' || n.place === 'allowance') {
        c.uses++;
        if (n.vat) c.usesVat++;
      } else if (n.place === 'breakdown') {
        c.breakdowns++;
        if (n.vat) c.breakdownsVat++;
      }
    }
    if (n.written !== undefined && n.place === 'breakdown') {
      let w = tally.byWritten.get(n.written);
      if (w === undefined) {
        w = { breakdowns: 0, breakdownsVat: 0 };
        tally.byWritten.set(n.written, w);
      }
      w.breakdowns++;
      if (n.vat) w.breakdownsVat++;
    }
  }
  return tally;
}

/** True when the official UBL presence test of category `code` holds on these category nodes */
export function ublPresenceHolds(
  sourceNodes: readonly SourceValue[],
  code: string,
  mode: PresenceMode,
  vatSchemeOnly: boolean,
  breakdownCode: UblBreakdownCode = 'normalized',
): boolean {
  const tally = presenceTally(categoryNodes(sourceNodes));
  if (tally === undefined)
    return ublPresenceHoldsByWalk(sourceNodes, code, mode, vatSchemeOnly, breakdownCode);
  const c = tally.byCode.get(code) ?? NO_CODE;
  if (mode !== 'atLeastOne') {
    // exists(//cac:TaxCategory[VAT]/cbc:ID[. = X]) or exists(//cac:ClassifiedTaxCategory[…]), and
    // then exactly one cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[VAT] of X
    return c.vat === 0 || c.breakdownsVat === 1;
  }
  const uses = vatSchemeOnly ? c.usesVat : c.uses;
  const breakdowns = vatSchemeOnly ? c.breakdownsVat : c.breakdowns;
  let firstBreakdowns = breakdowns;
  if (breakdownCode !== 'normalized') {
    const w = tally.byWritten.get(code) ?? NO_WRITTEN;
    firstBreakdowns = breakdownCode === 'asWrittenAnyScheme' ? w.breakdowns : w.breakdownsVat;
  }
  return (uses > 0 && firstBreakdowns > 0) || (uses === 0 && breakdowns === 0);
}

/** ublPresenceHolds node by node, as it counted before the tally: for a list with holes, and the tally's test */
export function ublPresenceHoldsByWalk(
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
