import { contextCountsOf } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { compileRuleContexts, countRuleContexts, type RuleContextTable } from './contexts.js';

const NS = 'urn:test';
const table: RuleContextTable = {
  ns: { t: NS },
  patterns: [
    {
      pattern: 'model',
      rules: [
        // a node claimed by the first rule of its pattern is not seen by the later ones
        { official: 't:Line[t:Code = "A"]', context: '//t:Line[t:Code = "A"]', ids: ['R-A'] },
        { official: 't:Line', context: '//t:Line', ids: ['R-LINE', 'R-LINE-2'] },
        { official: '/t:Doc', context: '/t:Doc', ids: ['R-DOC'] },
        { official: 't:Total', context: '//t:Total', ids: ['R-TOTAL'] },
      ],
    },
    // another pattern claims its nodes independently
    { pattern: 'codes', rules: [{ official: 't:Code', context: '//t:Code', ids: ['R-CODE'] }] },
  ],
};

const count = (xml: string): Record<string, number> => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error('test XML not well-formed');
  return countRuleContexts(compileRuleContexts(table), parsed.root);
};

describe('countRuleContexts (official rule applicability)', () => {
  it('counts the nodes each context claims, first rule of a pattern first, 0 where absent', () => {
    const counts = count(
      `<Doc xmlns="${NS}"><Line><Code>A</Code></Line><Line><Code>B</Code></Line><Line/></Doc>`,
    );
    expect(counts).toEqual({ 'R-A': 1, 'R-LINE': 2, 'R-LINE-2': 2, 'R-DOC': 1, 'R-TOTAL': 0, 'R-CODE': 2 });
  });

  it('records the same counts by position in the table’s ids beside the record (decision 0201)', () => {
    const compiled = compileRuleContexts(table);
    for (const xml of [
      `<Doc xmlns="${NS}"><Line><Code>A</Code></Line><Line><Code>B</Code></Line><Line/><Total/></Doc>`,
      `<Doc xmlns="${NS}"/>`,
      `<Other xmlns="${NS}"><Total/><Total/></Other>`,
    ]) {
      const parsed = parseXml(xml);
      if (!parsed.ok) throw new Error('test XML not well-formed');
      const record = countRuleContexts(compiled, parsed.root);
      const byPosition = contextCountsOf(record);
      expect(byPosition?.ids).toBe(compiled.ids);
      expect(Array.from(byPosition?.counts ?? [])).toEqual(compiled.ids.map((id) => record[id]));
    }
    // a record made otherwise has none: the rules look its ids up
    expect(contextCountsOf({ 'R-A': 1 })).toBeUndefined();
  });

  it('counts repeated context nodes (the official fires once per node)', () => {
    expect(count(`<Doc xmlns="${NS}"><Total/><Total/></Doc>`)['R-TOTAL']).toBe(2);
  });

  it('matches namespaces, not prefixes: an element of another namespace is no context', () => {
    expect(count(`<Doc xmlns="urn:other"><Total/></Doc>`)).toMatchObject({ 'R-DOC': 0, 'R-TOTAL': 0 });
  });
});
