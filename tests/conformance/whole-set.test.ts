/**
 * Conformance (d): the WHOLE verdict on every official document. For each of the 1,203 official
 * documents of ../shared/en16931 (1,131 UBL and 9 CII unit-test files, 63 examples and test files),
 * the set of EN 16931 rule ids einv's public entry point `validateDocument` fires — business rules
 * BR-* (BR-FR off, as the CEN oracle runs) and the syntax rules (CII-SR/DT, UBL-SR/CR/DT) it runs —
 * must equal the set the official CEN XSLT fires on that document, not only the rules in the
 * case's scope. Every remaining difference is pinned in WHOLE_SET_PINNED with its reason.
 */
import { validateDocument } from '@einv/facturx';
import { isContractAlias } from '@einv/rules';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { loadCases } from './cases.js';
import { runOracleCached } from './oracle-cache.js';
import { caseId, compareSets, isComparedRule, WHOLE_SET_PINNED } from './whole-set.js';

describeIfShared('whole rule set vs the official validator on every official document', () => {
  it('fires exactly the official set of BR-* and syntax-rule ids (validateDocument)', async () => {
    const docs = loadCases().map((c, i) => ({ id: caseId(c, i), xml: c.xml ?? '', syntax: c.syntax }));
    const oracle = new Map((await runOracleCached(docs)).map((r) => [r.id, r]));
    const encoder = new TextEncoder();
    const rows = new Map<string, { identical: number; total: number }>();
    const differences: string[] = [];
    const unpinned: string[] = [];
    for (const doc of docs) {
      const official = oracle.get(doc.id);
      if (!official || official.error) throw new Error(`no official verdict for ${doc.id}`);
      const report = validateDocument(encoder.encode(doc.xml), { frenchEdition: 'off' });
      const ours = new Set(
        [...report.errors, ...report.warnings]
          .filter((f) => !isContractAlias(f))
          .map((f) => f.rule)
          .filter(isComparedRule),
      );
      const theirs = new Set(official.failed.map((f) => f.id).filter(isComparedRule));
      const diff = compareSets(ours, theirs);
      const kind = doc.id.includes('unit-UBL') ? 'UBL unit' : doc.syntax === 'cii' ? 'CII' : 'UBL example';
      const row = rows.get(kind) ?? { identical: 0, total: 0 };
      row.total++;
      if (!diff) {
        row.identical++;
        rows.set(kind, row);
        continue;
      }
      rows.set(kind, row);
      const line = `${doc.id}: only ours [${diff.onlyOurs.join(' ')}] only official [${diff.onlyOfficial.join(' ')}]`;
      const pin = WHOLE_SET_PINNED.find((p) => p.doc === doc.id);
      if (pin && sameList(pin.onlyOurs, diff.onlyOurs) && sameList(pin.onlyOfficial, diff.onlyOfficial))
        differences.push(`${line} — pinned: ${pin.reason}`);
      else unpinned.push(line);
    }
    console.log(
      [
        'Whole-set comparison (validateDocument vs official CEN XSLT, BR-* and syntax-rule ids):',
        ...[...rows.entries()].map(([k, r]) => `- ${k}: ${r.identical}/${r.total} identical`),
        `Pinned differences (${differences.length}):`,
        ...differences,
        `Unpinned differences (${unpinned.length}):`,
        ...unpinned,
      ].join('\n'),
    );
    expect(unpinned).toEqual([]);
  }, 600_000);
});

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
