/**
 * The check engine lives in packages/cii/src/check/engine and is copied to packages/ubl by
 * scripts/gen-structure-engine.mjs (so neither package depends on the other). This fails when the
 * copies drift: edit the CII copy and re-run the script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from '../support/shared.js';

const from = path.join(REPO_ROOT, 'packages/cii/src/check/engine');
const to = path.join(REPO_ROOT, 'packages/ubl/src/check/engine');

describe('structure check engine copy', () => {
  const sources = fs.readdirSync(from).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  it('the UBL engine has the same files as the CII engine', () => {
    expect(
      fs
        .readdirSync(to)
        .filter((f) => f.endsWith('.ts'))
        .sort(),
    ).toEqual(sources.sort());
  });
  it.each(sources)('%s is identical in both packages', (f) => {
    const copy = fs.readFileSync(path.join(to, f), 'utf8');
    expect(copy.slice(copy.indexOf('\n') + 1)).toBe(fs.readFileSync(path.join(from, f), 'utf8'));
  });
});
