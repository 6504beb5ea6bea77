/**
 * The CII-SR/CII-DT and UBL-SR/UBL-CR/UBL-DT findings of checkCii/checkUbl equal the official CEN
 * 1.3.16 XSLT's (SaxonJS oracle) for those rule ids, per document and per rule (count of failed
 * asserts), on the examples, the corpus, the extracted XML and a sample of mutations.
 */

import { checkCii } from '@einv/cii';
import { checkUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { runOracle } from '../support/oracle.js';
import { describeIfShared } from '../support/shared.js';
import { ciiDocs, type Doc, MUTATIONS, mutate, ublDocs } from './support.js';

const CII_RULE = /^CII-(SR|DT)-/;
const UBL_RULE = /^UBL-(SR|CR|DT)-/;

/** Originals plus `per` mutated variants of every `every`-th document (kinds rotate) */
function withMutations(docs: Doc[], every: number, per: number, seed: number): Doc[] {
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
async function compare(
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

const findingIds = (r: { errors: { rule: string }[]; warnings: { rule: string }[] }) =>
  [...r.errors, ...r.warnings].map((f) => f.rule);

describeIfShared('EN 16931 syntax rules vs the official XSLT', () => {
  it('CII-SR / CII-DT findings equal the official ones', async () => {
    const docs = withMutations(ciiDocs(), 3, 1, 11);
    const r = await compare(docs, (xml) => findingIds(checkCii(xml)), CII_RULE);
    console.log(
      `CII syntax rules: ${r.agree}/${r.compared} documents agree (${r.oracleErrors} more stopped the official XSLT); ${r.fired} (document, rule) failures in the official output`,
    );
    expect(r.compared).toBeGreaterThan(300);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });

  it('UBL-SR / UBL-CR / UBL-DT findings equal the official ones', async () => {
    const docs = withMutations(ublDocs(), 1, 2, 23);
    const r = await compare(docs, (xml) => findingIds(checkUbl(xml)), UBL_RULE);
    console.log(
      `UBL syntax rules: ${r.agree}/${r.compared} documents agree (${r.oracleErrors} more stopped the official XSLT); ${r.fired} (document, rule) failures in the official output`,
    );
    expect(r.compared).toBeGreaterThan(100);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });
});
