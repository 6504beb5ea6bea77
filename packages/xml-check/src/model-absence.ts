/**
 * Which "must be absent" paths of the syntax rules (`not(ram:A/ram:B/@c)` from a rule's context,
 * rules.ts's absence trees) a document cannot hold once the structure check found nothing in it
 * against a model (decision 0227). Most CII-SR rules forbid elements the Factur-X profile's XSD does
 * not declare at that place: on a document that passed that XSD, looking for them (runRule's walk
 * of the absence tree below each claimed node, a fifth to a quarter of the syntax rules' time) can
 * only find nothing.
 *
 * Sound by the structure check's own rules (validate.ts), not the XSD's: with no finding, every
 * element was matched to a declaration of its parent's content model by name and namespace and
 * checked against that declaration's type (children and attributes), except below what the check
 * does not look into — wildcards and declarations without a type — which here stand for "anything".
 * Everything not understood (other axes, `//` in the middle of a context) answers "possible".
 */
import { type Particle, type PreparedModel, UNBOUNDED } from './model.js';
import type { Ast, Step } from './xpath-parse.js';
import type { ChainStep } from './xpath-shapes.js';

/** A subtree the structure check does not look into: any element or attribute may be there */
const ANY = -1;

/** For one model: can an absence chain be present below a node a context selects? */
export class ModelAbsence {
  /** the type indexes (or ANY) a context can select, by its AST; null when not understood */
  readonly #contexts = new Map<Ast, Set<number> | null>();
  /** whether some content model of the model holds a wildcard (then `//x` may be anywhere, with anything below) */
  readonly #hasWildcard: boolean;

  constructor(private readonly model: PreparedModel) {
    this.#hasWildcard = model.types.some((t) => t.particle !== null && holdsWildcard(t.particle));
  }

  /** May `chain` exist below a node `context` selects, in a document the structure check passed? */
  possible(context: Ast, chain: readonly ChainStep[]): boolean {
    let states = this.#contexts.get(context);
    if (states === undefined) {
      states = this.contextTypes(context);
      this.#contexts.set(context, states);
    }
    if (states === null) return true;
    for (const step of chain) {
      if (states.has(ANY)) return true;
      if (step.attr) return this.attributePossible(states, step.local);
      const next = new Set<number>();
      for (const t of states) this.children(t, step.ns, step.local, next);
      if (next.size === 0) return false;
      states = next;
    }
    return true;
  }

  /**
   * Does `test` hold on every node `context` selects, in a document the structure check passed?
   * Understood: cardinalities of a path of child steps that the content models bound
   * (`count(ram:A/ram:B) <= 1`, `count(ram:C) = 1`, decision 0255); anything else answers false.
   * A step's predicates only narrow what it selects: an upper bound holds with them, a lower bound
   * is only read from paths without them.
   */
  holds(context: Ast, test: Ast): boolean {
    if (test.k !== 'cmp' || test.b.k !== 'num') return false;
    const a = test.a;
    if (a.k !== 'call' || a.name !== 'count' || a.args.length !== 1) return false;
    const path = a.args[0] as Ast;
    if (path.k !== 'path' || path.abs !== '' || path.start !== null || path.steps.length === 0) return false;
    if (path.steps.some((s) => s.axis !== 'child' || s.deep || s.local === '*' || s.ns === '*')) return false;
    let states = this.#contexts.get(context);
    if (states === undefined) {
      states = this.contextTypes(context);
      this.#contexts.set(context, states);
    }
    if (states === null || states.size === 0) return false;
    const narrowed = path.steps.some((s) => s.preds.length > 0);
    let min = 1;
    let max = 1;
    for (const step of path.steps) {
      if (states.has(ANY)) return false;
      // no element can be at this step: the count is 0
      if (states.size === 0 || max === 0) {
        min = 0;
        max = 0;
        break;
      }
      let stepMin = Number.POSITIVE_INFINITY;
      let stepMax = 0;
      const next = new Set<number>();
      for (const t of states) {
        const type = this.model.types[t];
        if (type === undefined) return false;
        const [lo, hi] =
          type.def.s !== undefined || type.particle === null
            ? [0, 0]
            : occurrences(this.model, type.particle, step.ns, step.local);
        stepMin = Math.min(stepMin, lo);
        stepMax = Math.max(stepMax, hi);
        this.children(t, step.ns, step.local, next);
      }
      min *= stepMin;
      max = stepMax === 0 ? 0 : max * stepMax;
      states = next;
    }
    if (narrowed) min = 0;
    const n = test.b.v;
    switch (test.op) {
      case '<=':
        return max <= n;
      case '<':
        return max < n;
      case '=':
        return min === n && max === n;
      case '>=':
        return min >= n;
      case '>':
        return min > n;
      default:
        return false;
    }
  }

