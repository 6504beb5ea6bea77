/**
 * detectAndRead(bytes | string): one entry point for "here is a file, what invoice is it?". Detects a
 * PDF by its %PDF- header (and extracts the embedded XML), else reads the XML root: CII
 * (rsm:CrossIndustryInvoice) or UBL (Invoice / CreditNote). Never throws; an unrecognised input
 * comes back without `format` and with a finding saying what was found.
 */
import { readAndCheckCii, readCii } from '@einv/cii';
import {
  type DocumentProfile,
  type Finding,
  type Invoice,
  isLocationTable,
  type Locations,
  type LocationTable,
  locationsOf,
  type Profile,
  type SourceFacts,
  type SourceLocations,
  withLocations,
} from '@einv/core-model';
import { readAndCheckUbl, readUbl } from '@einv/ubl';
import { decodeXmlBytes } from '@einv/xml';
import { extract } from './extract.js';
import type { Lang } from './findings.js';
import type { CheckXmlResult } from './report/check-xml.js';

export type DetectedFormat = 'CII' | 'UBL' | 'FACTURX-PDF';

export interface DetectOptions {
  lang?: Lang;
  /** Largest PDF accepted (default 50 MiB) */
  maxPdfBytes?: number;
  /** Largest XML invoice accepted, in bytes (default: the parser's 20 MiB, which the services keep) */
  maxXmlBytes?: number;
}

export interface DetectResult {
  /** Absent when the input is neither a PDF nor a CII/UBL invoice (see diagnostics) */
  format?: DetectedFormat;
  /** Syntax of the invoice XML (for a PDF: of the embedded XML) */
  syntax?: 'CII' | 'UBL';
  invoice: Invoice;
  profile: Profile | undefined;
  /** The profile the document declares, EXTENDED-CTC-FR included (CII: else `profile`) */
  documentProfile?: DocumentProfile;
  diagnostics: Finding[];
  /** model path → XML location (built on first read from `locationTable`: decision 0142) */
  locations: SourceLocations;
  /** The reader's locations, computed on demand: what validate() and the checks take */
  readonly locationTable?: LocationTable;
  /** What the reader saw in the XML that the model cannot hold (pass it to validate); absent without XML */
  source?: SourceFacts;
  pdf?: { findings: Finding[]; embedded?: { filename: string; xml: string } };
}

const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const UBL_NS = /^urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2$/;

/** The head of an XML text without BOM, processing instructions and comments */
export const prologFree = (xml: string) =>
  xml
    .slice(0, 8192)
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');

/** The first start tag (a DOCTYPE is skipped: `!` cannot start a name) */
const START_TAG = /<\s*(?:([\w.-]+):)?([\w.-]+)([^>]*)>/;

/** The first start tag of a head already cleaned by prologFree: what firstStartTag must equal */
export const cleanedHeadStartTag = (head: string): RegExpExecArray | null => START_TAG.exec(head);

const START_TAG_FROM = new RegExp(START_TAG.source, 'g');

/** Where the PI or comment starting at `lt` ends (prologFree removes it), or -1 when none starts there or it is not closed */
function removedUntil(head: string, lt: number): number {
  if (head.startsWith('<?', lt)) {
    const end = head.indexOf('?>', lt + 2);
    return end < 0 ? -1 : end + 2;
  }
  if (head.startsWith('<!--', lt)) {
    const end = head.indexOf('-->', lt + 4);
    return end < 0 ? -1 : end + 3;
  }
  return -1;
}

/**
 * `START_TAG.exec(prologFree(xml))`, without cleaning the whole 8 KB head (decision 0165): the
 * head is cleaned from its start as prologFree does (left to right, each PI or comment up to its
 * first terminator), and START_TAG is tried each time a piece is added. A match found in a prefix
 * of the cleaned text is the leftmost one of the whole: it ends at the first `>` after its name,
 * and every `<` before it either fails the name test or would have matched at that `>` already.
 * So it is found after the root tag, typically within the first few hundred characters.
 */
export function firstStartTag(xml: string): RegExpExecArray | null;
/**
 * With `partial`, `xml` is only the start of the head: undefined when that is not enough to be
 * sure (a PI or comment not closed within it, which a longer head may close, or no tag found).
 */
