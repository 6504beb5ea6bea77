/**
 * The XPath subset of the EN 16931 syntax rules and of the EXTENDED-CTC-FR asserts judged on the
 * XML (variables, `*` / `div` arithmetic, value comparisons, `some` / `every`, sequences, `xs:`
 * casts): the node and value types, the tokenizer and the parser into an AST (xpath.ts evaluates
 * it). Unknown syntax, axes or prefixes are compile errors.
 */
import type { XmlElement } from '@einv/xml';
import { intern } from './intern.js';

export interface AttrNode {
  attr: true;
  owner: XmlElement;
  name: string;
  value: string;
}
/** The document node above the root element */
export interface DocNode {
  doc: true;
  root: XmlElement;
}
export type XNode = XmlElement | AttrNode | DocNode;
export type Item = XNode | string | number | boolean;
export type Value = Item[];

export type Ast =
  | { k: 'or' | 'and'; a: Ast; b: Ast }
  | { k: 'cmp'; op: string; a: Ast; b: Ast }
  | { k: 'arith'; op: '+' | '-' | '*' | 'div' | 'mod'; a: Ast; b: Ast }
  | { k: 'var'; name: string }
  | { k: 'quant'; every: boolean; name: string; in: Ast; sat: Ast }
  | { k: 'seq'; items: Ast[] }
  | { k: 'union'; items: Ast[] }
  | { k: 'path'; abs: '' | '/' | '//'; start: Ast | null; steps: Step[] }
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'call'; name: string; args: Ast[] }
  | { k: 'filter'; base: Ast; preds: Ast[] };

export interface Step {
  /** `//` before this step: descendant-or-self first */
  deep: boolean;
  axis: 'child' | 'attribute' | 'self' | 'parent' | 'ancestor' | 'preceding' | 'call' | 'filter';
  /** namespace URI or '*' ; local name or '*' */
  ns: string;
  local: string;
  call?: Ast;
  preds: Ast[];
}

export const isAttr = (n: Item): n is AttrNode => typeof n === 'object' && 'attr' in n;
export const isDoc = (n: Item): n is DocNode => typeof n === 'object' && 'doc' in n;
export const isNode = (n: Item): n is XNode => typeof n === 'object';
export const isElement = (n: Item): n is XmlElement =>
  typeof n === 'object' && !('attr' in n) && !('doc' in n);

const TOKEN =
  /\s*(\/\/|\/|\.\.|\.|::|!=|<=|>=|=|<|>|\||\(|\)|\[|\]|,|@|\*|\+|-(?![A-Za-z])|'[^']*'|"[^"]*"|\$[A-Za-z_][\w.-]*|\d+(?:\.\d+)?|[A-Za-z_][\w.]*(?:-[A-Za-z][\w.]*)*(?::(?:[A-Za-z_][\w.-]*|\*))?)/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(src);
    if (!m || m[1] === undefined) throw new Error(`cannot read XPath at "${src.slice(pos, pos + 20)}"`);
    out.push(m[1]);
    pos = TOKEN.lastIndex;
  }
  return out;
}

