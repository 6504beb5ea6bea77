/** Text-edit helpers of the targeted mutations (targeted-cii.ts, targeted-ubl.ts). */
import type { Syntax } from './support.js';

export interface Edit {
  aim: string;
  syntax: Syntax;
  apply: (xml: string) => string | undefined;
}

/** Applies fn to the first `<tag …>…</tag>` block (tag with prefix, e.g. ram:SellerTradeParty) */
export function inBlock(
  xml: string,
  tag: string,
  fn: (block: string) => string | undefined,
): string | undefined {
  const re = new RegExp(`<${tag}(\\s[^>]*)?>[\\s\\S]*?</${tag}>`);
  const m = re.exec(xml);
  if (!m) return undefined;
  const next = fn(m[0]);
  if (next === undefined || next === m[0]) return undefined;
  return xml.slice(0, m.index) + next + xml.slice(m.index + m[0].length);
}
export const removeAll = (block: string, re: RegExp) => block.replace(re, '');
export const insertAfter = (xml: string, anchor: RegExp, text: string) => {
  const m = anchor.exec(xml);
  return m ? xml.slice(0, m.index + m[0].length) + text + xml.slice(m.index + m[0].length) : undefined;
};
export const insertBefore = (xml: string, anchor: RegExp, text: string) => {
  const m = anchor.exec(xml);
  return m ? xml.slice(0, m.index) + text + xml.slice(m.index) : undefined;
};
/** The edit only when the document has no element matching `present` (EN 16931 allows one such group) */
export const unless = (xml: string, present: RegExp, edit: (x: string) => string | undefined) =>
  present.test(xml) ? undefined : edit(xml);
export const currencyOf = (xml: string) =>
  /<cbc:DocumentCurrencyCode[^>]*>([^<]+)</.exec(xml)?.[1]?.trim() ?? 'EUR';
export const block = (tag: string) => new RegExp(`<${tag}(\\s[^>]*)?>[\\s\\S]*?</${tag}>`, 'g');

export const CII_AC = (indicator: boolean, inner = '') =>
  `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${indicator}</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`;
export const UBL_AC = (indicator: boolean, inner = '') =>
  `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator>${inner}</cac:AllowanceCharge>`;
