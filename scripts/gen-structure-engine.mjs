// Copies the structure/syntax check engine from packages/cii/src/check/engine (the source of
// truth) to packages/ubl/src/check/engine, so both packages stay independent of each other
// (docs/decisions/0040-structure-model.md). tests/structure/engine-copy.test.ts fails when the
// copies drift.   node scripts/gen-structure-engine.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(repo, 'packages/cii/src/check/engine');
const to = path.join(repo, 'packages/ubl/src/check/engine');
export const COPY_HEADER =
  '// COPY of packages/cii/src/check/engine: edit there, then run node scripts/gen-structure-engine.mjs\n';

fs.mkdirSync(to, { recursive: true });
for (const f of fs.readdirSync(to)) if (f.endsWith('.ts')) fs.rmSync(path.join(to, f));
for (const f of fs.readdirSync(from)) {
  if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
  fs.writeFileSync(path.join(to, f), COPY_HEADER + fs.readFileSync(path.join(from, f), 'utf8'));
  console.log(`copied ${f}`);
}
