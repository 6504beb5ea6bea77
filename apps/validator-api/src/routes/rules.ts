/** GET /v1/rules/{code}: a rule's plain-language explanation, from the rule catalogue (never written twice). */
import { getTerm } from '@einv/core-model';
import { sendProblem } from '@einv/http-kit';
import type { Lang, RuleDefinition } from '@einv/rules';
import { getRule } from '@einv/rules';
import { Router } from 'express';

/** BR-01, BR-CO-10, BR-FR-09, BR-FR-CO-04, BR-AE-08, BR-DEC-23, CII-SR-001, UBL-CR-123… */
const RULE_CODE = /^[A-Z]{2,4}(-[A-Z0-9]{1,6}){1,4}$/;

export function explainRule(rule: RuleDefinition, lang: Lang) {
  return {
    code: rule.id,
    ruleSet: rule.ruleSet,
    family: rule.family,
    severity: rule.severity,
    ...(rule.editionSeverity ? { editionSeverity: rule.editionSeverity } : {}),
    terms: rule.terms.map((id) => {
      const term = getTerm(id);
      return { id, name: term ? term.name[lang] : undefined };
    }),
    lang,
    checks: rule.message[lang],
    explanation: rule.explanation[lang],
    fix: rule.fix[lang],
  };
}

export function rulesRouter(): Router {
  const router = Router();
  router.get('/:code', (req, res) => {
    const code = req.params.code.toUpperCase();
    const lang: Lang = req.query.lang === 'fr' ? 'fr' : 'en';
    if (!RULE_CODE.test(code)) {
      return sendProblem(
        res,
        400,
        'malformed-rule-code',
        'Malformed rule code',
        `"${req.params.code}" is not a rule code; expected something like BR-01, BR-CO-10 or BR-FR-09.`,
        { field: 'code' },
      );
    }
    const rule = getRule(code);
    if (!rule)
      return sendProblem(res, 404, 'unknown-rule', 'Unknown rule', `No rule ${code} in the catalogue.`, {
        field: 'code',
      });
    res.json(explainRule(rule, lang));
  });
  return router;
}
