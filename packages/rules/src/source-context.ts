/**
 * The rules' view of the source facts of an XML invoice (readCii/readUbl `source`): node values per
 * official rule, unreadable elements, and the way back from an XPath to the model path the finding
 * names. The XPath → path index is built only when a rule reports a source node.
 */

import {
  contextCountsOf,
  hasWellFormedValues,
  LexicalForms,
  type Locations,
  lastNameOf,
  locationEntries,
  type RuleContextCounts,
  type SourceFacts,
  type SourceValue,
  termForPath,
} from '@einv/core-model';
import type { Computed } from './computed.js';
import type { Report, RuleContext, SourceContext } from './define.js';

export function sourceContext(
  facts: SourceFacts | undefined,
  locations: Locations | undefined,
): SourceContext | undefined {
  if (!facts || typeof facts !== 'object' || typeof facts.values !== 'object' || facts.values === null)
    return undefined;
  return new FactsView(facts, locations);
}

/**
 * One document's facts as SourceContext: an object whose methods are shared by every document
 * (they were a dozen closures made per document, and sourceContext, the function making them, was
 * among the costliest optimisations V8 compiled while the rules warmed up — decision 0234).
 */
class FactsView implements SourceContext {
  readonly hasContexts: boolean;
  readonly hasLexical: boolean;
  readonly root: string | undefined;
  private readonly record: Readonly<Record<string, readonly SourceValue[]>>;
  /** the readers' walk marks its records: their lists are read as they are (decision 0217) */
  private readonly trusted: boolean;
  /**
   * Facts may come from a caller rather than our readers: only well-formed nodes are kept, once per
   * id. An empty list needs no check and no memo entry (the readers give every collected id, most
   * of them empty): a document asks for ~20 ids, and the memo's growth was most of what this cost.
   */
  private checked: Map<string, readonly SourceValue[]> | undefined;
  private readonly unreadableSet: ReadonlySet<string> | undefined;
  private readonly lexicalValues: ReadonlyMap<string, unknown> | undefined;
  /** the last names of the paths with a recorded number, gathered on first ask */
  private lexicalFields: Set<string> | undefined;
  private readonly contexts: Readonly<Record<string, number>> | undefined;
  /** our readers' counts have no prototype: one lookup, nothing inherited to exclude (decision 0171) */
  private readonly ownOnly: boolean;
  /** our readers' records come with the same counts by position (decision 0201) */
  private readonly byPosition: RuleContextCounts | undefined;
  private readonly locations: Locations | undefined;
  /** XPath → model path, built only when a rule reports a source node */
  private byXpath: Map<string, string> | undefined;

  constructor(facts: SourceFacts, locations: Locations | undefined) {
    this.record = facts.values;
    this.trusted = hasWellFormedValues(facts.values);
    this.checked = undefined;
    this.unreadableSet = facts.unreadable instanceof Set ? facts.unreadable : undefined;
    const lexical = facts.lexical instanceof Map ? facts.lexical : undefined;
    this.lexicalValues = lexical;
    // a reader's LexicalForms answers without joining its paths (decision 0274): `size` would join them
    this.hasLexical =
      lexical instanceof LexicalForms ? lexical.hasAny() : lexical !== undefined && lexical.size > 0;
    this.lexicalFields = undefined;
    const contexts =
      typeof facts.contexts === 'object' && facts.contexts !== null ? facts.contexts : undefined;
    this.contexts = contexts;
    this.hasContexts = contexts !== undefined;
    this.ownOnly = contexts !== undefined && Object.getPrototypeOf(contexts) === null;
    this.byPosition = contexts !== undefined ? contextCountsOf(contexts) : undefined;
    this.root = typeof facts.root === 'string' ? facts.root : undefined;
    this.locations = locations;
    this.byXpath = undefined;
  }

  values(ruleId: string): readonly SourceValue[] | undefined {
    const record = this.record;
    if (this.trusted) {
      // every own value of a marked record is a list; nothing inherited is one (`toString`…)
      const own: unknown = record[ruleId];
      return Array.isArray(own) ? own : undefined;
    }
    const known = this.checked?.get(ruleId);
    if (known !== undefined) return known;
    const raw: unknown = Object.hasOwn(record, ruleId) ? record[ruleId] : undefined;
    if (!Array.isArray(raw)) return undefined;
    if (raw.length === 0) return raw;
    // our readers' lists are well-formed: kept as they are, without a copy
    const nodes = raw.every(isSourceValue) ? raw : raw.filter(isSourceValue);
    this.checked ??= new Map();
    this.checked.set(ruleId, nodes);
    return nodes;
  }

  contextCount(ruleId: string): number | undefined {
    const contexts = this.contexts;
    if (contexts === undefined) return undefined;
    const n: unknown = this.ownOnly || Object.hasOwn(contexts, ruleId) ? contexts[ruleId] : undefined;
    return typeof n === 'number' && n >= 0 ? n : undefined;
  }

  contextCounts(ids: readonly string[]): { at: ArrayLike<number>; counts: ArrayLike<number> } | undefined {
    if (this.contexts === undefined) return undefined;
    const byPosition = this.byPosition;
    if (byPosition !== undefined) return { at: positionsIn(byPosition, ids), counts: byPosition.counts };
    const counts: number[] = new Array(ids.length);
    for (let i = 0; i < ids.length; i++) counts[i] = this.contextCount(ids[i] as string) ?? Number.NaN;
    return { at: identity(ids.length), counts };
  }

