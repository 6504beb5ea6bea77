// Writes docs/terms.md from the term catalogue of the BUILT @einv/core-model (build it first:
// npx turbo run build --filter=@einv/core-model). `--check` exits 1 when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { termsMarkdown } from '../packages/core-model/dist/index.js';

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'terms.md');
const text = termsMarkdown();
if (process.argv.includes('--check')) {
  const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
  console.log(
    same ? 'docs/terms.md is up to date' : 'docs/terms.md is STALE: run node scripts/gen-terms-doc.mjs',
  );
  process.exit(same ? 0 : 1);
}
fs.writeFileSync(target, text);
console.log(`wrote docs/terms.md (${text.split('\n').length} lines)`);
