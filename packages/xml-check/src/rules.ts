/**
 * Runs a schematron-style pattern of syntax rules (generated/syntax-rules.ts) over a document:
 * rules are tried in order and each element is claimed by the first rule whose context matches
 * it, exactly as schematron does within one pattern; then the rule's asserts are evaluated.
 *
 * Speed (1,339 asserts, most of them "X must be absent"): asserts `not(a/b/@c)` are merged into a
 * tree of child names walked once per context node, so only the elements present cost anything;
 * asserts that are certainly true without a given child (`count(a/…) <= 1`, `not(a[…])`) run only
 * when that child exists; the rest run on every node.
 */
import type { Finding, Severity } from '@einv/core-model';
import { NO_ATTRS, type XmlElement, xpathOf } from '@einv/xml';
import { type ComparedValues, comparedValues, evaluateCompared } from './compared-values.js';
import type { PreparedModel } from './model.js';
import { ModelAbsence } from './model-absence.js';
import { absenceChains, compileXPath, triggerOf, XDocument, type XPath } from './xpath.js';
import { type BoolFn, boolOf } from './xpath-fast.js';
import { type ContextEntry, ContextIndex } from './xpath-match.js';
import type { Ast } from './xpath-parse.js';
import type { ChainStep } from './xpath-shapes.js';

/** [id, flag, XPath test, message] */
export type AssertData = [string, string, string, string];
/** [name, XPath value] of a schematron `let`, evaluated on the context node before the asserts */
export type LetData = [string, string];
/** [context XPath (absolute), asserts, lets] */
export type RuleData = [string, AssertData[]] | [string, AssertData[], LetData[]];
export interface PatternData {
  ns: Record<string, string>;
  rules: RuleData[];
}

/** One syntax rule as the explanations show it: id, official flag, our (English) message */
export interface SyntaxRuleInfo {
  id: string;
  flag: string;
  message: string;
}

/** Every assert of a rule table, once per id (a rule asserted in several contexts is listed once) */
export function listSyntaxRules(data: PatternData): SyntaxRuleInfo[] {
  const seen = new Map<string, SyntaxRuleInfo>();
  for (const [, asserts] of data.rules)
    for (const [id, flag, , message] of asserts) if (!seen.has(id)) seen.set(id, { id, flag, message });
  return [...seen.values()];
}

/**
 * A generated rule table (its JSON text) as the binding packages use it: compiled on the first check,
 * listed on the first request for the explanations, parsed once for both. The table is one pattern,
 * or several (an array): schematron lets each pattern claim the nodes on its own.
 */
export function syntaxRuleSet(json: string): {
  /**
   * `validUnder`: a model the structure check (validateStructure) found nothing against in this
   * document; the rules then skip the "must be absent" paths that model rules out (decision 0227).
   * The findings are the same either way.
   */
  check: (root: XmlElement, validUnder?: PreparedModel) => Finding[];
  list: () => readonly SyntaxRuleInfo[];
} {
  let data: PatternData[] | undefined;
  let patterns: CompiledPattern[] | undefined;
  // compiled again per model, without the absence paths it rules out (models live as long as the process)
  const byModel = new WeakMap<PreparedModel, CompiledPattern[]>();
  let list: SyntaxRuleInfo[] | undefined;
  const parsed = (): PatternData[] => {
    if (!data) {
      const table = JSON.parse(json) as PatternData | PatternData[];
      data = Array.isArray(table) ? table : [table];
    }
    return data;
  };
  /** The patterns as the data gives them, compiled on first use */
  const allPatterns = (): CompiledPattern[] => {
    if (!patterns) patterns = parsed().map((d) => compilePattern(d));
    return patterns;
  };
  /** The patterns without the absence paths `model` rules out, compiled on first use */
  const prunedFor = (model: PreparedModel): CompiledPattern[] => {
    let pruned = byModel.get(model);
    if (!pruned) {
      const absence = new ModelAbsence(model);
      pruned = parsed().map((d) =>
        compilePattern(
          d,
          (context, chain) => absence.possible(context, chain),
          (context, test) => absence.holds(context, test),
        ),
      );
      byModel.set(model, pruned);
    }
    return pruned;
  };
  return {
    check: (root, validUnder) => {
      const compiled = validUnder !== undefined ? prunedFor(validUnder) : allPatterns();
      if (compiled.length === 1) return runPattern(compiled[0] as CompiledPattern, root);
      return compiled.flatMap((p) => runPattern(p, root)).slice(0, MAX_RULE_FINDINGS);
    },
    list: () => {
      if (!list) {
        const seen = new Map<string, SyntaxRuleInfo>();
        for (const d of parsed()) for (const r of listSyntaxRules(d)) if (!seen.has(r.id)) seen.set(r.id, r);
        list = [...seen.values()];
      }
      return list;
    },
  };
}