/** XPath 2.0 value comparison → the general comparison evaluated for it */
const VALUE_COMPARISON: Record<string, string> = {
  eq: '=',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

class Parser {
  private i = 0;
  constructor(
    private readonly t: string[],
    private readonly ns: Record<string, string>,
  ) {}

  parse(): Ast {
    const e = this.or();
    if (this.i < this.t.length) throw new Error(`unexpected "${this.t[this.i]}"`);
    return e;
  }
  private peek(o = 0): string | undefined {
    return this.t[this.i + o];
  }
  private eat(tok: string): void {
    if (this.t[this.i] !== tok) throw new Error(`expected "${tok}" but found "${this.t[this.i] ?? 'end'}"`);
    this.i++;
  }
  private or(): Ast {
    const q = this.peek();
    if ((q === 'some' || q === 'every') && this.peek(1)?.startsWith('$')) return this.quantified();
    let a = this.and();
    while (this.peek() === 'or') {
      this.i++;
      a = { k: 'or', a, b: this.and() };
    }
    return a;
  }
  /** `some|every $x in E satisfies E` */
  private quantified(): Ast {
    const every = this.t[this.i++] === 'every';
    const name = (this.t[this.i++] ?? '').slice(1);
    this.eat('in');
    const over = this.or();
    this.eat('satisfies');
    return { k: 'quant', every, name, in: over, sat: this.or() };
  }
  private and(): Ast {
    let a = this.cmp();
    while (this.peek() === 'and') {
      this.i++;
      a = { k: 'and', a, b: this.cmp() };
    }
    return a;
  }
  private cmp(): Ast {
    const a = this.arith();
    const op = this.peek();
    if (op === '=' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      this.i++;
      return { k: 'cmp', op, a, b: this.arith() };
    }
    // value comparisons: on the single values these rules compare, the same as the general ones
    const general = op === undefined ? undefined : VALUE_COMPARISON[op];
    if (general) {
      this.i++;
      return { k: 'cmp', op: general, a, b: this.arith() };
    }
    return a;
  }
  private arith(): Ast {
    let a = this.mult();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.i++;
      a = { k: 'arith', op, a, b: this.mult() };
    }
    return a;
  }
  /** `*` after an operand multiplies (at an operand's start it is a name test) */
  private mult(): Ast {
    let a = this.union();
    for (let op = this.peek(); op === '*' || op === 'div' || op === 'mod'; op = this.peek()) {
      this.i++;
      a = { k: 'arith', op, a, b: this.union() };
    }
    return a;
  }
  private union(): Ast {
    const first = this.path();
    if (this.peek() !== '|') return first;
    const items = [first];
    while (this.peek() === '|') {
      this.i++;
      items.push(this.path());
    }
    return { k: 'union', items };
  }
  private path(): Ast {
    const tok = this.peek();
    if (tok === '/' || tok === '//') {
      this.i++;
      const next = this.peek();
      const steps: Step[] = [];
      if (tok === '//' || (next !== undefined && this.startsStep(next))) this.steps(steps, tok === '//');
      return { k: 'path', abs: tok, start: null, steps };
    }
    if (tok !== undefined && this.startsStep(tok) && !this.isCall()) {
      const steps: Step[] = [];
      this.steps(steps, false);
      return { k: 'path', abs: '', start: null, steps };
    }
    let base = this.primary();
    const preds = this.preds();
    if (preds.length) base = { k: 'filter', base, preds };
    if (this.peek() !== '/' && this.peek() !== '//') return base;
    const steps: Step[] = [];
    const deep = this.peek() === '//';
    this.i++;
    this.steps(steps, deep);
    return { k: 'path', abs: '', start: base, steps };
  }
  private isCall(): boolean {
    const tok = this.peek() ?? '';
    return (
      this.peek(1) === '(' &&
      /^[A-Za-z]/.test(tok) &&
      (!tok.includes(':') || tok.startsWith('xs:')) &&
      tok !== 'node'
    );
  }
  private startsStep(tok: string): boolean {
    return tok === '.' || tok === '..' || tok === '@' || tok === '*' || /^[A-Za-z_]/.test(tok);
  }
  private steps(out: Step[], deep: boolean): void {
    out.push(this.step(deep));
    while (this.peek() === '/' || this.peek() === '//') {
      const d = this.peek() === '//';
      this.i++;
      out.push(this.step(d));
    }
  }
  private step(deep: boolean): Step {
    const tok = this.peek() ?? '';
    if (tok === '.') {
      this.i++;
      return { deep, axis: 'self', ns: '*', local: '*', preds: this.preds() };
    }
    if (tok === '..') {
      this.i++;
      return { deep, axis: 'parent', ns: '*', local: '*', preds: [] };
    }
    if (tok === '@') {
      this.i++;
      const name = this.t[this.i++] ?? '';
      return { deep, axis: 'attribute', ns: '', local: intern(name), preds: this.preds() };
    }
    if (this.isCall()) return { deep, axis: 'call', ns: '', local: '', call: this.primary(), preds: [] };
    let axis: Step['axis'] = 'child';
    if (this.peek(1) === '::') {
      const a = tok;
      if (a !== 'self' && a !== 'ancestor' && a !== 'preceding' && a !== 'child')
        throw new Error(`unsupported axis ${a}`);
      axis = a;
      this.i += 2;
    }
    const name = this.t[this.i++] ?? '';
    const [ns, local] = this.nameTest(name).map(intern) as [string, string];
    return { deep, axis, ns, local, preds: this.preds() };
  }
  private nameTest(name: string): [string, string] {
    if (name === '*') return ['*', '*'];
    const c = name.indexOf(':');
    if (c < 0) return ['', name];
    const prefix = name.slice(0, c);
    const uri = this.ns[prefix];
    if (uri === undefined) throw new Error(`unknown prefix ${prefix}`);
    return [uri, name.slice(c + 1)];
  }
  private preds(): Ast[] {
    const out: Ast[] = [];
    while (this.peek() === '[') {
      this.i++;
      out.push(this.or());
      this.eat(']');
    }
    return out;
  }
  private primary(): Ast {
    const tok = this.t[this.i++] ?? '';
    if (tok === '(') {
      const e = this.or();
      if (this.peek() !== ',') {
        this.eat(')');
        return e;
      }
      const items = [e];
      while (this.peek() === ',') {
        this.i++;
        items.push(this.or());
      }
      this.eat(')');
      return { k: 'seq', items };
    }
    if (tok.startsWith('$')) return { k: 'var', name: tok.slice(1) };
    if (tok.startsWith("'") || tok.startsWith('"')) return { k: 'str', v: tok.slice(1, -1) };
    if (/^\d/.test(tok)) return { k: 'num', v: Number(tok) };
    if (this.peek() === '(') {
      this.i++;
      const args: Ast[] = [];
      if (this.peek() !== ')') {
        args.push(this.or());
        while (this.peek() === ',') {
          this.i++;
          args.push(this.or());
        }
      }
      this.eat(')');
      return { k: 'call', name: tok, args };
    }
    throw new Error(`unexpected "${tok}"`);
  }
}

/** A compiled XPath expression */
export interface XPath {
  src: string;
  ast: Ast;
}

export function compileXPath(src: string, ns: Record<string, string>): XPath {
  return { src, ast: new Parser(tokenize(src), ns).parse() };
}
