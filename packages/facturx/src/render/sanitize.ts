/**
 * The renderer prints whatever the caller gives, but must not crash on a model whose structure is
 * wrong at run time (JSON input: a number where a list of lines is expected…). This keeps only
 * lists where the model has lists and objects where it has objects; scalars are printed as text.
 * generate() reports such inputs through the shape check before rendering; renderPdf() alone
 * draws what is usable.
 */
import type { Invoice } from '@einv/core-model';

const LIST_KEYS = new Set([
  'notes',
  'precedingInvoices',
  'lines',
  'allowances',
  'charges',
  'vatBreakdown',
  'attachments',
  'creditTransfers',
  'attributes',
  'classifications',
  'identifiers',
]);

const OBJECT_KEYS = new Set([
  'seller',
  'buyer',
  'payee',
  'taxRepresentative',
  'delivery',
  'invoicingPeriod',
  'paymentMeans',
  'totals',
  'address',
  'contact',
  'legalRegistrationId',
  'electronicAddress',
  'card',
  'directDebit',
  'period',
  'locationId',
  'standardItemId',
  'objectIdentifier',
  'invoicedObjectIdentifier',
  'identifier',
  // Line.frenchCtc (EXTENDED-CTC-FR line data) and its groups
  'frenchCtc',
  'precedingInvoice',
]);

type Plain = Record<string, unknown>;

function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clean(o: Plain, depth: number): Plain {
  const out: Plain = {};
  if (depth > 8) return out;
  for (const [key, value] of Object.entries(o)) {
    if (LIST_KEYS.has(key)) {
      if (Array.isArray(value)) out[key] = value.filter(isPlain).map((v) => clean(v, depth + 1));
    } else if (OBJECT_KEYS.has(key)) {
      if (isPlain(value)) out[key] = clean(value, depth + 1);
    } else if (isPrintable(value)) out[key] = value;
    // anything else where a scalar belongs (`{ toString: {} }`) cannot even be turned into text: dropped
  }
  return out;
}

/** A scalar a template string can print without calling user code */
function isPrintable(v: unknown): boolean {
  const t = typeof v;
  return (
    v === null || t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint' || t === 'undefined'
  );
}

export function sanitizeForRender(invoice: unknown): Invoice {
  // The result has the model's structure by construction; its scalars are printed defensively.
  return isPlain(invoice) ? (clean(invoice, 0) as Invoice) : {};
}
