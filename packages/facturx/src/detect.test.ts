/** detectAndRead() tells CII, UBL and Factur-X PDF apart by content and reads each into the model. */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../fixtures/load.js';
import { prng as random } from '../../../tests/support/prng.js';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import {
  cleanedHeadStartTag,
  detectAndRead,
  firstStartTag,
  isCdarXml,
  prologFree,
  published,
  rootStartTag,
  rootTag,
  sniffHead,
  sniffXmlSyntax,
  xmlHead,
} from './detect.js';
import { generate } from './generate.js';
import * as facade from './index.js';

const NOW = '2026-03-15T10:00:00Z';

describe('detectAndRead', () => {
  const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'BASIC' });

  it('reads a CII string as CII with its profile and source locations', () => {
    const d = detectAndRead(g.xml!);
    expect(d.format).toBe('CII');
    expect(d.profile).toBe('BASIC');
    expect(d.invoice.number).toBe(loadFixture('fr-b2b-simple').invoice.number);
    expect(Object.keys(d.locations).length).toBeGreaterThan(0);
    expect(d.pdf).toBeUndefined();
  });

  it('reads CII bytes with a BOM the same way', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(g.xml!)]);
    expect(detectAndRead(bytes).format).toBe('CII');
  });

  it('reads a Factur-X PDF and reports the embedded file', () => {
    const d = detectAndRead(g.pdf!);
    expect(d.format).toBe('FACTURX-PDF');
    expect(d.syntax).toBe('CII');
    expect(d.pdf?.embedded?.filename).toBe('factur-x.xml');
    expect(d.pdf?.embedded?.xml).toBe(g.xml);
  });

  it('reads a UBL invoice written by writeUbl as UBL', () => {
    const ubl = facade.writeUbl(g.invoice!).xml;
    const d = detectAndRead(ubl);
    expect(d.format).toBe('UBL');
    expect(d.invoice.number).toBe(g.invoice!.number);
  });

  it('says FORMAT for XML that is neither CII nor UBL', () => {
    const d = detectAndRead('<?xml version="1.0"?><Order xmlns="urn:example"/>');
    expect(d.format).toBeUndefined();
    expect(d.diagnostics[0]?.rule).toBe('FORMAT');
  });

  it('does not take a foreign Invoice element for UBL', () => {
    expect(sniffXmlSyntax('<Invoice xmlns="urn:not-ubl"/>')).toBeUndefined();
    expect(
      sniffXmlSyntax(
        '<!-- c --><ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      ),
    ).toBe('UBL');
  });
});

describe('the facade', () => {
  it('exports what a user needs from one import', () => {
    for (const name of [
      'complete',
      'validate',
      'readCii',
      'writeCii',
      'checkCii',
      'readUbl',
      'writeUbl',
      'checkUbl',
      'generate',
      'extract',
      'preflight',
      'attach',
      'embed',
      'renderPdf',
      'detectAndRead',
    ]) {
      expect(typeof (facade as Record<string, unknown>)[name]).toBe('function');
    }
  });
});

describeIfShared('detectAndRead on corpus XML', () => {
  it('reads the Peppol UBL examples as UBL and the ZUGFeRD XML as CII', () => {
    const rows = fs.readFileSync(sharedPath('corpus', 'index.tsv'), 'utf8').trim().split('\n').slice(1);
    let ubl = 0;
    let cii = 0;
    for (const row of rows) {
      const [file, , syntax, , , , , kind] = row.split('\t');
      if (kind !== 'xml') continue;
      const d = detectAndRead(fs.readFileSync(sharedPath('corpus', file!)));
      if (syntax!.startsWith('UBL')) {
        expect(d.format).toBe('UBL');
        ubl++;
      } else if (syntax === 'CII') {
        expect(d.format).toBe('CII');
        cii++;
      }
    }
    expect(ubl).toBeGreaterThan(10);
    expect(cii).toBeGreaterThan(10);
  });
});

