import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EVERY_TERM_INVOICE } from '../../../fixtures/every-term.js';
import { describeIfShared, REPO_ROOT, sharedFiles, sharedPath } from '../../../tests/support/shared.js';
import { TERM_CII_PATHS } from './__tests__/term-cii-paths.js';
import { loadXsdTypes, pathExists } from './__tests__/xsd-profiles.js';
import { PROFILES, type Profile } from './profiles.js';
import { getTerm, TERMS, termForPath, termsForProfile } from './terms.js';
import { termsMarkdown } from './terms-doc.js';

const ID = /\b(BT|BG)-\d+(-\d+)?\b/g;

/** Ids the official artefacts cite that are not EN 16931 terms, and why. */
const NOT_EN16931: Record<string, string> = {
  'BT-111-1': 'the French rules name the currencyID attribute of BT-111 so; in EN 16931 it is BT-6',
};

describe('term catalogue completeness', () => {
  it('holds BT-1…BT-165 (BT-4 does not exist) and BG-1…BG-32, each id once', () => {
    console.log(
      `term catalogue: ${TERMS.length} entries (${TERMS.filter((t) => t.kind === 'BT').length} BT, ${TERMS.filter((t) => t.kind === 'BG').length} BG)`,
    );
    const ids = TERMS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const missing: string[] = [];
    for (let i = 1; i <= 165; i++) if (i !== 4 && getTerm(`BT-${i}`) === undefined) missing.push(`BT-${i}`);
    for (let i = 1; i <= 32; i++) if (getTerm(`BG-${i}`) === undefined) missing.push(`BG-${i}`);
    expect(missing).toEqual([]);
  });

  describeIfShared('against the official artefacts in ../shared', () => {
    it('contains every BT/BG id cited by the EN 16931 rules (CII, UBL) and the BR-FR rules', () => {
      const files = [
        sharedPath('en16931', 'rules-cii.tsv'),
        sharedPath('en16931', 'rules-ubl.tsv'),
        ...sharedFiles('br-fr', (n) => n.endsWith('.tsv')),
      ];
      const cited = new Set<string>();
      for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(ID)) cited.add(m[0]);
      expect(cited.size).toBeGreaterThan(100);
      const missing = [...cited].filter((id) => getTerm(id) === undefined && !(id in NOT_EN16931)).sort();
      console.log(`ids cited in ../shared: ${cited.size}; missing from the catalogue: ${missing.length}`);
      expect(missing).toEqual([]);
    });
  });
});