interface CompiledAssert {
  id: string;
  severity: Severity;
  test: XPath;
  /**
   * The test's closure (xpath-fast.ts), what `doc.test(test, node)` runs on an element, taken once
   * here instead of looked up (a WeakMap by expression) on every node the rule claims
   */
  holds: BoolFn;
  message: string;
  /** A calculation within a tolerance: the given and the computed amount (compared-values.ts) */
  compared?: ComparedValues;
  /**
   * For `not(//a/b/c)` and `not(//a/b/@x)` (named child steps, no predicate): its bit in the walk's
   * record of the chains met (DeepChain, decision 0272); -1 for any other test
   */
  deep: number;
}

/**
 * A chain `//a/b/c` (or `//a/b/@x`) that a `not(…)` assert forbids anywhere in the document. Whether
 * an element ends such a chain depends on the names of the element and its ancestors alone, so the
 * walk decides it once per path entry (`PathEntry.deep`) and, on the elements of the paths that end
 * one, only reads the attribute (decision 0272). The assert then reads the walk's record instead of
 * walking the document's list of every `a` (XDocument.named) below the rule's node.
 */
interface DeepChain {
  /** the element steps' local names and namespaces, from the first step */
  locals: string[];
  spaces: string[];
  /** the attribute the chain ends with, or null */
  attr: string | null;
}

/** A chain a path ends (PathEntry.deep): the bit of its asserts and the attribute to look for */
interface DeepAt {
  readonly bit: number;
  readonly attr: string | null;
}

/** The chains recorded in one integer of bits per document */
const MAX_DEEP = 30;

/** A tree of child names: reaching a node means the asserts listed there fail */
interface AbsenceNode {
  ns: string;
  fails: CompiledAssert[];
  children: Map<string, AbsenceNode>;
  /** the lengths of `children`'s names (set once the tree is complete) */
  lengths: Uint32Array;
  attrs: Map<string, CompiledAssert[]>;
  /** attrs.size > 0 and children.size > 0, kept in the node (set once the tree is complete) */
  hasAttrs: boolean;
  hasChildren: boolean;
  /** the entries (null: none) of the children last met at each position below such an element (KidMemo) */
  kids: KidMemo<AbsenceNode>;
}

/**
 * What a lookup by a child's local name gave, by the child's position, for the elements a tree node
 * or a rule meets: the next such element (the next party, line, invoice) mostly has the same children
 * in the same places, so one identity compare of the interned name replaces the length test and the
 * `Map` lookup (decision 0254, as 0228 for the walks). The first MEMO positions, filled in order.
 */
interface KidMemo<T> {
  locals: string[];
  entries: (T | null)[];
}

/** Remembers `entry` for a child named `local` at position `i` (read back by `memo.locals[i] === local`) */
function remember<T>(memo: KidMemo<T>, i: number, local: string, entry: T | null): T | null {
  const locals = memo.locals;
  if (i < locals.length) {
    locals[i] = local;
    memo.entries[i] = entry;
  } else if (i === locals.length && i < MEMO) {
    locals.push(local);
    memo.entries.push(entry);
  }
  return entry;
}

interface CompiledRule {
  context: XPath;
  /** the rule's variables, bound in order on each node it claims */
  lets: { name: string; value: XPath }[];
  /** asserts evaluated on every node the rule claims */
  always: CompiledAssert[];
  /** asserts that can only fail when the node has this child (local name) / attribute */
  byChild: Map<string, CompiledAssert[]>;
  byAttr: Map<string, CompiledAssert[]>;
  absent: AbsenceNode;
  /** byChild and the first level of `absent` in one map: one pass over a node's children serves both */
  children: Map<string, ChildEntry>;
  /** the lengths of `children`'s names (nameLengths): most children are rejected without a lookup */
  childLengths: Uint32Array;
  /** `children`'s entries (null: none) by the position of the child last met there (KidMemo) */
  kids: KidMemo<ChildEntry>;
  /**
   * Whether only the node's attributes can fail the rule (no let, no assert on every node, none
   * triggered by or forbidding a child): a node it claims without one of those attributes is
   * passed over at once, not listed for runRule (decision 0210)
   */
  attrsOnly: boolean;
  /** flags read on every node the rule claims, kept in the rule (set once it is compiled) */
  hasLets: boolean;
  hasChildren: boolean;
  /** byChild is not empty: some child triggers an assert */
  hasTriggers: boolean;
  /** byAttr or the absence tree's attributes: the node's attributes are read */
  readsAttrs: boolean;
}
interface ChildEntry {
  triggers: CompiledAssert[] | undefined;
  absent: AbsenceNode | undefined;
}
export interface CompiledPattern {
  rules: CompiledRule[];
  /** the rules' contexts by the names they can match; null when one is not a plain match pattern */
  index: ContextIndex | null;
  /**
   * The local names whose every element the asserts' paths ask for (`//ram:X`, `preceding::cbc:Y`)
   * and the attribute names they ask for anywhere (`//@schemeName`): gathered by the pattern's walk
   * and handed to the document (`XDocument.gathered`) instead of its list of every element
   */
  gatherNames: string[];
  /** gatherNames by name → position (what XDocument.gathered reads the lists by) */
  gatherIndex: ReadonlyMap<string, number>;
  gatherAttrs: string[];
  /** gatherAttrs as a set; null when empty (then the walk reads no attributes) */
  gatherAttrSet: ReadonlySet<string> | null;
  /** what the walk needs of each path, by the root's local name, built on first sight (bounded) */
  roots: Map<string, PathEntry>;
  /** the number of path entries kept (at most MAX_PATHS) */
  paths: number;
  /** the claimed nodes' lists, reused from document to document (ClaimLists) */
  claims: ClaimLists;
  /** the chains of the `not(//…)` asserts settled by the walk, by bit (decision 0272) */
  deepChains: DeepChain[];
}

