/**
 * validateInvoiceShape(): the shape check of the `invoice` of a request, with ajv. One finding per
 * problem (allErrors), rule `SCHEMA`, severity fatal, path rooted at `invoice` in the project's
 * format (`invoice.lines[1].quantity`), and a message that names the field and what was expected.
 * It never throws, whatever the value.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Finding } from './findings.js';
import { INVOICE_SCHEMA, type JsonSchema } from './schema-definition.js';
import { frenchMessage } from './schema-messages-fr.js';
import { termForPath } from './terms.js';

export interface ShapeOptions {
  /** Language of the messages (default en) */
  lang?: 'en' | 'fr';
}

export { INVOICE_SCHEMA } from './schema-definition.js';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD and a day that exists in that month (29 February only in leap years). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= max;
}

/** Compiled once, at module load: validation is then a plain function call. */
const validator: ValidateFunction = (() => {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
  ajv.addKeyword('x-expected');
  ajv.addFormat('calendar-date', { type: 'string', validate: isCalendarDate });
  return ajv.compile(INVOICE_SCHEMA);
})();

/** `/lines/1/quantity` → `invoice.lines[1].quantity` (JSON Pointer unescaped; odd keys quoted). */
export function pointerToPath(pointer: string): string {
  let path = 'invoice';
  if (pointer === '') return path;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += appendKey(seg);
  }
  return path;
}

function appendKey(key: string): string {
  if (/^(0|[1-9]\d*)$/.test(key)) return `[${key}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return `.${key}`;
  return `[${JSON.stringify(key)}]`;
}

function describe(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'an array';
  switch (typeof data) {
    case 'string': {
      const json = JSON.stringify(data);
      return json.length > 42 ? `the string ${json.slice(0, 40)}…"` : `the string ${json}`;
    }
    case 'number':
      return Number.isFinite(data) ? `the number ${data}` : String(data);
    case 'boolean':
      return `the boolean ${data}`;
    case 'object':
      return 'an object';
    case 'bigint':
      return 'a bigint';
    default:
      return `a ${typeof data}`;
  }
}

function expected(schema: unknown): string {
  if (schema !== null && typeof schema === 'object') {
    const x = (schema as JsonSchema)['x-expected'];
    if (typeof x === 'string') return x;
  }
  return 'a value of the documented shape';
}

function isScalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function toFinding(e: ErrorObject, lang: 'en' | 'fr'): Finding {
  const base = pointerToPath(e.instancePath);
  let path = base;
  let message: string;
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String((e.params as { additionalProperty?: unknown }).additionalProperty);
      path = base + appendKey(prop);
      message = `${path}: unknown property "${prop}" in ${expected(e.parentSchema)}; check its spelling against the invoice model`;
      break;
    }
    case 'required': {
      const prop = String((e.params as { missingProperty?: unknown }).missingProperty);
      path = base + appendKey(prop);
      message = `${path} is required in ${expected(e.parentSchema)}`;
      break;
    }
    case 'format':
      message = `${path}: expected ${expected(e.parentSchema)} that exists in the calendar, got ${describe(e.data)}`;
      break;
    default:
      message = `${path}: expected ${expected(e.parentSchema)}, got ${describe(e.data)}`;
  }
  const term = termForPath(path);
  if (lang === 'fr') message = frenchMessage(e, path, term);
  const finding: Finding = { rule: 'SCHEMA', severity: 'fatal', path, message };
  if (term !== undefined) finding.bt = term.id;
  if (e.keyword !== 'additionalProperties' && e.keyword !== 'required' && isScalar(e.data))
    finding.value = e.data;
  return finding;
}

/**
 * Shape findings for the `invoice` of a request: empty when the value has the model's shape.
 * Business rules (required terms, code lists, sums) are not checked here: see @einv/rules.
 */
export function validateInvoiceShape(value: unknown, options: ShapeOptions = {}): Finding[] {
  const lang = options.lang === 'fr' ? 'fr' : 'en';
  try {
    if (validator(value)) return [];
    return (validator.errors ?? []).map((e) => toFinding(e, lang));
  } catch (err) {
    return [
      {
        rule: 'SCHEMA',
        severity: 'fatal',
        path: 'invoice',
        message:
          lang === 'fr'
            ? `invoice : la valeur n'a pas pu être lue comme des données JSON (${err instanceof Error ? err.message : String(err)})`
            : `invoice: the value could not be read as JSON data (${err instanceof Error ? err.message : String(err)})`,
      },
    ];
  }
}