describe('the first start tag of a head (decision 0165)', () => {
  // pieces whose combinations hit every branch: closed and unclosed PIs and comments, markup
  // inside them, DOCTYPEs, stray `<` and `>`, prefixes, a BOM, long padding past 8 KB
  const pieces = [
    '<?xml version="1.0"?>',
    '<?pi a > b ?>',
    '<?unclosed ',
    '?>',
    '<!-- c -->',
    '<!-- <Invoice> -->',
    '<!--',
    '-->',
    '<!-->',
    '<!DOCTYPE x [ <!ELEMENT a ANY> ]>',
    ' ',
    '\n\t',
    '<',
    '>',
    '< rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
    '<CrossDomainAcknowledgementAndResponse>',
    '<a:b:c d="e">',
    '<x.y-z',
    'text',
    '\uFEFF',
    ' '.repeat(9000),
  ];
  it('is the one found after cleaning the whole head, on random heads', () => {
    const next = random(165);
    for (let n = 0; n < 20000; n++) {
      let head = next() < 0.2 ? '\uFEFF' : '';
      const count = 1 + Math.floor(next() * 8);
      for (let k = 0; k < count; k++) head += pieces[Math.floor(next() * pieces.length)];
      const fast = firstStartTag(head);
      const reference = cleanedHeadStartTag(prologFree(head));
      expect([head, fast && [...fast]]).toEqual([head, reference && [...reference]]);
    }
  });

  it('is the same from the first kilobyte of the bytes when that is enough, with the cut anywhere', () => {
    const next = random(1024);
    const fillers = ['é', '€', '𝄞', ' ', '<!-- é -->', '<?p €?>', 'x'];
    let quick = 0;
    for (let n = 0; n < 6000; n++) {
      // a prolog around the 1,024th byte, with multi-byte characters to cut
      let head = next() < 0.2 ? '\uFEFF' : '';
      head += '<?xml version="1.0"?>';
      const filler = fillers[Math.floor(next() * fillers.length)] ?? ' ';
      head += `<!--${filler.repeat(Math.floor(next() * 400))}-->`;
      const count = 1 + Math.floor(next() * 6);
      for (let k = 0; k < count; k++) head += pieces[Math.floor(next() * (pieces.length - 1))];
      head += filler.repeat(Math.floor(next() * 200));
      const bytes = new TextEncoder().encode(head);
      const fast = rootStartTag(bytes);
      const reference = cleanedHeadStartTag(prologFree(xmlHead(bytes)));
      expect([head, fast && [...fast]]).toEqual([head, reference && [...reference]]);
      if (fast && fast.index + fast[0].length < 1000) quick++;
    }
    expect(quick).toBeGreaterThan(1000);
  });

  it('gives rootTag the groups of rootStartTag, from the decoded head or not (decision 0257)', () => {
    const next = random(257);
    const fillers = ['é', '€', '𝄞', ' ', '<!-- é -->', '<?p €?>', 'x', '\uFEFF', '>'];
    const groups = (m: RegExpExecArray | null) => m && { prefix: m[1], local: m[2], attrs: m[3] ?? '' };
    let quick = 0;
    for (let n = 0; n < 12000; n++) {
      let head = next() < 0.2 ? '\uFEFF' : '';
      if (next() < 0.7) head += '<?xml version="1.0"?>';
      const filler = fillers[Math.floor(next() * fillers.length)] ?? ' ';
      // comments of up to ~9 KB: the tag before, across and after the 1 KB and 8 KB cuts
      if (next() < 0.6) head += `<!--${filler.repeat(Math.floor(next() * (next() < 0.5 ? 400 : 3000)))}-->`;
      const count = 1 + Math.floor(next() * 6);
      for (let k = 0; k < count; k++) head += pieces[Math.floor(next() * pieces.length)];
      head += filler.repeat(Math.floor(next() * 200));
      // a PDF header somewhere, around the first kilobyte's end too
      if (next() < 0.1) head += `${filler.repeat(Math.floor(next() * 600))}%PDF-`;
      const bytes = new TextEncoder().encode(head);
      const cut = next() < 0.1 ? bytes.subarray(0, Math.floor(next() * bytes.length)) : bytes;
      const expected = groups(rootStartTag(cut));
      expect([head, rootTag(cut)]).toEqual([head, expected]);
      const pdf = Buffer.from(cut.subarray(0, 1024)).includes('%PDF-');
      expect([head, sniffHead(cut)]).toEqual([head, pdf ? { pdf: true } : { pdf: false, root: expected }]);
      if (expected) quick++;
    }
    expect(quick).toBeGreaterThan(3000);
  });

  it('sniffs a PDF as a PDF, without a root tag', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n<rsm:CrossIndustryInvoice>');
    expect(sniffHead(pdf)).toEqual({ pdf: true });
    expect(isCdarXml(new TextEncoder().encode('%PDF-1.7\n<CrossDomainAcknowledgementAndResponse>'))).toBe(
      false,
    );
  });
});

