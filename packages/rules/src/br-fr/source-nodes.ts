/**
 * BR-FR rules that judge XML nodes as written (decision 0107): the VAT rate as a string
 * ("20.000" is 20 for the model, not a French rate for the official list), every AFL / AVV
 * invoiced-object reference (the model keeps one BT-18), and line document references in the
 * UBL transition edition. Each helper applies the official test to the source nodes the reader
 * collected for the rule; rules fall back to the model when there are none (JSON input).
 */
import type { Report, RuleContext } from '../define.js';
import { judgeSourceNodes, valueAndTerm } from '../source-context.js';
import { formatComputed } from '../util/format-computed.js';
import { normalizeSpace } from './common.js';

/** The rates of custom:is-valid-vat-rate, as the official function lists them (string equality) */
const FRENCH_RATE_STRINGS: ReadonlySet<string> = new Set(
  (
    '0 0.0 0.00 10 10.0 10.00 13 13.0 13.00 20 20.0 20.00 8.5 8.50 19.6 19.60 2.1 2.10 5.5 5.50 ' +
    '7 7.0 7.00 20.6 20.60 1.05 0.9 0.90 1.75 9.2 9.20 9.6 9.60'
  ).split(' '),
);

/** custom:is-valid-percent-4-2-positive: at most 4 digits, at most 2 decimals, no sign */
export function isPercent42(rate: string): boolean {
  return /^\d{1,4}(\.\d{1,2})?$/.test(rate) && rate.replace('.', '').length <= 4;
}

/**
 * BR-FR-16 on the rates as written. CII reads `string(ram:RateApplicablePercent)`, so an empty
 * rate passes (`not($rate)`); UBL tests `cbc:Percent` whenever the element exists.
 * Returns false when there are no source nodes (the caller then judges the model).
 */
export function checkRateStrings(context: RuleContext, report: Report): boolean {
  return judgeSourceNodes(context, 'BR-FR-16', report, (value) =>
    context.syntax === 'CII' && value === '' ? true : FRENCH_RATE_STRINGS.has(value),
  );
}

/** BR-FR-DEC-04 on the rates as written (normalize-space, then the 4-2 positive pattern) */
export function checkRateDecimals(context: RuleContext, report: Report): boolean {
  return judgeSourceNodes(
    context,
    'BR-FR-DEC-04',
    report,
    (value) => isPercent42(normalizeSpace(value)),
    (path, value) => {
      const detail = valueAndTerm(path, value);
      const computed = rateComputed(detail.bt ?? 'BT-119', value, normalizeSpace(value));
      return computed ? { ...detail, computed } : detail;
    },
  );
}

/** What BR-FR-DEC-04 would accept of a rate: two decimals at most, no sign, four digits in all */
export function rateComputed(term: string, value: unknown, written?: string) {
  return formatComputed(term, value, written, 2, { positive: true, maxDigits: 4 });
}

/**
 * BR-FR-29 on every AFL / AVV invoiced-object reference: each with a value (CII: when its
 * IssuerAssignedID exists), and (CII) at most one of each type per document.
 */
export function checkSubInvoiceReferences(context: RuleContext, report: Report): boolean {
  const source = context.source;
  const nodes = source?.values('BR-FR-29');
  if (!source || !nodes) return false;
  const seen = new Map<string, number>();
  for (const node of nodes) {
    if (node.tag !== undefined) seen.set(node.tag, (seen.get(node.tag) ?? 0) + 1);
    if (node.value !== undefined && normalizeSpace(node.value) === '')
      report(source.pathAt(node.xpath), { value: node.tag, xpath: node.xpath, line: node.line, bt: 'BT-18' });
  }
  if (context.syntax === 'CII' && [...seen.values()].some((n) => n > 1))
    report('invoice.invoicedObjectIdentifier', { bt: 'BT-18' });
  return true;
}