/**
 * The nodes a pattern's walk claims and their rules, kept with the pattern and reused from one
 * document to the next: at 1,000 lines fresh arrays grown by push were most of what the syntax rules
 * allocated (~0.7 MB per document, a third of it still alive at a scavenge: promoted while growing),
 * and at 10,000 lines they outgrow the young generation during the pass (decision 0225). Cleared of
 * the elements after each document, so no tree is kept; dropped when a document made them larger
 * than CLAIMS_KEPT (hostile sizes are not kept for the process's life). CLAIMS_KEPT was 65,536 until
 * session 18: a 10,000-line CII invoice claims ~110,000 nodes, so its lists were dropped after every
 * document and grown again by push (structure + syntax rules at 10,000 CII lines 80 → 61 ms with
 * 262,144, decision 0247). At most 2 × 262,144 slots (4 MB) per pattern stay, and only once a
 * document that large was checked.
 */
interface ClaimLists {
  nodes: (XmlElement | undefined)[];
  rules: CompiledRule[];
  /**
   * For each node, what the walk found of its rule's absence tree below it (TreeAt): UNKNOWN (the
   * walk did not follow it: runRule walks it), NOT_BELOW or BELOW
   */
  below: number[];
  /** a run is using them (a nested run, which nothing does today, gets its own) */
  busy: boolean;
}
const CLAIMS_KEPT = 1 << 18;

/**
 * What the walk needs of the elements at one path from the root (the local names and namespaces of
 * the element and its ancestors, decision 0254). Most rule contexts are names only
 * (`/rsm:A/rsm:B/ram:C`, `//cac:Delivery`): whether they match an element depends on that path
 * alone, so they are tried once, on the first element met at the path, and the outcome is kept
 * here; only the contexts with predicates are tried on every element. Before, every element looked
 * its candidates up by name (and parent name) and ran each context's closure up its ancestors.
 */
interface PathEntry {
  readonly local: string;
  readonly ns: string;
  /** the position of the name in gatherNames, -1 when not gathered */
  readonly gather: number;
  /**
   * the candidate branches with predicates that come before the first one the path alone matches,
   * in table order: tried on each element
   */
  readonly tests: readonly ContextEntry[];
  /** the rule of the first candidate the path alone matches (claims the element when no test does); -1 when none */
  readonly settled: number;
  /** whether the entry is kept (false past MAX_PATHS: made again for each element, nothing kept below it) */
  readonly kept: boolean;
  /** the number of ancestors of the elements at this path (0: the root) */
  readonly depth: number;
  /**
   * The nodes of the absence trees of the claimed ancestors' rules (and of the element's own) this
   * path reaches and that fail an assert there: an element here fails its ancestor's rule's "must be
   * absent" asserts when the node lists asserts or one of the element's attributes (null: none).
   * The walk finds that out on its way, so runRule does not walk the tree below the claimed node
   * again (`failsBelow`; decision 0254 step 4 for the root, 0262 for every rule settled by its path).
   */
  readonly here: readonly TreeAt[] | null;
  /** the nodes the children's `here` are looked up in (null: none) */
  readonly open: readonly TreeAt[] | null;
  /**
   * Whether the element's rule is settled by the path alone and has an absence tree with children:
   * the walk follows that tree below it (its `open` holds the tree's root, at this depth)
   */
  readonly follows: boolean;
  /** the `not(//…)` chains the path ends (null: none): the walk records their bits (decision 0272) */
  readonly deep: readonly DeepAt[] | null;
  /** the entries of the children last met at each position below this path (KidMemo) */
  kids: KidMemo<PathEntry>;
  /** every child entry made below this path, by local name (namespace and name for a second namespace) */
  byName: Map<string, PathEntry> | undefined;
}

/** A node of the absence tree of the rule that claims the ancestor at `depth` (that rule's whole tree when at its own depth) */
interface TreeAt {
  readonly depth: number;
  readonly node: AbsenceNode;
}

/** runRule's `deepMet` when no walk recorded the `not(//…)` chains (the rules without an index) */
const UNWALKED = -1;

/** ClaimLists.below: the walk did not follow the node's absence tree; it did and found nothing; it found a path */
const UNKNOWN = 0;
const NOT_BELOW = 1;
const BELOW = 2;

