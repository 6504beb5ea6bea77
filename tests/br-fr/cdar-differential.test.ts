/**
 * Status messages (CDAR) against the official BR-FR-CDV sets: every CDAR example of ../shared/br-fr
 * (phive 1.4.0.03 and 1.4.0.04, Annexe B v1.3) and single-defect mutations of them (cdar-mutations.ts,
 * each applied to every example it fits), judged by our native rules (validateCdar) and by the
 * official XSLTs under SaxonJS, in 1.4.0.03, 1.4.0.04 and 1.4.0.02 _WARNING. The failed assert ids
 * and flags must be identical, document by document (as multisets). One oracle process for all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCdar, writeCdar } from '@einv/facturx';
import { parseXml, type XmlElement } from '@einv/xml';
import { beforeAll, expect, it } from '@jest/globals';
import { describeIfShared, sharedFiles, sharedPath } from '../support/shared.js';
import type { BrFrOracleResult } from './brfr-oracle.js';
import { CDAR_MUTATIONS, mutate } from './cdar-mutations.js';
import { cdvDisagreements, runCdvOracle } from './cdv-oracle.js';

export function cdarExamples(): { id: string; xml: string }[] {
  return sharedFiles('br-fr/examples', (n) => n.endsWith('.xml'))
    .map((f) => ({ id: path.relative(sharedPath('br-fr/examples'), f), xml: fs.readFileSync(f, 'utf8') }))
    .filter((d) => d.xml.includes('CrossDomainAcknowledgementAndResponse'));
}

describeIfShared('BR-FR-CDV: native rules = official XSLTs (examples and mutations, 3 editions)', () => {
  const examples = cdarExamples();
  const corpus: { id: string; xml: string; mutation?: string }[] = [...examples];
  // the bases of the mutations: the 11 phive 1.4.0.04 messages and the Annexe B statuses they lack
  const bases = examples.filter((d) => d.id.startsWith('phive-1.4.0.04/') || /CDV-(210|213|220)_/.test(d.id));
  const names = new Set(CDAR_MUTATIONS.map((m) => m.name));
  for (const m of CDAR_MUTATIONS) {
    for (const base of bases) {
      const xml = mutate(base.xml, m);
      if (xml !== undefined) corpus.push({ id: `${base.id} | ${m.name}`, xml, mutation: m.name });
    }
  }
  let oracle: Map<string, BrFrOracleResult>;
  beforeAll(async () => {
    oracle = new Map((await runCdvOracle(corpus)).map((r) => [r.id, r]));
  }, 600_000);

  it('has every official example (11 + 11 phive, 59 Annexe B) and at least 200 mutations', () => {
    expect(examples.length).toBe(81);
    expect(bases.length).toBe(16);
    expect(names.size).toBe(CDAR_MUTATIONS.length);
    console.log(`${examples.length} examples, ${corpus.length - examples.length} mutations`);
    expect(corpus.length - examples.length).toBeGreaterThanOrEqual(200);
    // each mutation applies somewhere, and each official status of the examples is mutated
    const used = new Set(corpus.map((d) => d.mutation).filter(Boolean));
    expect(CDAR_MUTATIONS.filter((m) => !used.has(m.name)).map((m) => m.name)).toEqual([]);
  });

  it('reads every example and writes it back equivalently (same elements, attributes and values)', () => {
    const canonical = (el: XmlElement): unknown => [
      el.ns,
      el.local,
      Object.entries(el.attrs)
        .filter(([k]) => !k.startsWith('xsi:'))
        .sort(),
      el.children.length ? el.children.map(canonical) : el.text.trim(),
    ];
    const tree = (xml: string) => {
      const p = parseXml(xml);
      if (!p.ok) throw new Error(p.error.message);
      return canonical(p.root);
    };
    for (const doc of examples) {
      const read = readCdar(doc.xml);
      expect({ id: doc.id, diagnostics: read.diagnostics }).toEqual({ id: doc.id, diagnostics: [] });
      const written = writeCdar(read.message ?? {});
      expect({ id: doc.id, tree: tree(written) }).toEqual({ id: doc.id, tree: tree(doc.xml) });
    }
  });

  it('gives the same failed asserts (id and flag) as the official sets, document by document', () => {
    const { disagreements, fired } = cdvDisagreements(corpus, oracle);
    if (disagreements.length) console.log(disagreements.slice(0, 40).join('\n'));
    expect(disagreements).toEqual([]);
    // the corpus exercises the rules: most mutations make the official sets fire
    expect(fired).toBeGreaterThan(500);
  });

  it('each official assert id that can fail is fired by some document', () => {
    const ids = new Set<string>();
    for (const r of oracle.values()) for (const a of [...r.standard, ...r.standard04]) ids.add(a.id);
    console.log(`official CDV asserts fired: ${ids.size}: ${[...ids].sort().join(' ')}`);
    expect(ids.size).toBeGreaterThanOrEqual(37);
  });
});
