/**
 * A pdfkit document set up for PDF/A-3b: PDF 1.7, embedded DejaVu fonts (set before any text, so
 * pdfkit's non-embedded Helvetica is never loaded), pdfkit's bundled sRGB output intent, our own
 * escaped XMP, a deterministic /ID and fixed dates, so a fixed `now` gives byte-identical output.
 * Output is collected synchronously (pdfkit pushes every chunk during end()).
 */
import { md5 } from '@noble/hashes/legacy';
import PDFDocument from 'pdfkit';
import { type FontBytes, loadFonts } from '../assets.js';
import { type FacturxXmp, xmpDescriptions } from './xmp.js';

export const PRODUCER = 'einv';

export interface PdfaDocumentOptions {
  now: Date;
  title?: string;
  author?: string;
  subject?: string;
  /** Bytes the /ID is derived from (content hash): the embedded XML, or the invoice JSON */
  idSeed: Uint8Array;
  facturx?: FacturxXmp;
  fonts?: FontBytes;
  /** Natural language of the text (catalog /Lang), e.g. fr-FR */
  language?: string;
}

/** The embedded attachment written in the same pass (Factur-X XML). */
export interface PdfkitAttachment {
  name: string;
  data: Uint8Array;
  mimeType: string;
  relationship: 'Alternative' | 'Data' | 'Source' | 'Supplement' | 'Unspecified';
  description: string;
}

const NON_ASCII = /[\u0080-\uffff]/;
const ascii = new TextEncoder();

/** The bytes pdfkit makes of a content string (each char code & 0xff) */
function latin1Bytes(text: string): Uint8Array {
  // operators, numbers and hex glyph ids: ASCII, where UTF-8 and char code & 0xff agree
  if (!NON_ASCII.test(text)) return ascii.encode(text);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

type DocumentConstructor = new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
const Base: DocumentConstructor = PDFDocument;

interface AttachmentOptions extends PDFKit.Mixins.PDFAttachmentOptions {
  relationship?: PdfkitAttachment['relationship'];
}

class CollectingDocument extends Base {
  // Not class fields: pdfkit writes the header from inside super(), before fields would be initialised.
  declare chunks: Uint8Array[] | undefined;
  declare xmp: string | undefined;

  override push(chunk: unknown): boolean {
    if (chunk instanceof Uint8Array) {
      this.chunks ??= [];
      this.chunks.push(chunk);
    }
    return true;
  }

  /**
   * Page content is collected as text and turned into bytes once per page: pdfkit converts every
   * operator to its own small Uint8Array, which on a 50-page invoice means hundreds of thousands of
   * allocations. Same bytes, in the same order.
   */
  declare contentPage: PDFKit.PDFPage | undefined;
  declare contentText: string[] | undefined;

  override addContent(data: unknown): this {
    if (typeof data !== 'string') {
      this.flushContent();
      this.page.write(data);
      return this;
    }
    if (this.contentPage !== this.page) {
      this.flushContent();
      this.contentPage = this.page;
    }
    this.contentText ??= [];
    this.contentText.push(data);
    return this;
  }

  flushContent(): void {
    const lines = this.contentText;
    if (this.contentPage && lines && lines.length > 0) {
      lines.push('');
      this.contentPage.write(latin1Bytes(lines.join('\n')));
    }
    this.contentText = [];
  }

  /** pdfkit writes every buffered page's content out here, and end() starts with it */
  override flushPages(): void {
    this.flushContent();
    super.flushPages();
  }

  /** Replaces pdfkit's unescaped XMP info block with ours (called by pdfkit's endMetadata). */
  _addInfo(): void {
    if (this.xmp) this.appendXML(this.xmp);
  }
}

export interface PdfaDocument {
  doc: PDFKit.PDFDocument;
  fontRegular: string;
  fontBold: string;
  attach(file: PdfkitAttachment, now: Date): void;
  /** Ends the document and returns its bytes */
  finish(): Uint8Array;
}

/** pdfkit's registry of embedded files (pdfkit 0.20), where file() keeps the /CheckSum it computed */
interface FileRegistry {
  _fileRegistry?: Record<string, { Params?: { CheckSum?: unknown } } | undefined>;
}

/** The hex MD5 pdfkit wrote as the embedded file's /CheckSum, when its internals expose it */
function embeddedChecksum(doc: PDFKit.PDFDocument, name: string): string | undefined {
  const registry = (doc as PDFKit.PDFDocument & FileRegistry)._fileRegistry;
  const value = registry?.[name]?.Params?.CheckSum;
  const text = value instanceof String || typeof value === 'string' ? String(value) : undefined;
  return text && /^[0-9a-f]{32}$/.test(text) ? text : undefined;
}

export function createPdfaDocument(options: PdfaDocumentOptions): PdfaDocument {
  const fonts = loadFonts(options.fonts);
  const info: PDFKit.DocumentInfo = {
    Producer: PRODUCER,
    Creator: PRODUCER,
    CreationDate: options.now,
    ModDate: options.now,
  };
  if (options.title) info.Title = options.title;
  if (options.author) info.Author = options.author;
  if (options.subject) info.Subject = options.subject;
  const doc = new CollectingDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    info,
    // An empty font name: pdfkit then loads no default (Helvetica, never embedded) at creation.
    font: '',
    displayTitle: Boolean(options.title),
    lang: options.language ?? 'fr-FR',
  });
  // The /ID is set in finish(): when the XML is attached, its MD5 (which pdfkit computes for the
  // embedded file's /CheckSum) stands for the content, so a 2 MB XML is hashed once, not twice.
  let idSource: Uint8Array = options.idSeed;
  const setId = () => {
    const id = md5
      .create()
      .update(idSource)
      .update(new TextEncoder().encode(options.now.toISOString()))
      .digest();
    Object.assign(doc, { _id: id });
  };
  const xmpFields = {
    creatorTool: PRODUCER,
    producer: PRODUCER,
    createDate: options.now,
    modifyDate: options.now,
    ...(options.title ? { title: options.title } : {}),
    ...(options.author ? { author: options.author } : {}),
    ...(options.subject ? { subject: options.subject } : {}),
    ...(options.facturx ? { facturx: options.facturx } : {}),
  };
  doc.xmp = xmpDescriptions(xmpFields);
  // pdfkit accepts any object with a layout() function as a font source; its types only list bytes.
  const source = (font: object): PDFKit.Mixins.PDFFontSource => font as PDFKit.Mixins.PDFFontSource;
  doc.registerFont('body', source(fonts.regular));
  doc.registerFont('bold', source(fonts.bold));
  doc.font('body');
  return {
    doc,
    fontRegular: 'body',
    fontBold: 'bold',
    attach(file, now) {
      const opts: AttachmentOptions = {
        name: file.name,
        type: file.mimeType,
        description: file.description,
        relationship: file.relationship,
        creationDate: now,
        modifiedDate: now,
      };
      // pdfkit takes any Uint8Array; its types say Buffer (a Uint8Array subclass).
      doc.file(file.data as Buffer, opts);
      const checksum = embeddedChecksum(doc, file.name);
      if (checksum) idSource = new TextEncoder().encode(checksum);
    },
    finish() {
      setId();
      doc.end();
      const chunks = doc.chunks ?? [];
      let size = 0;
      for (const c of chunks) size += c.byteLength;
      const out = new Uint8Array(size);
      let offset = 0;
      for (const c of chunks) {
        out.set(c, offset);
        offset += c.byteLength;
      }
      return out;
    },
  };
}
