/**
 * The OpenAPI 3.1 schema of the JSON `invoice`, generated from the two descriptions the model
 * already has (decision 0137): the shape (INVOICE_SCHEMA, which the services enforce) and the term
 * catalogue (TERMS: the BT or BG of each model path, its names and cardinality). Nothing is written a
 * second time, so the document cannot drift from what the services accept.
 *
 * Definitions are inlined per path, because the same shape means a different term in each place
 * (a party's `name` is BT-27 under `seller`, BT-44 under `buyer`).
 */
import type { JsonSchema } from './schema-definition.js';
import { INVOICE_SCHEMA } from './schema-definition.js';
import { TERMS, type Term } from './terms.js';

/** Model path (with `[]` for array items) → its own term; the first listed wins, as in the catalogue */
const EXACT = new Map<string, Term>();
for (const t of TERMS) {
  if (t.path === 'invoice') continue;
  for (const p of [t.path, ...(t.otherPaths ?? [])]) {
    if (!EXACT.has(p)) EXACT.set(p, t);
    if (p.endsWith('[]') && !EXACT.has(p.slice(0, -2))) EXACT.set(p.slice(0, -2), t);
  }
}

/** What the fields that are not EN 16931 terms are for */
const NOT_TERMS: Record<string, string> = {
  operationCategory:
    'Shorthand, not an EN 16931 term: the operation category; complete() writes BT-23 (business process type) B1, S1 or M1 from it when businessProcessType is absent. See docs/terms.md.',
  vatExemption:
    'Shorthand, not an EN 16931 term: a VAT exemption by its VATEX code; complete() derives the VAT category, a 0 rate, BT-121 and the mandatory mention BT-120. See docs/terms.md.',
  vatExemptionReason:
    "Not a line term in EN 16931: this line's VAT exemption reason, carried by complete() to BT-120 of the VAT breakdown of its category",
  vatExemptionReasonCode:
    "Not a line term in EN 16931: this line's VATEX code, carried by complete() to BT-121 of the VAT breakdown of its category",
  taxScheme:
    'Not a business term: set by the XML readers when a tax scheme other than VAT is used; ignored on input',
  vatTotalCount: 'Not a business term: how many BT-110 values an XML source carried (set by readers)',
  frenchCtc:
    'Not EN 16931: the EXTENDED-CTC-FR line data of multi-vendor and bidirectional invoices (EXT-FR-FE-*)',
};

function describeTerm(t: Term, expected: unknown): string {
  const what = typeof expected === 'string' ? ` Expected: ${expected}.` : '';
  return `${t.id} ${t.name.en} (${t.name.fr}); ${t.cardinality}.${what}`;
}

function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/definitions/', '');
  const target = (INVOICE_SCHEMA.definitions as Record<string, JsonSchema>)[name];
  if (!target) throw new Error(`unknown definition ${ref}`);
  return target;
}

/** One node, its definitions inlined, `x-expected` folded into a description naming the term */
function convert(node: JsonSchema, path: string, key: string): JsonSchema {
  const schema = resolve(node);
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'x-expected' || k === 'properties' || k === 'items' || k === 'definitions' || k === '$id')
      continue;
    out[k] = k === 'format' && v === 'calendar-date' ? 'date' : v;
  }
  const term = EXACT.get(path);
  const expected = schema['x-expected'];
  if (term) out.description = describeTerm(term, expected);
  else if (NOT_TERMS[key]) out.description = NOT_TERMS[key];
  else if (typeof expected === 'string') out.description = `Expected: ${expected}.`;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [name, convert(child, `${path}.${name}`, name)]),
    );
  }
  if (schema.items) out.items = convert(schema.items as JsonSchema, `${path}[]`, key);
  return out;
}

/**
 * The `Invoice` schema for an OpenAPI 3.1 document: every field the services accept, each described
 * by its BT or BG (English and French names, cardinality) and what a value must look like;
 * `example` is added as the schema's `examples`.
 */
export function invoiceOpenApiSchema(example?: unknown): JsonSchema {
  const schema = convert(INVOICE_SCHEMA, 'invoice', 'invoice');
  schema.description =
    'The einv invoice: every EN 16931 business term has one place (docs/terms.md), plus two shorthands (operationCategory, vatExemption). Every field is optional in the shape: what an invoice must contain is judged by the rules, which name the missing term. Amounts are JSON numbers, dates YYYY-MM-DD.';
  if (example !== undefined) schema.examples = [example];
  return schema;
}
