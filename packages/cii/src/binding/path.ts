/**
 * Compiles the binding table's path strings (see types.ts) once, and evaluates them on parsed XML.
 * Elements are matched by namespace URI + local name, so a document using other prefixes (or a
 * default namespace) reads the same.
 */
import { textOf, type XmlElement } from '@einv/xml';
import type { ElementSink } from '../read-marks.js';

export const NAMESPACES: Record<string, string> = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

export interface Test {
  steps: Step[];
  attr: string | undefined;
  negate: boolean;
  /** literal value, or a variable name when variable is true */
  value: string;
  variable: boolean;
}

export interface Step {
  /** qualified name as written in the table (the writer uses it as is) */
  name: string;
  local: string;
  ns: string;
  test: Test | undefined;
  /**
   * Further predicates (`[a='x'][b!='y']`): conditions only, never written. They exclude elements
   * another binding reads (BT-128 leaves the French AFL / AVV references to Line.frenchCtc).
   */
  also: Test[];
}

export interface CompiledPath {
  steps: Step[];
  attr: string | undefined;
  source: string;
}

export type Variables = Record<string, string | undefined>;

const cache = new Map<string, CompiledPath>();

export function compilePath(source: string): CompiledPath {
  const hit = cache.get(source);
  if (hit) return hit;
  const parts = splitSteps(source);
  let attr: string | undefined;
  const last = parts[parts.length - 1];
  if (last?.startsWith('@')) {
    attr = last.slice(1);
    parts.pop();
  }
  const compiled: CompiledPath = { steps: parts.map(compileStep), attr, source };
  cache.set(source, compiled);
  return compiled;
}

/**
 * The same characters as an internalized string (a property key is one): the parser interns element
 * names, so a step's local name then equals them by identity instead of character by character, and
 * differs from the other names at once (decision 0141).
 */
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0] as string;
}

/** Splits on '/' outside brackets; '' → no steps (the context element itself) */
export function splitSteps(source: string): string[] {
  if (source === '' || source === '.') return [];
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '/' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

function compileStep(part: string): Step {
  const bracket = part.indexOf('[');
  const name = bracket === -1 ? part : part.slice(0, bracket);
  const colon = name.indexOf(':');
  const prefix = name.slice(0, colon);
  const ns = NAMESPACES[prefix];
  if (colon === -1 || ns === undefined) throw new Error(`binding path step without a known prefix: ${part}`);
  const tests: Test[] = [];
  let rest = bracket === -1 ? '' : part.slice(bracket);
  while (rest !== '') {
    const m = /^\[(.+?)(!?=)(?:'([^']*)'|\$(\w+))\]/.exec(rest);
    if (!m) throw new Error(`unsupported binding predicate: ${part}`);
    const rel = compilePath(m[1] ?? '');
    tests.push({
      steps: rel.steps,
      attr: rel.attr,
      negate: m[2] === '!=',
      value: m[3] ?? m[4] ?? '',
      variable: m[4] !== undefined,
    });
    rest = rest.slice(m[0].length);
  }
  const [test, ...also] = tests;
  return { name, local: internalized(name.slice(colon + 1)), ns, test, also };
}

/**
 * All elements a path's steps reach from `from`, in document order. The elements that satisfied a
 * predicate (discriminators such as ram:TypeCode 916) are added to `seen` when given.
 */
export function selectElements(
  from: XmlElement,
  steps: readonly Step[],
  vars: Variables,
  seen?: ElementSink,
): XmlElement[] {
  if (steps.length === 0) return [from];
  // This runs for every term of every line: index loops, and no array while the path has reached
  // a single element (the usual case), only once a step matches several.
  let one: XmlElement = from;
  let current: XmlElement[] | undefined;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s] as Step;
    let nextOne: XmlElement | undefined;
    let next: XmlElement[] | undefined;
    const sources = current ? current.length : 1;
    for (let i = 0; i < sources; i++) {
      const children = (current ? (current[i] as XmlElement) : one).children;
      for (let j = 0; j < children.length; j++) {
        const c = children[j] as XmlElement;
        if (
          c.local === step.local &&
          c.ns === step.ns &&
          (step.test === undefined || testHolds(c, step.test, vars, seen)) &&
          (step.also.length === 0 || step.also.every((t) => testHolds(c, t, vars, undefined)))
        ) {
          if (next) next.push(c);
          else if (nextOne === undefined) nextOne = c;
          else next = [nextOne, c];
        }
      }
    }
    if (next) current = next;
    else if (nextOne !== undefined) {
      current = undefined;
      one = nextOne;
    } else return [];
  }
  return current ?? [one];
}