export function firstStartTag(xml: string, partial: true): RegExpExecArray | null | undefined;
export function firstStartTag(xml: string, partial = false): RegExpExecArray | null | undefined {
  const head = xml.charCodeAt(0) === 0xfeff ? xml.slice(1, 8192) : xml.slice(0, 8192);
  let cleaned = '';
  // every `<` of `cleaned` before `from` failed for good: it precedes a `>` the search saw
  let from = 0;
  let i = 0;
  while (i < head.length) {
    const lt = head.indexOf('<', i);
    if (lt < 0) {
      cleaned += head.slice(i);
      break;
    }
    const removed = removedUntil(head, lt);
    if (partial && removed < 0 && (head.startsWith('<?', lt) || head.startsWith('<!--', lt)))
      return undefined;
    if (removed >= 0) {
      cleaned += head.slice(i, lt);
      i = removed;
      continue;
    }
    // a `<` that stays: add up to the next `<` (a piece holding no other start), then search
    const next = head.indexOf('<', lt + 1);
    const stop = next < 0 ? head.length : next;
    cleaned += head.slice(i, stop);
    i = stop;
    START_TAG_FROM.lastIndex = from;
    const tag = START_TAG_FROM.exec(cleaned);
    if (tag) return tag;
    from = Math.max(from, cleaned.lastIndexOf('>') + 1);
  }
  START_TAG_FROM.lastIndex = from;
  const tag = START_TAG_FROM.exec(cleaned);
  return partial && !tag ? undefined : tag;
}

const utf8 = new TextDecoder();
/** Bytes decoded first when looking for the root tag: the prolog and root tag of nearly every invoice */
const QUICK_HEAD = 1024;

/**
 * firstStartTag(xmlHead(input)), decoding the first kilobyte only when that is enough to be sure
 * (decision 0165): the decoded start of a UTF-8 text is the start of its longer decoding, and a
 * tag found there, with every PI and comment before it closed, is the one the whole head gives.
 */
export function rootStartTag(input: Uint8Array | string): RegExpExecArray | null {
  if (typeof input !== 'string' && input.length > QUICK_HEAD && !isUtf16(input)) {
    const quick = firstStartTag(utf8.decode(input.subarray(0, QUICK_HEAD)), true);
    if (quick !== undefined) return quick;
  }
  return firstStartTag(xmlHead(input));
}

const isUtf16 = (input: Uint8Array) =>
  (input[0] === 0xfe && input[1] === 0xff) || (input[0] === 0xff && input[1] === 0xfe);

