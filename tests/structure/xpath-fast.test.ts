/**
 * The compiled closures of @einv/xml-check (xpath-fast.ts) give the interpreter's value: on every
 * element of the official examples, the corpus and mutated variants, every syntax-rule context and
 * every official rule context matches the same elements, and every syntax assert has the same value
 * on the nodes its context claims, with and without the closures; and the compiled contexts
 * (ContextIndex: candidates by element and parent name, matched by closures) claim each element for
 * the same rule of each pattern as the interpreter trying every context in order.
 */

import { parseXml, type XmlElement } from '@einv/xml';
import {
  ContextIndex,
  compileXPath,
  type PatternData,
  type RuleContextTable,
  XDocument,
  type XPath,
} from '@einv/xml-check';
import { expect, it } from '@jest/globals';
import { CII_SYNTAX_RULES_DATA } from '../../packages/cii/src/check/generated/syntax-rules.js';
import { CII_RULE_CONTEXTS } from '../../packages/cii/src/generated/rule-contexts.js';
import { UBL_SYNTAX_RULES_DATA } from '../../packages/ubl/src/check/generated/syntax-rules.js';
import { UBL_RULE_CONTEXTS } from '../../packages/ubl/src/generated/rule-contexts.js';
import { describeIfShared } from '../support/shared.js';
import { ciiDocs, type Doc, ublDocs } from './support.js';
import { withBrokenRules, withMutations } from './syntax-support.js';

interface Rules {
  contexts: XPath[];
  /** the asserts of contexts[i] (none for the official rule contexts) */
  asserts: XPath[][];
  /** the contexts pattern by pattern, as schematron claims nodes (each pattern on its own) */
  patterns: XPath[][];
}

function syntaxRules(json: string): Rules {
  const data = JSON.parse(json) as PatternData;
  const contexts = data.rules.map(([c]) => compileXPath(c, data.ns));
  return {
    contexts,
    asserts: data.rules.map(([, as]) => as.map(([, , test]) => compileXPath(test, data.ns))),
    patterns: [contexts],
  };
}

function ruleContexts(table: RuleContextTable): Rules {
  const patterns = table.patterns.map((p) => p.rules.map((r) => compileXPath(r.context, table.ns)));
  const contexts = patterns.flat();
  return { contexts, asserts: contexts.map(() => []), patterns };
}

/** The rule of each pattern that claims `e`, by the interpreter: the first whose context matches (-1: none) */
function claimsOf(reference: XDocument, patterns: XPath[][], e: XmlElement): number[] {
  return patterns.map((contexts) => contexts.findIndex((c) => reference.matches(c, e)));
}

/**
 * The same by the compiled index: its first candidate that matches, pattern by pattern (a family of
 * branches, decision 0270, names its rule by `pick`)
 */
function indexClaims(index: ContextIndex, doc: XDocument, patterns: number, e: XmlElement): number[] {
  const out = new Array<number>(patterns).fill(-1);
  for (const c of index.candidates(e)) {
    if (out[c.group] !== -1) continue;
    if (c.pick !== undefined) out[c.group] = c.pick(e, doc);
    else if (c.match(e, doc)) out[c.group] = c.rule;
  }
  return out;
}

function elements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    out.push(e);
    for (const c of e.children) walk(c);
  };
  walk(root);
  return out;
}

/** Differences between the closures and the interpreter on one document; and how many values were compared */
function differences(doc: Doc, rules: Rules[]): { diffs: string[]; compared: number } {
  const parsed = parseXml(doc.xml);
  if (!parsed.ok) return { diffs: [], compared: 0 };
  const fast = new XDocument(parsed.root);
  const reference = new XDocument(parsed.root, false);
  const diffs: string[] = [];
  let compared = 0;
  const indexes = rules.map((r) => ContextIndex.of(r.patterns));
  // the same contexts with their families joined, as the source facts claim (decision 0270)
  const families = rules.map((r) => ContextIndex.of(r.patterns, true));
  for (const e of elements(parsed.root)) {
    for (const [k, r] of rules.entries()) {
      const index = indexes[k];
      if (!index) {
        diffs.push(`rule table ${k}: a context is not a plain match pattern`);
        continue;
      }
      const claims = indexClaims(index, fast, r.patterns.length, e);
      compared++;
      // a branch's name-only part (ContextEntry.names) holds wherever the branch does (decision 0263)
      for (const c of index.candidates(e)) {
        if (c.names === null || !c.match(e, fast)) continue;
        compared++;
        if (!c.names(e, fast)) diffs.push(`${doc.id} ${e.name}: names of rule ${c.group}/${c.rule}`);
      }
      const expected = claimsOf(reference, r.patterns, e).join();
      if (claims.join() !== expected) diffs.push(`${doc.id} ${e.name}: claimed by rules ${claims.join()}`);
      const byFamily = indexClaims(families[k] as ContextIndex, fast, r.patterns.length, e).join();
      compared++;
      if (byFamily !== expected)
        diffs.push(`${doc.id} ${e.name}: claimed with families by rules ${byFamily}`);
      r.contexts.forEach((context, i) => {
        const matched = reference.matches(context, e);
        compared++;
        if (fast.matches(context, e) !== matched) diffs.push(`${doc.id} ${e.name}: context ${context.src}`);
        if (!matched) return;
        for (const a of r.asserts[i] ?? []) {
          compared++;
          if (fast.test(a, e) !== reference.test(a, e)) diffs.push(`${doc.id} ${e.name}: ${a.src}`);
        }
      });
    }
  }
  return { diffs, compared };
}

describeIfShared('compiled XPath closures agree with the interpreter', () => {
  const check = (docs: Doc[], rules: Rules[]) => {
    let compared = 0;
    const diffs: string[] = [];
    for (const d of docs) {
      const r = differences(d, rules);
      compared += r.compared;
      diffs.push(...r.diffs);
    }
    return { compared, diffs };
  };

  it('CII: syntax-rule contexts and asserts, official rule contexts', () => {
    const originals = ciiDocs();
    const docs = [...withMutations(originals, 3, 1, 41), ...withBrokenRules(originals, 'rules-cii.tsv', 2)];
    const r = check(docs, [syntaxRules(CII_SYNTAX_RULES_DATA), ruleContexts(CII_RULE_CONTEXTS)]);
    expect(r.compared).toBeGreaterThan(100_000);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });

  it('UBL: syntax-rule contexts and asserts, official rule contexts', () => {
    const originals = ublDocs();
    const docs = [...withMutations(originals, 3, 1, 43), ...withBrokenRules(originals, 'rules-ubl.tsv', 2)];
    const r = check(docs, [syntaxRules(UBL_SYNTAX_RULES_DATA), ruleContexts(UBL_RULE_CONTEXTS)]);
    expect(r.compared).toBeGreaterThan(100_000);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });
});
