/**
 * Character data and attribute values once their raw text is known: line ends, entity and
 * character references, attribute-value normalisation. Shared by both parsers so a document reads
 * the same from a string and from bytes; `fail(at, message)` gets an offset into the raw text.
 */
import { isXmlChar, normalizeNewlines } from './chars.js';

export type FailAt = (at: number, message: string) => never;

/** Character data between markup (forbidden characters already refused): "\r\n" → "\n", references resolved, "]]>" refused */
export function charDataValue(raw: string, fail: FailAt): string {
  let t = raw;
  if (t.includes('\r')) t = normalizeNewlines(t);
  if (t.includes('&')) t = resolveEntities(t, fail);
  if (t.includes(']]>')) fail(t.indexOf(']]>'), '"]]>" is not allowed in text');
  return t;
}

/** An attribute value (forbidden characters and "<" already refused): references resolved, white space normalised */
export function attributeValue(raw: string, fail: FailAt): string {
  let v = raw;
  if (v.includes('&')) v = resolveEntities(v, fail);
  // Attribute-value normalisation (XML 1.0 §3.3.3): literal white space characters become spaces
  if (/[\t\n\r]/.test(raw)) v = v.replace(/\r\n|[\t\n\r]/g, ' ');
  return v;
}

function resolveEntities(t: string, fail: FailAt): string {
  return t.replace(/&([^;&<\s]*);?/g, (m: string, ref: string, at: number) => {
    if (!m.endsWith(';')) fail(at, 'a "&" that does not start an entity reference (write &amp;)');
    switch (ref) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    if (ref.charCodeAt(0) === 0x23 /* # */) {
      const hex = ref.charCodeAt(1) === 0x78;
      const digits = ref.slice(hex ? 2 : 1);
      const cp = hex
        ? /^[0-9a-fA-F]+$/.test(digits)
          ? Number.parseInt(digits, 16)
          : Number.NaN
        : /^[0-9]+$/.test(digits)
          ? Number(digits)
          : Number.NaN;
      if (!isXmlChar(cp)) fail(at, `the character reference ${m} is not a valid XML character`);
      return String.fromCodePoint(cp);
    }
    return fail(
      at,
      `the entity &${ref}; is not defined (XML allows only &lt; &gt; &amp; &quot; &apos; and numeric references)`,
    );
  });
}