/**
 * Does `el` satisfy a predicate? The elements that hold a matching discriminator are added to `seen`
 * when given. Runs for every candidate element of every predicated step: the usual one- and
 * zero-step tests are looked at in place, without building the list selectElements would.
 */
export function testHolds(
  el: XmlElement,
  test: Test,
  vars: Variables,
  seen: ElementSink | undefined,
): boolean {
  const expected = test.variable ? vars[test.value] : test.value;
  if (expected === undefined) return test.negate;
  const match =
    test.steps.length === 0
      ? holdsValue(el, test.attr, expected)
        ? el
        : undefined
      : firstHolding(el, test.steps, 0, vars, test.attr, expected);
  if (match && seen && !test.negate && test.attr === undefined) {
    for (let e: XmlElement | null = match; e && e !== el; e = e.parent) seen.add(e);
  }
  return test.negate ? !match : match !== undefined;
}

/**
 * Calls `visit` on each element `selectElements(from, steps, vars)` lists, in the same (document)
 * order, until it answers false (then false): depth first, without the lists. Marks nothing.
 */
export function everyElement(
  from: XmlElement,
  steps: readonly Step[],
  vars: Variables,
  visit: (el: XmlElement) => boolean,
  s = 0,
): boolean {
  if (s === steps.length) return visit(from);
  const step = steps[s] as Step;
  const children = from.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (!stepHolds(c, step, vars)) continue;
    if (!everyElement(c, steps, vars, visit, s + 1)) return false;
  }
  return true;
}

/** Child `c` is one the step selects: its name, then every predicate (`[a][b]`), none marking */
function stepHolds(c: XmlElement, step: Step, vars: Variables): boolean {
  if (c.local !== step.local || c.ns !== step.ns) return false;
  if (step.test !== undefined && !testHolds(c, step.test, vars, undefined)) return false;
  for (let t = 0; t < step.also.length; t++)
    if (!testHolds(c, step.also[t] as Test, vars, undefined)) return false;
  return true;
}

/**
 * The first element in document order that `steps` reach from `from` and that holds `expected`:
 * what `selectElements(from, steps, vars).find(holdsValue)` answers, depth first and without its
 * lists (a test's steps are child steps; their predicates mark nothing, so stopping early is the same)
 */
function firstHolding(
  from: XmlElement,
  steps: readonly Step[],
  s: number,
  vars: Variables,
  attr: string | undefined,
  expected: string,
): XmlElement | undefined {
  const step = steps[s] as Step;
  const last = s === steps.length - 1;
  const children = from.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (!stepHolds(c, step, vars)) continue;
    if (last) {
      if (holdsValue(c, attr, expected)) return c;
    } else {
      const found = firstHolding(c, steps, s + 1, vars, attr, expected);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function holdsValue(e: XmlElement, attr: string | undefined, expected: string): boolean {
  const actual = attr === undefined ? textOf(e) : e.attrs[attr];
  return actual !== undefined && sameValue(actual.trim(), expected);
}

/** xs:boolean has two spellings for each value */
function sameValue(actual: string, expected: string): boolean {
  if (actual === expected) return true;
  if (expected === 'true') return actual === '1';
  if (expected === 'false') return actual === '0';
  return false;
}
