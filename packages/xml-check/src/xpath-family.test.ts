/**
 * Families of rule-context branches (decision 0270): a run of branches of one pattern whose element
 * carries the same first predicate `S = 'literal'` is tried as one entry that computes S once and
 * picks the branch by its value. The claims must be the branches' own, in table order: each
 * element here is claimed with the family index (`pick`) and by the interpreter trying every
 * context of the pattern in order, on documents written for the cases the official examples
 * rarely show (no compared child, two of them, white space, a literal that two branches share,
 * a later predicate that fails, the branch's names failing, a value no branch names).
 */
import type { XmlElement } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { everyElement, parsedRoot } from './__tests__/trees.js';
import { compileXPath, XDocument, type XPath } from './xpath.js';
import { ContextIndex } from './xpath-match.js';

const NS = 'urn:test';
const ns = { t: NS };

/** The contexts of one pattern: families by `normalize-space(t:ID)`, by `t:Code` and by `.` */
const CONTEXTS = [
  "//t:Credit/t:Line/t:Cat[normalize-space(t:ID) = 'S'][t:Scheme = 'VAT']",
  "/t:Doc/t:Line/t:Cat[normalize-space(t:ID) = 'S'][t:Scheme = 'VAT']",
  "//t:Line/t:Cat[normalize-space(t:ID) = 'Z'][t:Scheme = 'VAT']",
  "//t:Line/t:Cat[normalize-space(t:ID) = 'S']",
  "//t:Line/t:Cat[normalize-space(t:ID) = 'E'][t:Scheme = 'VAT']",
  '//t:Line/t:Cat',
  "//t:Tax[t:Code = 'AE'][upper-case(t:Type) = 'VAT']",
  "//t:Tax[t:Code = 'L'][upper-case(t:Type) = 'VAT']",
  "//t:Tax[t:Code = 'M']",
  "//t:Tax/t:Code[. = 'AE'][upper-case(../t:Type) = 'VAT']",
  "//t:Tax/t:Code[. = 'L'][upper-case(../t:Type) = 'VAT']",
  "//t:Tax/t:Code[. = 'M'][upper-case(../t:Type) = 'VAT']",
];

const DOCS = [
  `<Doc xmlns="${NS}">
    <Line><Cat><ID>S</ID><Scheme>VAT</Scheme></Cat></Line>
    <Line><Cat><ID> S </ID><Scheme>GST</Scheme></Cat></Line>
    <Line><Cat><ID>Z</ID><Scheme>VAT</Scheme></Cat></Line>
    <Line><Cat><ID>E</ID></Cat></Line>
    <Line><Cat><ID>K</ID><Scheme>VAT</Scheme></Cat></Line>
    <Line><Cat><Scheme>VAT</Scheme></Cat></Line>
    <Line><Cat><ID>S</ID><ID>Z</ID><Scheme>VAT</Scheme></Cat></Line>
    <Credit><Line><Cat><ID>S</ID><Scheme>VAT</Scheme></Cat></Line></Credit>
    <Credit><Line><Cat><ID>Z</ID><Scheme>VAT</Scheme></Cat></Line></Credit>
    <Other><Line><Cat><ID>S</ID></Cat></Line></Other>
    <Other><Cat><ID>S</ID><Scheme>VAT</Scheme></Cat></Other>
  </Doc>`,
  `<Doc xmlns="${NS}">
    <Tax><Code>AE</Code><Type>vat</Type></Tax>
    <Tax><Code>L</Code><Type>GST</Type></Tax>
    <Tax><Code>M</Code></Tax>
    <Tax><Type>VAT</Type></Tax>
    <Tax><Code>X</Code><Code>L</Code><Type>VAT</Type></Tax>
    <Tax><Code>L</Code><Code>AE</Code><Type>VAT</Type></Tax>
    <Tax><Code> L</Code><Type>VAT</Type></Tax>
    <Tax><Code>M<Sub>x</Sub></Code><Type>VAT</Type></Tax>
  </Doc>`,
];

/** The rule of the pattern that claims `e` by the interpreter: its first context that matches (-1: none) */
function reference(doc: XDocument, contexts: XPath[], e: XmlElement): number {
  return contexts.findIndex((c) => doc.matches(c, e));
}

/** The same from the index's candidates, as claimContexts claims: by `pick` for a family */
function claimed(index: ContextIndex, doc: XDocument, e: XmlElement): number {
  for (const c of index.candidates(e)) {
    const rule = c.pick !== undefined ? c.pick(e, doc) : c.match(e, doc) ? c.rule : -1;
    if (rule >= 0) return rule;
  }
  return -1;
}

describe('rule-context families (decision 0270)', () => {
  const contexts = CONTEXTS.map((c) => compileXPath(c, ns));

  it('joins runs of branches compared on one value, and only those', () => {
    const index = ContextIndex.of([contexts], true) as ContextIndex;
    const cat = parsedRoot(`<Doc xmlns="${NS}"><Line><Cat/></Line></Doc>`).children[0]
      ?.children[0] as XmlElement;
    const list = index.candidates(cat);
    // five keyed branches (the Credit one among them, its names failing here) joined, then the
    // name-only context
    expect(list.map((c) => (c.pick !== undefined ? 'family' : c.rule))).toEqual(['family', 5]);
    // without families, each branch is a candidate of its own
    const plain = ContextIndex.of([contexts]) as ContextIndex;
    expect(plain.candidates(cat).every((c) => c.pick === undefined)).toBe(true);
  });

  it('claims every element for the rule the interpreter claims it for', () => {
    const index = ContextIndex.of([contexts], true) as ContextIndex;
    let compared = 0;
    for (const xml of DOCS) {
      const root = parsedRoot(xml);
      const fast = new XDocument(root);
      const slow = new XDocument(root, false);
      for (const e of everyElement(root)) {
        expect([e.name, claimed(index, fast, e)]).toEqual([e.name, reference(slow, contexts, e)]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });
});
