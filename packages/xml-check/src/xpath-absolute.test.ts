/**
 * Absolute paths in the compiled closures (xpath-fast.ts): `/a/b`, `//a/b`, `//@name`, and
 * expressions that do not depend on the context node, kept once per document. Each is compared
 * with the interpreter (an XDocument without the closures) on every element of small documents
 * written to hit the cases the official examples rarely show: nested elements of the same name, no
 * match at all, several documents in a row through the same closures, a first string of `(//a/b)[1]`
 * with and without nested a's.
 */
import { xpathOf } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { everyElement, parsedRoot } from './__tests__/trees.js';
import { compilePattern, runPattern } from './rules.js';
import { compileXPath, XDocument } from './xpath.js';

const NS = 'urn:test';
const ns = { t: NS };

const DOCS = [
  `<Doc xmlns="${NS}"><A><B x="1"/><A><B/><B y="2"/></A></A><C><B x="3"/></C></Doc>`,
  `<Doc xmlns="${NS}"><C/></Doc>`,
  `<Doc xmlns="${NS}" x="root"><A><B>text</B></A><A/></Doc>`,
  `<Other xmlns="urn:other"><A xmlns="${NS}"><B x="4"/></A></Other>`,
  // (//t:A/t:B)[1] with nested A's (left to the interpreter), and without (compiled)
  `<Doc xmlns="${NS}"><A><A><B>inner</B></A><B>outer</B></A></Doc>`,
  `<Doc xmlns="${NS}"><A><C/></A><A><B> one </B><B>two</B></A><A><B>one</B></A></Doc>`,
  // preceding:: leaves out the ancestors: the inner B has the outer one's value and is still first
  `<Doc xmlns="${NS}"><B><B>v</B></B><B>v</B><A><B>w</B><B>v</B></A></Doc>`,
];

const TESTS = [
  '/t:Doc/t:A/t:B',
  'count(/t:Doc/t:A/t:B) = 1',
  'exists(/t:Doc/t:C)',
  'count(//t:A/t:B) = 3',
  'count(//t:A/t:B) >= 1',
  'not(//t:A/t:B/@x)',
  'count(//t:B[@x]) = 2',
  'not(//@x)',
  'count(//@x) - count(//t:C/t:B/@x) <= 1',
  'not(@x) or (/t:Doc/t:A/t:B/@x)',
  "//t:A/t:B = 'text'",
  'count(//t:A) = 0 or count(distinct-values(//t:A/t:B/@y)) = 1',
  't:B and //t:C',
  "normalize-space((//t:A/t:B)[1]) = 'inner'",
  "normalize-space((//t:A/t:B)[1]) = 'one'",
  'count(//t:A/t:B[normalize-space(.) != normalize-space((//t:A/t:B)[1])]) = 0',
  // the distinct-values idiom of UBL-SR-44/47, and its comparison on elements of any name
  'count(//t:B[not(preceding::t:B/. = .)]) <= 1',
  'count(//t:B[not(preceding::t:B = .)]) = 2',
  'not(preceding::t:A/. = .)',
  '. = preceding::t:B',
  // child steps with boolean predicates, counted and visited by the nested loops
  'count(t:A[t:B]/t:B) = 1',
  "count(t:A[t:B = 'one']/t:B) >= 1",
  'exists(t:A[t:B/@x]/t:B[@y])',
  'not(t:A[not(t:C)]/t:B)',
  // and a named attribute last
  'not(//t:A/t:B/@y)',
  'count(t:A/t:B/@x) = 1',
  "t:A[t:B]/t:B/@x = '1'",
  'exists(t:C/t:B/@x)',
  // names of the root element and of the element itself (UBL-SR-43's `local-name(/*) = 'CreditNote'`)
  "local-name(/*) = 'Doc'",
  "(local-name(/*) = 'Other') and t:B",
  "name(/*) != 'Doc'",
  "local-name() = 'B'",
  "local-name(.) = 'A' or name() = 'C'",
  // two paths compared: one side gathered (once per document when absolute), the other visited
  '@x = /t:Doc/t:A/t:B/@x',
  '@x != /t:Doc/t:A/t:B/@x',
  't:B = //t:A/t:B',
  't:B != //t:A/t:B',
  '/t:Doc/t:A/t:B = t:B',
  '(t:B) != (../t:A/t:B)',
  't:B = ../t:B',
  "t:A[t:B = 'one']/t:B = //t:B",
  'normalize-space(t:B) = //t:A/t:B/normalize-space()',
  't:A/t:B/@x = //@x',
];

