/**
 * POST /api/v1/status: a lifecycle status message (CDAR, XP Z12-012 Flux 6) about an invoice, and
 * its verdict by the official BR-FR-CDV rules. Body `{ invoice | invoiceRef, status, details? }`:
 * `invoice` is the invoice JSON of /generate (its references are taken from it), `invoiceRef` just
 * those references. Query: `lang`, `frenchRules` (the BR-FR-CDV edition and release, as for
 * invoices; default standard, the newest release). Keyed like the rest of /api/v1; built in the
 * worker pool. Status messages do not count against the generation quota.
 */
import type { Invoice } from '@einv/core-model';
import { STATUS_CODES } from '@einv/facturx';
import { bodyObject, queryOption, refuseOverLimit, sendProblem, type WorkPool } from '@einv/http-kit';
import { FRENCH_RULES_VALUES, frenchRulesOf } from '@einv/rules';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { StatusTaskInput, StatusTaskOutput } from '../work/status-task.js';

const LANGS = ['fr', 'en'] as const;

type Problem = { field: string; detail: string };
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string member, or a problem naming it */
function text(
  o: Record<string, unknown>,
  key: string,
  at: string,
  required: boolean,
): string | undefined | Problem {
  const v = o[key];
  if (v === undefined || v === null)
    return required ? { field: `${at}.${key}`, detail: `${at}.${key} is required (a string).` } : undefined;
  if (typeof v !== 'string' || v.trim() === '')
    return { field: `${at}.${key}`, detail: `${at}.${key} must be a non-empty string.` };
  return v;
}
const isProblem = (v: unknown): v is Problem =>
  isObject(v) && typeof v.field === 'string' && typeof v.detail === 'string';

/** An `{ id, scheme? }` identifier member */
function identifier(
  o: Record<string, unknown>,
  key: string,
  at: string,
): { id: string; scheme?: string } | undefined | Problem {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!isObject(v))
    return { field: `${at}.${key}`, detail: `${at}.${key} must be an object { id, scheme? }.` };
  const id = text(v, 'id', `${at}.${key}`, true);
  if (isProblem(id)) return id;
  const scheme = text(v, 'scheme', `${at}.${key}`, false);
  if (isProblem(scheme)) return scheme;
  return { id: id as string, ...(scheme ? { scheme } : {}) };
}

/** The parties' members buildStatus reads, checked for type (what they must contain is its job) */
function party(v: unknown, at: string): Invoice['seller'] | Problem {
  if (v === undefined) return {};
  if (!isObject(v)) return { field: at, detail: `${at} must be an object.` };
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'siret', 'siren'] as const) {
    const t = text(v, key, at, false);
    if (isProblem(t)) return t;
    if (t !== undefined) out[key] = t;
  }
  for (const key of ['legalRegistrationId', 'electronicAddress'] as const) {
    const id = identifier(v, key, at);
    if (isProblem(id)) return id;
    if (id !== undefined) out[key] = id;
  }
  // invoiceRef may give the SIREN directly
  if (typeof out.siren === 'string' && !out.legalRegistrationId)
    out.legalRegistrationId = { id: out.siren, scheme: '0002' };
  delete out.siren;
  return out as Invoice['seller'];
}

/** The invoice references from `invoice` or `invoiceRef`, type-checked */
function invoiceOf(body: Record<string, unknown>): Invoice | Problem {
  const key =
    body.invoice !== undefined ? 'invoice' : body.invoiceRef !== undefined ? 'invoiceRef' : undefined;
  if (!key)
    return {
      field: 'invoice',
      detail:
        'Expected the invoice under `invoice` (the JSON of /generate) or its references under `invoiceRef` ({ number, issueDate, typeCode?, seller, buyer }).',
    };
  const src = body[key];
  if (!isObject(src)) return { field: key, detail: `${key} must be a JSON object.` };
  const out: Record<string, unknown> = {};
  for (const [k, required] of [
    ['number', true],
    ['issueDate', false],
    ['typeCode', false],
    ['currency', false],
  ] as const) {
    const t = text(src, k, key, required);
    if (isProblem(t)) return t;
    if (t !== undefined) out[k] = t;
  }
  if (typeof out.issueDate === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(out.issueDate))
    return { field: `${key}.issueDate`, detail: `${key}.issueDate must be a date YYYY-MM-DD.` };
  for (const who of ['seller', 'buyer'] as const) {
    const p = party(src[who], `${key}.${who}`);
    if (isProblem(p)) return p;
    out[who] = p;
  }
  return out as unknown as Invoice;
}

const DETAIL_KEYS = ['id', 'businessProcess', 'note', 'by', 'at', 'reason', 'action', 'collected'];

