/**
 * /api/v1: generate, validate, parse. Each handler reads the request, runs one library task in the
 * worker pool (decision 0102), and maps the result to a response (DESIGN §3). All three need a bearer
 * API key (decision 0091).
 */
import type { Profile, ValidationResult } from '@einv/core-model';
import { DOCUMENT_PROFILES, toValidationResult, validateInvoiceShape } from '@einv/core-model';
import {
  bodyObject,
  decodeBase64,
  optionalQueryOption,
  queryOption,
  refuseOverLimit,
  requestLang,
  type ServiceMetrics,
  sendProblem,
  type WorkPool,
} from '@einv/http-kit';
import { FRENCH_RULES_VALUES, frenchRulesOf, PROCESSING_TYPES } from '@einv/rules';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { Account, AccountService } from '../accounts.js';
import type * as tasks from '../work/tasks.js';
import { acceptedRepresentation, answerBytes, sendGenerated } from './generated-answer.js';

/** What the query asks for; the French rules as `frenchRules=transition|standard[@1.4.0.0x]|off`, `processingType=` */
type Options = tasks.InvoiceOptions;

function options(req: Request, res: Response): Options | undefined {
  const profile = queryOption(req, res, 'profile', DOCUMENT_PROFILES, 'EN16931');
  if (!profile) return undefined;
  // ?lang= wins, then Accept-Language; French when neither says (the documents are French invoices)
  const lang = requestLang(req, res, 'fr');
  if (!lang) return undefined;
  const frenchRules = queryOption(req, res, 'frenchRules', FRENCH_RULES_VALUES, 'transition');
  if (!frenchRules) return undefined;
  const processingType = optionalQueryOption(req, res, 'processingType', PROCESSING_TYPES);
  if (processingType === undefined) return undefined;
  return { profile, lang, ...frenchRulesOf(frenchRules), ...(processingType ? { processingType } : {}) };
}

/** The `invoice` member, or a 400 problem naming it */
function invoiceOf(req: Request, res: Response): unknown {
  const body = bodyObject(req, res);
  if (!body) return undefined;
  const invoice = body.invoice;
  if (typeof invoice !== 'object' || invoice === null || Array.isArray(invoice)) {
    sendProblem(
      res,
      400,
      'missing-invoice',
      'Missing invoice',
      'Expected a JSON object under the `invoice` key.',
      { field: 'invoice' },
    );
    return undefined;
  }
  if (refuseOverLimit(res, invoice, 'invoice')) return undefined;
  return invoice;
}

/** Shape findings as a ValidationResult, so a malformed invoice is reported like a rule failure */
function shapeResult(invoice: unknown): ValidationResult | undefined {
  const findings = validateInvoiceShape(invoice);
  return findings.length
    ? toValidationResult(findings, [{ name: 'EINV-JSON-SCHEMA', version: '1' }])
    : undefined;
}

export function apiV1Router(
  accounts: AccountService,
  clock: () => Date,
  maxAnswerBytes: number,
  upgradeUrl: string,
  pool: WorkPool,
  metrics?: ServiceMetrics,
): Router {
  const router = Router();

  router.post('/generate', async (req, res) => {
    const opts = options(req, res);
    const invoice = opts && invoiceOf(req, res);
    if (!opts || !invoice) return;
    const wanted = acceptedRepresentation(req, res);
    if (!wanted) return;
    const account = res.locals.account as Account;
    const shape = shapeResult(invoice);
    if (shape) return invalid(res, shape);
    const reserved = await accounts.reserveGeneration(account);
    if (!reserved.ok) {
      return sendProblem(
        res,
        402,
        'quota-exceeded',
        'Monthly quota reached',
        `The FREE plan includes ${reserved.quota} generated invoices per month; the quota resets at ${reserved.resetsAt}. Upgrade to SITE or MULTI for unlimited generation: ${upgradeUrl}`,
        { quota: reserved.quota, resetsAt: reserved.resetsAt, upgradeUrl },
      );
    }
    let released = false;
    try {
      const result = await pool.run<ReturnType<typeof tasks.generate>>('generate', {
        invoice,
        options: opts,
        now: clock(),
      });
      if (!result.pdf || !result.xml) {
        released = true;
        await accounts.releaseGeneration(account);
        return invalid(res, result.validation);
      }
      const size = answerBytes(wanted, result.xml, result.pdf);
      if (size > maxAnswerBytes) {
        released = true;
        await accounts.releaseGeneration(account);
        return sendProblem(
          res,
          422,
          'answer-too-large',
          'Answer too large',
          `The answer would take ${size} bytes; answers are limited to ${maxAnswerBytes} bytes. Send fewer or shorter lines, or ask for the PDF alone (Accept: application/pdf).`,
          { field: 'invoice', limit: maxAnswerBytes },
        );
      }
      sendGenerated(res, wanted, invoice as { number?: unknown }, {
        xml: result.xml,
        pdf: result.pdf,
        validation: result.validation,
      });
    } catch (err) {
      if (!released) await accounts.releaseGeneration(account);
      throw err;
    }
  });

  router.post('/validate', async (req, res) => {
    const opts = options(req, res);
    const invoice = opts && invoiceOf(req, res);
    if (!opts || !invoice) return;
    const shape = shapeResult(invoice);
    if (shape) return void res.json(shape);
    const result = await pool.run<ValidationResult>('validateInvoice', { invoice, options: opts });
    metrics?.validation('JSON', result.valid ? 'valid' : 'invalid');
    res.json(result);
  });

  router.post('/parse', async (req, res) => {
    const opts = options(req, res);
    const body = opts && bodyObject(req, res);
    if (!opts || !body) return;
    if (typeof body.xml !== 'string' || body.xml === '') {
      return sendProblem(
        res,
        400,
        'missing-xml',
        'Missing xml',
        'Expected the base64 of a CII or UBL XML file, or of a Factur-X PDF, under `xml`.',
        { field: 'xml' },
      );
    }
    const bytes = decodeBase64(body.xml);
    if (!bytes) {
      return sendProblem(
        res,
        400,
        'bad-base64',
        'Invalid base64',
        'The `xml` member is not valid base64 (RFC 4648 alphabet, padded).',
        { field: 'xml' },
      );
    }
    const parsed = await pool.run<ReturnType<typeof tasks.parse>>('parse', { bytes, options: opts }, [bytes]);
    if (!parsed.read) {
      return sendProblem(
        res,
        400,
        'unknown-format',
        'Not an invoice',
        'The content is neither CII, UBL nor a Factur-X/ZUGFeRD PDF with an embedded invoice.',
        // the report's own fields too, so a client shows the one cause the way it shows any report
        { field: 'xml', findings: parsed.findings, validation: parsed.validation },
      );
    }
    res.json(parsed.answer);
  });

  return router;
}

function invalid(res: Response, validation: ValidationResult): void {
  const rules = [...new Set(validation.errors.map((f) => f.rule))];
  sendProblem(
    res,
    422,
    'invalid-invoice',
    'Invalid invoice',
    `The invoice breaks ${rules.length} rule(s): ${rules.slice(0, 10).join(', ')}${rules.length > 10 ? '…' : ''}. See validation.errors.`,
    { validation },
  );
}
