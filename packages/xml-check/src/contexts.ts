/**
 * Where the official business rules apply: the schematron fires a rule once per node its context
 * selects, and within one pattern a node belongs to the first rule whose context matches it. This
 * counts, in one walk of a document, the nodes each rule's context claims, from a table generated
 * from the official rule tables (packages/{cii,ubl}/src/generated/rule-contexts.ts,
 * scripts/gen-rule-contexts.mjs). validate() runs a rule only where its context exists
 * (docs/decisions/0111-rule-applicability-from-official-contexts.md).
 */
import { setContextCounts } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';
import { compileXPath, XDocument } from './xpath.js';
import { type ContextEntry, ContextIndex } from './xpath-match.js';

export interface RuleContextTable {
  /** namespace prefixes of the contexts */
  ns: Record<string, string>;
  /** the official patterns, each with its rules in official order */
  patterns: {
    pattern: string;
    rules: {
      /** the context as the official table writes it */
      official: string;
      /** the same as an absolute XPath (a relative match pattern is //pattern) */
      context: string;
      /** the rule ids asserted in this context */
      ids: string[];
    }[];
  }[];
}

export interface CompiledRuleContexts {
  /** where the contexts of each pattern start in one flat list of every context (pattern by pattern) */
  offsets: number[];
  /** the rule ids asserted in each context of that flat list */
  slotIds: string[][];
  /** the contexts of every pattern, by the element and parent names they can match */
  index: ContextIndex;
  /** every rule id of the table (each gets a count, 0 when its context is absent) */
  ids: string[];
  /** the positions in `ids` of the rule ids of each context of the flat list (slotIds by position) */
  slotPositions: number[][];
  /** a new record of every id at its count by position (`counts[k]` for `ids[k]`), in the order of `ids` */
  recordOf: (counts: readonly number[]) => Record<string, number>;
  /** a new array of `ids.length` zeros (the counts by position) */
  zeroCounts: () => number[];
  /** a new array of `slotIds.length` zeros (the nodes claimed per context) */
  zeroHits: () => number[];
}

export function compileRuleContexts(table: RuleContextTable): CompiledRuleContexts {
  // tax-category contexts told apart by one value are tried as families (decision 0270)
  const index = ContextIndex.of(
    table.patterns.map((p) => p.rules.map((r) => compileXPath(r.context, table.ns))),
    true,
  );
  // every official context is a plain match pattern; the drift test would show a new shape
  if (!index) throw new Error('a rule context is not a plain match pattern');
  const ids = [...new Set(table.patterns.flatMap((p) => p.rules.flatMap((r) => r.ids)))];
  const offsets: number[] = [];
  const slotIds: string[][] = [];
  for (const p of table.patterns) {
    offsets.push(slotIds.length);
    for (const r of p.rules) slotIds.push(r.ids);
  }
  const position = new Map(ids.map((id, k) => [id, k]));
  const slotPositions = slotIds.map((slot) => slot.map((id) => position.get(id) as number));
  return {
    offsets,
    slotIds,
    index,
    ids,
    slotPositions,
    recordOf: recordOf(ids),
    zeroCounts: zeroArrayOf(ids.length),
    zeroHits: zeroArrayOf(slotIds.length),
  };
}

/**
 * A function returning a new array of `n` zeros. An array literal is copied from its boilerplate
 * (copy on write: ~10 ns, the first store copies the 223 small integers); a new Int32Array of that
 * size allocates its memory outside the heap (~0.5 µs, and a backing store for the garbage
 * collector to track), as does `new Array(n).fill(0)` cost its loop. Two per document (decision 0209).
 */
function zeroArrayOf(n: number): () => number[] {
  return new Function(`return [${new Array(n).fill('0').join(',')}];`) as () => number[];
}

