/**
 * Shapes of compiled rules that let the rule runner skip work (rules.ts): the child without which an
 * assert is certainly true, the plain paths a `not(...)` forbids, the names a context can match.
 */
import type { Ast, Step, XPath } from './xpath-parse.js';
/**
 * The child element (or attribute) without which `x` is certainly true, when its shape says so:
 * `not(a/…)`, `count(a/…) <= n`, `not(@x)`, or `E or …` with E one of those. Rules made of such
 * asserts are only evaluated on nodes that have that child, which skips most of the ~1,300 asserts.
 */
export function triggerOf(x: XPath): { attr: boolean; ns: string; local: string } | null {
  return trigger(x.ast);
}

function trigger(a: Ast): { attr: boolean; ns: string; local: string } | null {
  if (a.k === 'or') return trigger(a.a);
  if (a.k === 'call' && a.name === 'not' && a.args.length === 1) return firstStep(a.args[0]);
  if (
    a.k === 'cmp' &&
    (a.op === '<=' || a.op === '<') &&
    a.a.k === 'call' &&
    a.a.name === 'count' &&
    a.b.k === 'num'
  ) {
    if (a.b.v > 0 || (a.op === '<=' && a.b.v === 0)) return firstStep(a.a.args[0]);
  }
  return null;
}

function firstStep(p: Ast | undefined): { attr: boolean; ns: string; local: string } | null {
  if (p?.k !== 'path' || p.abs !== '' || p.start !== null) return null;
  const s = p.steps[0];
  if (!s || s.deep || s.local === '*' || s.ns === '*') return null;
  if (s.axis === 'child') return { attr: false, ns: s.ns, local: s.local };
  if (s.axis === 'attribute') return { attr: true, ns: '', local: s.local };
  return null;
}

/** One step of a plain child path: an element (ns, local) or, last, an attribute */
export interface ChainStep {
  attr: boolean;
  ns: string;
  local: string;
}

/**
 * When `x` is `not(P)` and P a plain path of named child steps (optionally ending in an attribute,
 * optionally starting with a union of such steps), the chains P stands for: the assert fails
 * exactly when one of them exists below the context node. Else null.
 */
export function absenceChains(x: XPath): ChainStep[][] | null {
  const a = x.ast;
  if (a.k !== 'call' || a.name !== 'not' || a.args.length !== 1) return null;
  return chainsOf(a.args[0]);
}

function chainsOf(p: Ast | undefined): ChainStep[][] | null {
  if (!p) return null;
  if (p.k === 'union') {
    const out: ChainStep[][] = [];
    for (const i of p.items) {
      const c = chainsOf(i);
      if (!c) return null;
      out.push(...c);
    }
    return out;
  }
  if (p.k !== 'path' || p.abs !== '') return null;
  const tail: ChainStep[] = [];
  for (const [i, s] of p.steps.entries()) {
    if (s.deep || s.preds.length || s.local === '*' || s.ns === '*') return null;
    if (s.axis === 'attribute' && i === p.steps.length - 1) tail.push({ attr: true, ns: '', local: s.local });
    else if (s.axis === 'child') tail.push({ attr: false, ns: s.ns, local: s.local });
    else return null;
  }
  if (!p.start) return [tail];
  const heads = chainsOf(p.start);
  if (!heads || heads.some((h) => h.some((st) => st.attr))) return null;
  return heads.map((h) => [...h, ...tail]);
}

/**
 * For a schematron context usable with XDocument.matches (absolute child-step paths, possibly a
 * union): the local names its last steps require; '*' when any name can match, '*Suffix' when the
 * step is `ns:*[ends-with(name(), 'Suffix') …]` (a name must end with it). Else null.
 */
export function patternShape(x: XPath): string[] | null {
  const branches = x.ast.k === 'union' ? x.ast.items : [x.ast];
  const out: string[] = [];
  for (const b of branches) {
    if (b.k !== 'path' || b.abs === '' || b.start !== null || b.steps.length === 0) return null;
    if (b.steps.some((st) => st.axis !== 'child')) return null;
    const last = b.steps[b.steps.length - 1] as Step;
    out.push(last.local === '*' ? `*${suffixOf(last.preds[0])}` : last.local);
  }
  return out;
}

/**
 * 'X' for a predicate `ends-with(name(), 'X')` or `ends-with(name(), 'X') and …`, else ''. The
 * parser nests `a and b and c` as `(a and b) and c`: the first conjunct is at the end of the left
 * branches (UBL's `//*[ends-with(name(), 'Amount') and not(…) and not(…)]` was keyed by no name and
 * tried on every element, decision 0254).
 */
function suffixOf(p: Ast | undefined): string {
  let e = p;
  while (e?.k === 'and') e = e.a;
  if (e?.k !== 'call' || e.name !== 'ends-with') return '';
  const [n, lit] = e.args;
  if (n?.k !== 'call' || n.name !== 'name' || n.args.length !== 0 || lit?.k !== 'str' || lit.v.includes(':'))
    return '';
  return lit.v;
}
