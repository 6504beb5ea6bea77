// Factur-X in every script (issue 12, decision 0088): generate() on a one-page and a 50-page invoice
// whose buyer and lines are Latin only, beside the same invoices holding Greek, Cyrillic, Arabic,
// Hebrew, Devanagari, Thai, CJK and emoji (drawn through the fallback chain). The first non-Latin
// call in the process is timed on its own (it parses the fallback fonts it needs). preflight() on the
// results, which now scans every page's content for glyph use. Medians over warmed runs, same run,
// ratios against the Latin-only invoice. Imports the BUILT packages.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generate, preflight } from '../packages/facturx/dist/index.js';
import { measure, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const NOW = '2026-03-15T10:00:00Z';
const fixture = JSON.parse(
  fs.readFileSync(path.join(here, '../fixtures/invoices/fr-b2b-simple.json'), 'utf8'),
);

const NON_LATIN = [
  'Ελληνική Εταιρεία',
  'ООО «Рога и копыта»',
  'شركة المثال المحدودة',
  'חברה בע״מ',
  'कंपनी लिमिटेड',
  'บริษัท ตัวอย่าง จำกัด',
  '东京商事株式会社',
  '臺灣銀行股份有限公司',
  'ひらがな カタカナ',
  '한국어 주식회사',
  'Café ☕ 🚀',
];

function invoice(lines, nonLatin) {
  const base = fixture.invoice.lines[0];
  return {
    ...fixture.invoice,
    buyer: { ...fixture.invoice.buyer, name: nonLatin ? NON_LATIN[6] : fixture.invoice.buyer.name },
    lines: Array.from({ length: lines }, (_, i) => ({
      ...base,
      id: String(i + 1),
      description: nonLatin ? `${NON_LATIN[i % NON_LATIN.length]} ${i + 1}` : `${base.description} ${i + 1}`,
      netAmount: undefined,
    })),
    totals: undefined,
    vatBreakdown: undefined,
  };
}

const cases = {
  latin1: invoice(2, false),
  other1: invoice(2, true),
  latin50: invoice(1700, false),
  other50: invoice(1700, true),
};

// first non-Latin call of the process: loads the fallback fonts it needs (Noto SC is 10 MB)
const t0 = performance.now();
const first = generate(cases.other1, { now: NOW });
const firstMs = performance.now() - t0;
if (!first.pdf) throw new Error('fixture does not validate');

const row = (label, s, ref) => ({
  step: label,
  'median (ms)': s.median,
  'p90 (ms)': s.p90,
  'CPU per run (ms)': s.cpu,
  runs: s.runs,
  '× Latin only (median)': ref ? s.median / ref.median : 1,
});
/** measure() plus process CPU time per run: the shared machine inflates wall-clock medians */
function timed(fn, opts) {
  for (let i = 0; i < opts.warmup; i++) fn();
  const cpu0 = process.cpuUsage();
  const s = measure(fn, { ...opts, warmup: 0 });
  const cpu = process.cpuUsage(cpu0);
  return { ...s, cpu: (cpu.user + cpu.system) / 1000 / s.runs };
}
const g = (inv) => () => generate(inv, { now: NOW });
const l1 = timed(g(cases.latin1), { warmup: 30, runs: 200 });
const o1 = timed(g(cases.other1), { warmup: 30, runs: 200 });
const l50 = timed(g(cases.latin50), { warmup: 3, runs: 15 });
const o50 = timed(g(cases.other50), { warmup: 3, runs: 15 });
const pdfs = Object.fromEntries(Object.entries(cases).map(([k, v]) => [k, generate(v, { now: NOW }).pdf]));
const pages = (pdf) => (new TextDecoder('latin1').decode(pdf).match(/\/Type \/Page\b/g) ?? []).length;
const p1 = timed(() => preflight(pdfs.latin1), { warmup: 10, runs: 100 });
const p50 = timed(() => preflight(pdfs.latin50), { warmup: 2, runs: 10 });
const q50 = timed(() => preflight(pdfs.other50), { warmup: 2, runs: 10 });

printTable(
  `generate() and preflight(), Latin-only vs non-Latin text (first non-Latin call, font loading: ${firstMs.toFixed(0)} ms)`,
  [
    row('generate() one page, Latin only', l1),
    row('generate() one page, 11 scripts + emoji', o1, l1),
    row(`generate() ${pages(pdfs.latin50)} pages (1,700 lines), Latin only`, l50),
    row(`generate() ${pages(pdfs.other50)} pages (1,700 lines), 11 scripts + emoji`, o50, l50),
    row('preflight() one page, Latin only', p1),
    row(`preflight() ${pages(pdfs.latin50)} pages, Latin only`, p50),
    row(`preflight() ${pages(pdfs.other50)} pages, 11 scripts + emoji`, q50, p50),
  ],
);
console.log(
  `file sizes: one page ${pdfs.latin1.length} / ${pdfs.other1.length} bytes; 50 pages ${pdfs.latin50.length} / ${pdfs.other50.length} bytes`,
);
