/**
 * The binding table compiled for reading (decision 0156): each group's paths (its fields', its
 * sub-groups', its constants') merged into one tree of steps, so a group's element is read with ONE
 * walk of the part of the document its bindings reach — one dispatch per child element — instead of
 * one path evaluation per binding, each rescanning the same children from the group's element.
 *
 * The walk gives, for every path of the group, exactly what selectElements gives for it (the same
 * elements in the same document order, the same discriminators marked as read); read.ts then applies
 * the bindings in table order on those results, so the model, the findings and their order are
 * unchanged. The table stays the single description of the mapping: this only compiles it.
 */
import { lastNameOf } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';
import { compilePath, type Step, splitSteps, type Test, testHolds, type Variables } from './binding/path.js';
import type { Binding, FieldBinding, GroupBinding, ValueType } from './binding/types.js';
import { compileKey, type KeyAccess, sharedKey } from './model-path.js';
import type { ElementSink } from './read-marks.js';

/** What a walk found at one path node: nothing, one element (the usual case), or several in document order */
export type Found = XmlElement | XmlElement[] | undefined;

/** The results of one walk, indexed by path node (node 0 is the context element itself) */
export type Walk = Found[];

interface PathNode {
  index: number;
  step: Step | undefined;
  /**
   * Discriminators are marked as read when a field's or a group's path reaches them (as
   * selectElements does when the reader passes its visited set); constants' paths alone do not.
   */
  marks: boolean;
  children: PathNode[];
  /** the children that have children of their own, in the order of `children` (set once compiled) */
  inner: PathNode[];
  /** the local name of each child's step, in the order of `children` */
  locals: string[];
  /** children by local name (namespace and predicates are checked on dispatch) */
  byLocal: Map<string, PathNode[]>;
  /**
   * For a node with more than SCAN_MAX children: the local name of the child element last met at
   * each position under an element found here, and its `byLocal` answer (null: none). The next
   * element found here mostly has the same children in the same places (the next line, the next
   * invoice), so a child's nodes are one identity compare away instead of a `Map` look-up by name
   * (decision 0253, as xml-check's ChildMemo, 0228). The first MEMO positions only.
   */
  memoLocals: string[];
  memoKids: (PathNode[] | null)[];
}

/** Child positions remembered per node (memoLocals) */
const MEMO = 32;

/** Up to this many child nodes, a child element's name is compared with each in turn (no look-up) */
const SCAN_MAX = 6;

/**
 * The compiled entries copy what the reader asks per value from their binding (key, type, flags):
 * the table's binding objects have many shapes (their optional members differ), so a read of
 * `binding.type` at one place of the reader was a megamorphic look-up, once per field per group
 * element; the compiled entries all have one shape (decision 0194).
 */
export interface CompiledField {
  kind: 'field';
  binding: FieldBinding;
  key: string;
  type: ValueType;
  /** node of the path's last element step */
  node: number;
  /** node of the element holding the last step (an empty date's place); -1 when the path has one step */
  holder: number;
  attr: string | undefined;
  /** the model key's read and write, compiled for this binding (decision 0194) */
  access: KeyAccess;
  /** a date whose path holds it in an element of its own: read as '' when that element is empty */
  emptyDate: boolean;
  /**
   * May the key already hold a value when this field is read (another binding of the same model
   * object writes it, or a key above or below it)? Only then does the reader ask (`markRereads`).
   */
  reread: boolean;
  /** the key's last name (`netAmount` of `price.netAmount`), for the record of numbers as written */
  name: string;
}

export interface CompiledGroup {
  kind: 'group';
  binding: GroupBinding;
  key: string;
  many: boolean;
  split: string | undefined;
  keepEmpty: boolean;
  /** node of the group's element; 0 (the context) for a path-less group */
  node: number;
  pathless: boolean;
  access: KeyAccess;
  /** the plan of the group's own element */
  plan: Plan;
  /** its model path's slot under the plan's path (ModelPath.under, decision 0252) */
  slot: number;
  /**
   * Its plan reads fields only (no group below it): no model path is asked under its element, so
   * an item's path is its text (`ModelPath.itemText`) and a path-less single group reads under its
   * parent's path itself (decision 0288)
   */
  fieldsOnly: boolean;
}

