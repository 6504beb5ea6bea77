/**
 * Every finding code einv can emit has an explanation at /v1/rules/{code}, in en and fr (issue #16):
 * the codes come from the catalogues and the sources (tests/support/emitted-codes.ts), so a new
 * code without an explanation fails here. The page links every finding to this route.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { emittedCodes, NOT_CODES, sourceCodeLiterals } from '../../../../tests/support/emitted-codes.js';
import { buildApp } from './harness.js';

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer(buildApp());
  // Thousands of fetches over undici's pooled keep-alive sockets: with Node's default 5 s idle
  // timeout a socket the server is closing can be reused by the client on a loaded machine
  // (ECONNRESET, seen in CI at load 30). Idle sockets outlive the test's pauses instead.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Explanation {
  code: string;
  lang: string;
  checks: string;
  explanation: string;
  fix: string;
}

describe('/v1/rules/{code} explains every code einv emits', () => {
  const codes = emittedCodes();

  it('collects the codes of every family', () => {
    for (const family of [
      'BR-',
      'BR-FR-',
      'CII-SR-',
      'UBL-CR-',
      'XSD-',
      'PDFA-',
      'PDF-',
      'FX-',
      'EINV-',
      'XML-',
    ])
      expect(codes.some((c) => c.startsWith(family))).toBe(true);
    expect(codes.length).toBeGreaterThan(1800);
  });

  it('the literals left out are rule-set or family names, still used as such', () => {
    const { text } = sourceCodeLiterals();
    for (const [name, use] of Object.entries(NOT_CODES)) expect([name, use.test(text)]).toEqual([name, true]);
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`each of them resolves in ${lang} with non-empty texts`, async () => {
      const failures: string[] = [];
      // a few at a time: the machine is shared
      for (let i = 0; i < codes.length; i += 16) {
        await Promise.all(
          codes.slice(i, i + 16).map(async (code) => {
            const res = await fetch(`${base}/v1/rules/${encodeURIComponent(code)}?lang=${lang}`);
            if (res.status !== 200) return void failures.push(`${code}: ${res.status}`);
            const body = (await res.json()) as Explanation;
            if (body.code !== code || body.lang !== lang)
              failures.push(`${code}: answered ${body.code}/${body.lang}`);
            for (const k of ['checks', 'explanation', 'fix'] as const)
              if (typeof body[k] !== 'string' || body[k].trim() === '') failures.push(`${code}: empty ${k}`);
          }),
        );
      }
      expect(failures).toEqual([]);
    });
  }

  it('French explanations are French: an own code and a syntax rule', async () => {
    const xsd = (await (await fetch(`${base}/v1/rules/XSD-ORDER?lang=fr`)).json()) as Explanation;
    expect(xsd.checks).toMatch(/n’est pas à la place/);
    const sr = (await (await fetch(`${base}/v1/rules/CII-SR-001?lang=fr`)).json()) as Explanation;
    expect(sr.checks).toMatch(/ne fait pas partie de l’EN 16931/);
  });

  it('Accept-Language picks the language when lang is absent; lang still wins', async () => {
    const fr = (await (
      await fetch(`${base}/v1/rules/BR-CO-15`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })
    ).json()) as Explanation;
    expect(fr.lang).toBe('fr');
    const en = (await (
      await fetch(`${base}/v1/rules/BR-CO-15?lang=en`, { headers: { 'accept-language': 'fr-FR' } })
    ).json()) as Explanation;
    expect(en.lang).toBe('en');
  });

  it('an unknown code is a 404 problem, in French when asked', async () => {
    const res = await fetch(`${base}/v1/rules/BR-999`, { headers: { 'accept-language': 'fr' } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { title: string; detail: string };
    expect(body.title).toBe('Règle inconnue');
    expect(body.detail).toBe('Aucune règle ni aucun code de constat BR-999.');
  });
});