describe('isCdarXml', () => {
  const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';
  /** The answer from the root start tag alone, as before the byte pre-check */
  const fromRootTag = (input: Uint8Array): boolean => {
    const root = rootStartTag(input);
    if (!root) return false;
    const [, prefix, local, attrs = ''] = root;
    const ns = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(attrs)?.[1];
    return local === 'CrossDomainAcknowledgementAndResponse' && (!ns || ns === CDAR_NS);
  };
  const pieces = [
    `<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="${CDAR_NS}">`,
    '<CrossDomainAcknowledgementAndResponse>',
    '<CrossDomainAcknowledgementAndResponse xmlns="urn:other">',
    '<!-- <CrossDomainAcknowledgementAndResponse> -->',
    '<CrossDomainAcknowledgementAndRespons>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- é € -->',
    'CrossDomain',
    'AcknowledgementAndResponse>',
    '<',
    ' '.repeat(1500),
    ' '.repeat(9000),
  ];
  it('answers as the root start tag says, on random heads in UTF-8 and UTF-16', () => {
    const next = random(186);
    const answers = { true: 0, false: 0 };
    for (let n = 0; n < 4000; n++) {
      let head = '';
      const count = 1 + Math.floor(next() * 5);
      for (let k = 0; k < count; k++) head += pieces[Math.floor(next() * pieces.length)];
      const utf16 = next() < 0.15;
      const bytes = utf16
        ? Uint8Array.from([
            0xff,
            0xfe,
            ...new Uint8Array(new Uint16Array([...head].map((c) => c.charCodeAt(0))).buffer),
          ])
        : new TextEncoder().encode(head);
      const expected = fromRootTag(bytes);
      expect([head.slice(0, 200), utf16, isCdarXml(bytes)]).toEqual([head.slice(0, 200), utf16, expected]);
      answers[`${expected}`]++;
    }
    expect(answers.true).toBeGreaterThan(200);
    expect(answers.false).toBeGreaterThan(200);
  });
});

describe('published results (decisions 0142, 0202, 0215)', () => {
  /** Everything a caller can see of a result: keys in order, attributes, values as JSON, the table */
  const shape = (r: object) => ({
    keys: Reflect.ownKeys(r),
    attributes: Object.entries(Object.getOwnPropertyDescriptors(r)).map(([key, d]) => ({
      key,
      enumerable: d.enumerable,
      configurable: d.configurable,
      writable: d.writable,
      accessor: typeof d.get === 'function',
    })),
    json: JSON.stringify(r),
    table: (r as { locationTable?: unknown }).locationTable,
  });
  const table = {
    get: (path: string) => (path === 'invoice.number' ? { xpath: '/a/b', line: 3 } : undefined),
    toRecord: () => ({ 'invoice.number': { xpath: '/a/b', line: 3 } }),
  };
  /** A readXml result: its keys in the order readXml writes them */
  const readOf = (documentProfile?: string, structure?: object, locations: object = table) => ({
    syntax: 'CII' as const,
    invoice: { number: 'F-1' },
    profile: undefined,
    ...(documentProfile ? { documentProfile } : {}),
    diagnostics: [],
    locations,
    source: { values: {}, unreadable: new Set<string>() },
    ...(structure ? { structure } : {}),
  });
  /**
   * What decision 0142 defined: a copy with `format` last, `locations` redefined as an own,
   * enumerable, configurable accessor in place, and the table non-enumerable at the end
   */
  const reference = (read: { locations: unknown }, format: string) => {
    const r = { ...read, format, locations: {} };
    const table = read.locations as { toRecord(): object };
    const copy = { ...r };
    Object.defineProperty(copy, 'locations', {
      get: () => table.toRecord(),
      enumerable: true,
      configurable: true,
    });
    Object.defineProperty(copy, 'locationTable', { value: table, enumerable: false, configurable: true });
    return copy;
  };
  it('gives what the reader result redefined in place gave: key order, attributes, JSON, table', () => {
    const structure = { valid: true, errors: [], warnings: [] };
    for (const read of [
      readOf(),
      readOf('EN16931'),
      readOf(undefined, structure),
      readOf('EXTENDED-CTC-FR', structure),
    ])
      for (const format of ['CII', 'UBL'] as const) {
        const r = published(read as never, { format });
        expect(shape(r)).toEqual(shape(reference(read, format)));
        expect(shape(published({ ...read, format } as never))).toEqual(shape(r));
        // a spread copy carries the record as data; the locations read from the result are the table's
        expect({ ...r }.locations).toEqual(table.toRecord());
      }
  });
  it('keeps a record that is no table as it is, with the extra keys after it', () => {
    const read = readOf('EN16931', undefined, { 'invoice.number': { xpath: '/a/b' } });
    expect(shape(published(read as never, { format: 'CII' }))).toEqual(shape({ ...read, format: 'CII' }));
  });
});
