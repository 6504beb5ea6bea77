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

/** What the format questions read of the root start tag: START_TAG's three groups */
export interface RootTag {
  prefix: string | undefined;
  local: string;
  attrs: string;
}

const QUESTION = 0x3f;
const BANG = 0x21;
const COLON = 0x3a;

/** A character of `[\w.-]` (START_TAG's name characters; `\w` is ASCII only without the `u` flag) */
const isNameCode = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x5f ||
  c === 0x2e ||
  c === 0x2d;

/**
 * START_TAG's groups on prologFree's text, read from `text`, the decoded start of the head, for
 * the common shape only (decision 0257): text, PIs and comments, then `<` and a name, then
 * attributes without `<` up to a `>`. Undefined for anything else (a DOCTYPE, `< name`, a `<`
 * inside the tag, a PI, comment or tag not closed within `text`), which rootStartTag answers.
 *
 * Why it is rootStartTag's answer: prologFree removes each PI and comment from the left up to its
 * first terminator, as this loop skips them; the text between them holds no `<`, so START_TAG
 * cannot match before the `<` found, and there it matches: the name is `[\w.-]+`, a `:` followed by
 * a name character makes the first run the prefix (greedy, as the optional group is), and `[^>]*`
 * runs to the first `>`, which no PI or comment precedes within the tag (no `<` before it). What is
 * read ends at that `>`: a `>` of the decoded start of a UTF-8 text is where the whole decoding has
 * it (only an incomplete last character decodes otherwise), and 8,192 bytes decode to at most
 * 8,192 characters, all within the head that prologFree cleans.
 */
function quickRootTag(text: string): RootTag | undefined {
  let i = 0;
  for (;;) {
    i = text.indexOf('<', i);
    if (i < 0 || i + 1 >= text.length) return undefined;
    const next = text.charCodeAt(i + 1);
    if (next === QUESTION) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return undefined;
      i = end + 2;
      continue;
    }
    if (next === BANG) {
      if (!text.startsWith('--', i + 2)) return undefined;
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return undefined;
      i = end + 3;
      continue;
    }
    if (!isNameCode(next)) return undefined;
    break;
  }
  const lt = i;
  let k = lt + 1;
  while (k < text.length && isNameCode(text.charCodeAt(k))) k++;
  let prefixEnd = -1;
  if (text.charCodeAt(k) === COLON && k + 1 < text.length && isNameCode(text.charCodeAt(k + 1))) {
    prefixEnd = k;
    k += 2;
    while (k < text.length && isNameCode(text.charCodeAt(k))) k++;
  }
  const gt = text.indexOf('>', k);
  if (gt < 0) return undefined;
  const lt2 = text.indexOf('<', k);
  if (lt2 >= 0 && lt2 < gt) return undefined;
  return {
    prefix: prefixEnd < 0 ? undefined : text.slice(lt + 1, prefixEnd),
    local: text.slice(prefixEnd < 0 ? lt + 1 : prefixEnd + 1, k),
    attrs: text.slice(k, gt),
  };
}

/**
 * rootStartTag's groups: from the decoded first kilobyte, else the decoded head, when their shape
 * allows (quickRootTag), else from rootStartTag itself (decision 0257)
 */
export function rootTag(input: Uint8Array | string): RootTag | null {
  return typeof input !== 'string' && !isUtf16(input)
    ? rootTagOfUtf8(input, utf8.decode(input.subarray(0, QUICK_HEAD)))
    : rootTagOf(input);
}

/** rootTag of bytes read as UTF-8, whose first QUICK_HEAD bytes decode to `quickText` */
function rootTagOfUtf8(input: Uint8Array, quickText: string): RootTag | null {
  {
    const quick = quickRootTag(quickText);
    if (quick !== undefined) return quick;
    if (input.length > QUICK_HEAD) {
      const head = quickRootTag(utf8.decode(input.subarray(0, HEAD_BYTES)));
      if (head !== undefined) return head;
    }
  }
  return rootTagOf(input);
}

function rootTagOf(input: Uint8Array | string): RootTag | null {
  const root = rootStartTag(input);
  return root ? { prefix: root[1], local: root[2] as string, attrs: root[3] ?? '' } : null;
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
  const root = firstStartTag(xml);
  return syntaxOfRoot(root && { prefix: root[1], local: root[2] as string, attrs: root[3] ?? '' });
}

function syntaxOfRoot(root: RootTag | null): 'CII' | 'UBL' | undefined {
  if (!root) return undefined;
  const { prefix, local, attrs } = root;
  const ns = namespaceOf(prefix, attrs);
  if (local === 'CrossIndustryInvoice' && (!ns || ns === CII_NS)) return 'CII';
  if ((local === 'Invoice' || local === 'CreditNote') && (!ns || UBL_NS.test(ns))) return 'UBL';
  return undefined;
}