export type CompiledEntry = CompiledField | CompiledGroup;

export interface CompiledConstant {
  node: number;
  /** node of the element holding the constant (0: the group's element) */
  holder: number;
  value: string;
  upper: string;
  otherwise: string | undefined;
}

export interface Plan {
  size: number;
  /**
   * What the last walk of this plan found, reused by the next one (a walk per group element, and
   * per line, allocated nothing else): the reader is done with a group element's results before it
   * walks the plan again, and a plan never holds itself.
   */
  found: Walk;
  root: PathNode;
  entries: CompiledEntry[];
  constants: CompiledConstant[];
  /** the first-step node of each entry with a path (does the element hold any of its entries?) */
  firstSteps: number[];
}

function newNode(index: number, step: Step | undefined): PathNode {
  return {
    index,
    step,
    marks: false,
    children: [],
    inner: [],
    locals: [],
    byLocal: new Map(),
    memoLocals: [],
    memoKids: [],
  };
}

class PlanBuilder {
  readonly root = newNode(0, undefined);
  size = 1;
  private readonly bySource = new Map<PathNode, Map<string, PathNode>>();

  /** The node of each step of `source` (the root for a step-less path), created as needed */
  add(source: string, marks: boolean): { nodes: PathNode[]; attr: string | undefined } {
    const compiled = compilePath(source);
    const parts = splitSteps(source).slice(0, compiled.steps.length);
    const nodes: PathNode[] = [this.root];
    let at = this.root;
    compiled.steps.forEach((step, i) => {
      const key = parts[i] as string;
      let known = this.bySource.get(at);
      if (!known) {
        known = new Map();
        this.bySource.set(at, known);
      }
      let next = known.get(key);
      if (!next) {
        next = newNode(this.size++, step);
        known.set(key, next);
        at.children.push(next);
        at.locals.push(step.local);
        const sameName = at.byLocal.get(step.local);
        if (sameName) sameName.push(next);
        else at.byLocal.set(step.local, [next]);
      }
      if (marks) next.marks = true;
      nodes.push(next);
      at = next;
    });
    return { nodes, attr: compiled.attr };
  }
}

/**
 * The plans walked since the last release: their results would otherwise keep the last document's
 * elements alive until the next read. A plan not walked since holds nothing (its `found[0]`, the
 * walked element, is undefined), so the release clears those only, not all ~40 plans per document.
 */
const walked: Plan[] = [];

/** Forgets what the walks since the last release found */
export function releaseWalks(): void {
  for (const plan of walked) clear(plan.found);
  walked.length = 0;
}

/**
 * Every slot undefined, by a loop: `Array.prototype.fill` is a call into the runtime (C++), which
 * cost more than the loop over a plan's few slots (a walk per group element, ~8 per invoice line)
 */
function clear(found: Walk): void {
  for (let i = 0; i < found.length; i++) found[i] = undefined;
}

const rootPlans = new WeakMap<readonly Binding[], Plan>();
const groupPlans = new WeakMap<GroupBinding, Plan>();

/** The plan of a binding table read from the document's root (compiled once, nested plans with it) */
export function rootPlan(entries: readonly Binding[]): Plan {
  let plan = rootPlans.get(entries);
  if (!plan) {
    plan = compilePlan(entries, []);
    markRereads(plan, false);
    compileAccesses(plan, false);
    rootPlans.set(entries, plan);
  }
  return plan;
}

/** The plan of a group's element: its entries and its constants */
function groupPlan(g: GroupBinding): Plan {
  let plan = groupPlans.get(g);
  if (!plan) {
    plan = compilePlan(g.entries, g.constants ?? []);
    groupPlans.set(g, plan);
  }
  return plan;
}

