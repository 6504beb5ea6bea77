/**
 * writeUbl against the official references: every official UBL document and every corpus UBL
 * file survives read → write → read with the same model, and everything we write is valid against
 * the OASIS UBL 2.1 XSD (libxml2 as WebAssembly, a dev-only oracle). Our own fixtures, complete()d, are written,
 * XSD-checked and run through the official CEN EN 16931 schematron: no fatal assertion.
 */
import fs from 'node:fs';
import { complete, type Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { EVERY_TERM_INVOICE } from '../../../fixtures/every-term.js';
import { loadFixtures } from '../../../fixtures/load.js';
import { type OracleResult, runOracle } from '../../../tests/support/oracle.js';
import { describeIfShared, hasShared, sharedPath } from '../../../tests/support/shared.js';
import { corpusUblFiles, frenchUblExamples, officialUblDocuments } from './__tests__/documents.js';
import { everyTermInvoice } from './__tests__/every-term.js';
import { readUbl, writeUbl } from './index.js';

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

/**
 * The OASIS UBL 2.1 schemas as the XSD oracle, through libxml2 compiled to WebAssembly
 * (libxml2-wasm, dev only): the schema is compiled once and each document validates in about a
 * millisecond, where libxmljs2 recompiles the schema on every validate() call (~100-300 ms).
 */
const validators = new Map<string, XsdValidator>();
function validatorFor(name: string): XsdValidator {
  let v = validators.get(name);
  if (!v) {
    xmlRegisterFsInputProviders();
    const file = sharedPath('ubl-2.1/maindoc', name);
    v = XsdValidator.fromDoc(XmlDocument.fromBuffer(fs.readFileSync(file), { url: file }));
    validators.set(name, v);
  }
  return v;
}

function xsdErrors(xml: string): string[] {
  const creditNote = /<CreditNote[\s>]/.test(xml.slice(0, 500));
  const validator = validatorFor(creditNote ? 'UBL-CreditNote-2.1.xsd' : 'UBL-Invoice-2.1.xsd');
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    if (!(e instanceof XmlValidateError)) throw e;
    return e.details.map((d) => `${d.line}: ${d.message.trim()}`);
  } finally {
    doc.dispose();
  }
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

/**
 * One official-validator run for the whole file (SaxonJS warms up once): the rewrites below and
 * the fixtures, requested by id.
 */
const oracleDocs: { id: string; xml: string }[] = [];
let oracleRun: Promise<Map<string, OracleResult>> | undefined;
function oracle(): Promise<Map<string, OracleResult>> {
  oracleRun ??= runOracle(oracleDocs).then((rs) => new Map(rs.map((r) => [r.id, r])));
  return oracleRun;
}

const fixtures = loadFixtures({ small: true }).map((f) => ({
  name: f.name,
  invoice: complete(f.invoice) as Invoice,
}));
const rewritten = hasShared ? [...officialUblDocuments(), ...corpusUblFiles(), ...frenchUblExamples()] : [];
if (hasShared) {
  rewritten.forEach((f, i) => {
    const xml = fs.readFileSync(f, 'utf8');
    oracleDocs.push({ id: `orig-${i}`, xml }, { id: `ours-${i}`, xml: writeUbl(readUbl(xml).invoice).xml });
  });
  for (const f of fixtures) oracleDocs.push({ id: `fixture-${f.name}`, xml: writeUbl(f.invoice).xml });
}

describeIfShared('the official CEN schematron on what we rewrite', () => {
  it('rewriting an official document or a corpus file (read → write) adds no failed assertion, fatal or warning', async () => {
    const files = rewritten;
    const results = await oracle();
    const fatal = (id: string) => new Set((results.get(id)?.failed ?? []).map((a) => `${a.flag} ${a.id}`));
    const added = files.flatMap((f, i) => {
      const before = fatal(`orig-${i}`);
      const errors = results.get(`ours-${i}`)?.error;
      const extra = [...fatal(`ours-${i}`)].filter((rule) => !before.has(rule));
      return [...(errors ? [`${f}: ${errors}`] : []), ...extra.map((rule) => `${f}: ${rule}`)];
    });
    expect(results.size).toBe(oracleDocs.length);
    expect(added).toEqual([]);
  });
});

describe('writeUbl on our fixtures', () => {
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
    const all = await oracle();
    const results = fixtures.map(
      (f) => all.get(`fixture-${f.name}`) ?? { id: f.name, syntax: null, failed: [], error: 'no result' },
    );
    const fatal = results.flatMap((r) => [
      ...(r.error ? [`${r.id}: ${r.error}`] : []),
      ...r.failed.map((a) => `${r.id}: ${a.flag} ${a.id} ${a.text}`),
    ]);
    expect(results).toHaveLength(fixtures.length);
    expect(fatal).toEqual([]);
  });
});
