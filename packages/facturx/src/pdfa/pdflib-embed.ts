/**
 * The pdf-lib path: embeds a Factur-X XML into an existing PDF (ours or a user's) and rewrites the
 * XMP (PDF/A-3B identification + Factur-X extension schema + fx: values, every value escaped), the
 * /ID and the modification date. Adds pdfkit's bundled sRGB output intent when the file has none.
 * pdf-lib is only used for writing: inspection is done by our reader beforehand.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Profile } from '@einv/core-model';
import { md5 } from '@noble/hashes/legacy';
import {
  AFRelationship,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { afRelationshipFor } from '../guideline.js';
import { PRODUCER } from './pdfkit-document.js';
import { facturxXmpFor, xmpPacket } from './xmp.js';

let srgb: Uint8Array | undefined;

/** pdfkit's bundled sRGB IEC61966-2.1 profile (an asset of our own dependency) */
function srgbProfile(): Uint8Array {
  if (!srgb) {
    const require = createRequire(import.meta.url);
    const pdfkitMain = require.resolve('pdfkit');
    srgb = readFileSync(new URL('./data/sRGB_IEC61966_2_1.icc', `file://${pdfkitMain}`));
  }
  return srgb;
}

export interface PdfLibEmbedOptions {
  profile: Profile;
  now: Date;
  filename?: string;
  /** Add an sRGB output intent when the catalog has no OutputIntents */
  addOutputIntent?: boolean;
  /** Names of embedded files to remove first (the invoice XML being replaced), case-insensitive */
  remove?: string[];
}

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function textValue(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined;
}

/**
 * Removes the named files: their pairs in the /EmbeddedFiles name tree (with /Kids), their entries in
 * the catalog /AF, and the file specification and stream objects themselves (pdf-lib writes every
 * object it holds, referenced or not: an unlinked stream would still carry the old invoice).
 */
function removeEmbeddedFiles(doc: PDFDocument, names: string[]): void {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const ctx = doc.context;
  const doomed = new Set<PDFRef>();
  const specName = (spec: PDFObject | undefined, key?: string): string | undefined => {
    const d = spec instanceof PDFRef ? ctx.lookup(spec) : spec;
    if (!(d instanceof PDFDict)) return key;
    return textValue(d.lookup(PDFName.of('UF'))) ?? textValue(d.lookup(PDFName.of('F'))) ?? key;
  };
  const isDoomed = (spec: PDFObject | undefined, key?: string): boolean => {
    const name = specName(spec, key);
    if (name === undefined || !wanted.has(name.toLowerCase())) return false;
    if (spec instanceof PDFRef) doomed.add(spec);
    return true;
  };
  const names0 = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const stack: { node: PDFObject | undefined; depth: number }[] = [
    { node: names0?.get(PDFName.of('EmbeddedFiles')), depth: 0 },
  ];
  const seen = new Set<PDFObject>();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const d = node instanceof PDFRef ? ctx.lookup(node) : node;
    if (!(d instanceof PDFDict) || seen.has(d) || depth > 32) continue;
    seen.add(d);
    const pairs = d.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (pairs) {
      const kept: PDFObject[] = [];
      for (let i = 0; i + 1 < pairs.size(); i += 2) {
        const key = textValue(pairs.lookup(i));
        if (!isDoomed(pairs.get(i + 1), key)) kept.push(pairs.get(i), pairs.get(i + 1));
      }
      d.set(PDFName.of('Names'), ctx.obj(kept));
      // a leaf's /Limits must stay the range of the keys it still holds
      if (d.has(PDFName.of('Limits'))) {
        if (kept.length === 0) d.delete(PDFName.of('Limits'));
        else d.set(PDFName.of('Limits'), ctx.obj([kept[0]!, kept[kept.length - 2]!]));
      }
    }
    const kids = d.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (kids) for (let i = 0; i < kids.size(); i++) stack.push({ node: kids.get(i), depth: depth + 1 });
  }
  const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  if (af) {
    const kept: PDFObject[] = [];
    for (let i = 0; i < af.size(); i++) if (!isDoomed(af.get(i))) kept.push(af.get(i));
    doc.catalog.set(PDFName.of('AF'), ctx.obj(kept));
  }
  for (const ref of doomed) {
    const spec = ctx.lookup(ref);
    const ef = spec instanceof PDFDict ? spec.lookupMaybe(PDFName.of('EF'), PDFDict) : undefined;
    for (const k of ['F', 'UF']) {
      const stream = ef?.get(PDFName.of(k));
      if (stream instanceof PDFRef) ctx.delete(stream);
    }
    ctx.delete(ref);
  }
}

export async function embedWithPdfLib(
  pdf: Uint8Array,
  xml: Uint8Array,
  options: PdfLibEmbedOptions,
): Promise<Uint8Array> {
  const filename = options.filename ?? 'factur-x.xml';
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  if (options.remove && options.remove.length > 0) removeEmbeddedFiles(doc, options.remove);
  const rel =
    afRelationshipFor(options.profile) === 'Data' ? AFRelationship.Data : AFRelationship.Alternative;
  await doc.attach(xml, filename, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    creationDate: options.now,
    modificationDate: options.now,
    afRelationship: rel,
  });
  const ctx = doc.context;
  const catalog = doc.catalog;

  if (options.addOutputIntent && !catalog.has(PDFName.of('OutputIntents'))) {
    const icc = ctx.flateStream(srgbProfile(), { N: 3 });
    const iccRef = ctx.register(icc);
    const intent = ctx.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
      Info: PDFString.of('sRGB IEC61966-2.1'),
      DestOutputProfile: iccRef,
    });
    catalog.set(PDFName.of('OutputIntents'), ctx.obj([ctx.register(intent)]));
  }

  // Info and XMP must say the same thing (PDF/A-1 6.7.3; advisory for PDF/A-3): set Info, then write XMP from it.
  doc.setModificationDate(options.now);
  const created = doc.getCreationDate() ?? options.now;
  if (!doc.getCreationDate()) doc.setCreationDate(created);
  const producer = doc.getProducer() ?? PRODUCER;
  if (!doc.getProducer()) doc.setProducer(producer);
  const title = doc.getTitle();
  const author = doc.getAuthor();
  const subject = doc.getSubject();
  const keywords = doc.getKeywords();
  const creator = doc.getCreator() ?? PRODUCER;
  if (!doc.getCreator()) doc.setCreator(creator);
  const xmp = xmpPacket(
    {
      creatorTool: creator,
      producer,
      createDate: created,
      modifyDate: options.now,
      ...(title ? { title } : {}),
      ...(author ? { author } : {}),
      ...(subject ? { subject } : {}),
      ...(keywords ? { keywords } : {}),
      facturx: facturxXmpFor(options.profile, filename),
    },
    { part: 3, conformance: 'B' },
  );
  const meta = ctx.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), ctx.register(meta));

  // Deterministic file identifier from the input and the XML
  const seed = new Uint8Array(pdf.length + xml.length);
  seed.set(pdf);
  seed.set(xml, pdf.length);
  const id = PDFHexString.of(toHex(md5(seed)));
  ctx.trailerInfo.ID = ctx.obj([id, id]) as PDFArray;
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}
