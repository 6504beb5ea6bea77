import { describe, expect, it } from '@jest/globals';
import { parsedRoot } from './__tests__/trees.js';
import { prepareModel, type StructureData, UNBOUNDED } from './model.js';
import { ModelAbsence } from './model-absence.js';
import { compilePattern, type PatternData, runPattern, syntaxRuleSet } from './rules.js';
import { validateStructure } from './validate.js';
import { compileXPath } from './xpath.js';
import { absenceChains } from './xpath-shapes.js';

const T = 'urn:t';
// Root: A? B* ;  A: a string with attribute @f ;  B: C* D? ;  C: a string ;  D: empty
const data = (wildcard: boolean): StructureData => ({
  ns: [T],
  simple: [{ b: 'string' }],
  elems: [
    [0, 'Root', 0],
    [0, 'A', 1],
    [0, 'B', 2],
    [0, 'C', 3],
    [0, 'D', 4],
  ],
  types: [
    { c: ['s', 1, 1, [1, 0, 1], [2, 0, UNBOUNDED]] },
    { s: 0, a: [['f', 0, 0]] },
    {
      c: wildcard
        ? ['s', 1, 1, [3, 0, UNBOUNDED], [4, 0, 1], ['w', 0, UNBOUNDED, '*', 'skip']]
        : ['s', 1, 1, [3, 0, UNBOUNDED], [4, 0, 1]],
    },
    { s: 0 },
    {},
  ],
  lax: [],
  roots: { Root: 0 },
});

const NS = { t: T };
function chainOf(test: string) {
  const chains = absenceChains(compileXPath(test, NS));
  if (!chains?.[0]) throw new Error(`not an absence test: ${test}`);
  return chains[0];
}
const possible = (m: ModelAbsence, context: string, test: string) =>
  m.possible(compileXPath(context, NS).ast, chainOf(test));

describe('ModelAbsence', () => {
  const strict = new ModelAbsence(prepareModel(data(false)));
  const open = new ModelAbsence(prepareModel(data(true)));

  it('rules out children and attributes the content models do not declare there', () => {
    expect(possible(strict, '/t:Root/t:B', 'not(t:C)')).toBe(true);
    expect(possible(strict, '/t:Root/t:B', 'not(t:D)')).toBe(true);
    expect(possible(strict, '/t:Root/t:B', 'not(t:A)')).toBe(false);
    expect(possible(strict, '/t:Root/t:B', 'not(t:C/t:D)')).toBe(false); // C holds a value
    expect(possible(strict, '/t:Root/t:B', 'not(t:D/t:C)')).toBe(false); // D is empty
    expect(possible(strict, '/t:Root', 'not(t:A/@f)')).toBe(true);
    expect(possible(strict, '/t:Root', 'not(t:A/@g)')).toBe(false);
    expect(possible(strict, '//t:B', 'not(t:A)')).toBe(false);
    expect(possible(strict, '//t:*', 'not(t:C)')).toBe(true); // some element holds C
    expect(possible(strict, '/t:Root/t:B | /t:Root', 'not(t:A)')).toBe(true);
  });

  it('answers "possible" below a wildcard and for what it does not understand', () => {
    // below B's wildcard anything may be, and `//x` may be anywhere, with anything below
    expect(possible(open, '/t:Root/t:B', 'not(t:A)')).toBe(true);
    expect(possible(open, '/t:Root/t:A', 'not(t:B)')).toBe(false);
    expect(possible(open, '//t:D', 'not(t:C)')).toBe(true);
    expect(possible(strict, '/t:Root/t:B/..', 'not(t:Z)')).toBe(true);
    expect(possible(strict, '/t:Root', 'not(@xsi:nil)')).toBe(true);
  });
});

const holds = (m: ModelAbsence, context: string, test: string) =>
  m.holds(compileXPath(context, NS).ast, compileXPath(test, NS).ast);

