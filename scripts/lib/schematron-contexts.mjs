// Schematron rule contexts as XPath, shared by the generators that read the official schematrons
// (gen-structure-rules.mjs for the syntax rules, gen-rule-contexts.mjs for the BR-* applicability).

/** Splits an XPath union at its top-level bars (not those inside predicates or calls) */
export function splitUnion(expr) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of expr) {
    if (ch === '[' || ch === '(') depth++;
    if (ch === ']' || ch === ')') depth--;
    if (ch === '|' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** A relative match pattern matches at any depth: evaluate it from the root as //pattern */
export function absolutize(context) {
  return splitUnion(context)
    .map((b) => (b.startsWith('/') ? b : `//${b}`))
    .join(' | ');
}