function compilePlan(entries: readonly Binding[], constants: NonNullable<GroupBinding['constants']>): Plan {
  const builder = new PlanBuilder();
  const compiled: CompiledEntry[] = [];
  const firstSteps: number[] = [];
  // the slots of the groups (the entries with a model path of their own), from 0: a path's
  // list of the paths under it stays as short as the plan needs
  let slots = 0;
  for (const b of entries) {
    const { nodes, attr } = builder.add(b.path, true);
    const last = nodes[nodes.length - 1] as PathNode;
    if (nodes.length > 1) firstSteps.push((nodes[1] as PathNode).index);
    // the shared loops until compileAccesses says the binding runs per repeated element
    const access = sharedKey(b.key);
    if (b.kind === 'field') {
      const holder = nodes.length > 2 ? (nodes[nodes.length - 2] as PathNode).index : -1;
      compiled.push({
        kind: 'field',
        binding: b,
        key: b.key,
        type: b.type,
        node: last.index,
        holder,
        attr,
        access,
        emptyDate: b.type === 'date' && holder !== -1,
        reread: false,
        name: lastNameOf(b.key),
      });
    } else {
      const plan = groupPlan(b);
      compiled.push({
        kind: 'group',
        binding: b,
        key: b.key,
        many: b.many,
        split: b.split,
        keepEmpty: b.keepEmpty === true,
        node: last.index,
        pathless: nodes.length === 1,
        access,
        plan,
        slot: slots++,
        fieldsOnly: plan.entries.every((e) => e.kind === 'field'),
      });
    }
  }
  const compiledConstants = constants.map((c): CompiledConstant => {
    const { nodes } = builder.add(c.path, false);
    return {
      node: (nodes[nodes.length - 1] as PathNode).index,
      holder: (nodes[nodes.length - 2] as PathNode).index,
      value: c.value,
      upper: c.value.toUpperCase(),
      otherwise: c.otherwise,
    };
  });
  // the walk descends only into the child steps that lead further (most are a field's last step)
  const nodes = [builder.root];
  for (let node = nodes.pop(); node !== undefined; node = nodes.pop()) {
    node.inner = node.children.filter((c) => c.children.length > 0);
    if (node.children.length > SCAN_MAX) {
      node.memoLocals = new Array<string>(MEMO).fill('');
      node.memoKids = new Array<PathNode[] | null>(MEMO).fill(null);
    }
    nodes.push(...node.children);
  }
  return {
    size: builder.size,
    found: new Array(builder.size).fill(undefined),
    root: builder.root,
    entries: compiled,
    constants: compiledConstants,
    firstSteps,
  };
}

/**
 * Which fields may find their key already set (decision 0194). The reader asked the model object
 * for every field it read ("an alternative place of a term already read?"), yet a key can only be
 * set before its field is read when another binding writes into the same object: a binding of the
 * same plan or of a group with the empty key (its entries write into the parent's object), with the
 * same key, a key above it (`address` and `address.city`) or below it, or a detail key (`alsoKey`,
 * a constant's `otherwise`). A group whose key meets another one's may find its object already
 * made (`existing`), so all of its fields ask. The answers are those of the table, decided once.
 *
 * `shared`: the plan's object may already hold values when its entries are read.
 */
function markRereads(plan: Plan, shared: boolean): void {
  // every binding writing into this plan's object, with the keys it writes
  const writers: { entry: CompiledEntry | undefined; key: string }[] = [];
  const gather = (p: Plan): void => {
    for (const c of p.constants)
      if (c.otherwise !== undefined) writers.push({ entry: undefined, key: c.otherwise });
    for (const e of p.entries) {
      if (e.kind === 'group' && e.binding.key === '') {
        gather(e.plan);
        continue;
      }
      writers.push({ entry: e, key: e.binding.key });
      if (e.kind === 'field' && e.binding.alsoKey !== undefined)
        writers.push({ entry: undefined, key: e.binding.alsoKey });
    }
  };
  gather(plan);
  const meets = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
  for (const w of writers) {
    const entry = w.entry;
    if (entry === undefined) continue;
    const met = shared || writers.some((o) => o.entry !== entry && meets(o.key, w.key));
    if (entry.kind === 'field') entry.reread ||= met;
    // a repeated group's items are new objects; a single group's object may be another binding's
    else markRereads(entry.plan, !entry.binding.many && met);
  }
}

