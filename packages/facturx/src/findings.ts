/** Findings of the PDF side (extract, preflight, attach): paths are rooted at `pdf` (decision 0083). */
import type { Finding, Severity } from '@einv/core-model';

export type Lang = 'en' | 'fr';

export function pdfFinding(
  rule: string,
  severity: Severity,
  path: string,
  message: { en: string; fr: string },
  lang: Lang = 'en',
  value?: unknown,
): Finding {
  const f: Finding = { rule, severity, path, message: message[lang] };
  if (value !== undefined) f.value = value;
  return f;
}