const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';

const CDAR_ROOT = 'CrossDomainAcknowledgementAndResponse';
/** The bytes xmlHead decodes for any input that is not UTF-16 */
const HEAD_BYTES = 8192;

/** Is this XML a lifecycle status message (root rsm:CrossDomainAcknowledgementAndResponse)? */
export function isCdarXml(input: Uint8Array | string): boolean {
  // decision 0187's byte search for the CDAR name before the root tag is gone (decision 0257): its
  // Uint8Array#indexOf calls (a runtime builtin, ~0.3 µs each) cost more than quickRootTag
  return isCdarHead(sniffHead(input));
}

function isCdarRoot(root: RootTag | null): boolean {
  // the name first: the namespace is a regex over the root's attributes (an invoice's declare a
  // dozen namespaces), asked of every document validateDocument sees and needed by none but a CDAR
  if (!root || root.local !== CDAR_ROOT) return false;
  const ns = namespaceOf(root.prefix, root.attrs);
  return !ns || ns === CDAR_NS;
}

/**
 * What validateDocument asks of the input's head before reading it, asked once (decision 0257): is
 * it a PDF, and else its root start tag, from which both the CDAR question and the syntax are
 * answered. isCdarXml and readXml each sniffed the head on their own (isPdf twice, and the
 * root tag found by decoding and cleaning the head, after a byte search for the CDAR name).
 */
export interface SniffedHead {
  pdf: boolean;
  /** The root start tag's groups (null: none); absent for a PDF */
  root?: RootTag | null;
}

export function sniffHead(input: Uint8Array | string): SniffedHead {
  if (typeof input === 'string') return { pdf: false, root: rootTag(input) };
  if (isUtf16(input)) return isPdf(input) ? { pdf: true } : { pdf: false, root: rootTagOf(input) };
  // isPdf asked of the decoded first kilobyte that the root tag is read from (isPdf reads the same
  // 1,024 bytes): `%PDF-` is ASCII, and an ASCII byte of UTF-8 decodes to that character and no
  // other byte does, so the bytes hold it exactly when the text does
  const quickText = utf8.decode(input.subarray(0, QUICK_HEAD));
  if (quickText.includes('%PDF-')) return { pdf: true };
  return { pdf: false, root: rootTagOfUtf8(input, quickText) };
}

/** isCdarXml's answer from a sniffed head */
export const isCdarHead = (head: SniffedHead): boolean => !head.pdf && isCdarRoot(head.root ?? null);

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
export type Unpublished<T extends { locations: SourceLocations }> = Omit<T, 'locations' | 'locationTable'> & {
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
  /** The input's root tag, when the caller sniffed it already */
  sniffed?: RootTag | null,
): ReadXml {
  const { lang } = options;
  const limit = options.maxXmlBytes ? { maxBytes: options.maxXmlBytes } : {};
  const syntax = syntaxOfRoot(sniffed === undefined ? rootTag(xml) : sniffed);
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
  /** sniffHead(input), when the caller asked it already */
  head?: SniffedHead,
): DetectAndCheckResult {
  return publishedRead(readDocument(input, options, check, head));
}

/**
 * The read result as callers see it: published, an XML document's syntax as its `format` after the
 * reader's keys (a PDF's result has its format already)
 */
export function publishedRead(read: Unpublished<DetectAndCheckResult>): DetectAndCheckResult {
  return read.format === undefined && read.syntax !== undefined
    ? published<DetectAndCheckResult>(read, { format: read.syntax })
    : published(read);
}

/**
 * detectReadAndCheck's result before it is published: `locations` still the reader's table (what
 * validate() takes), and an XML document's `format` not yet set (it is its `syntax`; publishing puts
 * it after the result's keys). validateDocument judges this and never shows the read result: the
 * public copy withLocations makes (its keys one by one, the `locations` accessor) is made only for
 * the callers who get it (judgeDocument's `read`, detectAndRead; decision 0284).
 */
export function readDocument(
  input: Uint8Array | string,
  options: DetectOptions,
  check: CheckRequest | undefined,
  /** sniffHead(input), when the caller asked it already */
  head?: SniffedHead,
): Unpublished<DetectAndCheckResult> {
  const lang = options.lang ?? 'en';
  if (typeof input !== 'string' && (head ? head.pdf : isPdf(input))) {
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
    return {
      ...inner,
      format: 'FACTURX-PDF',
      pdf: { findings: ex.findings, embedded: { filename: ex.filename, xml: ex.xml } },
    };
  }
  return readXml(input, { lang, maxXmlBytes: options.maxXmlBytes }, check, head?.root);
}
