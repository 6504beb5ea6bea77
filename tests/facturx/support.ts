/**
 * Helpers for the Factur-X suites: the Debian PDF tools (qpdf, poppler) when installed, and a tiny
 * PDF writer to craft hostile or non-conformant files byte by byte.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from '@jest/globals';
import { hasShared, sharedPath } from '../support/shared.js';

export function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export const TOOLS = {
  qpdf: hasTool('qpdf'),
  pdffonts: hasTool('pdffonts'),
  pdfdetach: hasTool('pdfdetach'),
  pdftoppm: hasTool('pdftoppm'),
  pdftotext: hasTool('pdftotext'),
};

/** describe when every listed tool is installed; otherwise skip and say which is missing */
export function describeIfTools(names: (keyof typeof TOOLS)[], title: string, fn: () => void): void {
  const missing = names.filter((n) => !TOOLS[n]);
  if (missing.length > 0)
    describe.skip(
      `${title} (skipped: ${missing.join(', ')} not installed — apt-get install qpdf poppler-utils)`,
      fn,
    );
  else describe(title, fn);
}

export function tempDir(prefix = 'einv-fx-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Builds a PDF from object bodies (index i is object i+1) with a correct xref table and trailer.
 * `trailerExtra` is added to the trailer dictionary (e.g. `/Encrypt 9 0 R`).
 */
export function buildPdf(
  objects: (string | Uint8Array)[],
  options: { root?: number; trailerExtra?: string } = {},
): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [Uint8Array.from([...enc.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const head = enc.encode(`${i + 1} 0 obj\n`);
    const b = typeof body === 'string' ? enc.encode(body) : body;
    const tail = enc.encode('\nendobj\n');
    parts.push(head, b, tail);
    offset += head.length + b.length + tail.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  xref.push(
    `trailer\n<< /Size ${objects.length + 1} /Root ${options.root ?? 1} 0 R ${options.trailerExtra ?? ''} >>\nstartxref\n${offset}\n%%EOF\n`,
  );
  parts.push(enc.encode(xref.join('')));
  const total = parts.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** A stream object body with the right /Length */
export function streamObject(dict: string, data: string | Uint8Array): Uint8Array {
  const enc = new TextEncoder();
  const bytes = typeof data === 'string' ? enc.encode(data) : data;
  const head = enc.encode(`<< ${dict} /Length ${bytes.length} >>\nstream\n`);
  const tail = enc.encode('\nendstream');
  const out = new Uint8Array(head.length + bytes.length + tail.length);
  out.set(head);
  out.set(bytes, head.length);
  out.set(tail, head.length + bytes.length);
  return out;
}

/** A Factur-X / ZUGFeRD / XRechnung PDF of ../shared/corpus, as index.tsv describes it */
export interface CorpusPdf {
  path: string;
  /** the invoice attachment's name, and the path of its extracted bytes */
  embedded: string;
  extracted: string;
  /** every embedded file's name */
  attachments: string[];
  /** the XMP fx:ConformanceLevel (EN 16931, XRECHNUNG…) */
  level: string;
}

/** The corpus PDFs listed in ../shared/corpus/index.tsv (empty when ../shared is absent) */
export function corpusPdfs(): CorpusPdf[] {
  if (!hasShared) return [];
  const rows = fs.readFileSync(sharedPath('corpus', 'index.tsv'), 'utf8').trim().split('\n');
  const head = rows.shift()!.split('\t');
  const col = (name: string) => head.indexOf(name);
  return rows
    .map((r) => r.split('\t'))
    .filter((r) => r[col('kind')] === 'pdf')
    .map((r) => ({
      path: r[0]!,
      embedded: r[col('embedded_xml')]!,
      extracted: r[col('extracted_path')]!,
      attachments: r[col('embedded_files_all')]!.split('|'),
      level: r[col('xmp_conformance_level')]!,
    }));
}
