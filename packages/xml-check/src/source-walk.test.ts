/** SourceWalk: the rule-context counts and the sites of one walk equal those of their own walks. */
import { SiteTable } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { parsedRoot } from './__tests__/trees.js';
import { compileRuleContexts, countRuleContexts, type RuleContextTable } from './contexts.js';
import { SourceWalk } from './source-walk.js';

const NS = 'urn:test';
const table: RuleContextTable = {
  ns: { t: NS },
  patterns: [
    {
      pattern: 'model',
      rules: [
        { official: 't:Line[t:Code = "A"]', context: '//t:Line[t:Code = "A"]', ids: ['R-A'] },
        { official: 't:Line', context: '//t:Line', ids: ['R-LINE'] },
        // contexts that need the parent's name (Id under Party, Id under Product)
        { official: 't:Party/t:Id', context: '//t:Party/t:Id', ids: ['R-PARTY-ID'] },
        { official: 't:Product/t:Id', context: '//t:Product/t:Id', ids: ['R-PRODUCT-ID'] },
        { official: '/t:Doc', context: '/t:Doc', ids: ['R-DOC'] },
      ],
    },
    { pattern: 'codes', rules: [{ official: 't:Code', context: '//t:Code', ids: ['R-CODE'] }] },
    {
      pattern: 'amounts',
      rules: [{ official: 't:*Amount', context: "//t:*[ends-with(name(), 'Amount')]", ids: ['R-AMOUNT'] }],
    },
  ],
};

const sites = new SiteTable([
  { key: 'ids', ns: NS, elements: ['Id'], value: { attribute: 'scheme' } },
  { key: 'partyIds', ns: NS, elements: ['Id'], parent: 'Party', owner: (el) => el.parent },
  { key: 'codes', ns: NS, elements: ['Code'], notWithin: ['Product'] },
  { key: 'none', ns: NS, elements: ['Missing'] },
]);

const DOCS = [
  `<Doc xmlns="${NS}"><Line><Code>A</Code><LineAmount>1</LineAmount></Line><Line><Code>B</Code></Line>
    <Party><Id scheme="S">1</Id><Id>2</Id></Party><Party><Id>3</Id></Party>
    <Product><Id scheme="P">4</Id><Code>C</Code></Product><TotalAmount>9</TotalAmount></Doc>`,
  `<Doc xmlns="urn:other"><Line><Code>A</Code></Line><Party><Id>1</Id></Party></Doc>`,
  `<Other xmlns="${NS}"><Id/><Party><Id/><Id/></Party><Code/></Other>`,
  // one path of local names in two namespaces (the name-only contexts are decided per path of
  // names and namespaces, decision 0263): the second Line and its Code are no t:Line, no t:Code
  `<Doc xmlns="${NS}" xmlns:o="urn:other"><Line><Code>A</Code></Line><o:Line><o:Code>A</o:Code><Code>A</Code></o:Line>
    <Line><Code>A</Code></Line><o:Line><Code>B</Code></o:Line><o:Doc><Line/></o:Doc></Doc>`,
  `<o:Doc xmlns="${NS}" xmlns:o="urn:other"><Line><Code>A</Code></Line></o:Doc>`,
];

const plain = (hits: Record<string, unknown[]>) => JSON.parse(JSON.stringify(hits));

describe('SourceWalk', () => {
  const compiled = compileRuleContexts(table);
  const walk = new SourceWalk(compiled, sites);

  it('counts the same contexts as countRuleContexts and collects the same sites as SiteTable.collect', () => {
    // twice: the second run reads the names' entries kept by the first
    for (const round of [1, 2])
      for (const xml of DOCS) {
        const result = walk.run(parsedRoot(xml), true);
        expect({ round, contexts: result.contexts }).toEqual({
          round,
          contexts: countRuleContexts(compiled, parsedRoot(xml)),
        });
        expect(plain(result.values)).toEqual(plain(sites.collect(parsedRoot(xml))));
      }
    const first = walk.run(parsedRoot(DOCS[0] as string), true);
    expect(first.contexts).toMatchObject({
      'R-A': 1,
      'R-LINE': 1,
      'R-PARTY-ID': 3,
      'R-PRODUCT-ID': 1,
      'R-CODE': 3,
      'R-AMOUNT': 2,
    });
    expect(first.values.partyIds?.map((h) => [h.value, h.group])).toEqual([
      ['1', 0],
      ['2', 0],
      ['3', 1],
    ]);
  });

  it('counts the leaves of the document (elements without children), with or without the sites', () => {
    // DOCS[0]: Code, LineAmount, Code, Id, Id, Id, Id, Code, TotalAmount; a lone root is a leaf
    for (const withSites of [true, false]) {
      expect(walk.run(parsedRoot(DOCS[0] as string), withSites).leaves).toBe(9);
      expect(walk.run(parsedRoot(DOCS[2] as string), withSites).leaves).toBe(4);
      expect(walk.run(parsedRoot(`<Doc xmlns="${NS}">text</Doc>`), withSites).leaves).toBe(1);
    }
  });

  it('leaves the sites out when not asked, and counts the contexts all the same', () => {
    const result = walk.run(parsedRoot(DOCS[0] as string), false);
    expect(result.values).toEqual({});
    expect(result.contexts).toEqual(countRuleContexts(compiled, parsedRoot(DOCS[0] as string)));
  });
});
