// Factur-X: generate() (complete + validate + writeCii + renderPdf + embed) on a one-page EN16931
// invoice and on a 50-page one, with the bare pdfkit/renderPdf steps beside it; extract() on a typical
// corpus PDF beside pdf-lib's full load of the same file (reference, same run); preflight() too.
// Peak memory is the max RSS growth seen while the runs happen; CPU ms is process CPU time per run
// (user + system), reported because the shared 2-core machine inflates wall-clock medians under load.
// Imports the BUILT packages.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract, generate, preflight, renderPdf } from '../packages/facturx/dist/index.js';
import { measure, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const NOW = '2026-03-15T10:00:00Z';
const fixture = JSON.parse(
  fs.readFileSync(path.join(here, '../fixtures/invoices/fr-b2b-simple.json'), 'utf8'),
);
const onePage = fixture.invoice;
const base = onePage.lines[0];
const fiftyPages = {
  ...onePage,
  lines: Array.from({ length: 1700 }, (_, i) => ({
    ...base,
    id: String(i + 1),
    description: `${base.description} ${i + 1}`,
    netAmount: undefined,
  })),
  totals: undefined,
  vatBreakdown: undefined,
};

function withPeak(label, fn, opts) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 1);
  for (let i = 0; i < opts.warmup; i++) fn();
  const cpu0 = process.cpuUsage();
  const s = measure(
    () => {
      fn();
      peak = Math.max(peak, process.memoryUsage().rss);
    },
    { ...opts, warmup: 0 },
  );
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  return {
    step: label,
    'median (ms)': s.median,
    'p90 (ms)': s.p90,
    'CPU per run (ms)': (cpu.user + cpu.system) / 1000 / s.runs,
    runs: s.runs,
    'peak RSS growth (MB)': (peak - before) / 1e6,
  };
}

const g1 = generate(onePage, { now: NOW });
const g50 = generate(fiftyPages, { now: NOW });
if (!g1.pdf || !g50.pdf) throw new Error('fixture does not validate');
const pages50 = (new TextDecoder('latin1').decode(g50.pdf).match(/\/Type \/Page\b/g) ?? []).length;
const rows = [
  withPeak('generate() one page, EN16931', () => generate(onePage, { now: NOW }), { warmup: 30, runs: 200 }),
  withPeak('  renderPdf() alone, same invoice (no XML)', () => renderPdf(g1.invoice, { now: NOW }), {
    warmup: 30,
    runs: 200,
  }),
  withPeak(`generate() ${pages50} pages (1,700 lines)`, () => generate(fiftyPages, { now: NOW }), {
    warmup: 3,
    runs: 15,
  }),
  withPeak(`  renderPdf() alone, same ${pages50} pages`, () => renderPdf(g50.invoice, { now: NOW }), {
    warmup: 3,
    runs: 15,
  }),
];
printTable(
  `Factur-X generation (PDF ${g1.pdf.length} bytes one page; ${g50.pdf.length} bytes for ${pages50} pages)`,
  rows,
);

const corpus = path.resolve(
  here,
  '../../shared/corpus/stephanstapel_ZUGFeRD-csharp/documentation/zugferd240de/Beispiele/3. EN16931/EN16931_Einfach/EN16931_Einfach_fx.pdf',
);
if (fs.existsSync(corpus)) {
  const require = createRequire(path.join(here, '../packages/facturx/package.json'));
  const { PDFDocument } = require('pdf-lib');
  const bytes = new Uint8Array(fs.readFileSync(corpus));
  const ours = measure(() => extract(bytes), { warmup: 50, runs: 500 });
  const pf = measure(() => preflight(bytes), { warmup: 20, runs: 200 });
  const own = measure(() => extract(g1.pdf), { warmup: 50, runs: 500 });
  // pdf-lib reference: a full parse of the same file (what extract would cost on pdf-lib)
  const samples = [];
  for (let i = 0; i < 30; i++) await PDFDocument.load(bytes, { updateMetadata: false });
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await PDFDocument.load(bytes, { updateMetadata: false });
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const libMedian = samples[samples.length >> 1];
  printTable(
    `extract() / preflight() on EN16931_Einfach_fx.pdf (${bytes.length} bytes, ZUGFeRD 2.4 sample)`,
    [
      {
        step: 'extract() (own light reader)',
        'median (ms)': ours.median,
        'p99 (ms)': ours.p99,
        'vs pdf-lib load': ours.median / libMedian,
      },
      {
        step: 'pdf-lib PDFDocument.load (reference)',
        'median (ms)': libMedian,
        'p99 (ms)': samples[Math.floor(samples.length * 0.99)],
        'vs pdf-lib load': 1,
      },
      {
        step: 'preflight() (PDF/A-3 + Factur-X)',
        'median (ms)': pf.median,
        'p99 (ms)': pf.p99,
        'vs pdf-lib load': pf.median / libMedian,
      },
      {
        step: 'extract() on our own generated file',
        'median (ms)': own.median,
        'p99 (ms)': own.p99,
        'vs pdf-lib load': own.median / libMedian,
      },
    ],
  );
} else {
  console.log('extract: skipped (../shared/corpus not found)');
}
