/**
 * The French of the findings written in English below the facade (XML parser, structure check,
 * syntax rules, readers): `localizeFindings(findings, 'fr')` rewrites each message by its code's
 * templates (message-templates.ts) or, for a syntax rule, by its id (syntax-rules-fr.ts; the
 * EXTENDED-CTC-FR asserts judged on the XML have their French beside their English). Rules and
 * PDF findings are already written in the asked language and pass through (decision 0132). A
 * calculation judged on the XML gets its derivation here, in either language (decision 0152).
 */
import { type CompiledTemplate, compileTemplate, type Finding, translateByTemplates } from '@einv/core-model';
import { derivationText, EXTENDED_CTC_FR_XML_JUDGED_RULES, xmlCalculationFormula } from '@einv/rules';
import type { Lang } from '../findings.js';
import { MESSAGE_TEMPLATES, type MessageTemplate } from './message-templates.js';
import { syntaxRuleFr } from './syntax-rules-fr.js';

let compiled: CompiledTemplate<MessageTemplate>[] | undefined;

/** The French of one English message of `code`; undefined when no template matches */
export function messageFr(code: string, en: string): string | undefined {
  compiled ??= MESSAGE_TEMPLATES.map(compileTemplate);
  return translateByTemplates(compiled, en, (t) =>
    t.codes.some((c) => (c.endsWith('-') ? code.startsWith(c) : code === c)),
  );
}

/** Official syntax rule ids: their messages are translated by id */
const SYNTAX_RULE = /^(CII|UBL)-(SR|CR|DT)-/;

/**
 * A calculation judged on the XML gets its derivation in `lang`, written as the model rules' are
 * (decision 0152); the test's variables it was built from stay below the facade
 */
function withDerivation<F extends Finding>(finding: F, lang: Lang): F {
  if (!finding.calculation) return finding;
  const { calculation, ...rest } = finding;
  const formula = xmlCalculationFormula(calculation);
  const derivation =
    formula && rest.expected !== undefined
      ? derivationText({ expected: rest.expected, formula }, rest.found, lang)
      : undefined;
  return (derivation ? { ...rest, derivation } : rest) as F;
}

/** The finding in `lang`: English findings of the lower layers get their French message */
export function localizeFinding<F extends Finding>(given: F, lang: Lang): F {
  const finding = withDerivation(given, lang);
  if (lang !== 'fr') return finding;
  const onXml = EXTENDED_CTC_FR_XML_JUDGED_RULES[finding.rule];
  const fr = onXml
    ? onXml.fr
    : SYNTAX_RULE.test(finding.rule)
      ? syntaxRuleFr(finding.rule, finding.message)
      : messageFr(finding.rule, finding.message);
  return fr === undefined ? finding : { ...finding, message: fr };
}

export function localizeFindings<F extends Finding>(findings: readonly F[], lang: Lang): F[] {
  return findings.map((f) => localizeFinding(f, lang));
}
