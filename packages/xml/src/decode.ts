/**
 * Bytes → string, following the XML rules for encoding detection (XML 1.0 §4.3.3, Appendix F):
 * a byte order mark wins, otherwise the `encoding` pseudo-attribute of the XML declaration,
 * otherwise UTF-8. Only the encodings e-invoices actually use are supported; anything else is
 * reported (XML-ENCODING) rather than guessed.
 */
import type { XmlError } from './types.js';

export type DecodeResult = { ok: true; text: string } | { ok: false; error: XmlError };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeXmlBytes(bytes: Uint8Array): DecodeResult {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return decodeWith('utf-8', bytes.subarray(3));
  if (b0 === 0xfe && b1 === 0xff) return decodeWith('utf-16be', bytes.subarray(2));
  if (b0 === 0xff && b1 === 0xfe) return decodeWith('utf-16le', bytes.subarray(2));
  // UTF-16 without BOM but starting with '<?' (XML 1.0 Appendix F)
  if (b0 === 0x00 && b1 === 0x3c) return decodeWith('utf-16be', bytes);
  if (b0 === 0x3c && b1 === 0x00) return decodeWith('utf-16le', bytes);

  const declared = declaredEncoding(bytes);
  if (declared === undefined) return decodeWith('utf-8', bytes);
  const name = declared.toLowerCase();
  if (name === 'utf-8' || name === 'utf8' || name === 'us-ascii' || name === 'ascii')
    return decodeWith('utf-8', bytes);
  if (name === 'iso-8859-1' || name === 'latin1' || name === 'iso_8859-1' || name === 'l1')
    return { ok: true, text: latin1(bytes) };
  if (name === 'utf-16' || name === 'utf-16le' || name === 'utf-16be') {
    return fail(
      `the document declares encoding "${declared}" but has no byte order mark and does not start like UTF-16`,
    );
  }
  return fail(
    `unsupported encoding "${declared}" (supported: UTF-8, UTF-16 with a byte order mark, ISO-8859-1)`,
  );
}

/**
 * Where the UTF-8 text of these bytes starts (after a UTF-8 byte order mark), when they are UTF-8
 * by the same rules as decodeXmlBytes (no UTF-16 mark or shape, no other declared encoding);
 * undefined otherwise. Validity of the UTF-8 is not checked here.
 */
export function utf8TextStart(bytes: Uint8Array): number | undefined {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return 3;
  if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe)) return undefined;
  if ((b0 === 0x00 && b1 === 0x3c) || (b0 === 0x3c && b1 === 0x00)) return undefined;
  const declared = declaredEncoding(bytes)?.toLowerCase();
  return declared === undefined ||
    declared === 'utf-8' ||
    declared === 'utf8' ||
    declared === 'us-ascii' ||
    declared === 'ascii'
    ? 0
    : undefined;
}

function decodeWith(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): DecodeResult {
  try {
    const decoder = encoding === 'utf-8' ? utf8 : new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return fail(`the bytes are not valid ${encoding.toUpperCase()}`);
  }
}

/** ISO-8859-1 maps every byte to the code point of the same value (TextDecoder would use windows-1252). */
function latin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + CHUNK)));
  }
  return out;
}

/** Reads `encoding="…"` from an ASCII-compatible XML declaration, if there is one. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  if (
    !(bytes[0] === 0x3c && bytes[1] === 0x3f && bytes[2] === 0x78 && bytes[3] === 0x6d && bytes[4] === 0x6c)
  )
    return undefined;
  let end = 5;
  while (end < bytes.length && end < 512 && bytes[end] !== 0x3e) end++;
  let decl = '';
  for (let i = 5; i < end; i++) decl += String.fromCharCode(bytes[i] ?? 0);
  const m = /encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(decl);
  return m?.[1];
}

function fail(message: string): DecodeResult {
  return { ok: false, error: { code: 'XML-ENCODING', message, line: 1, column: 1 } };
}