/**
 * Hostile documents can invent any number of paths: the entries kept are bounded (the official
 * examples and the 1,000-line invoices have 237 CII and 322 UBL paths)
 */
const MAX_PATHS = 4096;
/** the positions remembered per path (the children of a line's or a party's element fit) */
const MEMO = 32;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function newNode(ns: string): AbsenceNode {
  return {
    ns,
    fails: [],
    children: new Map(),
    lengths: NO_LENGTHS,
    attrs: new Map(),
    hasAttrs: false,
    hasChildren: false,
    kids: { locals: [], entries: [] },
  };
}

/**
 * `possible`: whether an absence chain can exist below a node of the rule's context (ModelAbsence
 * for a model the document passed); a chain it rules out is left out of the rule's absence tree,
 * an assert whose every chain is ruled out is left out of the rule (it holds on every such node).
 * `holds`: whether a test holds on every node of the rule's context for that model (the
 * cardinalities its content models bound, decision 0255); such an assert is left out.
 */
export function compilePattern(
  data: PatternData,
  possible?: (context: Ast, chain: readonly ChainStep[]) => boolean,
  holds?: (context: Ast, test: Ast) => boolean,
): CompiledPattern {
  const deepChains: DeepChain[] = [];
  const rules = data.rules.map(([context, asserts, lets = []]) => {
    const rule: CompiledRule = {
      context: compileXPath(context, data.ns),
      lets: lets.map(([name, value]) => ({ name, value: compileXPath(value, data.ns) })),
      always: [],
      byChild: new Map(),
      byAttr: new Map(),
      absent: newNode(''),
      children: new Map(),
      childLengths: NO_LENGTHS,
      kids: { locals: [], entries: [] },
      attrsOnly: false,
      hasLets: false,
      hasChildren: false,
      hasTriggers: false,
      readsAttrs: false,
    };
    for (const [id, flag, test, message] of asserts) {
      const compiled = compileXPath(test, data.ns);
      const a: CompiledAssert = {
        id,
        severity: flag === 'warning' ? 'warning' : 'fatal',
        test: compiled,
        holds: boolOf(compiled.ast),
        message,
        deep: -1,
      };
      // a test reading the rule's variables is evaluated as it is, on every node
      if (lets.length) {
        const compared = comparedValues(test, data.ns, new Map(lets));
        if (compared) a.compared = compared;
        rule.always.push(a);
        continue;
      }
      if (holds?.(rule.context.ast, a.test.ast)) continue;
      const deep = deepChainOf(a.test.ast);
      if (deep !== null && deepChains.length < MAX_DEEP) {
        // the document's answer, the same on every node: kept with the asserts run on every node
        a.deep = deepChains.length;
        deepChains.push(deep);
        rule.always.push(a);
        continue;
      }
      const chains = absenceChains(a.test);
      // a local name bound to two namespaces in one tree node would need more than a map: fall back
      if (chains?.every((c) => addChain(rule.absent, c, a, true))) {
        for (const c of chains)
          if (possible === undefined || possible(rule.context.ast, c)) addChain(rule.absent, c, a, false);
        continue;
      }
      const t = triggerOf(a.test);
      if (!t) rule.always.push(a);
      else push(t.attr ? rule.byAttr : rule.byChild, t.local, a);
    }
    for (const [local, triggers] of rule.byChild) rule.children.set(local, { triggers, absent: undefined });
    for (const [local, absent] of rule.absent.children) {
      const entry = rule.children.get(local);
      if (entry) entry.absent = absent;
      else rule.children.set(local, { triggers: undefined, absent });
    }
    rule.childLengths = nameLengths(rule.children.keys());
    setLengths(rule.absent);
    rule.attrsOnly = rule.lets.length === 0 && rule.always.length === 0 && rule.children.size === 0;
    rule.hasLets = rule.lets.length > 0;
    rule.hasChildren = rule.children.size > 0;
    rule.hasTriggers = rule.byChild.size > 0;
    rule.readsAttrs = rule.byAttr.size > 0 || rule.absent.attrs.size > 0;
    return rule;
  });
  const gatherNames = new Set<string>();
  const gatherAttrs = new Set<string>();
  for (const r of rules) {
    // the settled chains' lists are not asked for (their asserts read the walk's record)
    for (const a of [...r.always, ...[...r.byChild.values()].flat(), ...[...r.byAttr.values()].flat()])
      if (a.deep < 0) deepNames(a.test.ast, gatherNames, gatherAttrs);
    for (const l of r.lets) deepNames(l.value.ast, gatherNames, gatherAttrs);
  }
  return {
    rules,
    index: ContextIndex.of([rules.map((r) => r.context)]),
    gatherNames: [...gatherNames],
    gatherIndex: new Map([...gatherNames].map((name, k) => [name, k])),
    gatherAttrs: [...gatherAttrs],
    gatherAttrSet: gatherAttrs.size > 0 ? gatherAttrs : null,
    roots: new Map(),
    paths: 0,
    claims: { nodes: [], rules: [], below: [], busy: false },
    deepChains,
  };
}

