import { describe, expect, it } from '@jest/globals';
import { parsedRoot } from './__tests__/trees.js';
import { compilePattern, type PatternData, runPattern } from './rules.js';

const pattern: PatternData = {
  ns: { t: 'urn:t' },
  rules: [
    ['/t:Root', [['R-1', 'fatal', 'count(//t:Line) <= 2', 'm']]],
    [
      '//t:Line',
      [
        ['R-2', 'fatal', 'not(t:Bad)', 'm'],
        ['R-3', 'fatal', 't:Id', 'm'],
      ],
    ],
  ],
};

const lines = (n: number, bad: boolean) =>
  `<Root xmlns="urn:t">${'<Line><Id>1</Id></Line>'.repeat(n)}${bad ? '<Line><Bad/></Line>' : ''}</Root>`;
const ids = (findings: { rule: string; xpath?: string }[]) => findings.map((f) => `${f.rule} ${f.xpath}`);

describe('runPattern claim lists', () => {
  it('give each document the findings a fresh pattern gives, larger and smaller documents in turn', () => {
    const reused = compilePattern(pattern);
    for (const [n, bad] of [
      [5, true],
      [1, false],
      [3, true],
      [0, true],
      [40, false],
    ] as const) {
      const xml = lines(n, bad);
      expect(ids(runPattern(reused, parsedRoot(xml)))).toEqual(
        ids(runPattern(compilePattern(pattern), parsedRoot(xml))),
      );
    }
    expect(ids(runPattern(reused, parsedRoot(lines(1, true))))).toEqual([
      'R-3 /Root/Line[2]',
      'R-2 /Root/Line[2]',
    ]);
  });

  it('keep no element of a document once its run returns', () => {
    const reused = compilePattern(pattern);
    runPattern(reused, parsedRoot(lines(20, true)));
    expect(reused.claims.busy).toBe(false);
    expect(reused.claims.nodes.length).toBeGreaterThan(0);
    expect(reused.claims.nodes.every((n) => n === undefined)).toBe(true);
  });
});
