/**
 * problem+json in French (decision 0132): every problem type the services send has a French title,
 * and every detail written at a call site (plain or with values) has a French template. The call
 * sites are read from the sources, so a new problem without French fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { problemText } from './problem.js';

const APPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (['node_modules', 'dist', '__tests__', 'public'].includes(e.name)) continue;
      sources(p, out);
    } else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const STRING = String.raw`'(?:[^'\\]|\\.)*'|\x60(?:[^\x60\\]|\\.)*\x60`;
/** sendProblem(res, status, 'slug', title, detail…) with the slug and the detail as written */
const CALL = new RegExp(
  String.raw`sendProblem\(\s*res,\s*[^,]+,\s*'([a-z0-9-]+)',\s*(?:${STRING}|[^,]+),\s*(${STRING}|[^,)]+)`,
  'g',
);

/** A sample of what the detail looks like at run time: each ${…} stands for a value */
function sample(literal: string): string | undefined {
  if (literal.startsWith("'")) return literal.slice(1, -1).replace(/\\(.)/g, '$1');
  if (literal.startsWith('`'))
    return literal
      .slice(1, -1)
      .replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, 'X7')
      .replace(/\\(.)/g, '$1');
  return undefined;
}

const calls = sources(APPS).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(CALL)].map((m) => ({
    file: path.relative(APPS, file),
    slug: m[1] as string,
    detail: sample(m[2] as string),
  })),
);

/** `detail: '…'` of the services' failures (accounts, keys), which the portal answers as problems */
const DETAIL = new RegExp(String.raw`\bdetail:\s*(${STRING})`, 'g');
/** The password policy's answers, a problem detail too */
const POLICY = new RegExp(String.raw`return\s+(${STRING});`, 'g');
const failureDetails = sources(APPS).flatMap((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const found = [...text.matchAll(DETAIL)].map((m) => m[1] as string);
  if (file.endsWith('password-policy.ts'))
    found.push(...[...text.matchAll(POLICY)].map((m) => m[1] as string));
  return found.map((literal) => ({ file: path.relative(APPS, file), detail: sample(literal) }));
});

describe('French problem+json', () => {
  it('finds the call sites', () => expect(calls.length).toBeGreaterThan(30));

  it('every problem type has a French title', () => {
    const missing = calls.filter((c) => problemText(c.slug, 'EN', 'x', 'fr').title === 'EN');
    expect(missing.map((c) => `${c.file}: ${c.slug}`)).toEqual([]);
  });

  it('every detail written at a call site has a French template', () => {
    const missing = calls.filter(
      (c) => c.detail && problemText(c.slug, 't', c.detail, 'fr').detail === c.detail,
    );
    expect(missing.map((c) => `${c.file}: ${c.detail}`)).toEqual([]);
  });

  it('every failure detail of the account and key services has a French template', () => {
    expect(failureDetails.length).toBeGreaterThan(10);
    const missing = failureDetails.filter(
      (c) => c.detail && problemText('x', 't', c.detail, 'fr').detail === c.detail,
    );
    expect(missing.map((c) => `${c.file}: ${c.detail}`)).toEqual([]);
  });

  it('English stays English', () => {
    expect(problemText('no-file', 'No file', 'The request body is empty.', 'en')).toEqual({
      title: 'No file',
      detail: 'The request body is empty.',
    });
  });
});
