/**
 * Which fields hold characters no embedded font can draw. The renderer prints a substitute for
 * them (font-chain.ts); this walk over the same invoice says where, so the caller learns that the
 * readable PDF differs from the XML (which keeps the exact text).
 */
import type { Finding, Invoice } from '@einv/core-model';
import { type FontBytes, loadFonts } from '../assets.js';
import { type Lang, pdfFinding } from '../findings.js';
import { fontChainFor, SUBSTITUTE } from './font-chain.js';
import { sanitizeForRender } from './sanitize.js';

/** Longest text quoted in a finding */
const QUOTE = 120;

function codePoints(chars: string[]): string {
  const unique = [...new Set(chars)];
  return unique.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
}

/** Every string of the invoice with its path (lines[2].description…), depth-bounded like the sanitizer */
function* strings(value: unknown, path: string, depth = 0): Generator<[string, string]> {
  if (depth > 10) return;
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* strings(value[i], `${path}[${i}]`, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* strings(v, path ? `${path}.${k}` : k, depth + 1);
  }
}

/** Warnings FX-GLYPH-SUBSTITUTE, one per field whose text the PDF cannot show as given */
export function glyphFindings(invoice: Invoice, options: { fonts?: FontBytes; lang?: Lang } = {}): Finding[] {
  const lang = options.lang ?? 'en';
  const chain = fontChainFor(loadFonts(options.fonts), { regular: 'body', bold: 'bold' });
  const out: Finding[] = [];
  for (const [path, text] of strings(sanitizeForRender(invoice), '')) {
    const missing = text.split('\n').flatMap((line) => chain.layout(line).missing);
    if (missing.length === 0) continue;
    const quoted = text.length > QUOTE ? `${text.slice(0, QUOTE)}…` : text;
    const cps = codePoints(missing);
    out.push(
      pdfFinding(
        'FX-GLYPH-SUBSTITUTE',
        'warning',
        path,
        {
          en: `${path} "${quoted}" holds characters no embedded font can draw (${cps}): the PDF shows "${SUBSTITUTE}" in their place. The XML keeps the exact text.`,
          fr: `${path} « ${quoted} » contient des caractères qu’aucune police embarquée ne sait dessiner (${cps}) : le PDF affiche « ${SUBSTITUTE} » à leur place. Le XML garde le texte exact.`,
        },
        lang,
        text,
      ),
    );
  }
  return out;
}
