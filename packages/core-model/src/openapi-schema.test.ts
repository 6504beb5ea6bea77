import { describe, expect, it } from '@jest/globals';
import { EVERY_TERM_INVOICE } from '../../../fixtures/every-term.js';
import { invoiceOpenApiSchema } from './openapi-schema.js';
import { TERMS } from './terms.js';

type Node = { description?: string; properties?: Record<string, Node>; items?: Node; $ref?: string };
const schema = invoiceOpenApiSchema() as Node;

/** Every described path of the schema, with `[]` for array items */
function paths(node: Node, path: string, out: Map<string, Node>): Map<string, Node> {
  out.set(path, node);
  for (const [k, v] of Object.entries(node.properties ?? {})) paths(v, `${path}.${k}`, out);
  if (node.items) paths(node.items, `${path}[]`, out);
  return out;
}
const all = paths(schema, 'invoice', new Map());

describe('invoiceOpenApiSchema: the full model, generated from the shape and the term catalogue', () => {
  it('has every path of every catalogued term, described by its BT or BG', () => {
    const missing: string[] = [];
    for (const t of TERMS) {
      if (t.path === 'invoice') continue;
      for (const p of [t.path, ...(t.otherPaths ?? [])]) {
        const node = all.get(p);
        // a group whose path is its holder's (BG-29 on the line) is described by the first group there
        if (!node?.description?.match(/^B[TG]-\d+/)) missing.push(`${t.id} ${p}`);
      }
    }
    expect(missing).toEqual([]);
    expect(all.get('invoice.seller.name')?.description).toMatch(
      /^BT-27 Seller name \(Nom du vendeur\); 1\.\.1/,
    );
    expect(all.get('invoice.buyer.name')?.description).toMatch(/^BT-44 Buyer name/);
    expect(all.get('invoice.dueDate')?.description).toMatch(/^BT-9 Payment due date/);
    expect(all.get('invoice.paymentMeans.creditTransfers[].accountId')?.description).toMatch(/^BT-84/);
    expect(all.get('invoice.notes')?.description).toMatch(/^BG-1 INVOICE NOTE/);
  });

  it('has no reference left and no einv-only annotation; dates are OpenAPI dates', () => {
    const text = JSON.stringify(schema);
    expect(text).not.toContain('$ref');
    expect(text).not.toContain('x-expected');
    expect(text).not.toContain('calendar-date');
    expect(all.get('invoice.issueDate')).toMatchObject({ type: 'string', format: 'date' });
  });

  it('describes the shorthands and the fields that are not terms', () => {
    expect(all.get('invoice.operationCategory')).toMatchObject({ enum: ['goods', 'services', 'mixed'] });
    expect(all.get('invoice.vatExemption')?.description).toMatch(/^Shorthand.*VATEX/);
    expect(all.get('invoice.lines[].vatExemption.code')?.description).toMatch(/VATEX/);
  });

  it('covers every field of the fully populated invoice', () => {
    const leaves = new Set<string>();
    const walk = (v: unknown, p: string) => {
      if (Array.isArray(v)) for (const x of v) walk(x, `${p}[]`);
      else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) walk(x, `${p}.${k}`);
      else leaves.add(p);
    };
    walk(EVERY_TERM_INVOICE, 'invoice');
    expect([...leaves].filter((p) => !all.has(p))).toEqual([]);
  });

  it('carries the example given', () => {
    expect(invoiceOpenApiSchema({ number: 'X' }).examples).toEqual([{ number: 'X' }]);
  });
});