/**
 * `not(//a/b/c)`, `not(//a/b/@x)`: named child steps without predicates from `//`, the last one
 * possibly a named attribute (what DeepChain records), else null
 */
function deepChainOf(a: Ast): DeepChain | null {
  if (a.k !== 'call' || a.name !== 'not' || a.args.length !== 1) return null;
  const p = a.args[0] as Ast;
  if (p.k !== 'path' || p.abs !== '//' || p.start !== null || p.steps.length === 0) return null;
  const locals: string[] = [];
  const spaces: string[] = [];
  let attr: string | null = null;
  for (const [i, s] of p.steps.entries()) {
    if ((s.deep && i > 0) || s.preds.length > 0 || s.local === '*' || s.ns === '*' || s.call !== undefined)
      return null;
    if (s.axis === 'attribute' && i === p.steps.length - 1 && i > 0) attr = s.local;
    else if (s.axis === 'child') {
      locals.push(s.local);
      spaces.push(s.ns);
    } else return null;
  }
  return { locals, spaces, attr };
}

/** The chains of `chains` that end at `e` (its name and its ancestors' names), as DeepAt; null when none */
function deepAt(chains: readonly DeepChain[], e: XmlElement): DeepAt[] | null {
  let out: DeepAt[] | null = null;
  chains.forEach((chain, bit) => {
    let at: XmlElement | null = e;
    for (let k = chain.locals.length - 1; k >= 0; k--) {
      if (at === null || at.local !== chain.locals[k] || at.ns !== chain.spaces[k]) return;
      at = at.parent;
    }
    out ??= [];
    out.push({ bit, attr: chain.attr });
  });
  return out;
}

/**
 * The names an expression asks the whole document for: element names of `//name` and
 * `preceding::name` steps (XDocument.named) and attribute names of `//@name` steps
 */
function deepNames(a: Ast, names: Set<string>, attrs: Set<string>): void {
  if (a.k === 'path') {
    a.steps.forEach((s, i) => {
      const deep = s.deep || (i === 0 && a.abs === '//');
      if (s.local === '*' || s.ns === '*') return;
      if ((deep && s.axis === 'child') || s.axis === 'preceding') names.add(s.local);
      else if (deep && s.axis === 'attribute') attrs.add(s.local);
    });
  }
  // every nested expression: operands, arguments, predicates, path starts and function steps
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v !== null && typeof v === 'object') {
      if ('k' in v) deepNames(v as Ast, names, attrs);
      else for (const x of Object.values(v)) visit(x);
    }
  };
  for (const v of Object.values(a)) visit(v);
}

const NO_LENGTHS = new Uint32Array(4);

/**
 * The lengths of some names as bits (0 to 126; 127 for any longer): a name whose length is not
 * among them is none of them. Child names of an invoice vary in length, so this rejects most of
 * the children a rule does not care about for the price of reading a string's length, before
 * the `Map` lookup (decision 0178's per-node costs).
 */
function nameLengths(names: Iterable<string>): Uint32Array {
  const bits = new Uint32Array(4);
  for (const name of names) {
    const n = Math.min(name.length, 127);
    bits[n >> 5] = (bits[n >> 5] as number) | (1 << (n & 31));
  }
  return bits;
}

/** May `name` be one of the names of `bits`? (false: certainly not) */
function mayBeOne(bits: Uint32Array, name: string): boolean {
  const n = Math.min(name.length, 127);
  return ((bits[n >> 5] as number) & (1 << (n & 31))) !== 0;
}

function setLengths(node: AbsenceNode): void {
  node.lengths = nameLengths(node.children.keys());
  node.hasAttrs = node.attrs.size > 0;
  node.hasChildren = node.children.size > 0;
  for (const child of node.children.values()) setLengths(child);
}

/** Adds a chain to the tree (or, with dryRun, says whether it can be added without a namespace clash) */
function addChain(
  root: AbsenceNode,
  chain: { attr: boolean; ns: string; local: string }[],
  a: CompiledAssert,
  dryRun: boolean,
): boolean {
  let node = root;
  for (const step of chain) {
    if (step.attr) {
      if (!dryRun) push(node.attrs, step.local, a);
      return true;
    }
    let next = node.children.get(step.local);
    if (next && next.ns !== step.ns) return false;
    if (!next) {
      if (dryRun) return true;
      next = newNode(step.ns);
      node.children.set(step.local, next);
    }
    node = next;
  }
  if (!dryRun) node.fails.push(a);
  return true;
}

/**
 * Walks the absence tree below `elements`; adds the asserts whose forbidden path exists to `failed`
 * (created on the first one: most context nodes fail nothing, and then nothing is allocated)
 */
