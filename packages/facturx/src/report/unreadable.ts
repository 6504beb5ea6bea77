/**
 * When a document cannot be read as an invoice (not a PDF nor XML, XML that is not well-formed or
 * has a DOCTYPE, XML that is not an invoice, a PDF without an embedded invoice, a damaged PDF), the
 * report says why, once, and nothing else: no rule runs on the empty model that reading left behind
 * (issue #11, decision 0112). This module picks that one finding.
 */
import type { Finding } from '@einv/core-model';
import type { DetectAndCheckResult } from '../detect.js';
import type { Lang } from '../findings.js';

/**
 * Findings by which a reader says it could not read the document at all: parse errors, a root that
 * is not an invoice, an internal failure, an unknown format. Everything else a reader reports is
 * about an invoice it did read.
 */
const UNREADABLE = /^(XML-|FORMAT$|CII-ROOT$|CII-INTERNAL$|UBL-READ-(XML|ROOT|INTERNAL)$)/;

export function isUnreadable(f: Finding): boolean {
  return f.severity === 'fatal' && UNREADABLE.test(f.rule);
}

/** The one finding saying why the document could not be read, or undefined when it was read */
export function unreadableCause(
  read: Pick<DetectAndCheckResult, 'format' | 'pdf' | 'diagnostics'>,
  lang: Lang,
): Finding | undefined {
  const pdfFindings = read.pdf?.findings ?? [];
  if (read.format === 'FACTURX-PDF' && !read.pdf?.embedded) {
    const fatal = pdfFindings.find((f) => f.severity === 'fatal');
    if (!fatal) return undefined;
    // A damaged PDF (truncated, broken cross-references) is why nothing was found: say so rather than
    // calling it a plain PDF or leaving the reader's symptom alone
    const damage = pdfFindings.find((f) => f.rule === 'PDF-XREF');
    if (damage) {
      return {
        ...fatal,
        message:
          lang === 'fr'
            ? `Le PDF est endommagé (tronqué ?) et aucune facture intégrée n’a pu y être lue : ${fatal.message} ${damage.message}`
            : `The PDF is damaged (truncated?) and no embedded invoice could be read from it: ${fatal.message} ${damage.message}`,
      };
    }
    return fatal;
  }
  return read.diagnostics.find(isUnreadable);
}
