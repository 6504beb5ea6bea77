/**
 * found / expected of the official calculation asserts judged on the XML (decisions 0125, 0139).
 * Their tests compare a given amount with a computed one within a tolerance:
 *   abs($basisAmount - $calculatedAmountBT131 + $allowancesAmountBT92 - …) le 0.01 * (…)
 * (or the same twice, `or`-ed, for two readings). The first variable is the amount the document
 * gives; the rest of the difference is what the rule computed, so `expected` = $found − (the
 * difference). Read from the test itself, so every assert of that shape gets both values and no
 * formula is written a second time.
 */
import { compileXPath, type XDocument, type XNode, type XPath } from './xpath.js';

export interface ComparedValues {
  found: XPath;
  expected: XPath;
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
export function comparedValues(test: string, ns: Record<string, string>): ComparedValues | undefined {
  const m = /^\(*\s*abs\(/.exec(test);
  if (!m) return undefined;
  const open = m[0].length - 1;
  const difference = inside(test, open);
  if (difference === undefined) return undefined;
  const after = test.slice(open + difference.length + 2);
  const given = /^\s*(\$[\w-]+)\s*[-+]/.exec(difference)?.[1];
  if (!given || !/^\s*(le|<=|lt|<)\s/.test(after)) return undefined;
  return {
    found: compileXPath(`xs:decimal(${given})`, ns),
    expected: compileXPath(`xs:decimal(${given} - (${difference}))`, ns),
  };
}

/** A number of the evaluation as a decimal string; undefined when it is none */
function decimalOf(doc: XDocument, x: XPath, node: XNode): string | undefined {
  const [first] = doc.evaluate(x, node);
  return typeof first === 'number' && Number.isFinite(first) ? String(Number(first.toFixed(10))) : undefined;
}

/** found / expected on the node, with the rule's variables bound */
export function evaluateCompared(
  doc: XDocument,
  compared: ComparedValues,
  node: XNode,
): { found?: string; expected?: string } {
  const found = decimalOf(doc, compared.found, node);
  const expected = decimalOf(doc, compared.expected, node);
  return { ...(found !== undefined ? { found } : {}), ...(expected !== undefined ? { expected } : {}) };
}
