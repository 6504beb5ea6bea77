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
import { AFRelationship, type PDFArray, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
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
}

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export async function embedWithPdfLib(
  pdf: Uint8Array,
  xml: Uint8Array,
  options: PdfLibEmbedOptions,
): Promise<Uint8Array> {
  const filename = options.filename ?? 'factur-x.xml';
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
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