/**
 * A function returning a new record of these ids at their counts by position. Two hundred
 * properties added one by one make a dictionary object (~9 µs per document, as much as counting the
 * contexts of an official example); an object literal of them is copied from its boilerplate and
 * each value stored under its constant name (a monomorphic store per id). Filling a record of zeros
 * by `record[ids[k]] = n` was a keyed store with a new key each time (megamorphic): 78 % of
 * `countsOf` on the official examples (decision 0246). The record has no prototype: nothing is
 * inherited, so the rules read a count with one lookup instead of `Object.hasOwn` and a lookup
 * (decision 0171). The ids come from the generated rule tables and are written as JSON strings.
 *
 * The prototype is taken away after the copy, not written in the literal: V8 makes a
 * `{__proto__: null, …}` literal a dictionary, 12.4 KB per copy for the 223 CII ids (a tenth of all a
 * CII example allocates); the literal copied then given no prototype keeps its fast shape (one map
 * for every document, a cached transition), 1.8 KB (decision 0238). The rules read the counts by
 * position (0201), not from the record.
 */
function recordOf(ids: readonly string[]): (counts: readonly number[]) => Record<string, number> {
  const literal = new Function(
    'c',
    `return {${ids.map((id, k) => `${JSON.stringify(id)}: c[${k}]`).join(', ')}};`,
  ) as (counts: readonly number[]) => Record<string, number>;
  return (counts) => Object.setPrototypeOf(literal(counts), null) as Record<string, number>;
}

/**
 * Rule id → the number of nodes of the document its official context claims (0 when none): one
 * walk in document order; in each pattern an element goes to the first rule whose context matches.
 */
export function countRuleContexts(compiled: CompiledRuleContexts, root: XmlElement): Record<string, number> {
  // this pass's own document, garbage once the pass returns (decision 0226)
  const doc = new XDocument(root);
  // nodes claimed per context, in one flat array (pattern by pattern): one allocation per document,
  // turned into counts per rule id at the end
  const hits = compiled.zeroHits();
  const index = compiled.index;
  // document order (the parser caps the depth, so recursion is bounded)
  const visit = (e: XmlElement): void => {
    claimContexts(compiled, hits, e, index.candidates(e), doc);
    const children = e.children;
    for (let i = 0; i < children.length; i++) visit(children[i] as XmlElement);
  };
  visit(root);
  return countsOf(compiled, hits);
}

/**
 * Counts `e` for the first context of each pattern that matches it, among its candidates (as
 * `index.candidates(e)` gives them: pattern by pattern, in table order)
 */
export function claimContexts(
  compiled: CompiledRuleContexts,
  hits: number[],
  e: XmlElement,
  candidates: readonly ContextEntry[],
  doc: XDocument,
): void {
  const offsets = compiled.offsets;
  // after a pattern's first match, skip to the next pattern
  let claimed = -1;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k] as ContextEntry;
    if (c.group === claimed) continue;
    // a family of branches names the rule that claims (decision 0270)
    const pick = c.pick;
    let rule = c.rule;
    if (pick === undefined) {
      if (!c.match(e, doc)) continue;
    } else {
      rule = pick(e, doc);
      if (rule < 0) continue;
    }
    const slot = (offsets[c.group] as number) + rule;
    hits[slot] = (hits[slot] as number) + 1;
    claimed = c.group;
  }
}

/**
 * The nodes claimed per context as counts per rule id (every id of the table, 0 when none). The
 * same counts by position in `ids` go with the record (core-model's setContextCounts): validate()
 * reads those instead of looking each rule's id up in the record (decision 0201).
 */
export function countsOf(compiled: CompiledRuleContexts, hits: readonly number[]): Record<string, number> {
  const { ids, slotPositions } = compiled;
  const byPosition = compiled.zeroCounts();
  for (let slot = 0; slot < hits.length; slot++) {
    const n = hits[slot] as number;
    if (n === 0) continue;
    for (const k of slotPositions[slot] as number[]) byPosition[k] = (byPosition[k] as number) + n;
  }
  const counts = compiled.recordOf(byPosition);
  setContextCounts(counts, { ids, counts: byPosition });
  return counts;
}
