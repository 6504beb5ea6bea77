/**
 * What the validator runs in its worker threads (decision 0102): each named export is one task of
 * the pool, called with a structured-clone input. Pure library calls; no Express, no config. The
 * answer is serialized here too: a large report costs milliseconds to clone and to stringify, and
 * those must not be spent on the event loop that answers /healthz.
 */
import type { Finding } from '@einv/core-model';
import { getTerm } from '@einv/core-model';
import {
  buildReceipt,
  receiptHtml,
  receiptPdf,
  type ValidateDocumentOptions,
  validateDocument as validate,
} from '@einv/facturx';

import type { ReceiptKind } from './receipt-kinds.js';

export interface ValidateInput {
  bytes: Uint8Array;
  options: ValidateDocumentOptions & { lang: 'en' | 'fr' };
  filename?: string;
  /** Answer with the receipt in this form instead of the JSON report; `now` is its date */
  receipt?: { kind: ReceiptKind; now: string };
}

export interface ReceiptOutput {
  body: string | Uint8Array;
  type: string;
  /** File name for Content-Disposition */
  filename: string;
}

export type ValidateOutput =
  /** `json`: the report, UTF-8 encoded here so its bytes are moved to the event loop, not copied */
  | { known: true; json: Uint8Array; format: string; valid: boolean; receipt?: ReceiptOutput }
  | { known: false; findings: Finding[] };

const utf8 = new TextEncoder();

const RECEIPT_TYPES: Record<ReceiptKind, string> = {
  json: 'application/json',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};

/** The business term's name in the report's language, so a reader sees "Invoice number", not just BT-1 */
function withTermName(finding: Finding, lang: 'en' | 'fr'): Finding & { btName?: string } {
  const term = finding.bt ? getTerm(finding.bt) : undefined;
  return term ? { ...finding, btName: term.name[lang] } : finding;
}

/** A file name for the download: the document's own name without its extension, made safe */
function receiptName(filename: string | undefined, kind: ReceiptKind, lang: 'en' | 'fr'): string {
  const base = (filename ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .slice(0, 80);
  return `${lang === 'fr' ? 'rapport' : 'report'}-einv${base ? `-${base}` : ''}.${kind}`;
}

export function validateDocument({ bytes, options, filename, receipt }: ValidateInput): ValidateOutput {
  const report = validate(bytes, options);
  if (!report.format) return { known: false, findings: report.errors };
  if (receipt) {
    const data = buildReceipt({
      report,
      bytes,
      lang: options.lang,
      now: receipt.now,
      ...(filename ? { filename } : {}),
    });
    const body =
      receipt.kind === 'pdf'
        ? receiptPdf(data)
        : receipt.kind === 'html'
          ? receiptHtml(data)
          : JSON.stringify(data);
    return {
      known: true,
      json: new Uint8Array(0),
      format: report.format,
      valid: report.valid,
      receipt: {
        body,
        type: RECEIPT_TYPES[receipt.kind],
        filename: receiptName(filename, receipt.kind, options.lang),
      },
    };
  }
  const named = (findings: Finding[]) => findings.map((f) => withTermName(f, options.lang));
  const json = utf8.encode(
    JSON.stringify({
      ...(filename ? { filename } : {}),
      ...report,
      errors: named(report.errors),
      warnings: named(report.warnings),
    }),
  );
  return { known: true, json, format: report.format, valid: report.valid };
}
