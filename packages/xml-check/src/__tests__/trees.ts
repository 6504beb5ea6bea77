/**
 * Trees for xml-check's tests that start from a literal document: the parse or a thrown error naming what the
 * parser refused, so a typo in a test's XML fails at its cause instead of as a null root later.
 */
import { parseXml, type XmlElement } from '@einv/xml';

/** The root of `xml`, parsed by @einv/xml; throws the parser's error when the text is not well-formed */
export function parsedRoot(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(`test XML not well-formed: ${parsed.error.code} ${parsed.error.message}`);
  return parsed.root;
}

/** `root` and every element below it, parents before their children (breadth first) */
export function everyElement(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [root];
  for (let i = 0; i < out.length; i++) out.push(...(out[i] as XmlElement).children);
  return out;
}
