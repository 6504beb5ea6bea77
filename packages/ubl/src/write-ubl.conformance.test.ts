/**
 * writeUbl against the official references: every official UBL document and every corpus UBL
 * file survives read → write → read with the same model, and everything we write is valid against
 * the OASIS UBL 2.1 XSD (libxmljs2, a dev-only oracle). Our own fixtures, complete()d, are written,
 * XSD-checked and run through the official CEN EN 16931 schematron: no fatal assertion.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { complete, type Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { EVERY_TERM_INVOICE } from '../../../fixtures/every-term.js';
import { loadFixtures } from '../../../fixtures/load.js';
import { runOracle } from '../../../tests/support/oracle.js';
import { describeIfShared, hasShared, sharedPath } from '../../../tests/support/shared.js';
import { corpusUblFiles, frenchUblExamples, officialUblDocuments } from './__tests__/documents.js';
import { everyTermInvoice } from './__tests__/every-term.js';
import { readUbl, writeUbl } from './index.js';

interface XsdDoc {
  validate(schema: XsdDoc): boolean;
  validationErrors: { message: string; line?: number }[];
}
interface LibXml {
  parseXml(xml: string, options?: { baseUrl?: string }): XsdDoc;
}

/** What a UBL round trip cannot keep, by design (documented in docs/bindings-ubl.md) */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalise).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // line exemption reasons are read but not written (UBL-CR-600/601); the count is a reading fact
      if (k === 'vatExemptionReason' || k === 'vatExemptionReasonCode' || k === 'vatTotalCount') continue;
      const n = normalise(v);
      if (n !== undefined) out[k] = n;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

let libxml: LibXml | undefined;
let invoiceXsd: XsdDoc | undefined;
let creditNoteXsd: XsdDoc | undefined;

/** The OASIS schemas, parsed once (libxmljs2 recompiles them on each validate call) */
function loadXsd(): void {
  if (libxml) return;
  libxml = createRequire(import.meta.url)('libxmljs2') as LibXml;
  const load = (name: string) => {
    const file = sharedPath('ubl-2.1/maindoc', name);
    return libxml?.parseXml(fs.readFileSync(file, 'utf8'), { baseUrl: file });
  };
  invoiceXsd = load('UBL-Invoice-2.1.xsd');
  creditNoteXsd = load('UBL-CreditNote-2.1.xsd');
}

function xsdErrors(xml: string): string[] {
  loadXsd();
  if (!libxml || !invoiceXsd || !creditNoteXsd) throw new Error('XSD not loaded');
  const doc = libxml.parseXml(xml);
  const schema = /<CreditNote[\s>]/.test(xml.slice(0, 500)) ? creditNoteXsd : invoiceXsd;
  return doc.validate(schema) ? [] : doc.validationErrors.map((e) => `${e.line}: ${e.message.trim()}`);
}

describeIfShared('writeUbl on the official UBL documents and the corpus', () => {
  it('the XSD oracle rejects elements out of schema order (so the checks below can fail)', () => {
    const { xml } = writeUbl({ number: 'A1', issueDate: '2026-01-01', typeCode: '380', currency: 'EUR' });
    const swapped = xml.replace(/(<cbc:ID>A1<\/cbc:ID>)(<cbc:IssueDate>2026-01-01<\/cbc:IssueDate>)/, '$2$1');
    expect(swapped).not.toBe(xml);
    expect(xsdErrors(swapped).length).toBeGreaterThan(0);
  });
  const files = hasShared ? [...officialUblDocuments(), ...corpusUblFiles(), ...frenchUblExamples()] : [];
  it.each(files.map((f) => [f.slice(f.indexOf('/shared/') + 8), f]))(
    '%s: read → write → read keeps the model, output is XSD-valid',
    (_n, file) => {
      const first = readUbl(fs.readFileSync(file));
      const written = writeUbl(first.invoice);
      const second = readUbl(written.xml);
      expect(second.documentType).toBe(first.documentType);
      expect(second.diagnostics.filter((d) => d.severity !== 'information')).toEqual([]);
      expect(normalise(second.invoice)).toEqual(normalise(first.invoice));
      expect(xsdErrors(written.xml)).toEqual([]);
    },
  );
});

describeIfShared('the official CEN schematron on what we rewrite', () => {
  it('rewriting an official document or a corpus file (read → write) adds no failed assertion, fatal or warning', async () => {
    const files = [...officialUblDocuments(), ...corpusUblFiles(), ...frenchUblExamples()];
    const docs = files.flatMap((f, i) => {
      const xml = fs.readFileSync(f, 'utf8');
      return [
        { id: `orig-${i}`, xml },
        { id: `ours-${i}`, xml: writeUbl(readUbl(xml).invoice).xml },
      ];
    });
    const results = new Map((await runOracle(docs)).map((r) => [r.id, r]));
    const fatal = (id: string) => new Set((results.get(id)?.failed ?? []).map((a) => `${a.flag} ${a.id}`));
    const added = files.flatMap((f, i) => {
      const before = fatal(`orig-${i}`);
      const errors = results.get(`ours-${i}`)?.error;
      const extra = [...fatal(`ours-${i}`)].filter((rule) => !before.has(rule));
      return [...(errors ? [`${f}: ${errors}`] : []), ...extra.map((rule) => `${f}: ${rule}`)];
    });
    expect(results.size).toBe(docs.length);
    expect(added).toEqual([]);
  });
});

describe('writeUbl on our fixtures', () => {
  const fixtures = loadFixtures({ small: true }).map((f) => ({
    name: f.name,
    invoice: complete(f.invoice) as Invoice,
  }));
  it('has fixtures to write', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  it.each(fixtures.map((f) => [f.name, f.invoice] as const))(
    '%s round-trips through UBL',
    (_name, invoice) => {
      const written = writeUbl(invoice);
      expect(written.warnings.filter((w) => w.rule !== 'UBL-WRITE-SKIPPED')).toEqual([]);
      const back = readUbl(written.xml);
      expect(back.diagnostics.filter((d) => d.severity !== 'information')).toEqual([]);
      expect(normalise(back.invoice)).toEqual(
        normalise({
          ...invoice,
          specificationIdentifier: invoice.specificationIdentifier ?? 'urn:cen.eu:en16931:2017',
        }),
      );
    },
  );

  if (!hasShared) return;
  it('every fixture, and an invoice and a credit note with every term, written as UBL is XSD-valid', () => {
    const all = [
      ...fixtures,
      { name: 'every-term-380', invoice: everyTermInvoice('380') },
      { name: 'every-term-381', invoice: everyTermInvoice('381') },
      { name: 'fixtures/every-term', invoice: EVERY_TERM_INVOICE },
    ];
    const errors = all.flatMap((f) => xsdErrors(writeUbl(f.invoice).xml).map((e) => `${f.name} ${e}`));
    expect(errors).toEqual([]);
  });
  it('the official CEN UBL schematron reports no failed assertion, fatal or warning, on what we write', async () => {
    const results = await runOracle(fixtures.map((f) => ({ id: f.name, xml: writeUbl(f.invoice).xml })));
    const fatal = results.flatMap((r) => [
      ...(r.error ? [`${r.id}: ${r.error}`] : []),
      ...r.failed.map((a) => `${r.id}: ${a.flag} ${a.id} ${a.text}`),
    ]);
    expect(results).toHaveLength(fixtures.length);
    expect(fatal).toEqual([]);
  });
});