  private attributePossible(states: Set<number>, name: string): boolean {
    // a prefixed name (xsi:…, skipped by the check) is never ruled out
    if (name.includes(':')) return true;
    for (const t of states) {
      const type = this.model.types[t];
      if (type === undefined || type.def.aa || type.attrs.has(name)) return true;
    }
    return false;
  }

  /** The types (or ANY) of the elements a rule context can select; null when not understood */
  private contextTypes(a: Ast): Set<number> | null {
    if (a.k === 'union') {
      const out = new Set<number>();
      for (const item of a.items) {
        const s = this.contextTypes(item);
        if (s === null) return null;
        for (const t of s) out.add(t);
      }
      return out;
    }
    if (a.k !== 'path' || a.start !== null || a.steps.length === 0) return null;
    const [first, ...rest] = a.steps as [Step, ...Step[]];
    if (first.axis !== 'child' || rest.some((s) => s.axis !== 'child' || s.deep)) return null;
    // predicates only narrow what a step selects: left out, the sets are supersets
    let states = new Set<number>();
    if (a.abs === '/' && !first.deep) {
      for (const elem of Object.values(this.model.roots)) this.declared(elem, first, states);
    } else {
      // `//x` (or a relative match pattern): any declaration of that name; anything when the
      // model has a wildcard (below it an element of any name may hold anything)
      if (this.#hasWildcard) return null;
      for (let elem = 0; elem < this.model.elems.length; elem++) this.declared(elem, first, states);
    }
    for (const step of rest) {
      if (states.has(ANY)) return states;
      const next = new Set<number>();
      for (const t of states) this.children(t, step.ns, step.local, next);
      states = next;
    }
    return states;
  }

  /** Adds the type of declaration `elem` to `out` when its name matches the step */
  private declared(elem: number, step: Step, out: Set<number>): void {
    const d = this.model.elems[elem];
    if (!d || !nameFits(step.ns, step.local, d.ns, d.local)) return;
    out.add(this.model.types[d.type] === undefined ? ANY : d.type);
  }

  /** Adds the types a child named ns:local of an element of type `t` may have to `out` */
  private children(t: number, ns: string, local: string, out: Set<number>): void {
    const type = this.model.types[t];
    if (type === undefined) {
      out.add(ANY);
      return;
    }
    // simple content or an empty content model: no children pass the check
    if (type.def.s !== undefined || type.particle === null) return;
    const visit = (p: Particle): void => {
      const head = p[0];
      if (typeof head === 'number') {
        const d = this.model.elems[head];
        if (d && nameFits(ns, local, d.ns, d.local))
          out.add(this.model.types[d.type] === undefined ? ANY : d.type);
      } else if (head === 'w') out.add(ANY);
      else for (const item of p.slice(3) as Particle[]) visit(item);
    };
    visit(type.particle);
  }
}

/**
 * How many children named ns:local a content model lets an element have, as the structure check
 * counts them ([min, max], max Infinity when unbounded); [0, Infinity] wherever a wildcard could take
 * one (what it takes is not checked by name)
 */
function occurrences(model: PreparedModel, p: Particle, ns: string, local: string): [number, number] {
  const [head, min, rawMax] = p;
  const max = rawMax === UNBOUNDED ? Number.POSITIVE_INFINITY : rawMax;
  if (typeof head === 'number') {
    const d = model.elems[head];
    return d !== undefined && d.ns === ns && d.local === local ? [min, max] : [0, 0];
  }
  if (head === 'w') return [0, Number.POSITIVE_INFINITY];
  const items = (p.slice(3) as Particle[]).map((item) => occurrences(model, item, ns, local));
  if (items.length === 0) return [0, 0];
  // one repetition of the group: every item of a sequence, one item of a choice
  const lo = head === 's' ? items.reduce((sum, [l]) => sum + l, 0) : Math.min(...items.map(([l]) => l));
  const hi =
    head === 's' ? items.reduce((sum, [, h]) => sum + h, 0) : Math.max(0, ...items.map(([, h]) => h));
  return [min * lo, hi === 0 ? 0 : max * hi];
}

function nameFits(ns: string, local: string, declNs: string, declLocal: string): boolean {
  return (ns === '*' || ns === declNs) && (local === '*' || local === declLocal);
}

function holdsWildcard(p: Particle): boolean {
  const head = p[0];
  if (typeof head === 'number') return false;
  if (head === 'w') return true;
  return (p.slice(3) as Particle[]).some(holdsWildcard);
}