/**
 * The bindings read per element of a repeated group (a line, a VAT breakdown, an allowance: at any
 * depth below one) get their key compiled (`compileKey`); the others, read about once per document
 * (the header's), keep the shared loops: their own compiled code would run as cold code, which
 * cost as much as the megamorphic loops on the official examples (decision 0194).
 */
function compileAccesses(plan: Plan, repeated: boolean): void {
  for (const e of plan.entries) {
    if (repeated) e.access = compileKey(e.binding.key);
    if (e.kind === 'group') compileAccesses(e.plan, repeated || e.binding.many);
  }
}

/** Walks the part of `el` the plan's paths reach, once; `seen` gets the discriminators read */
export function walk(plan: Plan, el: XmlElement, vars: Variables, seen: ElementSink): Walk {
  const found = plan.found;
  // clean since the last release (nothing to clear), or holding its last walk's results
  if (found[0] === undefined) walked.push(plan);
  else clear(found);
  found[0] = el;
  if (plan.root.children.length > 0) walkNode(plan.root, el, found, vars, seen);
  return found;
}

/** Dispatches the children of the elements found at `node` to its child nodes, then walks those */
function walkNode(
  node: PathNode,
  at: XmlElement | XmlElement[],
  found: Walk,
  vars: Variables,
  seen: ElementSink,
): void {
  const kids = node.children;
  // few child nodes (most steps have one): the names compared in place (interned: by identity), in
  // the order of `children`, which is each name's order in `byLocal`
  const scan = kids.length <= SCAN_MAX;
  const { byLocal, locals, memoLocals, memoKids } = node;
  const many = Array.isArray(at);
  const sources = many ? at.length : 1;
  for (let i = 0; i < sources; i++) {
    const children = (many ? (at[i] as XmlElement) : (at as XmlElement)).children;
    for (let j = 0; j < children.length; j++) {
      const c = children[j] as XmlElement;
      if (scan) {
        const local = c.local;
        for (let k = 0; k < locals.length; k++)
          if (locals[k] === local) dispatch(c, kids[k] as PathNode, found, vars, seen);
        continue;
      }
      const local = c.local;
      let candidates: PathNode[] | null;
      if (j < MEMO && memoLocals[j] === local) candidates = memoKids[j] as PathNode[] | null;
      else {
        candidates = byLocal.get(local) ?? null;
        if (j < MEMO) {
          memoLocals[j] = local;
          memoKids[j] = candidates;
        }
      }
      if (candidates === null) continue;
      for (let k = 0; k < candidates.length; k++) dispatch(c, candidates[k] as PathNode, found, vars, seen);
    }
  }
  const inner = node.inner;
  for (let k = 0; k < inner.length; k++) {
    const child = inner[k] as PathNode;
    const f = found[child.index];
    if (f !== undefined) walkNode(child, f, found, vars, seen);
  }
}

/** Adds `c` to what `target` found when it is the step's element and passes its predicates */
function dispatch(c: XmlElement, target: PathNode, found: Walk, vars: Variables, seen: ElementSink): void {
  const step = target.step as Step;
  if (c.ns !== step.ns) return;
  if (step.test !== undefined && !testHolds(c, step.test, vars, target.marks ? seen : undefined)) return;
  for (let t = 0; t < step.also.length; t++) if (!testHolds(c, step.also[t] as Test, vars, undefined)) return;
  const prior = found[target.index];
  if (prior === undefined) found[target.index] = c;
  else if (Array.isArray(prior)) prior.push(c);
  else found[target.index] = [prior, c];
}

/** Did the walk find the first element of any entry's path (a path-less group's own elements)? */
export function holdsAny(plan: Plan, found: Walk): boolean {
  for (const node of plan.firstSteps) if (found[node] !== undefined) return true;
  return false;
}

/** The first element found, or undefined */
export function firstOf(f: Found): XmlElement | undefined {
  return Array.isArray(f) ? f[0] : f;
}

/** All elements found, as a list */
export function listOf(f: Found): XmlElement[] {
  return f === undefined ? [] : Array.isArray(f) ? f : [f];
}

export function countOf(f: Found): number {
  return f === undefined ? 0 : Array.isArray(f) ? f.length : 1;
}
