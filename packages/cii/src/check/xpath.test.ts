/** The XPath subset evaluator: every generated CII syntax rule compiles, and the semantics the rules rely on. */

import { parseXml, type XmlElement } from '@einv/xml';
import { compilePattern, compileXPath, type PatternData, XDocument } from '@einv/xml-check';
import { describe, expect, it } from '@jest/globals';
import { CII_SYNTAX_RULES_DATA } from './generated/syntax-rules.js';

const NS = { a: 'urn:a' };
function doc(xml: string): XDocument {
  const r = parseXml(xml);
  if (!r.ok) throw new Error(r.error.message);
  return new XDocument(r.root);
}
const test = (d: XDocument, x: string, ctx?: XmlElement) => d.test(compileXPath(x, NS), ctx ?? d.root);

describe('XPath subset', () => {
  it('compiles all 583 CII syntax rules and their 31 contexts', () => {
    const data: PatternData = JSON.parse(CII_SYNTAX_RULES_DATA);
    const p = compilePattern(data);
    expect(p.rules).toHaveLength(31);
    expect(data.rules.reduce((n, r) => n + r[1].length, 0)).toBe(583);
    // every context a plain match pattern: the rules are found by name (xml-check's ContextIndex)
    expect(p.index).not.toBeNull();
  });

  const d = doc('<a:r xmlns:a="urn:a"><a:x c="1"> A </a:x><a:x>b</a:x><a:y><a:z>2024</a:z></a:y></a:r>');

  it('paths, attributes, counts and not()', () => {
    expect(test(d, 'count(a:x) = 2')).toBe(true);
    expect(test(d, 'not(a:y/a:z)')).toBe(false);
    expect(test(d, 'a:x/@c')).toBe(true);
    expect(test(d, 'count(//a:z) <= 1 and not(//@d)')).toBe(true);
  });
  it('general comparisons are existential; normalize-space, positions and unions', () => {
    expect(test(d, "a:x = 'b'")).toBe(true);
    expect(test(d, "normalize-space((a:x)[1]) = 'A'")).toBe(true);
    expect(test(d, 'count(a:x[normalize-space(.) != normalize-space((//a:x)[1])]) = 1')).toBe(true);
    expect(test(d, 'count(a:x | a:y) = 3')).toBe(true);
  });
  it('functions on names and values, axes', () => {
    expect(test(d, "count(//a:*[ends-with(name(), 'x')]) = 2")).toBe(true);
    expect(test(d, "matches(a:y/a:z, '^\\d{4}$')")).toBe(true);
    const z = d.root.children[2]?.children[0] as XmlElement;
    expect(test(d, 'ancestor::a:y', z)).toBe(true);
    expect(test(d, 'count(preceding::a:x) = 2', z)).toBe(true);
    expect(test(d, 'count(distinct-values(//a:x)) = 2')).toBe(true);
  });
  it('the EXTENDED-CTC-FR asserts: decimal arithmetic, variables, quantifiers, sequences (decision 0125)', () => {
    const m = doc(
      '<a:r xmlns:a="urn:a"><a:n>100.00</a:n><a:n>99.99</a:n><a:v>1.00</a:v><a:v>1.00</a:v><a:p>12.345</a:p></a:r>',
    );
    // decimals, not doubles: 100.00 - 99.99 is 0.01
    expect(test(m, '(a:n[1] - a:n[2]) le 0.01')).toBe(true);
    expect(test(m, 'round(xs:decimal(a:p) * 100) div 100 = 12.35')).toBe(true);
    // a function step gives values: two equal amounts both count
    expect(test(m, 'sum(a:v/xs:decimal(.)) = 2')).toBe(true);
    expect(test(m, 'abs(199.99 - sum(a:n)) lt 0.001 and 3 * 2 = 6 and 7 mod 4 = 3')).toBe(true);
    expect(test(m, "some $c in tokenize('30 58', '\\s') satisfies $c = '58'")).toBe(true);
    expect(test(m, "every $x in a:v satisfies local-name($x) = ('v', 'w')")).toBe(true);
    expect(test(m, "every $x in a:* satisfies local-name($x) = ('v', 'w')")).toBe(false);
    expect(test(m, "contains(concat(a:p, 'x'), '45x')")).toBe(true);
    // an empty operand makes an empty result, which no comparison holds for
    expect(test(m, 'xs:decimal(a:none) * 2 = 0 or xs:decimal(a:none) * 2 != 0')).toBe(false);
    // a rule's lets, bound on its context node; an absolute path reading one is not cached
    const x = compileXPath('count(/a:r/a:n[xs:decimal(.) > $min]) = $want', NS);
    m.bind('min', [99.995]);
    m.bind('want', [1]);
    expect(m.test(x, m.root)).toBe(true);
    m.bind('min', [0]);
    m.bind('want', [2]);
    expect(m.test(x, m.root)).toBe(true);
    m.unbindAll();
    expect(() => m.test(x, m.root)).toThrow(/unbound variable/);
  });

  it('//@name from the document and below an element, in document order (the attribute index)', () => {
    const t = doc(
      '<a:r xmlns:a="urn:a" n="0"><a:x n="1"><a:y n="2" m="x"/></a:x><a:x n="3"/><a:z m="y"/></a:r>',
    );
    const values = (x: string, ctx?: XmlElement) =>
      t
        .evaluate(compileXPath(x, NS), ctx ?? t.docNode)
        .map((i) => (typeof i === 'object' && 'value' in i ? i.value : i));
    expect(values('//@n')).toEqual(['0', '1', '2', '3']);
    expect(values('.//@n', t.root.children[0])).toEqual(['1', '2']);
    expect(values('//@m | //@n')).toHaveLength(6);
    expect(test(t, 'count(//@n) - count(//a:y/@n) = 3')).toBe(true);
    expect(test(t, 'not(//@absent)')).toBe(true);
    expect(values('.//@n', t.root.children[2])).toEqual([]);
  });
  it('preceding:: and unions in document order, with few and with many candidates', () => {
    for (const n of [3, 40]) {
      let xml = '<a:r xmlns:a="urn:a">';
      for (let i = 0; i < n; i++)
        xml += i % 3 === 0 ? `<a:x i="${i}"><a:x i="${i}b"/></a:x>` : `<a:y><a:x i="${i}"/></a:y>`;
      const t = doc(`${xml}</a:r>`);
      const all: XmlElement[] = [];
      const walk = (e: XmlElement) => {
        all.push(e);
        e.children.forEach(walk);
      };
      walk(t.root);
      const xs = all.filter((e) => e.local === 'x');
      for (const e of all) {
        const ancestors = new Set<XmlElement>();
        for (let p = e.parent; p; p = p.parent) ancestors.add(p);
        const expected = xs.filter((x) => all.indexOf(x) < all.indexOf(e) && !ancestors.has(x)).length;
        expect(test(t, `count(preceding::a:x) = ${expected}`, e)).toBe(true);
      }
      const union = t.evaluate(compileXPath('a:y/a:x | a:x | a:x/a:x', NS), t.root) as XmlElement[];
      expect(union.map((e) => e.attrs.i)).toEqual(xs.map((e) => e.attrs.i));
    }
  });
  it('refuses what it does not implement, at compile time', () => {
    expect(() => compileXPath('following-sibling::a:x', NS)).toThrow();
    const join = "string-join(a:x, ',')";
    expect(() => compileXPath(join, NS) && d.test(compileXPath(join, NS), d.root)).toThrow();
  });
});
