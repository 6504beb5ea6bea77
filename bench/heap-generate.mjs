// Live heap of the generation service over many /api/v1/generate requests with distinct long texts
// (issue 14: the glyph cache once kept ~4.6 MB per request). The real app (from the build) runs in this
// process on a loopback port; a warm-up fills what is legitimately process-wide (fonts, code, the
// bounded caches), then a forced GC gives the start heap, N mixed requests run, and a forced GC gives
// the end heap. Exit 1 when the end heap is more than 10 % over the start, or RSS over the ceiling.
// Usage: node --expose-gc bench/heap-generate.mjs [requests=20000] [seed=14] [warm-up=requests/10, 100..400]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '../scripts/lib/prng.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUESTS = Number(process.argv[2] ?? 20_000);
const SEED = Number(process.argv[3] ?? 14);
// the bounded caches fill within ~10 requests of distinct texts; the warm-up leaves margin for that
const WARMUP = Number(process.argv[4] ?? Math.min(400, Math.max(100, REQUESTS / 10)));
const CONCURRENCY = 4;
/** Documented in docs/deploy.md: the RSS a generation instance stays under (heap + fonts + buffers) */
const RSS_CEILING_MB = 512;

if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}
const gen = await import(path.join(root, 'apps/generation-api/dist/index.js'));
const billing = await import(path.join(root, 'apps/billing/dist/index.js'));
const { GENERATION_MIGRATIONS } = await import(path.join(root, 'apps/generation-api/dist/db/migrate.js'));
const { pino } = await import(path.join(root, 'apps/generation-api/node_modules/pino/pino.js'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-heap-'));
const config = gen.loadConfig({
  DATABASE_URL: path.join(dir, 'einv.sqlite'),
  RATE_LIMIT_PER_MINUTE: '100000000',
  FREE_MONTHLY_QUOTA: '100000000',
});
const database = billing.openDatabase(config.databaseUrl);
await database.migrate([billing.BILLING_MIGRATIONS, GENERATION_MIGRATIONS]);
const { app } = gen.createService(config, database, pino({ level: 'silent' }));
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}`;

const random = prng(SEED);
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzéèàçABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = (n) =>
  Array.from({ length: n }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
const words = (count, len) => Array.from({ length: count }, () => word(len)).join(' ');

const invoice = JSON.parse(
  fs.readFileSync(path.join(root, 'fixtures/invoices/fr-b2b-simple.json'), 'utf8'),
).invoice;
/** A valid invoice with distinct long texts: many distinct long words in names, descriptions and notes */
function mixed(i) {
  const lines = Array.from({ length: 1 + (i % 8) }, (_, l) => ({
    ...invoice.lines[0],
    id: String(l + 1),
    description: words(20, 30),
  }));
  return {
    ...invoice,
    number: `H${i}-${word(40)}`,
    seller: { ...invoice.seller, name: words(8, 40) },
    buyer: { ...invoice.buyer, name: words(8, 40) },
    notes: [{ text: words(100, 40) }],
    lines,
    ...(i % 3 === 0 ? { paymentTerms: words(50, 30) } : {}),
  };
}

const signup = await fetch(`${base}/api/portal/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'heap@example.com', password: 'correct horse battery' }),
});
const cookie = signup.headers.get('set-cookie')?.split(';')[0] ?? '';
const keyRes = await fetch(`${base}/api/portal/keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base, cookie },
  body: JSON.stringify({ name: 'heap' }),
});
const { key } = await keyRes.json();
if (!key) throw new Error(`no API key: ${signup.status} ${keyRes.status}`);

const statuses = {};
let resets = 0;
async function run(from, count) {
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const i = next++;
      const body = JSON.stringify({ invoice: mixed(i) });
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${base}/api/v1/generate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body,
          });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          break;
        } catch (err) {
          // a keep-alive connection closed by the server as the client reused it (a stalled machine):
          // counted and sent again, not part of what this run measures
          if (attempt === 3) throw err;
          resets++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function liveHeapMb() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

await run(0, WARMUP);
const start = liveHeapMb();
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
const t0 = Date.now();
await run(WARMUP, REQUESTS);
clearInterval(sampler);
const end = liveHeapMb();
const rssMb = Math.max(peakRss, process.memoryUsage().rss) / 1024 / 1024;
server.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });

const growth = (end - start) / start;
const result = {
  requests: REQUESTS,
  seed: SEED,
  statuses,
  resets,
  seconds: Math.round((Date.now() - t0) / 1000),
  startHeapMb: Number(start.toFixed(1)),
  endHeapMb: Number(end.toFixed(1)),
  growthPercent: Number((growth * 100).toFixed(1)),
  peakRssMb: Math.round(rssMb),
  rssCeilingMb: RSS_CEILING_MB,
};
console.log(JSON.stringify(result));
const ok = growth <= 0.1 && rssMb <= RSS_CEILING_MB && Object.keys(statuses).every((s) => s === '200');
process.exit(ok ? 0 : 1);
