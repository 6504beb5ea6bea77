/**
 * What the schema-driven differential compares (issue 11): the EN 16931 business rule ids (BR-*,
 * BR-FR excluded) of one validateDocument report. The script (scripts/schema-differential.mjs) and
 * the test suite's sample (tests/conformance/schema-differential-support.ts) both use it, so the
 * long run and CI judge the same set.
 */

/** An EN 16931 business rule id: BR-*, not the French BR-FR-* */
export const isBusinessRule = (id) =>
  typeof id === 'string' && id.startsWith('BR-') && !id.startsWith('BR-FR');

/**
 * einv's BR-* ids in a report, or undefined for a MINIMUM / BASIC-WL booking aid: those are judged by
 * their profile's rules, not by the EN 16931 set the CEN oracle runs (decision 0113). The contract
 * aliases of JSON invoices never count (decision 0112); the caller passes @einv/rules' isContractAlias
 * so this module runs from the built packages (script) and from the sources (jest) alike.
 */
export function businessRulesOfReport(report, isContractAlias) {
  if (report.profile === 'MINIMUM' || report.profile === 'BASIC-WL') return undefined;
  return new Set(
    [...report.errors, ...report.warnings]
      .filter((f) => !isContractAlias(f))
      .map((f) => f.rule)
      .filter(isBusinessRule),
  );
}