/** `details`: each member type-checked; `at` an ISO date-time */
function detailsOf(body: Record<string, unknown>): StatusTaskInput['details'] | Problem {
  const d = body.details;
  if (d === undefined) return {};
  if (!isObject(d)) return { field: 'details', detail: 'details must be a JSON object.' };
  const unknown = Object.keys(d).find((k) => !DETAIL_KEYS.includes(k));
  if (unknown)
    return {
      field: `details.${unknown}`,
      detail: `details.${unknown} is not a member of details (${DETAIL_KEYS.join(', ')}).`,
    };
  const out: Record<string, unknown> = {};
  for (const k of ['id', 'businessProcess', 'note'] as const) {
    const t = text(d, k, 'details', false);
    if (isProblem(t)) return t;
    if (t !== undefined) out[k] = t;
  }
  if (d.by !== undefined) {
    if (d.by !== 'seller' && d.by !== 'buyer' && d.by !== 'platform')
      return { field: 'details.by', detail: 'details.by must be seller, buyer or platform.' };
    out.by = d.by;
  }
  if (d.at !== undefined) {
    const at = typeof d.at === 'string' ? new Date(d.at) : undefined;
    if (!at || Number.isNaN(at.getTime()))
      return { field: 'details.at', detail: 'details.at must be an ISO 8601 date-time.' };
    out.at = at;
  }
  for (const k of ['reason', 'action'] as const) {
    const v = d[k];
    if (v === undefined) continue;
    if (!isObject(v))
      return { field: `details.${k}`, detail: `details.${k} must be an object { code, text? }.` };
    const code = text(v, 'code', `details.${k}`, true);
    if (isProblem(code)) return code;
    const t = text(v, 'text', `details.${k}`, false);
    if (isProblem(t)) return t;
    out[k] = { code, ...(t ? { text: t } : {}) };
  }
  if (d.collected !== undefined) {
    if (!Array.isArray(d.collected) || d.collected.length > 100)
      return {
        field: 'details.collected',
        detail: 'details.collected must be an array (at most 100) of { amount, vatRate, currency? }.',
      };
    const rows: unknown[] = [];
    for (const [i, c] of d.collected.entries()) {
      if (!isObject(c))
        return {
          field: `details.collected[${i}]`,
          detail: `details.collected[${i}] must be an object { amount, vatRate, currency? }.`,
        };
      for (const k of ['amount', 'vatRate'] as const) {
        if (c[k] !== undefined && typeof c[k] !== 'string' && typeof c[k] !== 'number')
          return {
            field: `details.collected[${i}].${k}`,
            detail: `details.collected[${i}].${k} must be a decimal number or its text.`,
          };
      }
      const currency = text(c, 'currency', `details.collected[${i}]`, false);
      if (isProblem(currency)) return currency;
      rows.push({ amount: c.amount, vatRate: c.vatRate, ...(currency ? { currency } : {}) });
    }
    out.collected = rows;
  }
  return out as StatusTaskInput['details'];
}

export function statusRouter(pool: WorkPool): Router {
  const router = Router();
  router.post('/status', async (req: Request, res: Response) => {
    const lang = queryOption(req, res, 'lang', LANGS, 'fr');
    const frenchRules = lang && queryOption(req, res, 'frenchRules', FRENCH_RULES_VALUES, 'standard');
    const body = frenchRules && bodyObject(req, res);
    if (!lang || !frenchRules || !body) return;
    if (refuseOverLimit(res, body, 'body')) return;
    const status = body.status;
    if (typeof status !== 'string' || !(STATUS_CODES as readonly string[]).includes(status)) {
      return sendProblem(
        res,
        400,
        'bad-status',
        'Unknown status',
        `status must be one of the official status codes: ${STATUS_CODES.join(', ')}.`,
        {
          field: 'status',
        },
      );
    }
    const invoice = invoiceOf(body);
    const details = isProblem(invoice) ? undefined : detailsOf(body);
    const problem = isProblem(invoice) ? invoice : isProblem(details) ? details : undefined;
    if (problem)
      return sendProblem(res, 400, 'invalid-request', 'Invalid request', problem.detail, {
        field: problem.field,
      });
    const french = frenchRulesOf(frenchRules);
    const input: StatusTaskInput = {
      invoice: invoice as Invoice,
      status,
      details: details as StatusTaskInput['details'],
      options: {
        lang,
        frenchEdition: french.frenchEdition,
        ...(french.frenchVersion ? { frenchVersion: french.frenchVersion } : {}),
      },
    };
    const out = await pool.run<StatusTaskOutput>('statusMessage', input);
    if (!out.ok) {
      // the library names the invoice's fields `invoice.…`: say `invoiceRef.…` to who sent that
      const sent = body.invoice !== undefined ? 'invoice' : 'invoiceRef';
      const field = out.field.replace(/^invoice\./, `${sent}.`);
      return sendProblem(res, 422, 'status-not-buildable', 'Status message cannot be built', out.detail, {
        field,
      });
    }
    res.json({
      xml: Buffer.from(out.xml, 'utf8').toString('base64'),
      message: out.message,
      validation: out.validation,
    });
  });
  return router;
}
