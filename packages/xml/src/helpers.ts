/** Small read helpers over the XmlElement tree, shared by every binding. */
import { isKnownBlank } from './names.js';
import type { XmlElement } from './types.js';

/** First element child with this local name (and namespace URI, when given) */
export function child(el: XmlElement | undefined, local: string, ns?: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (c.local === local && (ns === undefined || c.ns === ns)) return c;
  return undefined;
}

/** All element children with this local name (and namespace URI, when given), in document order */
export function childrenOf(el: XmlElement | undefined, local: string, ns?: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.local === local && (ns === undefined || c.ns === ns)) out.push(c);
  return out;
}

/**
 * The element's own text with leading and trailing XML white space removed; undefined when the
 * element is absent, '' when it is present but empty. Inner white space is kept as written: this is
 * NOT XPath normalize-space(), which also collapses inner runs (values such as addresses keep their
 * line breaks; rules that need normalize-space apply it themselves). `el.text` is the raw text.
 */
export function textOf(el: XmlElement | undefined): string | undefined {
  if (!el) return undefined;
  const t = el.text;
  if (t === '') return t;
  const first = t.charCodeAt(0);
  const last = t.charCodeAt(t.length - 1);
  if (first > 0x20 && last > 0x20) return t;
  return t.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/**
 * Whether the element's text is empty or white space only (`text.trim() === ''`). The text of an
 * element with children is nearly always a white space string the parsers keep once (the
 * indentation between the children): that is answered by one lookup, without reading the text
 * (decision 0188), which matters when it is long and pieced together (the first read would join it).
 */
export function hasBlankText(el: XmlElement): boolean {
  const t = el.text;
  return isKnownBlank(t) || t.trim() === '';
}

/**
 * An XPath locating the element, with the prefixes as written and a 1-based position predicate
 * wherever siblings share the element's name, e.g.
 * `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:Name`.
 */
export function xpathOf(el: XmlElement): string {
  const steps: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const p: XmlElement | null = e.parent;
    let step = e.name;
    if (p) {
      let index = 0;
      let count = 0;
      for (const s of p.children as XmlElement[]) {
        if (s.name === e.name) {
          count++;
          if (s === e) index = count;
        }
      }
      if (count > 1) step += `[${index}]`;
    }
    steps.push(step);
  }
  return `/${steps.reverse().join('/')}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Escapes text for element content and attribute values. Characters XML 1.0 cannot carry at all
 * (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF) become U+FFFD so the output is
 * always well-formed; CR is written as &#13; so it survives line-end normalisation.
 */
export function escapeXml(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML forbids is the point
  if (!/[&<>"'\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/.test(value)) return value;
  return (
    value
      .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
      .replace(/\r/g, '&#13;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: see above
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}