describe('ModelAbsence.holds (decision 0255)', () => {
  const strict = new ModelAbsence(prepareModel(data(false)));
  const open = new ModelAbsence(prepareModel(data(true)));

  it('answers the cardinalities the content models bound', () => {
    expect(holds(strict, '/t:Root', 'count(t:A) <= 1')).toBe(true);
    expect(holds(strict, '/t:Root', '(count(t:A) <= 1)')).toBe(true);
    expect(holds(strict, '/t:Root', 'count(t:A) < 1')).toBe(false);
    expect(holds(strict, '/t:Root', 'count(t:A) = 1')).toBe(false); // A may be absent
    expect(holds(strict, '/t:Root', 'count(t:B) <= 1')).toBe(false); // B*
    expect(holds(strict, '/t:Root/t:B', 'count(t:D) <= 1')).toBe(true);
    expect(holds(strict, '//t:B', 'count(t:D[. = "x"]) <= 1')).toBe(true); // a predicate only narrows
    expect(holds(strict, '/t:Root/t:B', 'count(t:C) <= 1')).toBe(false);
    expect(holds(strict, '/t:Root', 'count(t:A/t:C) = 0')).toBe(true); // A holds a value
    expect(holds(strict, '/t:Root', 'count(t:B/t:D) <= 1')).toBe(false); // one D in each of the B's
  });

  it('answers false below a wildcard and for what it does not understand', () => {
    expect(holds(open, '/t:Root/t:B', 'count(t:D) <= 1')).toBe(false);
    expect(holds(strict, '/t:Root', 'count(//t:A) <= 1')).toBe(false);
    expect(holds(strict, '/t:Root', 'count(t:A) + 1 <= 2')).toBe(false);
    expect(holds(strict, '/t:Root', 'count(t:*) <= 1')).toBe(false);
    expect(holds(strict, '/t:Root/t:B/..', 'count(t:A) <= 1')).toBe(false);
  });
});

const pattern: PatternData = {
  ns: NS,
  rules: [
    [
      '/t:Root/t:B',
      [
        ['R-1', 'fatal', 'not(t:A) and not(t:C/t:D)', 'm'],
        ['R-2', 'fatal', 'not(t:D)', 'm'],
      ],
    ],
    [
      '//t:A',
      [
        ['R-3', 'fatal', 'not(@g)', 'm'],
        ['R-4', 'warning', 'not(@f)', 'm'],
      ],
    ],
    [
      '/t:Root',
      [
        ['R-5', 'fatal', 'not(t:B/t:C)', 'm'],
        ['R-6', 'fatal', 'count(t:A) <= 1', 'm'],
        ['R-7', 'fatal', 'count(t:B) <= 1', 'm'],
      ],
    ],
  ],
};

describe('syntax rules with a model the document passed', () => {
  const model = prepareModel(data(false));
  const set = syntaxRuleSet(JSON.stringify(pattern));
  const documents = [
    '<Root xmlns="urn:t"><A f="1">x</A><B><C>1</C><D/></B><B/></Root>',
    '<Root xmlns="urn:t"><A>x</A></Root>',
    '<Root xmlns="urn:t"><B><C>1</C></B></Root>',
  ];

  it('give the findings they give without it, on documents the structure check passes', () => {
    for (const xml of documents) {
      expect(validateStructure(model, parsedRoot(xml), 'Root')).toEqual([]);
      const plain = set.check(parsedRoot(xml)).map((f) => `${f.rule} ${f.xpath}`);
      expect(set.check(parsedRoot(xml), model).map((f) => `${f.rule} ${f.xpath}`)).toEqual(plain);
    }
    // the documents do fail the rules that can fail, in document order (Root, A, B; on Root the
    // count triggered by its child B before the absence found below it)
    expect(set.check(parsedRoot(documents[0] as string), model).map((f) => f.rule)).toEqual([
      'R-7',
      'R-5',
      'R-4',
      'R-2',
    ]);
  });

  it('leave out exactly the chains the model rules out', () => {
    const m = new ModelAbsence(model);
    const kept: string[] = [];
    runPattern(
      compilePattern(pattern, (context, chain) => {
        const ok = m.possible(context, chain);
        if (ok) kept.push(chain.map((s) => (s.attr ? `@${s.local}` : s.local)).join('/'));
        return ok;
      }),
      parsedRoot(documents[0] as string),
    );
    expect(kept.sort()).toEqual(['@f', 'B/C', 'D']);
  });
});
