/**
 * Which official schematron a document goes to, by the shared oracle's rule
 * (../shared/tools/official-oracle/oracle.mjs `syntaxOf`): the first element's local name, after a
 * byte order mark, processing instructions and comments: CrossIndustryInvoice is `cii`, Invoice or
 * CreditNote `ubl`, CrossDomainAcknowledgementAndResponse in the UN/CEFACT CDAR namespace `cdar`,
 * anything else null. Here so that what does not run SaxonJS (the Saxon-HE engine,
 * scripts/lib/saxon-he-oracle.mjs) need not load the oracle, and SaxonJS with it, for this;
 * tests/conformance/oracle-syntax.test.ts holds it equal to the oracle's own.
 */

/** The namespace a CDAR lifecycle message's root element must be in */
export const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';

/** 'cii' | 'ubl' | 'cdar', or null for a document the oracle does not judge */
export function oracleSyntaxOf(xml) {
  const text = xml.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const root = /<\s*(?:[\w.-]+:)?([\w.-]+)/.exec(text);
  if (!root) return null;
  if (root[1] === 'CrossIndustryInvoice') return 'cii';
  if (root[1] === 'Invoice' || root[1] === 'CreditNote') return 'ubl';
  if (root[1] === 'CrossDomainAcknowledgementAndResponse') {
    // the namespace declared on the root element for its own prefix (or the default one)
    const tag = /^<\s*(?:([\w.-]+):)?[\w.-]+([^>]*)>/.exec(text.slice(root.index));
    const prefix = tag?.[1] ? `:${tag[1].replace(/\./g, '\\.')}` : '';
    const declared = tag?.[2]?.match(new RegExp(`\\bxmlns${prefix}\\s*=\\s*(["'])(.*?)\\1`));
    if (declared?.[2] === CDAR_NS) return 'cdar';
  }
  return null;
}
