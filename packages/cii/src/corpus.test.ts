/**
 * Acceptance on the official artefacts (../shared): every official EN 16931 CII example and every
 * CII invoice of the shared corpus (plain XML and the XML extracted from Factur-X PDFs)
 *  - is read without a fatal diagnostic, with totals and line count equal to what an independent
 *    regular-expression scan of the same text finds;
 *  - round-trips: read → writeCii(its own profile) → read gives the same model;
 *  - is written XSD-valid against the Factur-X 1.09.2 schema of that profile (libxmljs2, dev only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { describeIfShared, hasShared, sharedFiles, sharedPath } from '../../../tests/support/shared.js';
import { xsdErrors } from './__tests__/xsd.js';
import { readCii, writeCii } from './index.js';

/** Official examples + corpus CII (xml, and extracted from PDFs), as [name, absolute path] */
function ciiDocuments(): [string, string][] {
  if (!hasShared) return [];
  const out: [string, string][] = sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml')).map((f) => [
    path.basename(f),
    f,
  ]);
  const rows = fs.readFileSync(sharedPath('corpus/index.tsv'), 'utf8').split('\n').slice(1);
  for (const row of rows) {
    const c = row.split('\t');
    const [p, , syntax] = c;
    const extracted = c[12];
    if (syntax === 'CII' && p) out.push([p, sharedPath('corpus', p)]);
    if (syntax === 'FacturX-PDF' && extracted)
      out.push([`${p} (extracted)`, sharedPath('corpus', extracted)]);
  }
  return out;
}

/** The last value of an element anywhere in the text (the header summation comes after the lines) */
function lastAmount(xml: string, local: string): number | undefined {
  const all = [...xml.matchAll(new RegExp(`<(?:[\\w-]+:)?${local}(?:\\s[^>]*)?>\\s*([^<]*?)\\s*<`, 'g'))];
  const v = all[all.length - 1]?.[1];
  return v === undefined ? undefined : Number(v);
}

/** Leaf values of a model by dotted path, `lines[0].quantity` */
function flatten(value: unknown, prefix = 'invoice', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${prefix}[${i}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}.${k}`, out);
  } else out.set(prefix, value);
  return out;
}

/** Paths whose value differs or is missing in `after` (and paths only in `after`) */
function diffPaths(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of before) if (after.get(k) !== v) out.push(k);
  for (const k of after.keys()) if (!before.has(k)) out.push(k);
  return out;
}

const unindexed = (p: string) => p.replace(/\[\d+\]/g, '[]');

const FATAL_READ = new Set(['XML-SYNTAX', 'XML-DTD', 'XML-ENCODING', 'CII-ROOT', 'CII-DECIMAL', 'CII-DATE']);

describeIfShared('readCii / writeCii on the official examples and the shared corpus', () => {
  const docs = ciiDocuments();

  it('finds the 15 official examples and the corpus CII documents', () => {
    expect(docs.length).toBeGreaterThan(15 + 250);
  });

  it('reads every document without a fatal diagnostic; totals and line counts match the text', () => {
    const problems: string[] = [];
    for (const [name, file] of docs) {
      const xml = fs.readFileSync(file, 'utf8');
      const { invoice, diagnostics } = readCii(new Uint8Array(fs.readFileSync(file)));
      const fatal = diagnostics.filter((d) => d.severity === 'fatal' || FATAL_READ.has(d.rule));
      if (fatal.length > 0)
        problems.push(`${name}: ${fatal.map((d) => `${d.rule} ${d.message}`).join('; ')}`);
      const lineCount = (xml.match(/<(?:[\w-]+:)?IncludedSupplyChainTradeLineItem[\s>]/g) ?? []).length;
      if ((invoice.lines?.length ?? 0) !== lineCount)
        problems.push(`${name}: ${invoice.lines?.length ?? 0} lines read, ${lineCount} in the text`);
      const due = lastAmount(xml, 'DuePayableAmount');
      if (invoice.totals?.amountDue !== due)
        problems.push(`${name}: BT-115 read ${invoice.totals?.amountDue}, text ${due}`);
      const grand = lastAmount(xml, 'GrandTotalAmount');
      if (invoice.totals?.taxInclusiveAmount !== grand)
        problems.push(`${name}: BT-112 read ${invoice.totals?.taxInclusiveAmount}, text ${grand}`);
    }
    expect(problems).toEqual([]);
  });

  it('round-trips every document at its own profile: read → write → read gives the same model', () => {
    const problems: string[] = [];
    const outsideProfile: string[] = [];
    for (const [name, file] of docs) {
      const original = fs.readFileSync(file, 'utf8');
      const first = readCii(original);
      const profile = first.profile ?? 'EN16931';
      const written = writeCii(first.invoice, { profile });
      const again = readCii(written.xml);
      const lost = diffPaths(flatten(first.invoice), flatten(again.invoice));
      if (lost.length === 0) continue;
      // Only an input holding more than its profile's schema allows may lose terms, and then
      // every lost term must be named by a CII-PROFILE warning.
      const warned = new Set(
        written.warnings.filter((w) => w.rule === 'CII-PROFILE').map((w) => unindexed(w.path)),
      );
      const unwarned = lost.filter((p) => !warned.has(unindexed(p)));
      const inputValid = xsdErrors(original, profile).length === 0;
      if (inputValid || unwarned.length > 0)
        problems.push(
          `${name}: changed at ${lost.slice(0, 5).join(', ')}${unwarned.length ? ` (not warned: ${unwarned.join(', ')})` : ''}`,
        );
      else outsideProfile.push(name);
    }
    expect(problems).toEqual([]);
    // the documented exception (docs/bindings.md): a ZUGFeRD 2.0.1 MINIMUM invoice carrying addresses,
    // VAT breakdown and due date, which Factur-X 1.09.2 MINIMUM no longer allows
    expect(outsideProfile).toEqual([
      'phax_phive-rules/phive-rules-zugferd/src/test/resources/external/test-files/2.0.1/minimum/zugferd-invoice-1.xml',
    ]);
  });

  it('writes XSD-valid CII (Factur-X 1.09.2 schema of the profile) for every document', () => {
    const problems: string[] = [];
    for (const [name, file] of docs) {
      const original = fs.readFileSync(file, 'utf8');
      const first = readCii(original);
      const profile = first.profile ?? 'EN16931';
      const errors = xsdErrors(writeCii(first.invoice, { profile }).xml, profile);
      if (errors.length === 0) continue;
      // an input that is itself invalid against the schema cannot be expected to give a valid output
      const originalValid = xsdErrors(original, profile).length === 0;
      problems.push(
        `${name} [${profile}${originalValid ? '' : ', input itself XSD-invalid'}]: ${errors.slice(0, 3).join(' | ')}`,
      );
    }
    expect(problems).toEqual([]);
  });
});
