/**
 * Small string functions the checks share. White space collapsed as the checks mean it: runs of tab, line feed, carriage return and space to
 * one space, then `trim()`. The XSD "collapse" facet of the structure check (simple.ts) and XPath
 * `normalize-space` (the interpreter and its compiled closures) are this one function.
 */

/**
 * `v.replace(/[\t\n\r ]+/g, ' ').trim()`. Most values (amounts, codes, identifiers) have nothing to
 * collapse: found by one scan, without the regex replace and its new string.
 */
export function collapse(v: string): string {
  const n = v.length;
  if (n === 0) return v;
  // the ends: neither white space nor anything else trim() removes (kept simple: plain ASCII)
  const first = v.charCodeAt(0);
  const last = v.charCodeAt(n - 1);
  let plain = first > 32 && first < 128 && last > 32 && last < 128;
  for (let i = 0; plain && i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c === 32 && v.charCodeAt(i + 1) === 32)) plain = false;
  }
  return plain ? v : v.replace(/[\t\n\r ]+/g, ' ').trim();
}

/** The length of a string from `from` on in characters (code points), as `[...s.slice(from)].length` without copies */
export function codePoints(s: string, from = 0): number {
  let n = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