function walkAbsent(
  tree: AbsenceNode,
  elements: readonly XmlElement[],
  failed: Set<CompiledAssert> | undefined,
): Set<CompiledAssert> | undefined {
  if (tree.attrs.size) {
    for (const e of elements)
      for (const name in e.attrs) {
        const list = tree.attrs.get(name);
        if (!list) continue;
        failed ??= new Set();
        for (const a of list) failed.add(a);
      }
  }
  if (!tree.children.size) return failed;
  let groups: Map<AbsenceNode, XmlElement[]> | undefined;
  for (const e of elements) {
    for (const c of e.children) {
      const t = tree.children.get(c.local);
      if (!t || t.ns !== c.ns) continue;
      groups ??= new Map();
      const g = groups.get(t);
      if (g) g.push(c);
      else groups.set(t, [c]);
    }
  }
  if (!groups) return failed;
  for (const [t, g] of groups) {
    if (t.fails.length) {
      failed ??= new Set();
      for (const a of t.fails) failed.add(a);
    }
    failed = walkAbsent(t, g, failed);
  }
  return failed;
}

/** Does a path the tree forbids exist below `e` (walkAbsent would fail an assert)? Allocates nothing */
function failsBelow(tree: AbsenceNode, e: XmlElement): boolean {
  // most elements carry no attribute: the parsers' shared NO_ATTRS, without a for-in's setup
  if (tree.hasAttrs && e.attrs !== NO_ATTRS)
    for (const name in e.attrs) if (tree.attrs.has(name)) return true;
  if (!tree.hasChildren) return false;
  const children = e.children;
  const memo = tree.kids;
  const locals = memo.locals;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    const local = c.local;
    const t =
      locals[i] === local
        ? (memo.entries[i] as AbsenceNode | null)
        : remember(memo, i, local, mayBeOne(tree.lengths, local) ? (tree.children.get(local) ?? null) : null);
    if (t !== null && t.ns === c.ns && (t.fails.length > 0 || failsBelow(t, c))) return true;
  }
  return false;
}

/** Has `e` an attribute the tree node forbids? */
function hasAttrOf(tree: AbsenceNode, e: XmlElement): boolean {
  for (const name in e.attrs) if (tree.attrs.has(name)) return true;
  return false;
}

/** Hostile documents (100,000 repeated lines) could otherwise yield millions of warnings */
export const MAX_RULE_FINDINGS = 1000;

export function runPattern(pattern: CompiledPattern, root: XmlElement): Finding[] {
  // this pass's own document, garbage once the pass returns (decision 0226)
  const doc = new XDocument(root);
  const findings: Finding[] = [];
  const index = pattern.index;
  if (index) {
    // one walk in document order claims each element for the first rule whose context matches it,
    // and gathers what the asserts' absolute paths ask for; then the rules run on their nodes in
    // that order (the root's asserts first, as before, but with the lists already gathered)
    const shared = pattern.claims;
    const own = !shared.busy;
    const nodes = own ? shared.nodes : [];
    const claimed = own ? shared.rules : [];
    const below = own ? shared.below : [];
    // the claim index of the ancestor at each depth whose absence tree the walk follows (TreeAt)
    const slots: number[] = [];
    if (own) shared.busy = true;
    let count = 0;
    // made on the first element or attribute met: most of the names asked are absent
    const lists: (XmlElement[] | undefined)[] = new Array(pattern.gatherNames.length);
    const attrNames = pattern.gatherAttrSet;
    let attrs: Map<string, XmlElement[]> | undefined;
    const rules = pattern.rules;
    // the bits of the `not(//…)` chains met (decision 0272)
    let deepMet = 0;
    // document order (the parser caps the depth, so recursion is bounded)
    const visit = (e: XmlElement, entry: PathEntry): void => {
      const deep = entry.deep;
      if (deep !== null)
        for (let k = 0; k < deep.length; k++) {
          const { bit, attr } = deep[k] as DeepAt;
          if (attr === null || (e.attrs !== NO_ATTRS && e.attrs[attr] !== undefined)) deepMet |= 1 << bit;
        }
      if (entry.gather >= 0) {
        const list = lists[entry.gather];
        if (list === undefined) lists[entry.gather] = [e];
        else list.push(e);
      }
      if (attrNames !== null && e.attrs !== NO_ATTRS)
        for (const name in e.attrs) {
          if (!attrNames.has(name)) continue;
          attrs ??= new Map();
          const owners = attrs.get(name);
          if (owners === undefined) attrs.set(name, [e]);
          else owners.push(e);
        }
      const here = entry.here;
      if (here !== null)
        for (let k = 0; k < here.length; k++) {
          const { depth, node } = here[k] as TreeAt;
          const slot = slots[depth] as number;
          if (
            below[slot] === NOT_BELOW &&
            (node.fails.length > 0 || (node.hasAttrs && e.attrs !== NO_ATTRS && hasAttrOf(node, e)))
          )
            below[slot] = BELOW;
        }
      // the contexts with predicates first, then the one the path settled (decision 0254)
      let claim = entry.settled;
      const tests = entry.tests;
      for (let k = 0; k < tests.length; k++) {
        const c = tests[k] as ContextEntry;
        if (c.match(e, doc)) {
          claim = c.rule;
          break;
        }
      }
      if (claim >= 0) {
        // claimed; listed only when the rule can fail there
        const rule = rules[claim] as CompiledRule;
        if (!rule.attrsOnly || attributeMayFail(rule, e)) {
          nodes[count] = e;
          claimed[count] = rule;
          if (entry.follows) {
            slots[entry.depth] = count;
            below[count] = NOT_BELOW;
          } else below[count] = UNKNOWN;
          count++;
        }
      }
      const children = e.children;
      const { locals, entries: kids } = entry.kids;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        const known = locals[i] === c.local ? (kids[i] as PathEntry) : undefined;
        visit(c, known !== undefined && known.ns === c.ns ? known : childEntry(pattern, entry, i, c, doc));
      }
    };
    try {
      visit(root, rootEntry(pattern, root, doc));
      doc.gathered(pattern.gatherIndex, lists, attrNames, attrs);
      for (let i = 0; i < count; i++) {
        // what the walk found of the rule's absence tree below the node, when it followed it
        const known = below[i] as number;
        runRule(
          doc,
          claimed[i] as CompiledRule,
          nodes[i] as XmlElement,
          findings,
          known === UNKNOWN ? undefined : known === BELOW,
          deepMet,
        );
        if (findings.length >= MAX_RULE_FINDINGS) return findings.slice(0, MAX_RULE_FINDINGS);
      }
      return findings;
    } finally {
      if (own) {
        if (nodes.length > CLAIMS_KEPT) {
          shared.nodes = [];
          shared.rules = [];
          shared.below = [];
        } else nodes.fill(undefined, 0, count);
        shared.busy = false;
      }
    }
  }
  const claimed = new Set<XmlElement>();
  for (const rule of pattern.rules) {
    for (const node of doc.evaluate(rule.context, doc.docNode)) {
      if (typeof node !== 'object' || 'attr' in node || 'doc' in node || claimed.has(node)) continue;
      claimed.add(node);
      runRule(doc, rule, node, findings, undefined, UNWALKED);
      if (findings.length >= MAX_RULE_FINDINGS) return findings.slice(0, MAX_RULE_FINDINGS);
    }
  }
  return findings;
}

