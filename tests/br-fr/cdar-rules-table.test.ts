/**
 * The native BR-FR-CDV table (packages/facturx/src/cdar/rules.ts) against the official schematrons
 * of each release it runs: the same patterns in the same order, the same rule contexts, the same
 * assert ids and flags (1.4.0.02 _WARNING: all warnings). And the generated code lists are what
 * scripts/gen-cdar-codes.mjs makes from ../shared today (drift test).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CDV_PATTERNS } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { describeIfShared, REPO_ROOT, SHARED, sharedPath } from '../support/shared.js';

const SCH = {
  '1.4.0.02': 'br-fr/schematron-1.4.0.02-warning/CDAR_schematron_BR-FR-CDV-Schematron-CDAR_WARNING.sch',
  '1.4.0.03': 'br-fr/schematron-1.4.0.03/schematron/20260804_BR-FR-CDV-Schematron-CDAR_V1.4.0.03.sch',
  '1.4.0.04': 'br-fr/schematron-1.4.0.04/schematron/20260903_BR-FR-CDV-Schematron-CDAR_V1.4.0.04.sch',
} as const;

/** pattern → rules → [context, [id:flag]] as the official file has them */
function officialShape(sch: string): string[] {
  const out: string[] = [];
  for (const p of sch.matchAll(/<pattern id="([^"]+)">([\s\S]*?)<\/pattern>/g)) {
    for (const r of (p[2] as string).matchAll(/<rule context="([^"]+)">([\s\S]*?)<\/rule>/g)) {
      const asserts = [...(r[2] as string).matchAll(/<assert[\s\S]*?flag="(\w+)"[\s\S]*?id="([^"]+)"/g)].map(
        (a) => `${a[2]}:${a[1]}`,
      );
      out.push(`${p[1]} | ${r[1]} | ${asserts.join(' ')}`);
    }
  }
  return out;
}

function nativeShape(version: keyof typeof SCH): string[] {
  return CDV_PATTERNS.flatMap((p) =>
    p.rules.map((r) => {
      const asserts = r.asserts
        .filter((a) => !a.since || a.since === version)
        .map((a) => `${a.id}:${version === '1.4.0.02' ? 'warning' : a.flag}`);
      return `${p.id} | ${r.context} | ${asserts.join(' ')}`;
    }),
  );
}

describeIfShared('BR-FR-CDV table = the official schematrons', () => {
  for (const version of Object.keys(SCH) as (keyof typeof SCH)[]) {
    it(`${version}: patterns, contexts, assert ids and flags`, () => {
      const sch = fs.readFileSync(sharedPath(SCH[version]), 'utf8');
      expect(nativeShape(version)).toEqual(officialShape(sch));
    });
  }

  it('generated code lists are current (scripts/gen-cdar-codes.mjs)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdar-codes-')), 'codes.ts');
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/gen-cdar-codes.mjs'), SHARED, out]);
    execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/biome'), ['format', '--write', out], {
      stdio: 'ignore',
    });
    const committed = fs.readFileSync(
      path.join(REPO_ROOT, 'packages/facturx/src/cdar/generated/codes.ts'),
      'utf8',
    );
    expect(fs.readFileSync(out, 'utf8')).toBe(committed);
  });
});
