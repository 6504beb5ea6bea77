/**
 * Helpers of the syntax-rule suites: mutated and rule-breaking variants of the documents, and the
 * per-document, per-rule comparison of our findings with the official CEN 1.3.16 XSLT (SaxonJS).
 */

import { runOracle } from '../support/oracle.js';
import { breakRule, type Doc, MUTATIONS, mutate, simpleAbsenceRules } from './support.js';

/** Originals plus `per` mutated variants of every `every`-th document (kinds rotate) */
export function withMutations(docs: Doc[], every: number, per: number, seed: number): Doc[] {
  const out = [...docs];
  docs.forEach((d, i) => {
    if (i % every !== 0) return;
    for (let k = 0; k < per; k++) {
      const kind = MUTATIONS[(i + k * 3) % MUTATIONS.length] ?? 'drop-element';
      const xml = mutate(d.xml, kind, seed + i * 31 + k);
      if (xml) out.push({ id: `${d.id}#${kind}`, xml });
    }
  });
  return out;
}

/** One variant of every `every`-th document breaking a `not(...)` syntax rule (rules rotate) */
export function withBrokenRules(docs: Doc[], tsv: 'rules-cii.tsv' | 'rules-ubl.tsv', every: number): Doc[] {
  const rules = simpleAbsenceRules(tsv);
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i % every !== 0) return;
    // try a few rules until one has its context in this document
    for (let k = 0; k < 10; k++) {
      const rule = rules[(i * 7 + k * 13) % rules.length];
      const xml = rule ? breakRule(d.xml, rule) : null;
      if (rule && xml) {
        out.push({ id: `${d.id}#breaks-${rule.id}`, xml });
        break;
      }
    }
  });
  return out;
}

function counts(ids: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) out[id] = (out[id] ?? 0) + 1;
  return out;
}

/**
 * The official XSLT stops with a dynamic error on some mutated documents (e.g. a duplicated
 * element given to normalize-space(), which takes one item): it reports nothing for them, so those
 * documents are counted apart (`oracleErrors`) and not compared.
 */
export async function compare(
  docs: Doc[],
  ours: (xml: string) => string[],
  pattern: RegExp,
): Promise<{ compared: number; agree: number; fired: number; oracleErrors: number; diffs: string[] }> {
  const oracle = await runOracle(docs);
  const byId = new Map(oracle.map((r) => [r.id, r]));
  const diffs: string[] = [];
  let agree = 0;
  let fired = 0;
  let oracleErrors = 0;
  for (const d of docs) {
    const official = byId.get(d.id);
    if (!official || official.error) {
      oracleErrors++;
      continue;
    }
    const expected = counts(official.failed.map((f) => f.id).filter((id) => pattern.test(id)));
    const actual = counts(ours(d.xml).filter((id) => pattern.test(id)));
    fired += Object.keys(expected).length;
    if (JSON.stringify(Object.entries(expected).sort()) === JSON.stringify(Object.entries(actual).sort()))
      agree++;
    else
      diffs.push(`${d.id}\n  official: ${JSON.stringify(expected)}\n  ours:     ${JSON.stringify(actual)}`);
  }
  return { compared: docs.length - oracleErrors, agree, fired, oracleErrors, diffs };
}

export const findingIds = (r: { errors: { rule: string }[]; warnings: { rule: string }[] }) =>
  [...r.errors, ...r.warnings].map((f) => f.rule);