/** The entry of the path of `root` (a document's root element) */
function rootEntry(pattern: CompiledPattern, root: XmlElement, doc: XDocument): PathEntry {
  const known = pattern.roots.get(root.local);
  if (known !== undefined && known.ns === root.ns) return known;
  const entry = pathEntry(pattern, root, doc, null);
  if (entry.kept && known === undefined) pattern.roots.set(root.local, entry);
  return entry;
}

/**
 * The entry of child `c` (at position `i`) of an element at `parent`'s path, made on the first
 * element met there and remembered by position
 */
function childEntry(
  pattern: CompiledPattern,
  parent: PathEntry,
  i: number,
  c: XmlElement,
  doc: XDocument,
): PathEntry {
  if (!parent.kept) return pathEntry(pattern, c, doc, parent);
  let byName = parent.byName;
  const local = c.local;
  let entry = byName?.get(local);
  // a second namespace for one local name under one path (no invoice does this): its own key
  if (entry !== undefined && entry.ns !== c.ns) entry = byName?.get(`${c.ns} ${local}`);
  if (entry === undefined) {
    entry = pathEntry(pattern, c, doc, parent);
    if (!entry.kept) return entry;
    byName ??= parent.byName = new Map();
    byName.set(byName.get(local) === undefined ? local : `${c.ns} ${local}`, entry);
  }
  // positions are met in order from 0: the lists grow by one, and later misses replace an entry
  remember(parent.kids, i, local, entry);
  return entry;
}

/**
 * A new entry for the path of `e`: its candidates, the name-only ones decided on `e` (the outcome is
 * the same for every element of the path), kept while fewer than MAX_PATHS are
 */
