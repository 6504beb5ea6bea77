/**
 * Shared pieces of the French rules (BR-FR, XP Z12-012 v1.4 as published by FNFE-MPE):
 * the rule factory with the two edition severities, the official code lists and the lexical
 * checks the official schematron performs through its custom:* functions.
 */
import type { Invoice, Note } from '@einv/core-model';
import { Decimal } from 'decimal.js';
import { defineRule, type RuleContext, type RuleDefinition, type Syntax, type Text } from '../define.js';

type FrRuleInput = Omit<RuleDefinition, 'ruleSet' | 'severity' | 'editionSeverity'> & {
  /** Multi-vendor / bidirectional rules stay fatal in the transition edition too */
  fatalInTransition?: boolean;
};

/** Defines a BR-FR rule: fatal in the standard edition, warning in transition (unless MV/BD). */
export function frRule(input: FrRuleInput): RuleDefinition {
  const { fatalInTransition, ...rest } = input;
  return defineRule({
    ...rest,
    ruleSet: 'BR-FR',
    severity: 'fatal',
    editionSeverity: { transition: fatalInTransition ? 'fatal' : 'warning', standard: 'fatal' },
  });
}

export function t(en: string, fr: string): Text {
  return { en, fr };
}

// ---- Official code lists (custom:* functions of the 1.4.0.03 schematron) ----

export const DOCUMENT_TYPE_CODES = new Set([
  '380',
  '389',
  '393',
  '501',
  '386',
  '500',
  '384',
  '471',
  '472',
  '473',
  '261',
  '262',
  '381',
  '396',
  '502',
  '503',
]);
export const BILLING_MODES = new Set([
  'B1',
  'S1',
  'M1',
  'B2',
  'S2',
  'M2',
  'S3',
  'B4',
  'S4',
  'M4',
  'S5',
  'S6',
  'B7',
  'S7',
  'B8',
  'S8',
  'M8',
  'B9',
  'S9',
  'M9',
]);
export const BAR_TREATMENTS = new Set(['B2B', 'B2BINT', 'B2C', 'B2CINT', 'OUTOFSCOPE', 'ARCHIVEONLY']);
export const VAT_CATEGORIES = new Set(['S', 'E', 'AE', 'K', 'G', 'O', 'Z']);
/** French VAT rates; the official list enumerates each with 0 to 2 decimals */
export const VAT_RATES = new Set([0, 10, 13, 20, 8.5, 19.6, 2.1, 5.5, 7, 20.6, 1.05, 0.9, 1.75, 9.2, 9.6]);
export const ATTACHMENT_CODES = new Set([
  'RIB',
  'LISIBLE',
  'FEUILLE_DE_STYLE',
  'PJA',
  'BORDEREAU_SUIVI',
  'DOCUMENT_ANNEXE',
  'BON_LIVRAISON',
  'BON_COMMANDE',
  'BORDEREAU_SUIVI_VALIDATION',
  'ETAT_ACOMPTE',
  'FACTURE_PAIEMENT_DIRECT',
  'RECAPITULATIF_COTRAITANCE',
]);
/** Self-billed document types (BR-FR-21/22, MV-13, BD-13) */
export const SELF_BILLING_TYPES = new Set(['389', '501', '500', '471', '473', '261', '502']);
export const DEPOSIT_TYPES = new Set(['386', '500', '503']);
export const CORRECTIVE_TYPES = new Set(['384', '471', '472', '473']);
export const CREDIT_NOTE_TYPES = new Set(['261', '381', '396', '502', '503']);
export const PAID_FRAMEWORKS = new Set(['B2', 'S2', 'M2']);
export const FINAL_AFTER_DEPOSIT_FRAMEWORKS = new Set(['B4', 'S4', 'M4']);
export const MULTI_VENDOR_FRAMEWORKS = new Set(['S8', 'B8', 'M8']);
export const BIDIRECTIONAL_FRAMEWORKS = new Set(['S9', 'B9', 'M9']);

// ---- Lexical checks ----

export const normalizeSpace = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** custom:is-valid-id-format: letters, digits and + - _ / only, no space anywhere */
export function isValidIdFormat(id: string): boolean {
  return /^[A-Za-z0-9+\-_/]+$/.test(normalizeSpace(id)) && !id.includes(' ');
}

/** custom:is-valid-schemeid-format (electronic addresses 0225, routing codes 0224) */
export const isValidSchemeIdFormat = (v: string): boolean => /^[A-Za-z0-9+\-_.]+$/.test(v);

/**
 * custom:is-valid-date-format: a real calendar date of the years 2000-2099. The model holds
 * ISO dates (YYYY-MM-DD); a reader that could not convert a CII date may keep its raw form
 * (YYYYMMDD…), which is checked the way the CII schematron does (first 8 characters).
 */
