/**
 * Deterministic mutations of the official Annexe B invoices (CII and UBL XML), each aimed at one
 * or more BR-FR rules. A mutation returns undefined when the document has nothing to mutate.
 * String-level edits on comment-free XML: the oracle and our reader see the same bytes.
 */
export type XmlSyntax = 'CII' | 'UBL';
export interface Mutation {
  name: string;
  syntax: XmlSyntax;
  /** BR-FR rules the mutation is meant to trigger (documentation; the oracle decides) */
  targets: string[];
  /** restrict to UBL Invoice or CreditNote roots */
  root?: 'Invoice' | 'CreditNote';
  apply: (xml: string) => string | undefined;
}

export const stripComments = (xml: string): string => xml.replace(/<!--[\s\S]*?-->/g, '');

/** The syntax and root of an example invoice's text; undefined when it is no CII or UBL invoice */
export function invoiceKind(xml: string): { syntax: XmlSyntax; root: 'Invoice' | 'CreditNote' } | undefined {
  const syntax: XmlSyntax | undefined = xml.includes('<rsm:CrossIndustryInvoice')
    ? 'CII'
    : /<(Invoice|CreditNote)[\s>]/.test(xml)
      ? 'UBL'
      : undefined;
  if (!syntax) return undefined;
  return { syntax, root: /<CreditNote[\s>]/.test(xml) ? 'CreditNote' : 'Invoice' };
}

/** Replaces the first match; undefined when there is none */
export function sub(xml: string, re: RegExp, by: string | ((...m: string[]) => string)): string | undefined {
  if (!re.test(xml)) return undefined;
  return typeof by === 'string'
    ? xml.replace(re, by)
    : xml.replace(re, (...m: unknown[]) => by(...(m as string[])));
}
export const chain =
  (...steps: ((x: string) => string | undefined)[]) =>
  (xml: string): string | undefined => {
    let out: string | undefined = xml;
    for (const s of steps) {
      if (out === undefined) return undefined;
      out = s(out);
    }
    return out;
  };
