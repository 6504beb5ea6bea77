/**
 * The receipt as one self-contained HTML page (no script, no external asset, every value escaped):
 * readable on a phone (findings as blocks, long XPaths wrap) and printable.
 */
import { readableValues } from '@einv/rules';
import { escapeXml } from '@einv/xml';
import {
  RECEIPT_LABELS,
  type Receipt,
  type ReceiptFinding,
  receiptDate,
  receiptLocation,
  receiptSize,
} from './receipt.js';

const e = (value: unknown) => escapeXml(String(value ?? ''));

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1d2430;max-width:60rem}
h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.5rem}.valid{color:#17653a}.invalid{color:#b3261e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.finding{border:1px solid #d0d5dd;border-radius:6px;padding:.6rem .8rem;margin:.5rem 0;overflow-wrap:anywhere}
.finding h3{font-size:.95rem;margin:0 0 .3rem}.sev-fatal{color:#b3261e}.sev-warning{color:#8a5a00}
.calc{font-family:ui-monospace,monospace;background:#f4f6f8;padding:.3rem;border-radius:4px}
footer{margin-top:2rem;font-size:.8rem;color:#667}`;

function findingHtml(f: ReceiptFinding, r: Receipt): string {
  const L = RECEIPT_LABELS[r.lang];
  const rows: [string, string][] = [];
  if (f.bt) rows.push([L.term, `${f.bt}${f.btName ? ` — ${f.btName}` : ''}`]);
  rows.push([L.location, receiptLocation(f, r.lang)]);
  // in the reader's number format, as the derivation writes them (the JSON receipt keeps the raw values)
  const shown = readableValues(f, r.lang);
  if (shown.found !== undefined) rows.push([L.found, shown.found]);
  if (shown.expected !== undefined) rows.push([L.expected, shown.expected]);
  const calc = f.derivation ? `<p class="calc">${e(f.derivation)}</p>` : '';
  return `<div class="finding"><h3><a href="${e(`${r.explanations}${encodeURIComponent(f.rule)}?lang=${r.lang}`)}">${e(f.rule)}</a> <span class="sev-${e(f.severity)}">${e(L[f.severity])}</span></h3>
<p>${e(f.message)}</p>${calc}<dl>${rows.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl></div>`;
}

function section(title: string, findings: ReceiptFinding[], r: Receipt): string {
  const body = findings.length
    ? findings.map((f) => findingHtml(f, r)).join('\n')
    : `<p>${e(RECEIPT_LABELS[r.lang].none)}</p>`;
  return `<h2>${e(title)} (${findings.length})</h2>\n${body}`;
}

export function receiptHtml(r: Receipt): string {
  const L = RECEIPT_LABELS[r.lang];
  const facts: [string, string][] = [
    [L.file, r.file.name],
    [L.size, receiptSize(r.file.size, r.lang)],
    [L.sha256, r.file.sha256],
    [L.format, [r.format, r.syntax && r.syntax !== r.format ? r.syntax : ''].filter(Boolean).join(' / ')],
    ...(r.profile ? [[L.profile, r.profile] as [string, string]] : []),
    [L.ruleSets, r.ruleSets.map((s) => `${s.name} ${s.version}`).join(' ; ')],
    ...r.skippedRuleSets.map((s) => [`${L.skipped} (${s.name})`, s.message] as [string, string]),
    [L.date, receiptDate(r.date, r.lang)],
  ];
  return `<!doctype html>
<html lang="${e(r.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(L.title)} — ${e(r.file.name)}</title><style>${STYLE}</style></head>
<body><h1>${e(L.title)}</h1>
<p class="${r.valid ? 'valid' : 'invalid'}"><strong>${e(r.valid ? L.valid : L.invalid)}</strong></p>
<dl>${facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>
${r.notices.map((n) => `<p class="notice"><strong>${e(n.code)}</strong> ${e(n.message)}</p>`).join('\n')}
${section(L.errors, r.errors, r)}
${section(L.warnings, r.warnings, r)}
<footer>${e(L.producer)} — ${e(L.explanations)}${r.lang === 'fr' ? '\u202f:' : ':'} ${e(r.explanations)}&lt;code&gt;</footer>
</body></html>
`;
}
