// HTTP load on both services, each started as its own process from the build (as `pnpm start` does),
// driven by autocannon from this process: throughput, p50/p99 latency, errors. The per-IP rate limits
// are lifted for the run (RATE_LIMIT_PER_MINUTE), otherwise we would measure 429s.
// Usage: node bench/http.bench.mjs   (needs `pnpm build`; reads ../shared for the sample files)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(root, '../shared');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function start(entry, env) {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function load(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, r) => {
      if (err) return reject(err);
      resolve({
        scenario: title,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        requests: r.requests.total,
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

const rows = [];
const cii = fs.readFileSync(path.join(shared, 'en16931/cii/examples/CII_example1.xml'));
const index = fs.readFileSync(path.join(shared, 'corpus/index.tsv'), 'utf8').split('\n');
const header = index[0].split('\t');
const pdfRow = index
  .slice(1)
  .map((l) => Object.fromEntries(l.split('\t').map((v, i) => [header[i], v])))
  .find((r) => r.kind === 'pdf' && r.profile === 'EN16931' && r['observed_en16931_cen_1.3.16'] === 'valid');
const pdf = fs.readFileSync(path.join(shared, 'corpus', pdfRow.path));

// Validator
const vport = 3901;
const validator = start('apps/validator-api/dist/main.js', { PORT: String(vport) });
try {
  await waitFor(`http://127.0.0.1:${vport}/healthz`);
  const url = `http://127.0.0.1:${vport}/v1/validate`;
  rows.push(
    await load('validator: CII XML (CII_example1)', {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: cii,
    }),
  );
  rows.push(
    await load(`validator: Factur-X PDF (${path.basename(pdfRow.path)}, ${pdf.length} B)`, {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    }),
  );
} finally {
  validator.kill('SIGTERM');
}

// Generation service, on a throwaway SQLite file, with an account and a MULTI-less FREE plan whose
// quota is lifted for the run (FREE_MONTHLY_QUOTA).
const gport = 3902;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-bench-'));
const generation = start('apps/generation-api/dist/main.js', {
  PORT: String(gport),
  DATABASE_URL: path.join(dir, 'bench.sqlite'),
  FREE_MONTHLY_QUOTA: '100000000',
});
try {
  const base = `http://127.0.0.1:${gport}`;
  await waitFor(`${base}/healthz`);
  const signup = await fetch(`${base}/api/portal/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'benchmark password' }),
  });
  const cookie = signup.headers.get('set-cookie').split(';')[0];
  const created = await fetch(`${base}/api/portal/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { key } = await created.json();
  const invoice = JSON.parse(
    fs.readFileSync(path.join(root, 'fixtures/invoices/fr-b2b-simple.json'), 'utf8'),
  ).invoice;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const body = JSON.stringify({ invoice });
  rows.push(
    await load('generation: POST /api/v1/validate (simple FR B2B)', {
      url: `${base}/api/v1/validate`,
      method: 'POST',
      headers,
      body,
    }),
  );
  rows.push(
    await load('generation: POST /api/v1/generate (simple FR B2B, EN16931)', {
      url: `${base}/api/v1/generate`,
      method: 'POST',
      headers,
      body,
    }),
  );
} finally {
  generation.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n## HTTP load (autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores, server and load generator on the same machine)\n`,
);
const cols = Object.keys(rows[0]);
console.log(`| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(' | ')} |`);