describe('absolute paths in the compiled closures', () => {
  it('give the interpreter’s value on every element, document after document', () => {
    // twice over the documents: the values kept per document must not leak into the next one
    for (const xml of [...DOCS, ...DOCS]) {
      const root = parsedRoot(xml);
      const fast = new XDocument(root);
      const reference = new XDocument(root, false);
      for (const src of TESTS) {
        const x = compileXPath(src, ns);
        for (const e of everyElement(root))
          expect([src, fast.test(x, e)]).toEqual([src, reference.test(x, e)]);
      }
    }
  });

  it('are the same when a walk gathered the named lists first (runPattern) and when it did not', () => {
    const pattern = {
      ns,
      rules: [
        [
          '/t:Doc',
          [
            ['R-1', 'fatal', 'count(//t:A/t:B) <= 2', 'too many'],
            ['R-2', 'fatal', 'not(//@y)', 'y'],
          ],
        ],
        ['//t:B', [['R-3', 'fatal', 'not(@x) or (/t:Doc/t:C/t:B/@x)', 'x']]],
      ] as [string, [string, string, string, string][]][],
    };
    const compiled = compilePattern(pattern);
    const rules = (xml: string) => runPattern(compiled, parsedRoot(xml)).map((f) => `${f.rule} ${f.xpath}`);
    expect(rules(DOCS[0] as string)).toEqual(['R-1 /Doc', 'R-2 /Doc']);
    expect(rules(DOCS[2] as string)).toEqual([]);
    expect(rules(DOCS[3] as string)).toEqual(['R-3 /Other/A/B']);
    // the same document asked directly, without the walk's lists
    const root = parsedRoot(DOCS[0] as string);
    const doc = new XDocument(root, false);
    expect(doc.test(compileXPath('count(//t:A/t:B) <= 2', ns), root)).toBe(false);
    expect(doc.named(NS, 'B').length).toBe(4);
  });
});

describe('`not(//…)` chains recorded by the walk (decision 0272)', () => {
  // each assert of the root rule, and the same on a later rule (the answer is the document's)
  const TESTS = [
    'not(//t:A/t:B)',
    'not(//t:A/t:B/@y)',
    'not(//t:A/t:B/@x)',
    'not(//t:C)',
    'not(//t:Doc/t:A)',
    'not(//t:A/t:A/t:B)',
    'not(//t:C/t:B/@x)',
    'not(//t:B/@z)',
    'not(//t:Other)',
  ];
  const pattern = {
    ns,
    rules: [
      ['/t:Doc | /t:Other', TESTS.map((t, i) => [`R-${i}`, 'fatal', t, t])],
      ['//t:C', TESTS.map((t, i) => [`C-${i}`, 'fatal', t, t])],
    ] as [string, [string, string, string, string][]][],
  };

  it('reports what the interpreter finds, document after document', () => {
    const compiled = compilePattern(pattern);
    const rootContext = compileXPath('/t:Doc | /t:Other', ns);
    const cContext = compileXPath('//t:C', ns);
    // the chains are settled by the walk (the list of `//` names is not gathered for them)
    expect(compiled.gatherNames).toEqual([]);
    for (const xml of [...DOCS, ...DOCS]) {
      const root = parsedRoot(xml);
      const reference = new XDocument(root, false);
      const expected: string[] = [];
      for (const node of everyElement(root)) {
        // the rule that claims the node, as the interpreter matches the contexts (first rule first)
        const rule = reference.matches(rootContext, node)
          ? 'R'
          : reference.matches(cContext, node)
            ? 'C'
            : null;
        if (rule === null) continue;
        TESTS.forEach((t, i) => {
          if (!reference.test(compileXPath(t, ns), node)) expected.push(`${rule}-${i} ${xpathOf(node)}`);
        });
      }
      const found = runPattern(compiled, root).map((f) => `${f.rule} ${f.xpath}`);
      expect(found.sort()).toEqual(expected.sort());
    }
  });
});
