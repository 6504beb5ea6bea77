/**
 * GET /v1/rules/{code}: the plain-language explanation of any finding code einv emits — business
 * rules, official syntax rules, structure, reader, PDF, PDF/A and Factur-X codes — from the
 * facade's explainCode (the rule catalogue and the code table; never written twice, decision 0131).
 */
import { explainCode } from '@einv/facturx';
import { requestLang, sendProblem } from '@einv/http-kit';
import { Router } from 'express';

/** BR-01, BR-CO-10, BR-FR-09, CII-SR-001, UBL-CR-123, XSD-ORDER, PDFA-6.2.11.4.1, ROOT, BR-FR-CDV-02_MDT-3… */
const CODE = /^[A-Z][A-Z0-9]*([-_][A-Z0-9.]{1,16}){0,8}$/;

export function rulesRouter(): Router {
  const router = Router();
  router.get('/:code', (req, res) => {
    const given = req.params.code;
    const code = given.toUpperCase();
    const lang = requestLang(req, res);
    if (!lang) return;
    if (!CODE.test(code)) {
      return sendProblem(
        res,
        400,
        'malformed-rule-code',
        'Malformed rule code',
        `"${req.params.code}" is not a rule code; expected something like BR-01, BR-CO-10, BR-FR-09 or XSD-ORDER.`,
        { field: 'code' },
      );
    }
    // as given: a few official ids have lower-case parts (BR-FR-CDV-07_MDT-38_yes)
    const explanation = explainCode(given, lang);
    if (!explanation)
      return sendProblem(res, 404, 'unknown-rule', 'Unknown rule', `No rule or finding code ${code}.`, {
        field: 'code',
      });
    res.json(explanation);
  });
  return router;
}
