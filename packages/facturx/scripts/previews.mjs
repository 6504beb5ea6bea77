// Regenerates docs/previews/*.png: page images of two fixture invoices rendered by generate()
// (pdftoppm from poppler-utils). Usage: node packages/facturx/scripts/previews.mjs [outDir]
// Needs the built package (dist). tests/facturx/previews.test.ts does the same into a temp dir.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const out = path.resolve(process.argv[2] ?? path.join(repo, 'docs/previews'));
export const PREVIEWS = [
  { fixture: 'fr-b2b-simple', lang: 'fr', profile: 'EN16931' },
  { fixture: 'fr-allowances-charges', lang: 'en', profile: 'EN16931' },
];

fs.mkdirSync(out, { recursive: true });
for (const p of PREVIEWS) {
  const { invoice } = JSON.parse(
    fs.readFileSync(path.join(repo, 'fixtures/invoices', `${p.fixture}.json`), 'utf8'),
  );
  const r = generate(invoice, { profile: p.profile, lang: p.lang, now: '2026-03-15T10:00:00Z' });
  if (!r.pdf) throw new Error(`${p.fixture}: ${JSON.stringify(r.validation.errors)}`);
  const pdfFile = path.join(out, `${p.fixture}-${p.lang}.pdf`);
  fs.writeFileSync(pdfFile, r.pdf);
  const prefix = path.join(out, `${p.fixture}-${p.lang}`);
  const res = spawnSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    prefix,
  ]);
  if (res.status !== 0) throw new Error(`pdftoppm failed: ${res.stderr}`);
  fs.rmSync(pdfFile);
  console.log(`${prefix}.png`);
}
