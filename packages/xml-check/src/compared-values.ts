/**
 * found / expected of the official calculation asserts judged on the XML (decisions 0125, 0139).
 * Their tests compare a given amount with a computed one within a tolerance:
 *   abs($basisAmount - $calculatedAmountBT131 + $allowancesAmountBT92 - …) le 0.01 * (…)
 * (or the same twice, `or`-ed, for two readings). The first variable is the amount the document
 * gives; the rest of the difference is what the rule computed, so `expected` = $found − (the
 * difference). Read from the test itself, so every assert of that shape gets both values and no
 * formula is written a second time.
 */
import type { FormulaOp, XmlCalculation } from '@einv/core-model';
import { compileXPath, type XDocument, type XNode, type XPath } from './xpath.js';

/** An operand of what the test computed: a variable of the rule (its value read when it fails) or a constant */
interface ComparedOperand {
  op?: FormulaOp;
  variable?: string;
  value: XPath | string;
}

export interface ComparedValues {
  found: XPath;
  expected: XPath;
  /** How the test computes `expected`, when its difference is a plain chain of variables */
  calculation?: { given: string; operands: ComparedOperand[] };
}

/** A rule's `let`s, by name, to look inside a computed variable (calculatedBT117 = $basisAmount * $rate div 100) */
type Lets = ReadonlyMap<string, string>;

const TERM = String.raw`(\$[\w-]+|\d+(?:\.\d+)?)`;
const OP = String.raw`\s*(\*|div|\+|-)\s*`;
const CHAIN = new RegExp(`^\\s*${TERM}(?:${OP}${TERM})*\\s*$`);
const OPS: Record<string, FormulaOp> = { '*': '×', div: '÷', '+': '+', '-': '−' };

/** `$a - $b + 100 …` as terms and operators; undefined when it is anything else (a sum(), a round()) */
function chainOf(expr: string): { op?: FormulaOp; term: string }[] | undefined {
  if (!CHAIN.test(expr)) return undefined;
  const parts: { op?: FormulaOp; term: string }[] = [];
  const re = new RegExp(`(?:^\\s*|${OP})${TERM}`, 'g');
  for (const m of expr.matchAll(re)) {
    const op = m[1] ? OPS[m[1]] : undefined;
    parts.push({ ...(op ? { op } : {}), term: m[2] as string });
  }
  return parts;
}

/**
 * The chain inside a variable computed from others, as the official tests write it:
 * `xs:decimal(round(CHAIN * 100) div 100)` (rounded to cents), `xs:decimal(CHAIN)` or `CHAIN`
 */
function computedChain(expr: string): { op?: FormulaOp; term: string }[] | undefined {
  let inner = expr.trim();
  const decimal = /^xs:decimal\(([\s\S]*)\)$/.exec(inner);
  if (decimal) inner = (decimal[1] as string).trim();
  const cents = /^round\(([\s\S]*)\s*\*\s*100\s*\)\s*div\s*100$/.exec(inner);
  if (cents) inner = cents[1] as string;
  return chainOf(inner);
}

function operandOf(part: { op?: FormulaOp; term: string }, ns: Record<string, string>): ComparedOperand {
  const op = part.op ? { op: part.op } : {};
  if (!part.term.startsWith('$')) return { ...op, value: part.term };
  return { ...op, variable: part.term.slice(1), value: compileXPath(`xs:decimal(${part.term})`, ns) };
}

/**
 * expected = $given − (difference): the difference's other variables with their signs turned, and a
 * lone variable that is itself computed from others (BT-117's $calculatedBT117) opened up
 */
function calculationOf(
  difference: string,
  ns: Record<string, string>,
  lets: Lets,
): ComparedValues['calculation'] | undefined {
  const chain = chainOf(difference);
  if (!chain || chain.length < 2 || chain.some((p, i) => i > 0 && p.op !== '+' && p.op !== '−'))
    return undefined;
  const [given, ...rest] = chain as [{ term: string }, ...{ op?: FormulaOp; term: string }[]];
  if (!given.term.startsWith('$')) return undefined;
  const turned = rest.map((p) => ({ op: p.op === '−' ? ('+' as const) : ('−' as const), term: p.term }));
  // the first operand is written without its "+"; a difference that starts by adding is not this shape
  if (turned[0]?.op !== '+') return undefined;
  const [first] = turned;
  const opened =
    turned.length === 1 && first ? computedChain(lets.get(first.term.slice(1)) ?? '') : undefined;
  const parts = opened && opened.length > 1 ? opened : turned.map((p, i) => (i === 0 ? { term: p.term } : p));
  return { given: given.term.slice(1), operands: parts.map((p) => operandOf(p, ns)) };
}

/** The text inside the parenthesis that opens at `open`, or undefined when it does not close */
function inside(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

/** The two expressions of a test `abs($given ± …) le …` (its first alternative), or undefined */
export function comparedValues(
  test: string,
  ns: Record<string, string>,
  lets: Lets = new Map(),
): ComparedValues | undefined {
  const m = /^\(*\s*abs\(/.exec(test);
  if (!m) return undefined;
  const open = m[0].length - 1;
  const difference = inside(test, open);
  if (difference === undefined) return undefined;
  const after = test.slice(open + difference.length + 2);
  const given = /^\s*(\$[\w-]+)\s*[-+]/.exec(difference)?.[1];
  if (!given || !/^\s*(le|<=|lt|<)\s/.test(after)) return undefined;
  const calculation = calculationOf(difference, ns, lets);
  return {
    found: compileXPath(`xs:decimal(${given})`, ns),
    expected: compileXPath(`xs:decimal(${given} - (${difference}))`, ns),
    ...(calculation ? { calculation } : {}),
  };
}

/** A number of the evaluation as a decimal string; undefined when it is none */
function decimalOf(doc: XDocument, x: XPath, node: XNode): string | undefined {
  const [first] = doc.evaluate(x, node);
  return typeof first === 'number' && Number.isFinite(first) ? String(Number(first.toFixed(10))) : undefined;
}

/** The test's calculation with the values its variables have on the node; undefined when one has none */
function calculationValues(
  doc: XDocument,
  calculation: NonNullable<ComparedValues['calculation']>,
  node: XNode,
): XmlCalculation | undefined {
  const operands: XmlCalculation['operands'] = [];
  for (const { op, variable, value } of calculation.operands) {
    const v = typeof value === 'string' ? value : decimalOf(doc, value, node);
    if (v === undefined) return undefined;
    operands.push({ ...(op ? { op } : {}), ...(variable ? { variable } : {}), value: v });
  }
  return { given: calculation.given, operands };
}

/** found / expected (and how expected is computed) on the node, with the rule's variables bound */
export function evaluateCompared(
  doc: XDocument,
  compared: ComparedValues,
  node: XNode,
): { found?: string; expected?: string; calculation?: XmlCalculation } {
  const found = decimalOf(doc, compared.found, node);
  const expected = decimalOf(doc, compared.expected, node);
  const calculation =
    expected !== undefined && compared.calculation
      ? calculationValues(doc, compared.calculation, node)
      : undefined;
  return {
    ...(found !== undefined ? { found } : {}),
    ...(expected !== undefined ? { expected } : {}),
    ...(calculation ? { calculation } : {}),
  };
}
