/**
 * Bad input never crashes or hangs extract(), preflight() or detectAndRead(): not a PDF, truncated,
 * encrypted, 10 MB, 10,000 pages, cyclic object graphs, nesting bombs, zip bombs, broken XML inside.
 * Each ends as findings; jest's timeout is the bound on time.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import PDFKit from 'pdfkit';
import { loadFixture } from '../../../../fixtures/load.js';
import { buildPdf, streamObject } from '../../../../tests/facturx/support.js';
import { detectAndRead } from '../detect.js';
import { extract } from '../extract.js';
import { generate } from '../generate.js';
import { preflight } from '../preflight/index.js';
import { renderPdf } from '../render/render-pdf.js';

const NOW = '2026-03-15T10:00:00Z';
const good = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW });
const enc = new TextEncoder();

function everything(pdf: Uint8Array) {
  return { extract: extract(pdf), preflight: preflight(pdf), detect: detectAndRead(pdf) };
}

const CATALOG_WITH_ATTACHMENT = (efRef: number) =>
  `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) ${efRef} 0 R] >> >> >>`;

describe('not a PDF', () => {
  it('PDF-HEADER for text that is not a PDF', () => {
    const r = extract(enc.encode('hello, I am a text file'));
    expect(r.findings.map((f) => f.rule)).toEqual(['PDF-HEADER']);
    expect(preflight(enc.encode('hello')).map((f) => f.rule)).toEqual(['PDF-HEADER']);
  });

  it('detectAndRead says FORMAT for bytes that are neither PDF nor invoice XML', () => {
    const d = detectAndRead(enc.encode('{"json": true}'));
    expect(d.format).toBeUndefined();
    expect(d.diagnostics.map((f) => f.rule)).toEqual(['FORMAT']);
  });

  it('an empty input is a finding too', () => {
    expect(extract(new Uint8Array()).findings[0]?.rule).toBe('PDF-HEADER');
  });
});

describe('truncated files', () => {
  it('every cut of a generated file ends in findings or a recovered invoice, never an exception', () => {
    const pdf = good.pdf!;
    for (let i = 1; i < 20; i++) {
      const cut = pdf.subarray(0, Math.floor((pdf.length * i) / 20));
      const r = everything(cut);
      expect(r.extract.xml !== undefined || r.extract.findings.some((f) => f.severity === 'fatal')).toBe(
        true,
      );
      expect(r.preflight.length).toBeGreaterThan(0);
    }
  });

  it('a file missing only its last bytes is recovered by scanning (PDF-XREF warning) and its XML found', () => {
    const cut = good.pdf!.subarray(0, good.pdf!.length - 30);
    const r = extract(cut);
    expect(r.findings.map((f) => f.rule)).toContain('PDF-XREF');
    expect(r.xml).toBe(good.xml);
  });
});

describe('bytes before the header', () => {
  it('a mail header before %PDF- still yields the invoice, and preflight names clause 6.1.2', () => {
    const junk = enc.encode('Content-Type: application/pdf\r\n\r\n');
    const pdf = new Uint8Array(junk.length + good.pdf!.length);
    pdf.set(junk);
    pdf.set(good.pdf!, junk.length);
    expect(extract(pdf).xml).toBe(good.xml);
    expect(preflight(pdf).map((f) => f.rule)).toContain('PDFA-6.1.2');
  });
});

describe('encrypted files', () => {
  it('PDF-ENCRYPTED, from extract and from preflight', async () => {
    const pdf = await new Promise<Uint8Array>((resolve) => {
      const doc = new PDFKit({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
      const chunks: Uint8Array[] = [];
      doc.on('data', (c: Uint8Array) => chunks.push(c));
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.end();
    });
    expect(extract(pdf).findings.map((f) => f.rule)).toEqual(['PDF-ENCRYPTED']);
    expect(preflight(pdf).map((f) => f.rule)).toContain('PDFA-6.1.3');
    expect(detectAndRead(pdf).diagnostics.map((f) => f.rule)).toEqual(['PDF-ENCRYPTED']);
  });
});

describe('large files', () => {
  const xml = enc.encode(good.xml!);
  const noise = new Uint8Array(10 * 1024 * 1024);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const big = buildPdf([
    CATALOG_WITH_ATTACHMENT(3),
    '<< /Type /Pages /Kids [] /Count 0 >>',
    `<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 4 0 R >> /AFRelationship /Alternative >>`,
    streamObject('/Type /EmbeddedFile /Subtype /text#2Fxml', xml),
    streamObject('', noise),
  ]);

  it('a 10 MB PDF is read and its invoice found', () => {
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const r = extract(big);
    expect(r.xml).toBe(good.xml);
  });

  it('PDF-SIZE when the file is over the caller’s limit', () => {
    expect(extract(big, { maxBytes: 1024 * 1024 }).findings.map((f) => f.rule)).toEqual(['PDF-SIZE']);
  });

  it('a zip bomb (80 MB of zeros in 80 kB) is refused, not inflated', () => {
    const bomb = deflateSync(new Uint8Array(80 * 1024 * 1024));
    const pdf = buildPdf([
      CATALOG_WITH_ATTACHMENT(3),
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 4 0 R >> >>',
      streamObject('/Type /EmbeddedFile /Filter /FlateDecode', bomb),
    ]);
    const r = extract(pdf);
    expect(r.xml).toBeUndefined();
    expect(r.findings.find((f) => f.rule === 'FX-ATTACHMENT-UNREADABLE')?.message).toMatch(/larger than/);
  });

  it('the inflated embedded invoice is capped at the caller’s file limit, not the reader’s 64 MiB', () => {
    // 3 MB of XML comment deflates to a few kB: under a 1 MB upload limit it must not be inflated
    const xml = `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><!--${'x'.repeat(3 * 1024 * 1024)}--></rsm:CrossIndustryInvoice>`;
    const pdf = buildPdf([
      CATALOG_WITH_ATTACHMENT(3),
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 4 0 R >> >>',
      streamObject('/Type /EmbeddedFile /Filter /FlateDecode', deflateSync(enc.encode(xml))),
    ]);
    expect(pdf.length).toBeLessThan(64 * 1024);
    const capped = extract(pdf, { maxBytes: 1024 * 1024 });
    expect(capped.xml).toBeUndefined();
    expect(capped.findings.find((f) => f.rule === 'FX-ATTACHMENT-UNREADABLE')?.message).toMatch(
      /larger than 1048576 bytes/,
    );
    // the same file under the default limit is read: the cap follows the caller's limit
    expect(extract(pdf).xml?.length).toBe(xml.length);
  });
});

describe('10,000 pages', () => {
  it('preflight walks them all and reports the unembedded font once', () => {
    const pages = 10_000;
    const objects: string[] = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    for (let i = 0; i < pages; i++) {
      objects.push(
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> >>',
      );
    }
    const pdf = buildPdf(objects);
    const findings = preflight(pdf);
    expect(findings.filter((f) => f.rule === 'PDFA-6.2.11.4')).toHaveLength(1);
    expect(extract(pdf).findings.map((f) => f.rule)).toEqual(['FX-NO-INVOICE']);
  });
});

describe('cyclic object graphs', () => {
  it('a page tree whose Kids contain itself', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 2 0 R] /Count 2 >>',
    ]);
    expect(preflight(pdf).map((f) => f.rule)).toContain('FX-NO-INVOICE');
  });

  it('a name tree whose Kids point back to the root', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Kids [3 0 R 4 0 R] >>',
      '<< /Kids [3 0 R] >>',
    ]);
    expect(extract(pdf).findings.map((f) => f.rule)).toEqual(['FX-NO-INVOICE']);
  });

  it('a stream whose /Length refers to itself', () => {
    const pdf = buildPdf([
      CATALOG_WITH_ATTACHMENT(3),
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 4 0 R >> >>',
      `<< /Type /EmbeddedFile /Length 4 0 R >>\nstream\n${good.xml}\nendstream`,
    ]);
    expect(extract(pdf).xml).toBe(good.xml);
  });

  it('an xref /Prev chain that loops onto itself', () => {
    const base = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    const text = new TextDecoder('latin1').decode(base);
    const xrefAt = text.lastIndexOf('xref');
    const looped = enc.encode(text.replace('/Root 1 0 R', `/Root 1 0 R /Prev ${xrefAt}`));
    const r = everything(looped);
    expect(r.extract.findings.map((f) => f.rule)).toContain('FX-NO-INVOICE');
  });

  it('arrays nested 100,000 deep end in a finding, not a stack overflow', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const pdf = buildPdf([
      `<< /Type /Catalog /Pages 2 0 R /Junk ${deep} >>`,
      '<< /Type /Pages /Kids [] /Count 0 >>',
    ]);
    const r = everything(pdf);
    expect(r.extract.findings.some((f) => f.severity === 'fatal')).toBe(true);
  });
});

describe('broken XML inside', () => {
  const broken =
    '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>';
  const pdf = renderPdf(
    loadFixture('fr-b2b-simple').invoice,
    { now: NOW },
    { xml: broken, profile: 'EN16931' },
  );

  it('extract returns the bytes as they are', () => {
    expect(extract(pdf).xml).toBe(broken);
  });

  it('preflight reports FX-XML with the parser’s reason', () => {
    const f = preflight(pdf).find((x) => x.rule === 'FX-XML');
    expect(f?.message).toMatch(/not well-formed/);
  });

  it('detectAndRead gives a fatal diagnostic from the CII reader', () => {
    const d = detectAndRead(pdf);
    expect(d.format).toBe('FACTURX-PDF');
    expect(d.diagnostics.some((x) => x.severity === 'fatal')).toBe(true);
  });
});