  lexical(path: string): string | undefined {
    const raw: unknown = this.lexicalValues?.get(path);
    return typeof raw === 'string' ? raw : undefined;
  }

  hasLexicalField(field: string): boolean {
    const lexical = this.lexicalValues;
    if (!lexical) return false;
    if (lexical instanceof LexicalForms) return lexical.hasName(field);
    let fields = this.lexicalFields;
    if (!fields) {
      fields = new Set();
      for (const key of lexical.keys()) if (typeof key === 'string') fields.add(lastNameOf(key));
      this.lexicalFields = fields;
    }
    return fields.has(field);
  }

  unreadable(path: string): boolean {
    return this.unreadableSet?.has(path) === true;
  }

  pathAt(xpath: string): string {
    if (typeof xpath !== 'string') return 'invoice';
    const map = this.index();
    for (let x = xpath; x.length > 0; x = x.slice(0, Math.max(0, x.lastIndexOf('/')))) {
      const hit = map.get(x);
      if (hit !== undefined) return hit;
    }
    return 'invoice';
  }

  private index(): Map<string, string> {
    let map = this.byXpath;
    if (!map) {
      map = new Map();
      // the shortest model path wins for an XPath read into several (a group and its only field)
      for (const [path, loc] of this.locations ? locationEntries(this.locations) : []) {
        const known = map.get(loc.xpath);
        if (known === undefined || path.length < known.length) map.set(loc.xpath, path);
      }
      this.byXpath = map;
    }
    return map;
  }
}

let identities: Int32Array = new Int32Array(0);
/** 0, 1, … n − 1 (kept: the lists are the same few sizes) */
function identity(n: number): Int32Array {
  if (identities.length < n) identities = Int32Array.from({ length: n }, (_, i) => i);
  return identities.subarray(0, n);
}

// rule list ids → the reader's ids → where each rule's id is among them (-1: not counted)
const positionCache = new WeakMap<readonly string[], WeakMap<readonly string[], Int32Array>>();

/** The position of each of `ids` among the counted ids, kept per pair of lists */
function positionsIn(counted: RuleContextCounts, ids: readonly string[]): Int32Array {
  let byCounted = positionCache.get(ids);
  if (!byCounted) {
    byCounted = new WeakMap();
    positionCache.set(ids, byCounted);
  }
  let positions = byCounted.get(counted.ids);
  if (!positions) {
    const at = new Map(counted.ids.map((id, k) => [id, k]));
    positions = Int32Array.from(ids, (id) => at.get(id) ?? -1);
    byCounted.set(counted.ids, positions);
  }
  return positions;
}

function isSourceValue(node: unknown): node is SourceValue {
  if (typeof node !== 'object' || node === null) return false;
  const n = node as Record<string, unknown>;
  return (
    // `in`, not typeof: our readers' nodes build their XPath on demand (a getter), only for findings
    'xpath' in n &&
    typeof n.line === 'number' &&
    (n.value === undefined || typeof n.value === 'string') &&
    (n.tag === undefined || typeof n.tag === 'string') &&
    (n.group === undefined || typeof n.group === 'number')
  );
}

type NodeDetail = { value?: unknown; bt?: string; computed?: Computed };

/** The finding detail of a rejected node by default: its value, and the term read at its path */
export function valueAndTerm(path: string, value: string): NodeDetail {
  const bt = termForPath(path)?.id;
  return bt ? { value, bt } : { value };
}

/**
 * Judges the source nodes collected for `key` with `ok` (on the value as written, '' when absent)
 * and reports each rejected one at the model path read from it, with the node's XPath and line.
 * False when the reader collected no nodes for `key`: the rule then judges the model (JSON input).
 */
export function judgeSourceNodes(
  context: RuleContext,
  key: string,
  report: Report,
  ok: (value: string, node: SourceValue) => boolean,
  detail: (path: string, value: string) => NodeDetail = valueAndTerm,
): boolean {
  const source = context.source;
  const nodes = source?.values(key);
  if (!source || !nodes) return false;
  for (const node of nodes) {
    const value = node.value ?? '';
    if (ok(value, node)) continue;
    const path = source.pathAt(node.xpath);
    report(path, { ...detail(path, value), xpath: node.xpath, line: node.line });
  }
  return true;
}

/**
 * Judges an `exists(...)` test on the source nodes collected for `key` (a site whose value is ''
 * when the tested child is there, undefined when not): reports each node without it, at `at(path)`
 * of the model path read from the node (the path itself by default), with its XPath and line.
 * False when the reader collected no nodes for `key`: the rule then judges the model (JSON input).
 */
export function judgeSourcePresence(
  context: RuleContext,
  key: string,
  report: Report,
  at: (path: string) => string = (path) => path,
): boolean {
  const source = context.source;
  const nodes = source?.values(key);
  if (!source || !nodes) return false;
  for (const n of nodes)
    if (n.value === undefined) report(at(source.pathAt(n.xpath)), { xpath: n.xpath, line: n.line });
  return true;
}

/**
 * The model group the official context of rule `ruleId` selects, or `{}` when the XML has that
 * context but the reader read nothing from it (an empty element): validate() runs the rule only
 * where its context exists (decision 0111), so the official test then sees an element without its
 * children. Undefined when the group is absent (JSON, or no such context).
 */
export function contextGroup<T extends object>(
  value: T | undefined,
  context: RuleContext,
  ruleId: string,
): Partial<T> | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  return (context.source?.contextCount(ruleId) ?? 0) > 0 ? {} : undefined;
}