/** Every value path of a JSON value, with `[]` for array items (`invoice.lines[].quantity`). */
function leafPaths(value: unknown, prefix: string, out: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    out.add(`${prefix}[]`);
    for (const v of value) leafPaths(v, `${prefix}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    out.add(prefix);
    for (const [k, v] of Object.entries(value)) leafPaths(v, `${prefix}.${k}`, out);
  } else {
    out.add(prefix);
  }
  return out;
}

describe('term catalogue and the model agree', () => {
  const modelPaths = leafPaths(EVERY_TERM_INVOICE, 'invoice', new Set());

  it('every catalogue model path exists in the fully populated invoice (typed by model.ts)', () => {
    const absent = TERMS.flatMap((t) => [t.path, ...(t.otherPaths ?? [])]).filter((p) => !modelPaths.has(p));
    expect(absent).toEqual([]);
  });

  it('every field of the model carries a term, except the line exemption helpers', () => {
    const notTerms = new Set([
      'invoice.lines[].vatExemptionReason',
      'invoice.lines[].vatExemptionReasonCode',
    ]);
    const catalogued = new Set(TERMS.flatMap((t) => [t.path, ...(t.otherPaths ?? [])]));
    const leaves = [...modelPaths].filter((p) => {
      const v = p; // leaves are paths no other path extends
      return ![...modelPaths].some((q) => q !== v && (q.startsWith(`${v}.`) || q.startsWith(`${v}[]`)));
    });
    expect(leaves.filter((p) => !catalogued.has(p) && !notTerms.has(p))).toEqual([]);
  });

  it('finds the term of a concrete path', () => {
    expect(termForPath('invoice.lines[3].quantity')?.id).toBe('BT-129');
    expect(termForPath('invoice.lines[0].allowances[1].amount')?.id).toBe('BT-136');
    expect(termForPath('invoice.seller.siret')?.id).toBe('BT-29');
    expect(termForPath('invoice.buyer.address.city')?.id).toBe('BT-52');
    expect(termForPath('invoice.lines')?.id).toBe('BG-25');
    expect(termForPath('invoice.seller.address.foo')?.id).toBe('BG-5');
    expect(termForPath('invoice')).toBeUndefined();
  });
});

describe('profile availability', () => {
  it('follows the profile order: a term of a profile is in every richer profile', () => {
    for (const t of TERMS) {
      const first = PROFILES.findIndex((p) => t.profiles.includes(p));
      if (first < 0) continue;
      expect({ id: t.id, profiles: t.profiles }).toEqual({ id: t.id, profiles: PROFILES.slice(first) });
    }
  });

  it('puts the basics where Factur-X puts them', () => {
    const ids = (p: Profile) => new Set(termsForProfile(p).map((t) => t.id));
    expect(ids('MINIMUM').has('BT-1')).toBe(true);
    expect(ids('MINIMUM').has('BT-131')).toBe(false);
    expect(ids('BASIC-WL').has('BT-131')).toBe(false);
    expect(ids('BASIC').has('BT-131')).toBe(true);
    expect(ids('BASIC').has('BT-159')).toBe(false);
    expect(ids('EN16931').has('BT-159')).toBe(true);
    for (const t of TERMS) expect(t.profiles).toContain('EXTENDED');
  });

  describeIfShared('derived from the Factur-X 1.09.2 XSDs', () => {
    it('matches terms-profiles.generated.ts (EINV_UPDATE=1 rewrites it)', () => {
      const derived: Record<string, Profile[]> = {};
      const dirs: Record<Profile, string> = {
        MINIMUM: 'MINIMUM',
        'BASIC-WL': 'BASIC-WL',
        BASIC: 'BASIC',
        EN16931: 'EN16931',
        EXTENDED: 'EXTENDED',
      };
      const types = Object.fromEntries(
        PROFILES.map((p) => [p, loadXsdTypes(sharedPath('facturx', '1.09.2', dirs[p]))]),
      ) as Record<Profile, ReturnType<typeof loadXsdTypes>>;
      let group: string | undefined;
      for (const t of TERMS) {
        if (t.kind === 'BG') {
          group = t.id;
          derived[t.id] = [];
          continue;
        }
        const cii = TERM_CII_PATHS[t.id];
        expect({ id: t.id, hasCiiPath: cii !== undefined }).toEqual({ id: t.id, hasCiiPath: true });
        derived[t.id] = PROFILES.filter((p) => pathExists(types[p], cii!));
        // A group is available where one of its own terms is (terms follow their group in the table)
        if (group !== undefined) {
          const g = derived[group]!;
          for (const p of derived[t.id]!) if (!g.includes(p)) g.push(p);
          derived[group] = PROFILES.filter((p) => g.includes(p));
        }
      }
      const file = path.join(REPO_ROOT, 'packages/core-model/src/terms-profiles.generated.ts');
      const text = renderProfiles(derived);
      if (process.env.EINV_UPDATE === '1') fs.writeFileSync(file, text);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    });
  });
});

function renderProfiles(derived: Record<string, Profile[]>): string {
  const lines = Object.entries(derived).map(
    ([id, ps]) => `  '${id}': [${ps.map((p) => `'${p}'`).join(', ')}],`,
  );
  return [
    '// Generated by terms.test.ts (EINV_UPDATE=1) from the Factur-X 1.09.2 XSDs: do not edit.',
    "import type { Profile } from './profiles.js';",
    '',
    'export const TERM_PROFILES: Readonly<Record<string, readonly Profile[]>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

describe('docs/terms.md', () => {
  it('is up to date with the catalogue (node scripts/gen-terms-doc.mjs after a build)', () => {
    const file = path.join(REPO_ROOT, 'docs', 'terms.md');
    const text = termsMarkdown();
    if (process.env.EINV_UPDATE === '1') fs.writeFileSync(file, text);
    expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)').toBe(text);
  });
});