function pathEntry(
  pattern: CompiledPattern,
  e: XmlElement,
  doc: XDocument,
  parent: PathEntry | null,
): PathEntry {
  const index = pattern.index as ContextIndex;
  const candidates = index.candidates(e);
  const kept = pattern.paths < MAX_PATHS;
  const tests: ContextEntry[] = [];
  let settled = -1;
  for (const c of candidates) {
    if (!kept || !c.namesOnly) tests.push(c);
    else if (c.match(e, doc)) {
      settled = c.rule;
      break;
    }
  }
  if (kept) pattern.paths++;
  // the claimed ancestors' absence trees followed down the path, and the element's own rule's when
  // the path settles it (decision 0262)
  const depth = parent === null ? 0 : parent.depth + 1;
  const here: TreeAt[] = [];
  const open: TreeAt[] = [];
  for (const t of parent?.open ?? []) {
    const node = t.node.children.get(e.local);
    if (node === undefined || node.ns !== e.ns) continue;
    if (node.fails.length > 0 || node.hasAttrs) here.push({ depth: t.depth, node });
    if (node.hasChildren) open.push({ depth: t.depth, node });
  }
  const own = tests.length === 0 && settled >= 0 ? (pattern.rules[settled] as CompiledRule).absent : null;
  const deep = pattern.deepChains.length > 0 ? deepAt(pattern.deepChains, e) : null;
  const follows = own?.hasChildren === true;
  if (own !== null && follows) open.push({ depth, node: own });
  return {
    local: e.local,
    ns: e.ns,
    gather: pattern.gatherIndex.get(e.local) ?? -1,
    tests,
    settled,
    kept,
    depth,
    here: here.length > 0 ? here : null,
    open: open.length > 0 ? open : null,
    follows,
    deep,
    kids: { locals: [], entries: [] },
    byName: undefined,
  };
}

/** Has `e` an attribute an assert of the rule is triggered by or forbids (what runRule reads of attributes)? */
function attributeMayFail(rule: CompiledRule, e: XmlElement): boolean {
  if (e.attrs === NO_ATTRS) return false;
  for (const name in e.attrs) if (rule.byAttr.has(name) || rule.absent.attrs.has(name)) return true;
  return false;
}

/**
 * `below`: whether a path the rule's absence tree forbids exists below `node`, when the walk found
 * it out (the rules settled by their path: decision 0254 step 4, 0262); else runRule walks the tree
 * below the node's children
 */
function runRule(
  doc: XDocument,
  rule: CompiledRule,
  node: XmlElement,
  findings: Finding[],
  below: boolean | undefined,
  deepMet: number,
): void {
  if (rule.hasLets) {
    // computed when a test (or a later let) reads them, on this node
    for (const l of rule.lets) doc.bindLazy(l.name, () => doc.evaluate(l.value, node));
    try {
      for (const a of rule.always) if (!a.holds(node, doc)) report(doc, findings, a, node);
    } finally {
      doc.unbindAll();
    }
    return;
  }
  for (const a of rule.always) {
    // a `not(//…)` chain the walk recorded, else the test itself (decision 0272)
    const d = a.deep;
    if (d >= 0 && deepMet !== UNWALKED ? (deepMet & (1 << d)) !== 0 : !a.holds(node, doc))
      report(doc, findings, a, node);
  }
  // one pass over the children: the asserts they trigger (reported now, in child order), and
  // whether a path the absence tree forbids starts there (reported after the attributes')
  let absent = false;
  // with the tree's outcome known, the children matter only for the asserts they trigger
  if (below === undefined ? rule.hasChildren : rule.hasTriggers) {
    // each triggering child name once; a set only from the second name on (most nodes have one)
    let first: string | undefined;
    let seen: Set<string> | undefined;
    const children = node.children;
    const memo = rule.kids;
    const locals = memo.locals;
    for (let i = 0; i < children.length; i++) {
      const c = children[i] as XmlElement;
      const local = c.local;
      const entry =
        locals[i] === local
          ? (memo.entries[i] as ChildEntry | null)
          : remember(
              memo,
              i,
              local,
              mayBeOne(rule.childLengths, local) ? (rule.children.get(local) ?? null) : null,
            );
      if (entry === null) continue;
      const t = entry.absent;
      if (
        below === undefined &&
        !absent &&
        t !== undefined &&
        t.ns === c.ns &&
        (t.fails.length > 0 || failsBelow(t, c))
      )
        absent = true;
      const list = entry.triggers;
      if (list === undefined || c.local === first || seen?.has(c.local)) continue;
      if (first === undefined) first = c.local;
      else {
        seen ??= new Set();
        seen.add(c.local);
      }
      for (const a of list) if (!a.holds(node, doc)) report(doc, findings, a, node);
    }
  }
  if (rule.readsAttrs && node.attrs !== NO_ATTRS) {
    for (const name in node.attrs) {
      if (!absent && rule.absent.attrs.has(name)) absent = true;
      const list = rule.byAttr.get(name);
      if (list) for (const a of list) if (!a.holds(node, doc)) report(doc, findings, a, node);
    }
  }
  // most context nodes fail nothing: found out above without allocating; now collected in order
  if (below === true) absent = true;
  if (!absent) return;
  const failed = walkAbsent(rule.absent, [node], undefined);
  if (failed) for (const a of failed) report(doc, findings, a, node);
}

/** A failed assert on `node`: its XPath and line are only built here, for the findings reported */
function report(doc: XDocument, findings: Finding[], a: CompiledAssert, node: XmlElement): void {
  findings.push({
    rule: a.id,
    message: a.message,
    path: 'invoice',
    severity: a.severity,
    xpath: xpathOf(node),
    line: node.line,
    // the variables are still bound here: what the document gives and what the rule computed
    ...(a.compared ? evaluateCompared(doc, a.compared, node) : {}),
  });
}
