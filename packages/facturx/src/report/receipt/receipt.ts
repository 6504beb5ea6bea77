/**
 * The validation receipt (issue #16): what a supplier or an auditor can be sent — verdict, rule sets
 * and versions run, the file's name, size and SHA-256, every finding with its business term,
 * location and found / expected values, and the date. One data shape (`Receipt`, the JSON form),
 * drawn as HTML (`receipt-html.ts`) and PDF/A (`receipt-pdf.ts`) in the report's language
 * (decision 0133).
 */
import { type Finding, getTerm, type Notice, type RuleSetRef } from '@einv/core-model';
import { sha256 } from '@noble/hashes/sha2';
import type { Lang } from '../../findings.js';
import type { DocumentReport, SkippedRuleSet } from '../validate-document.js';

export interface ReceiptFinding {
  rule: string;
  severity: Finding['severity'];
  message: string;
  bt?: string;
  btName?: string;
  path: string;
  xpath?: string;
  line?: number;
  found?: string;
  expected?: string;
  derivation?: string;
}

export interface Receipt {
  lang: Lang;
  /** ISO 8601 instant the document was validated */
  date: string;
  valid: boolean;
  file: { name: string; size: number; sha256: string };
  format: string | undefined;
  syntax?: string;
  profile?: string;
  ruleSets: RuleSetRef[];
  skippedRuleSets: SkippedRuleSet[];
  notices: Notice[];
  errors: ReceiptFinding[];
  warnings: ReceiptFinding[];
  /** Where the explanation of a code is (the validator's /v1/rules/{code}) */
  explanations: string;
}

export interface ReceiptInput {
  report: DocumentReport;
  bytes: Uint8Array;
  filename?: string;
  lang: Lang;
  now: Date | string;
  /** Base of the explanation links; default /v1/rules/ */
  explanations?: string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function receiptFinding(f: Finding, lang: Lang): ReceiptFinding {
  const term = f.bt ? getTerm(f.bt) : undefined;
  const out: ReceiptFinding = { rule: f.rule, severity: f.severity, message: f.message, path: f.path };
  if (f.bt) out.bt = f.bt;
  if (term) out.btName = term.name[lang];
  if (f.xpath) out.xpath = f.xpath;
  if (typeof f.line === 'number') out.line = f.line;
  if (f.found !== undefined) out.found = f.found;
  if (f.expected !== undefined) out.expected = f.expected;
  if (f.derivation !== undefined) out.derivation = f.derivation;
  return out;
}

export function buildReceipt(input: ReceiptInput): Receipt {
  const { report, lang } = input;
  const date = (input.now instanceof Date ? input.now : new Date(input.now)).toISOString();
  return {
    lang,
    date,
    valid: report.valid,
    file: {
      name:
        input.filename && input.filename.trim() !== ''
          ? input.filename
          : lang === 'fr'
            ? '(sans nom)'
            : '(unnamed)',
      size: input.bytes.byteLength,
      sha256: hex(sha256(input.bytes)),
    },
    format: report.format,
    ...(report.syntax ? { syntax: report.syntax } : {}),
    ...(report.profile ? { profile: report.profile } : {}),
    ruleSets: report.ruleSets,
    skippedRuleSets: report.skippedRuleSets ?? [],
    notices: report.notices ?? [],
    errors: report.errors.map((f) => receiptFinding(f, lang)),
    warnings: report.warnings.map((f) => receiptFinding(f, lang)),
    explanations: input.explanations ?? '/v1/rules/',
  };
}

/** Labels of the receipt, both forms */
export const RECEIPT_LABELS = {
  en: {
    title: 'E-invoice validation report',
    valid: 'Valid invoice',
    invalid: 'Invalid invoice',
    file: 'File',
    size: 'Size',
    sha256: 'SHA-256',
    format: 'Format',
    profile: 'Profile',
    ruleSets: 'Rule sets run',
    skipped: 'Not run',
    date: 'Validated on',
    errors: 'Errors',
    warnings: 'Warnings',
    none: 'None.',
    rule: 'Rule',
    severity: 'Severity',
    term: 'Business term',
    location: 'Location',
    line: 'line',
    found: 'Found',
    expected: 'Expected',
    derivation: 'Calculation',
    explanations: 'Explanation of each rule',
    bytes: 'bytes',
    producer: 'Produced by einv',
    page: 'page',
    fatal: 'Error',
    warning: 'Warning',
    information: 'Information',
  },
  fr: {
    title: 'Rapport de validation de facture électronique',
    valid: 'Facture valide',
    invalid: 'Facture non valide',
    file: 'Fichier',
    size: 'Taille',
    sha256: 'SHA-256',
    format: 'Format',
    profile: 'Profil',
    ruleSets: 'Jeux de règles appliqués',
    skipped: 'Non appliquées',
    date: 'Validé le',
    errors: 'Erreurs',
    warnings: 'Avertissements',
    none: 'Aucun.',
    rule: 'Règle',
    severity: 'Gravité',
    term: 'Terme métier',
    location: 'Emplacement',
    line: 'ligne',
    found: 'Trouvé',
    expected: 'Attendu',
    derivation: 'Calcul',
    explanations: 'Explication de chaque règle',
    bytes: 'octets',
    producer: 'Produit par einv',
    page: 'page',
    fatal: 'Erreur',
    warning: 'Avertissement',
    information: 'Information',
  },
} as const;

/** "24 novembre 2026 à 10:52 UTC" / "24 November 2026, 10:52 UTC" */
export function receiptDate(iso: string, lang: Lang): string {
  const d = new Date(iso);
  const day = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
  const time = iso.slice(11, 16);
  return lang === 'fr' ? `${day} à ${time} UTC` : `${day}, ${time} UTC`;
}

/** 1 234 567 octets / 1,234,567 bytes */
export function receiptSize(size: number, lang: Lang): string {
  const grouped = String(size).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : ',');
  return `${grouped} ${RECEIPT_LABELS[lang].bytes}`;
}

/** The location of a finding for people: XPath and line, or the model path */
export function receiptLocation(f: ReceiptFinding, lang: Lang): string {
  const parts = [f.xpath ?? f.path];
  if (f.line !== undefined) parts.push(`${RECEIPT_LABELS[lang].line} ${f.line}`);
  return parts.join(', ');
}
