/**
 * The example requests of docs/examples (one source: the files users copy), read once for the
 * OpenAPI document. Each file is a request body `{ invoice }`; its summary is the "case" column of
 * docs/examples/README.md. A checkout without docs/ gets a document without examples, nothing worse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** docs/examples from src/ or dist/ alike (both sit two levels below the repository root's apps/) */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../docs/examples/', import.meta.url));

export interface RequestExample {
  summary: string;
  value: { invoice: Record<string, unknown> };
}

/** The README table's rows: `| \`file.json\` | case | … |` → file → case */
function summaries(readme: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of readme.matchAll(/^\| `([\w-]+)\.json` \| ([^|]+) \|/gm)) out.set(m[1]!, m[2]!.trim());
  return out;
}

export function loadExamples(dir = EXAMPLES_DIR): Record<string, RequestExample> {
  if (!fs.existsSync(dir)) return {};
  const readme = path.join(dir, 'README.md');
  const cases = summaries(fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '');
  const out: Record<string, RequestExample> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const name = file.replace(/\.json$/, '');
    const value = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as RequestExample['value'];
    out[name] = { summary: cases.get(name) ?? name, value };
  }
  return out;
}
