/**
 * The served OpenAPI document for a developer's first call: the full Invoice model with its BTs,
 * the docs/examples requests as examples, and base64 said where files come back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EXAMPLES_DIR } from '../examples.js';
import { buildApp } from './harness.js';

type Node = { description?: string; properties?: Record<string, Node>; items?: Node; enum?: unknown[] };

const { app } = await buildApp();
const served = async () => (await request(app).get('/api/openapi.json')).body;

/** Every leaf path of a JSON value, `[]` for array items */
function leaves(v: unknown, p: string, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) leaves(x, `${p}[]`, out);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) leaves(x, `${p}.${k}`, out);
  else out.push(p);
  return out;
}
/** The schema node at a path of `leaves` */
function at(schema: Node, p: string): Node | undefined {
  let node: Node | undefined = schema;
  for (const part of p
    .replace(/^invoice\.?/, '')
    .split('.')
    .filter(Boolean)) {
    const name = part.replace(/(\[\])+$/, '');
    node = node?.properties?.[name];
    for (let i = 0; i < (part.length - name.length) / 2; i++) node = node?.items;
  }
  return node;
}

describe('OpenAPI: the Invoice schema is the full model', () => {
  it('has the terms a developer looks for, each described by its BT', async () => {
    const invoice = (await served()).components.schemas.Invoice as Node;
    const described = (p: string) => at(invoice, p)?.description ?? '';
    expect(described('invoice.dueDate')).toMatch(/^BT-9 /);
    expect(described('invoice.paymentMeans.creditTransfers[].accountId')).toMatch(
      /^BT-84 Payment account identifier/,
    );
    expect(described('invoice.notes[].text')).toMatch(/^BT-22 /);
    expect(described('invoice.businessProcessType')).toMatch(/^BT-23 /);
    expect(at(invoice, 'invoice.operationCategory')?.enum).toEqual(['goods', 'services', 'mixed']);
    const count = (n: Node): number =>
      1 +
      Object.values(n.properties ?? {}).reduce((s, c) => s + count(c), 0) +
      (n.items ? count(n.items) : 0);
    expect(count(invoice)).toBeGreaterThan(200);
  });
});

describe('OpenAPI: the docs/examples requests are the request examples', () => {
  const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json'));

  it.each(['/api/v1/generate', '/api/v1/validate'])(
    '%s carries every example file, with its case as summary',
    async (route) => {
      const doc = await served();
      const examples = doc.paths[route].post.requestBody.content['application/json'].examples;
      expect(Object.keys(examples).sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
      for (const f of files) {
        const e = examples[f.replace(/\.json$/, '')];
        expect(e.value).toEqual(JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8')));
        expect(e.summary).not.toBe(f.replace(/\.json$/, '')); // a summary from the README, not the name
      }
    },
  );

  it('every field of every example is a field of the Invoice schema, and the schema shows one', async () => {
    const doc = await served();
    const invoice = doc.components.schemas.Invoice as Node & { examples: unknown[] };
    for (const f of files) {
      const body = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8'));
      expect(leaves(body.invoice, 'invoice').filter((p) => at(invoice, p) === undefined)).toEqual([]);
    }
    expect(invoice.examples).toHaveLength(1);
  });
});

describe('OpenAPI: files come back base64, and it says so', () => {
  it('generate: xml and pdf are base64 strings with their media types', async () => {
    const ok = (await served()).paths['/api/v1/generate'].post.responses['200'];
    expect(ok.description).toMatch(/base64/);
    const props = ok.content['application/json'].schema.properties;
    expect(props.xml).toMatchObject({ contentEncoding: 'base64', contentMediaType: 'application/xml' });
    expect(props.pdf).toMatchObject({ contentEncoding: 'base64', contentMediaType: 'application/pdf' });
  });
});
