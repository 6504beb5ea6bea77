/**
 * The EXTENDED-CTC-FR 1.4.0.03 rule set (FNFE-MPE, XP Z12-012): what judges a document declaring
 * EXTENDED-CTC-FR in place of the EN 16931 set (decision 0079). Built from the EN 16931 rules:
 * - kept: every EN 16931 rule the official schematron of the syntax still asserts
 *   (generated-official-ids.ts, generated from the .sch by scripts/gen-extended-ctc-fr-ids.mjs);
 * - replaced: the rules the official set rewrites to count only DETAIL lines (counted-lines.ts);
 * - added: the line-structure rules and BR-CO-25.
 * The asserts on what the model does not hold (the VAT category rules over several breakdowns per
 * category, GROUP sums, code lists, the EXTENDED syntax rules…) run on the XML itself, from tables
 * generated from the official schematron (@einv/cii, @einv/ubl: checkCiiExtendedCtcFrRules,
 * checkUblExtendedCtcFrRules; decision 0125); their ids are left out here (generated-xml-judged-ids.ts).
 */
import type { Finding, Invoice, Line } from '@einv/core-model';
import type { RuleDefinition, Syntax } from '../define.js';
import { rules as en16931Rules } from '../en16931/index.js';

export { EXTENDED_CTC_FR_VERSION } from '../ruleset-versions.js';

import { onCountedLines, renamed } from './counted-lines.js';
import { EXTENDED_CTC_FR_ASSERTED_IDS, EXTENDED_CTC_FR_SYNTAX_IDS } from './generated-official-ids.js';
import { EXTENDED_CTC_FR_XML_JUDGED_IDS } from './generated-xml-judged-ids.js';
import { lineStructureRules } from './line-structure.js';
import { paymentRules } from './payment.js';
import { totalRules } from './totals.js';

const base = (id: string): RuleDefinition => {
  const rule = en16931Rules.find((r) => r.id === id);
  if (!rule) throw new Error(`EN 16931 rule ${id} not found`);
  return rule;
};

/** Replacements with the same id in both syntaxes (the totals have their own tolerant tests: totals.ts) */
const COMMON_REPLACEMENTS: readonly [string, string][] = [['BR-FREXT-CO-04', 'BR-CO-04']];

/** The line presence rules: CII names them BR-FREXT-BR-2x, UBL BR-FREXT-2x */
const LINE_PRESENCE = ['22', '23', '24', '26'] as const;

function replacements(syntax: Syntax): RuleDefinition[] {
  const prefix = syntax === 'CII' ? 'BR-FREXT-BR-' : 'BR-FREXT-';
  const out = [
    ...COMMON_REPLACEMENTS.map(([id, b]) => onCountedLines({ id, base: base(b) })),
    ...LINE_PRESENCE.map((n) => onCountedLines({ id: `${prefix}${n}`, base: base(`BR-${n}`) })),
  ];
  // CII rewrites the charge-reason rules under new ids, with the same test
  if (syntax === 'CII')
    out.push(renamed('BR-FREXT-BR-38', base('BR-38')), renamed('BR-FREXT-BR-44', base('BR-44')));
  return out;
}

/** True when the official EXTENDED-CTC-FR set of the syntax has this id judged on the XML (decision 0125) */
export function isJudgedOnXml(id: string, syntax: Syntax): boolean {
  return (EXTENDED_CTC_FR_XML_JUDGED_IDS[syntax] as readonly string[]).includes(id);
}

const cache = new Map<Syntax, readonly RuleDefinition[]>();

/** The native EXTENDED-CTC-FR set for a syntax (JSON input is judged as CII) */
export function extendedCtcFrRules(syntax: Syntax | undefined): readonly RuleDefinition[] {
  const s: Syntax = syntax ?? 'CII';
  let rules = cache.get(s);
  if (!rules) {
    const asserted = new Set<string>(EXTENDED_CTC_FR_ASSERTED_IDS[s]);
    // the XML-judged asserts (BR-CO-27: IBAN or proprietary id, one model field) are not the model's
    const kept = en16931Rules.filter((r) => asserted.has(r.id) && !isJudgedOnXml(r.id, s));
    rules = [...kept, ...replacements(s), ...totalRules, ...lineStructureRules, ...paymentRules];
    cache.set(s, rules);
  }
  return rules;
}

/** Every rule of the set in either syntax, once per id (for the catalogue) */
export function extendedCtcFrOwnRules(): RuleDefinition[] {
  const seen = new Map<string, RuleDefinition>();
  for (const s of ['CII', 'UBL'] as const)
    for (const r of extendedCtcFrRules(s))
      if (r.ruleSet === 'EXTENDED-CTC-FR' && !seen.has(r.id)) seen.set(r.id, r);
  return [...seen.values()];
}

const syntaxIds = {
  CII: new Set<string>(EXTENDED_CTC_FR_SYNTAX_IDS.CII),
  UBL: new Set<string>(EXTENDED_CTC_FR_SYNTAX_IDS.UBL),
};
const SYNTAX_RULE = /^(CII|UBL)-(SR|DT|CR)-/;

const LINE_INDEX = /^invoice\.lines\[(\d+)\]/;

/** True when the model shows a VAT element on the line (category, rate, exemption or another tax scheme) */
function lineHasTax(line: Line | undefined): boolean {
  if (!line) return false;
  return [line.vatCategory, line.vatRate, line.vatExemptionReason, line.taxScheme].some(
    (v) => v !== undefined,
  );
}

/**
 * Whether a structure-check finding (EN 16931 syntax rules) belongs in an EXTENDED-CTC-FR verdict:
 * not when the official set of that syntax disables the rule, and CII-SR-454, which the set
 * rewrites from "exactly one line VAT element" to "at most one", only when the line shows VAT data
 * (the EN 16931 rule then fired for two or more; GROUP and INFORMATION lines carry none).
 */
export function structureFindingAppliesInExtendedCtcFr(
  finding: Finding,
  syntax: Syntax,
  invoice: Invoice,
): boolean {
  const id = finding.rule;
  if (!SYNTAX_RULE.test(id)) return true;
  if (!syntaxIds[syntax].has(id)) return false;
  if (id === 'CII-SR-454') {
    const index = LINE_INDEX.exec(finding.path)?.[1];
    const lines = Array.isArray(invoice.lines) ? invoice.lines : [];
    return index !== undefined && lineHasTax(lines[Number(index)]);
  }
  return true;
}
