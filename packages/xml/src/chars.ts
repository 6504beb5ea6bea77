/** Character-level facts of XML 1.0 the parser needs: white space, forbidden characters, positions. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
export const FORBIDDEN_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

export function slowPosition(s: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = s.indexOf('\n'); nl !== -1 && nl < offset; nl = s.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

export function isBlank(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(s.charCodeAt(i))) return false;
  return true;
}

export function normalizeNewlines(t: string): string {
  return t.replace(/\r\n?/g, '\n');
}

export function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}
