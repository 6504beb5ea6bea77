/**
 * docs/examples: every example request is sent, as it is in the file, to the running generation
 * service over real HTTP (a listening socket, fetch); it must come back 200 with a valid verdict
 * under the standard French rules, the PDF it returns must be valid for the validator service (also
 * over HTTP), and the XML must pass the official artefacts: CEN EN 16931, the Factur-X EN16931
 * schematron and BR-FR standard (the oracle, tests/support/oracle.ts). The shorthands the examples
 * use (operationCategory, vatExemption) are thereby judged by the official validator too.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp, newKey, signedIn } from '../../apps/generation-api/src/__tests__/harness.js';
import { buildApp as buildValidator } from '../../apps/validator-api/src/__tests__/harness.js';
import { runOracle } from '../support/oracle.js';
import { describeIfShared, REPO_ROOT } from '../support/shared.js';

const DIR = path.join(REPO_ROOT, 'docs', 'examples');
const EXAMPLES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ name: f.replace(/\.json$/, ''), body: fs.readFileSync(path.join(DIR, f), 'utf8') }));

/** The app on a real socket of this machine, as a user's client reaches it */
function listen(app: http.RequestListener) {
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = http.createServer(app);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

type Finding = { rule: string; severity: string; message: string };
type Answer = { status: number; xml: string; pdf: Buffer; errors: Finding[]; warnings: Finding[] };

describe('docs/examples', () => {
  it('holds the six cases of the issue, each a request body { invoice }', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual([
      'credit-note',
      'eu-reverse-charge',
      'export',
      'fr-b2b-two-rates',
      'micro-entrepreneur-franchise',
      'services-operation-category',
    ]);
    for (const e of EXAMPLES) expect(Object.keys(JSON.parse(e.body))).toEqual(['invoice']);
  });
});

describeIfShared('docs/examples sent to the running services', () => {
  const answers = new Map<string, Answer>();
  let generation: Awaited<ReturnType<typeof listen>>;
  let validator: Awaited<ReturnType<typeof listen>>;
  let key: string;

  beforeAll(async () => {
    const { app } = await buildApp();
    key = await newKey(await signedIn(app));
    generation = await listen(app);
    validator = await listen(buildValidator());
    for (const e of EXAMPLES) {
      const res = await fetch(`${generation.url}/api/v1/generate?frenchRules=standard`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: e.body, // the file's bytes, exactly as a user would send them
      });
      const json = (await res.json()) as {
        xml?: string;
        pdf?: string;
        validation: { errors: Finding[]; warnings: Finding[] };
      };
      answers.set(e.name, {
        status: res.status,
        xml: Buffer.from(json.xml ?? '', 'base64').toString('utf8'),
        pdf: Buffer.from(json.pdf ?? '', 'base64'),
        errors: json.validation.errors,
        warnings: json.validation.warnings,
      });
    }
  });
  afterAll(async () => {
    await generation?.close();
    await validator?.close();
  });

  it.each(EXAMPLES.map((e) => e.name))('%s: 200, valid under BR-FR standard, no warning', (name) => {
    const a = answers.get(name)!;
    expect({ status: a.status, errors: a.errors, warnings: a.warnings }).toEqual({
      status: 200,
      errors: [],
      warnings: [],
    });
  });

  it.each(EXAMPLES.map((e) => e.name))('%s: the PDF is valid for the validator service', async (name) => {
    const res = await fetch(`${validator.url}/v1/validate?frenchRules=standard`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: answers.get(name)!.pdf,
    });
    const report = (await res.json()) as { valid: boolean; format: string; errors: Finding[] };
    expect({ status: res.status, format: report.format, errors: report.errors }).toEqual({
      status: 200,
      format: 'FACTURX-PDF',
      errors: [],
    });
  });

  it('the XML passes the official CEN, Factur-X EN16931 and BR-FR standard artefacts', async () => {
    const docs = EXAMPLES.map((e) => ({ id: e.name, xml: answers.get(e.name)!.xml }));
    // control: the franchise invoice without the exemption terms the shorthand wrote must fail BR-E-10
    const stripped = answers
      .get('micro-entrepreneur-franchise')!
      .xml.replace(/<ram:ExemptionReason(Code)?>[^<]*<\/ram:ExemptionReason(Code)?>/g, '');
    const [control, ...verdicts] = await runOracle([{ id: 'control', xml: stripped }, ...docs], {
      facturx: 'EN16931',
      brfr: 'brfr',
    });
    expect(control?.failed.map((f) => f.id)).toContain('BR-E-10');
    const fatal = Object.fromEntries(
      verdicts.map((v) => [
        v.id,
        v.error ?? v.failed.filter((f) => f.flag !== 'warning').map((f) => `${f.id}: ${f.text}`),
      ]),
    );
    expect(fatal).toEqual(Object.fromEntries(EXAMPLES.map((e) => [e.name, []])));
  });

  it('the shorthands became the terms they stand for (BT-23, BT-118, BT-120, BT-121)', () => {
    const micro = answers.get('micro-entrepreneur-franchise')!.xml;
    expect(micro).toContain('<ram:ID>S1</ram:ID>');
    expect(micro).toMatch(
      /<ram:ExemptionReason>TVA non applicable, art\. 293 B du CGI<\/ram:ExemptionReason>/,
    );
    expect(micro).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
    expect(answers.get('export')!.xml).toMatch(/<ram:CategoryCode>G<\/ram:CategoryCode>/);
    expect(answers.get('eu-reverse-charge')!.xml).toMatch(/<ram:CategoryCode>AE<\/ram:CategoryCode>/);
    expect(answers.get('fr-b2b-two-rates')!.xml).toContain('<ram:ID>B1</ram:ID>');
  });
});
