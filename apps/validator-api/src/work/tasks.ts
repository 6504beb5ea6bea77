/**
 * What the validator runs in its worker threads (decision 0102): each named export is one task of
 * the pool, called with a structured-clone input. Pure library calls; no Express, no config. The
 * answer is serialized here too: a large report costs milliseconds to clone and to stringify, and
 * those must not be spent on the event loop that answers /healthz.
 */
import type { Finding } from '@einv/core-model';
import { getTerm } from '@einv/core-model';
import { type ValidateDocumentOptions, validateDocument as validate } from '@einv/facturx';

export interface ValidateInput {
  bytes: Uint8Array;
  options: ValidateDocumentOptions & { lang: 'en' | 'fr' };
  filename?: string;
}

export type ValidateOutput =
  | { known: true; json: string; format: string; valid: boolean }
  | { known: false; findings: Finding[] };

/** The business term's name in the report's language, so a reader sees "Invoice number", not just BT-1 */
function withTermName(finding: Finding, lang: 'en' | 'fr'): Finding & { btName?: string } {
  const term = finding.bt ? getTerm(finding.bt) : undefined;
  return term ? { ...finding, btName: term.name[lang] } : finding;
}

export function validateDocument({ bytes, options, filename }: ValidateInput): ValidateOutput {
  const report = validate(bytes, options);
  if (!report.format) return { known: false, findings: report.errors };
  const named = (findings: Finding[]) => findings.map((f) => withTermName(f, options.lang));
  const json = JSON.stringify({
    ...(filename ? { filename } : {}),
    ...report,
    errors: named(report.errors),
    warnings: named(report.warnings),
  });
  return { known: true, json, format: report.format, valid: report.valid };
}
