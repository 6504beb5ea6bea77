/**
 * Where the official business rules apply: the schematron fires a rule once per node its context
 * selects, and within one pattern a node belongs to the first rule whose context matches it. This
 * counts, in one walk of a document, the nodes each rule's context claims, from a table generated
 * from the official rule tables (packages/{cii,ubl}/src/generated/rule-contexts.ts,
 * scripts/gen-rule-contexts.mjs). validate() runs a rule only where its context exists
 * (docs/decisions/0111-rule-applicability-from-official-contexts.md).
 */
import type { XmlElement } from '@einv/xml';
import { indexContexts } from './rules.js';
import { compileXPath, XDocument, type XPath } from './xpath.js';

export interface RuleContextTable {
  /** namespace prefixes of the contexts */
  ns: Record<string, string>;
  /** the official patterns, each with its rules in official order */
  patterns: {
    pattern: string;
    rules: {
      /** the context as the official table writes it */
      official: string;
      /** the same as an absolute XPath (a relative match pattern is //pattern) */
      context: string;
      /** the rule ids asserted in this context */
      ids: string[];
    }[];
  }[];
}

interface CompiledContextPattern {
  contexts: XPath[];
  ids: string[][];
  byLocal: (local: string) => number[];
}

export interface CompiledRuleContexts {
  patterns: CompiledContextPattern[];
  /** every rule id of the table (each gets a count, 0 when its context is absent) */
  ids: string[];
}

export function compileRuleContexts(table: RuleContextTable): CompiledRuleContexts {
  const patterns = table.patterns.map((p) => {
    const contexts = p.rules.map((r) => compileXPath(r.context, table.ns));
    const byLocal = indexContexts(contexts);
    // every official context is a plain match pattern; the drift test would show a new shape
    if (!byLocal) throw new Error(`pattern ${p.pattern}: a context is not a plain match pattern`);
    return { contexts, ids: p.rules.map((r) => r.ids), byLocal };
  });
  const ids = [...new Set(table.patterns.flatMap((p) => p.rules.flatMap((r) => r.ids)))];
  return { patterns, ids };
}

/**
 * Rule id → the number of nodes of the document its official context claims (0 when none): one
 * walk in document order; in each pattern an element goes to the first rule whose context matches.
 */
export function countRuleContexts(compiled: CompiledRuleContexts, root: XmlElement): Record<string, number> {
  const doc = XDocument.of(root);
  // nodes claimed per context (pattern by pattern), turned into counts per rule id at the end
  const hits = compiled.patterns.map((p) => new Array<number>(p.contexts.length).fill(0));
  for (const e of doc.elements()) {
    for (let k = 0; k < compiled.patterns.length; k++) {
      const p = compiled.patterns[k] as CompiledContextPattern;
      for (const i of p.byLocal(e.local)) {
        if (!doc.matches(p.contexts[i] as XPath, e)) continue;
        const h = hits[k] as number[];
        h[i] = (h[i] as number) + 1;
        break;
      }
    }
  }
  const counts: Record<string, number> = {};
  for (const id of compiled.ids) counts[id] = 0;
  compiled.patterns.forEach((p, k) => {
    const h = hits[k] as number[];
    p.ids.forEach((ids, i) => {
      const n = h[i] as number;
      if (n) for (const id of ids) counts[id] = (counts[id] ?? 0) + n;
    });
  });
  return counts;
}