export function isValidFrenchDate(date: string): boolean {
  let y: string;
  let m: string;
  let d: string;
  const iso = /^(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.exec(date);
  const raw = /^(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])/.exec(date.slice(0, 8));
  if (iso) [, y = '', m = '', d = ''] = iso;
  else if (raw && !date.includes('-')) [, y = '', m = '', d = ''] = raw;
  else return false;
  const year = Number(y);
  const month = Number(m);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = [1, 3, 5, 7, 8, 10, 12].includes(month) ? 31 : month === 2 ? (leap ? 29 : 28) : 30;
  return Number(d) <= max;
}

/** Plain decimal notation of a model number (no exponent), or undefined when not a finite number */
export function plainDecimal(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return new Decimal(value).toFixed();
}

/**
 * custom:is-valid-decimal-19-N: optional minus (unless `positive`), at most 19 digits in all,
 * at most `decimals` fraction digits. `written` is the number as the XML wrote it (source facts):
 * the official test reads that string ("10.500" has three decimals); without it the model's number
 * is written out plainly (10.5).
 */
export function isValidDecimal(
  value: number,
  decimals: number,
  opts: { positive?: boolean; maxDigits?: number; written?: string | undefined } = {},
): boolean {
  const s = opts.written !== undefined ? normalizeSpace(opts.written) : plainDecimal(value);
  if (s === undefined) return false;
  const sign = opts.positive ? '' : '-?';
  const re = new RegExp(`^${sign}\\d{1,${opts.maxDigits ?? 19}}(\\.\\d{1,${decimals}})?$`);
  return re.test(s) && s.replace(/[.-]/g, '').length <= (opts.maxDigits ?? 19);
}

// ---- Notes: CII carries a subject code (BT-21), UBL writes it as a "#CODE#" prefix ----

/** The note as written in UBL (cbc:Note): "#CODE#text" when a subject code is known */
export function ublNoteText(note: Note): string {
  return note.subjectCode ? `#${note.subjectCode}#${note.text ?? ''}` : (note.text ?? '');
}

/** Subject and content of a note; a "#CODE#" prefix counts as the subject when none is given */
export function noteParts(note: Note): { subject: string | undefined; content: string } {
  if (note.subjectCode) return { subject: note.subjectCode, content: note.text ?? '' };
  const m = /^#([A-Za-z0-9]+)#([\s\S]*)$/.exec(note.text ?? '');
  if (m) return { subject: m[1], content: m[2] ?? '' };
  return { subject: undefined, content: note.text ?? '' };
}

/** Notes with their subject, as the CII schematron sees them (JSON input reads "#CODE#" prefixes too) */
export function subjectNotes(
  invoice: Invoice,
  syntax: Syntax | undefined,
): { subject: string | undefined; content: string; index: number }[] {
  return (invoice.notes ?? []).map((n, index) => {
    const p = syntax === 'CII' ? { subject: n.subjectCode, content: n.text ?? '' } : noteParts(n);
    return { ...p, index };
  });
}

/**
 * UBL: the string the official rules join the notes with — '' up to 1.4.0.03, '#' from 1.4.0.04
 * ("fix04 add '#' in join in order to manage notes without subject between #")
 */
export function ublNoteSeparator(ctx: Pick<RuleContext, 'frenchVersion'>): string {
  return ctx.frenchVersion === '1.4.0.04' ? '#' : '';
}

/** UBL: all notes joined, as string-join(cbc:Note, separator) */
export function ublJoinedNotes(invoice: Invoice, separator = ''): string {
  return (invoice.notes ?? []).map(ublNoteText).join(separator);
}

/** UBL: the value after the first "#CODE#" of the joined notes, up to the next "#" */
export function ublFirstValue(invoice: Invoice, code: string, separator = ''): string {
  const joined = ublJoinedNotes(invoice, separator);
  const marker = `#${code}#`;
  const at = joined.indexOf(marker);
  if (at < 0) return '';
  const after = joined.slice(at + marker.length);
  const hash = after.indexOf('#');
  return hash >= 0 ? after.slice(0, hash) : after;
}

/** Occurrences of `needle` in `haystack` */
export function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * The expected-processing ("BAR") values: every BAR note for CII, the first "#BAR#" value for UBL;
 * when the invoice has none, the processing type the caller gave (ValidateOptions.processingType)
 */
export function barValues(
  invoice: Invoice,
  ctx: Pick<RuleContext, 'syntax' | 'frenchVersion' | 'processingType'>,
): string[] {
  let values: string[];
  if (ctx.syntax === 'UBL') {
    const v = ublFirstValue(invoice, 'BAR', ublNoteSeparator(ctx));
    values = v === '' ? [] : [v];
  } else
    values = subjectNotes(invoice, ctx.syntax)
      .filter((n) => n.subject === 'BAR')
      .map((n) => n.content);
  return values.length === 0 && ctx.processingType ? [ctx.processingType] : values;
}

export const isBusinessProcess = (invoice: Invoice, set: Set<string>): boolean =>
  invoice.businessProcessType !== undefined && set.has(normalizeSpace(invoice.businessProcessType));
