import { describe, expect, it } from '@jest/globals';
import { parsedRoot } from './__tests__/trees.js';
import { type CompiledPattern, compilePattern, type PatternData, runPattern } from './rules.js';

const pattern: PatternData = {
  ns: { t: 'urn:t', u: 'urn:u' },
  rules: [
    // the root's "must be absent" paths: found by the walk on its way (step 4)
    [
      '/t:Root',
      [
        ['A-1', 'fatal', 'not(t:Any/t:Other/t:Bad)', 'Bad below Any/Other'],
        ['A-2', 'fatal', 'not(t:Line/@x)', 'x on a line'],
        ['A-3', 'fatal', 'not(t:Line/t:Line/t:Bad)', 'Bad in a nested line'],
        ['A-4', 'fatal', 'not(t:Sub/t:A/t:B/t:C)', 'C deep below Sub'],
      ],
    ],
    // rules settled by their paths, with absence trees inside the root's and inside each other's:
    // followed by the walk too (decision 0262)
    [
      '/t:Root/t:Sub',
      [
        ['S-1', 'fatal', 'not(t:A/t:B)', 'B below A'],
        ['S-2', 'fatal', 'not(t:A/@y)', 'y on A'],
        ['S-3', 'fatal', 'not(t:A/t:A/t:C)', 'C in a nested A'],
        ['S-4', 'fatal', 'count(t:A) <= 2', 'at most two A'],
      ],
    ],
    ['//t:A', [['D-1', 'fatal', 'not(t:B/t:C)', 'C below B']]],
    // a predicate before a name-only context of the same element: tried first on every element
    ['//t:Line[t:Kind = "x"]', [['P-1', 'fatal', 'not(t:Bad)', 'x line with Bad']]],
    ['/t:Root/t:Line', [['N-1', 'fatal', 't:Id', 'line without Id']]],
    ['//t:Line', [['N-2', 'fatal', 'not(t:Bad)', 'nested line with Bad']]],
    // the same local name in another namespace, under the same parent
    ['/t:Root/u:Line', [['U-1', 'fatal', 'not(u:Bad)', 'u line with Bad']]],
    ['//t:Any/*', [['W-1', 'fatal', 'not(t:Bad)', 'child of Any with Bad']]],
  ],
};

/** The findings as a set (the interpreter runs rule by rule, the walk in document order) */
const found = (p: CompiledPattern, xml: string) =>
  runPattern(p, parsedRoot(xml))
    .map((f) => `${f.rule} ${f.xpath}`)
    .sort();
/** The same pattern without its index: every context evaluated by the interpreter */
const interpreted = (xml: string) => found({ ...compilePattern(pattern), index: null }, xml);

const docs = [
  '<Root xmlns="urn:t" xmlns:u="urn:u"><Line><Id/></Line><Line/><u:Line><u:Bad/></u:Line><Line><Bad/></Line></Root>',
  '<Root xmlns="urn:t" xmlns:u="urn:u"><u:Line><u:Bad/></u:Line><Line><Kind>x</Kind><Bad/></Line><Line><Kind>y</Kind><Bad/></Line></Root>',
  '<Root xmlns="urn:t"><Any><Line><Bad/></Line><Other><Bad/></Other></Any><Line><Line><Bad/></Line></Line></Root>',
  `<Root xmlns="urn:t" xmlns:u="urn:u">${'<Line><Id/></Line><u:Line/>'.repeat(20)}<Line/><Line><Bad/></Line></Root>`,
  '<Root xmlns="urn:t"><Line><Kind>x</Kind><Id/></Line></Root>',
  '<Other xmlns="urn:t"><Line><Bad/></Line></Other>',
  '<Root xmlns="urn:t"><Line x="1"><Id/></Line><Any><Other><Bad/></Other></Any></Root>',
  '<Root xmlns="urn:t" xmlns:u="urn:u"><u:Line x="1"/><u:Any><u:Other><Bad/></u:Other></u:Any></Root>',
  '<Root xmlns="urn:t"><Sub><A/><A><D/></A></Sub><Sub><A y="1"/></Sub><Sub><A><B><C/></B></A></Sub></Root>',
  '<Root xmlns="urn:t"><Sub><A><A><C/></A></A><A/><A/></Sub><Sub><A><B/></A></Sub><Sub/></Root>',
  '<Root xmlns="urn:t" xmlns:u="urn:u"><Sub><A><u:B><C/></u:B><A><B><u:C/></B></A></A></Sub></Root>',
];

describe('runPattern path entries', () => {
  it('claim what the interpreter claims, one pattern reused over documents of other shapes', () => {
    const reused = compilePattern(pattern);
    for (const xml of [...docs, ...docs.reverse()]) expect(found(reused, xml)).toEqual(interpreted(xml));
    // the root's absence asserts do fire, from the walk's findings (and only in their namespace)
    const roots = (xml: string) => found(reused, xml).filter((f) => f.endsWith(' /Root'));
    expect(roots(docs.find((d) => d.includes('<Line x="1"><Id/>')) as string)).toEqual([
      'A-1 /Root',
      'A-2 /Root',
    ]);
    expect(roots(docs.find((d) => d.includes('<u:Line x="1"/>')) as string)).toEqual([]);
    expect(roots(docs.find((d) => d.includes('<Line><Line><Bad/>')) as string)).toEqual([
      'A-1 /Root',
      'A-3 /Root',
    ]);
    // the nested trees' findings, each on its own claimed node
    expect(found(reused, docs.find((d) => d.includes('<A y="1"/>')) as string)).toEqual([
      'A-4 /Root',
      'D-1 /Root/Sub[3]/A',
      'S-1 /Root/Sub[3]',
      'S-2 /Root/Sub[2]',
    ]);
  });

  it('claim the same past the paths kept (a document of thousands of names)', () => {
    const reused = compilePattern(pattern);
    const names = Array.from({ length: 5000 }, (_, i) => `<N${i}><Line/></N${i}>`).join('');
    const late = '<Late><Bad/><Line><Bad/></Line></Late><N7><Line><Bad/></Line></N7>';
    const xml = `<Root xmlns="urn:t"><Any>${names}${late}</Any><Line/><Line><Bad/></Line></Root>`;
    const expected = interpreted(xml);
    // /Root/Line[2] is claimed by N-1, the first rule whose context matches it
    expect(expected).toEqual([
      'N-1 /Root/Line[1]',
      'N-1 /Root/Line[2]',
      'N-2 /Root/Any/Late/Line',
      'N-2 /Root/Any/N7[2]/Line',
      'W-1 /Root/Any/Late',
    ]);
    expect(found(reused, xml)).toEqual(expected);
    expect(reused.paths).toBeLessThanOrEqual(4096);
    // and later documents still get their findings, with the entries kept then
    for (const doc of docs) expect(found(reused, doc)).toEqual(interpreted(doc));
  });
});
