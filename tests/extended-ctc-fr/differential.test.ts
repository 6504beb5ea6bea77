/**
 * Differential test of the native EXTENDED-CTC-FR 1.4.0.03 set against the official schematron
 * (SaxonJS, `--extended-ctc-fr --no-cen`: the set a document declaring the profile gets, as phive
 * runs it), on every Annexe B invoice declaring the profile and on mutations of them. Compares the
 * SET of fired rule ids (business and syntax rules) per document: no disagreement is accepted (the
 * asserts on what the model does not hold run on the XML, decision 0125), and every one is printed.
 */

import { validateDocument } from '@einv/facturx';
import { beforeAll, expect, it } from '@jest/globals';
import { runOracleCached } from '../conformance/oracle-cache.js';
import type { OracleAssert } from '../support/oracle.js';
import { describeIfShared } from '../support/shared.js';
import { buildCorpus, type Doc, isExtendedExample, loadExamples, MUTATIONS } from './corpus.js';

/** Examples per mutation: the whole run is the seeded script's (EINV_EXTCTCFR_PER_MUTATION raises it) */
const PER_MUTATION = Number(process.env.EINV_EXTCTCFR_PER_MUTATION ?? 1);
const ONLY = process.env.EINV_EXTCTCFR_MUTATIONS;
/** Official ids: business rules and syntax rules (the readers' own diagnostics have other ids) */
const RULE_ID = /^(BR-|(CII|UBL)-(FREXT-|EXT-)?(SR|CR|DT)-|CII-FREXTDT-)/;

/** The official id of a failed assert: two asserts have none, the runner then has their [BR-…] prefix */
export function officialId(f: OracleAssert): string | undefined {
  return f.id && f.id !== 'undefined' ? f.id : /^\s*\[([A-Z]+-[^\]]+)\]/.exec(f.text)?.[1];
}

function officialIds(failed: OracleAssert[]): Set<string> {
  const out = new Set<string>();
  for (const f of failed) {
    const id = officialId(f);
    if (id && RULE_ID.test(id)) out.add(id);
  }
  return out;
}

function ourIds(doc: Doc): Set<string> {
  const report = validateDocument(new TextEncoder().encode(doc.xml), { frenchEdition: 'off' });
  const out = new Set<string>();
  for (const f of [...report.errors, ...report.warnings]) if (RULE_ID.test(f.rule)) out.add(f.rule);
  return out;
}

describeIfShared('EXTENDED-CTC-FR differential against the official schematron (SaxonJS)', () => {
  const examples = loadExamples();
  const corpus = buildCorpus(examples, PER_MUTATION, ONLY);
  let official: Set<string>[] = [];

  beforeAll(async () => {
    const results = await runOracleCached(
      corpus.map((d) => ({ id: d.id, xml: d.xml })),
      { extendedCtcFr: true, cen: false },
    );
    const errors = results.filter((r) => r.error).map((r) => `${r.id}: ${r.error}`);
    if (errors.length) throw new Error(`official EXTENDED-CTC-FR run failed: ${errors.join('; ')}`);
    official = results.map((r) => officialIds(r.failed));
  }, 1_500_000);

  it('covers every EXTENDED-CTC-FR example of Annexe B and mutations of them', () => {
    expect(examples.filter((d) => isExtendedExample(d.id)).length).toBe(7);
    if (!ONLY) expect(corpus.length - examples.length).toBeGreaterThanOrEqual(100);
  });

  it('every EXTENDED-CTC-FR mutation makes the official set fire what it targets', () => {
    const missed: string[] = [];
    for (const m of MUTATIONS.filter((m) => m.name.startsWith('frext-') && m.targets.length)) {
      const fired = new Set<string>();
      corpus.forEach((d, i) => {
        if (d.syntax === m.syntax && d.id.endsWith(`#${m.name}`))
          for (const id of official[i] ?? []) fired.add(id);
      });
      for (const t of m.targets) if (!fired.has(t)) missed.push(`${m.syntax} ${m.name}: ${t}`);
    }
    expect(missed).toEqual([]);
  });

  it('fires the same rule ids as the official set on every document', () => {
    const disagreements: string[] = [];
    let fired = 0;
    corpus.forEach((doc, i) => {
      const theirs = official[i] ?? new Set<string>();
      const ours = ourIds(doc);
      fired += theirs.size;
      for (const id of theirs) if (!ours.has(id)) disagreements.push(`${doc.id}: official only ${id}`);
      for (const id of ours) if (!theirs.has(id)) disagreements.push(`${doc.id}: ours only ${id}`);
    });
    console.log(
      `EXTENDED-CTC-FR differential: ${corpus.length} documents, ${fired} official rule ids fired, ${disagreements.length} disagreements`,
    );
    expect(disagreements).toEqual([]);
  });
});