/** `xmlns` / `xmlns:prefix` = "…" in a start tag's attributes, one expression per prefix (kept few) */
const namespaceAttrs = new Map<string, RegExp>();
function namespaceOf(prefix: string | undefined, attrs: string): string | undefined {
  const key = prefix ?? '';
  let re = namespaceAttrs.get(key);
  if (!re) {
    if (namespaceAttrs.size >= 64) namespaceAttrs.clear();
    re = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`);
    namespaceAttrs.set(key, re);
  }
  return re.exec(attrs)?.[1];
}

/** The root element's qualified name, when the text looks like XML (starts with markup) */
function rootOf(xml: string): string | undefined {
  const head = prologFree(xml);
  if (!/^\s*</.test(head)) return undefined;
  const tag = cleanedHeadStartTag(head);
  return tag ? `${tag[1] ? `${tag[1]}:` : ''}${tag[2]}` : undefined;
}

/** The syntax of an XML invoice from its root element (namespace checked when declared) */
export function sniffXmlSyntax(xml: string): 'CII' | 'UBL' | undefined {
  return syntaxOfRoot(firstStartTag(xml));
}

function syntaxOfRoot(root: RegExpExecArray | null): 'CII' | 'UBL' | undefined {
  if (!root) return undefined;
  const [, prefix, local, attrs = ''] = root;
  const ns = namespaceOf(prefix, attrs);
  if (local === 'CrossIndustryInvoice' && (!ns || ns === CII_NS)) return 'CII';
  if ((local === 'Invoice' || local === 'CreditNote') && (!ns || UBL_NS.test(ns))) return 'UBL';
  return undefined;
}

const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';

const CDAR_ROOT = 'CrossDomainAcknowledgementAndResponse';
const CDAR_ROOT_BYTES = new TextEncoder().encode(CDAR_ROOT);
/** Where the name's `k` is, and the byte itself */
const RARE_AT = CDAR_ROOT.indexOf('k');
const RARE = CDAR_ROOT_BYTES[RARE_AT] as number;
/** The bytes xmlHead decodes for any input that is not UTF-16 */
const HEAD_BYTES = 8192;

/**
 * Do the head's bytes hold the root name of a CDAR? xmlHead decodes bytes that are not
 * UTF-16 as UTF-8, where an ASCII name is its own bytes: without them in the head, the root start
 * tag cannot be a CDAR's, and isCdarXml answers without decoding or searching the head (most files
 * asked are invoices).
 */
function mayHoldCdarRoot(input: Uint8Array): boolean {
  const bytes = input.length > HEAD_BYTES ? input.subarray(0, HEAD_BYTES) : input;
  // searched by its `k`, a letter invoices' heads seldom hold, where its `C` starts many of their names
  const last = bytes.length - CDAR_ROOT_BYTES.length + RARE_AT;
  for (let i = bytes.indexOf(RARE, RARE_AT); i >= 0 && i <= last; i = bytes.indexOf(RARE, i + 1)) {
    const start = i - RARE_AT;
    let k = 0;
    while (k < CDAR_ROOT_BYTES.length && bytes[start + k] === CDAR_ROOT_BYTES[k]) k++;
    if (k === CDAR_ROOT_BYTES.length) return true;
  }
  return false;
}

/** Is this XML a lifecycle status message (root rsm:CrossDomainAcknowledgementAndResponse)? */
export function isCdarXml(input: Uint8Array | string): boolean {
  if (typeof input !== 'string') {
    if (isPdf(input)) return false;
    if (!isUtf16(input) && !mayHoldCdarRoot(input)) return false;
  }
  const root = rootStartTag(input);
  if (!root) return false;
  const [, prefix, local, attrs = ''] = root;
  const ns = namespaceOf(prefix, attrs);
  return local === CDAR_ROOT && (!ns || ns === CDAR_NS);
}

function isPdf(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = head.indexOf(0x25); i >= 0 && i + 5 <= head.length; i = head.indexOf(0x25, i + 1)) {
    if (head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d)
      return true;
  }
  return false;
}

/** What detectReadAndCheck adds: the structure check of the same XML (absent when there is none) */
export interface DetectAndCheckResult extends DetectResult {
  structure?: CheckXmlResult;
}

/** A result on its way out: `locations` still the reader's table when it has one */
type Unpublished<T extends { locations: SourceLocations }> = Omit<T, 'locations' | 'locationTable'> & {
  locations: Locations;
};

/**
 * The result as callers see it: `locations` a record built on first read from the table (decision
 * 0142), `extra`'s keys after the result's (withLocations copies the result once, decision 0215)
 */
export function published<T extends { locations: SourceLocations }>(r: Unpublished<T>, extra?: object): T {
  const { locations } = r;
  if (isLocationTable(locations)) return withLocations(r, locations, extra) as unknown as T;
  return (extra === undefined ? r : { ...r, ...extra }) as T;
}

/** What readXml gives for a CII or UBL document */
type ReadXml = Unpublished<Omit<DetectAndCheckResult, 'format' | 'pdf'> & { syntax?: 'CII' | 'UBL' }>;

/** Asks readXml for the structure check too, against this profile (default: the one read from BT-24) */
interface CheckRequest {
  profile?: Profile;
  /** Run the EXTENDED-CTC-FR asserts judged on the XML (default: when the document declares it) */
  extendedCtcFr?: boolean;
}

function readXml(
  xml: string | Uint8Array,
  options: { lang: Lang; maxXmlBytes?: number | undefined },
  check?: CheckRequest,
): ReadXml {
  const { lang } = options;
  const limit = options.maxXmlBytes ? { maxBytes: options.maxXmlBytes } : {};
  const syntax = syntaxOfRoot(rootStartTag(xml));
  if (syntax === 'CII') {
    // read and check share one parse of the document
    const both = check
      ? readAndCheckCii(xml, {
          ...(check.profile ? { profile: check.profile } : {}),
          ...(check.extendedCtcFr !== undefined ? { extendedCtcFr: check.extendedCtcFr } : {}),
          ...limit,
        })
      : undefined;
    const r = both?.read ?? readCii(xml, limit);
    return {
      syntax,
      invoice: r.invoice,
      profile: r.profile,
      ...(r.documentProfile ? { documentProfile: r.documentProfile } : {}),
      diagnostics: r.diagnostics,
      locations: locationsOf(r),
      source: r.source,
      ...(both ? { structure: both.check } : {}),
    };
  }
  if (syntax === 'UBL') {
    // read and check share one parse of the document
    const both = check
      ? readAndCheckUbl(xml, {
          ...(check.extendedCtcFr !== undefined ? { extendedCtcFr: check.extendedCtcFr } : {}),
          ...limit,
        })
      : undefined;
    const r = both?.read ?? readUbl(xml, limit);
    return {
      syntax,
      invoice: r.invoice,
      profile: undefined,
      ...(r.documentProfile ? { documentProfile: r.documentProfile } : {}),
      diagnostics: r.diagnostics,
      locations: locationsOf(r),
      source: r.source,
      ...(both ? { structure: both.check } : {}),
    };
  }
  // name what was found: an XML document with another root, or something that is not XML at all
  const root = rootOf(xmlHead(xml));
  const found = root
    ? lang === 'fr'
      ? ` Le document est du XML dont l’élément racine est <${root}>.`
      : ` The document is XML whose root element is <${root}>.`
    : '';
  const message =
    lang === 'fr'
      ? `Format non reconnu : ni un PDF, ni une facture CII (rsm:CrossIndustryInvoice), ni une facture UBL 2.1 (Invoice / CreditNote).${found}`
      : `Unrecognised format: neither a PDF, nor a CII invoice (rsm:CrossIndustryInvoice), nor a UBL 2.1 Invoice or CreditNote.${found}`;
  return {
    invoice: {},
    profile: undefined,
    diagnostics: [{ rule: 'FORMAT', severity: 'fatal', path: 'invoice', message }],
    locations: {},
  };
}

/** The head of the input as text, enough to see the root element (UTF-16 is decoded whole: rare) */
export function xmlHead(input: Uint8Array | string): string {
  if (typeof input === 'string') return input;
  if (isUtf16(input)) {
    const decoded = decodeXmlBytes(input);
    return decoded.ok ? decoded.text : '';
  }
  return new TextDecoder().decode(input.subarray(0, HEAD_BYTES));
}

export function detectAndRead(input: Uint8Array | string, options: DetectOptions = {}): DetectResult {
  return detectReadAndCheck(input, options, undefined);
}

/**
 * detectAndRead plus, when `check` is given, the structure check of the invoice XML (the embedded
 * one for a PDF) in `structure`: validateDocument's single pass, where a CII document is parsed once
 * for both the reader and the check.
 */
export function detectReadAndCheck(
  input: Uint8Array | string,
  options: DetectOptions,
  check: CheckRequest | undefined,
): DetectAndCheckResult {
  const lang = options.lang ?? 'en';
  if (typeof input !== 'string' && isPdf(input)) {
    const ex = extract(input, { lang, ...(options.maxPdfBytes ? { maxBytes: options.maxPdfBytes } : {}) });
    if (ex.xml === undefined || ex.filename === undefined) {
      return {
        format: 'FACTURX-PDF',
        invoice: {},
        profile: undefined,
        diagnostics: ex.findings.filter((f) => f.severity === 'fatal'),
        locations: {},
        pdf: { findings: ex.findings },
      };
    }
    const inner = readXml(ex.xml, { lang, maxXmlBytes: options.maxXmlBytes }, check);
    return published<DetectAndCheckResult>({
      ...inner,
      format: 'FACTURX-PDF',
      pdf: { findings: ex.findings, embedded: { filename: ex.filename, xml: ex.xml } },
    });
  }
  const read = readXml(input, { lang, maxXmlBytes: options.maxXmlBytes }, check);
  return published<DetectAndCheckResult>(read, read.syntax ? { format: read.syntax } : undefined);
}
