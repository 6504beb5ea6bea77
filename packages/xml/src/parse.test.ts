import { describe, expect, it } from '@jest/globals';
import { child, childrenOf, escapeXml, parseXml, textOf, xpathOf } from './index.js';
import { YOUNG_TREE_MAX_BYTES } from './names.js';
import type { ParseResult, XmlElement } from './types.js';

function ok(r: ParseResult): XmlElement {
  if (!r.ok) throw new Error(`expected a parse, got ${r.error.code}: ${r.error.message}`);
  return r.root;
}
function err(r: ParseResult) {
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const SMALL = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}">
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>A</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name> B &amp; C &#233;&#x20AC; </ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>
    <ram:Amount currencyID="EUR">10.00</ram:Amount>
    <ram:ID></ram:ID>
    <ram:Note><![CDATA[<not markup>]]></ram:Note>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('parseXml on well-formed documents', () => {
  it('resolves namespaces, keeps prefixes in name, gives positions', () => {
    const root = ok(parseXml(SMALL));
    expect(root).toMatchObject({
      name: 'rsm:CrossIndustryInvoice',
      local: 'CrossIndustryInvoice',
      ns: RSM,
      line: 2,
      column: 1,
    });
    const tx = child(root, 'SupplyChainTradeTransaction', RSM);
    expect(tx?.line).toBe(3);
    const lines = childrenOf(tx, 'IncludedSupplyChainTradeLineItem', RAM);
    expect(lines).toHaveLength(2);
    const name2 = child(child(lines[1], 'SpecifiedTradeProduct'), 'Name');
    expect(name2?.text).toBe(' B & C é€ ');
    expect(textOf(name2)).toBe('B & C é€');
    expect(name2 && xpathOf(name2)).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedTradeProduct/ram:Name',
    );
    expect(child(tx, 'Amount')?.attrs).toEqual({ currencyID: 'EUR' });
    expect(textOf(child(tx, 'ID'))).toBe('');
    expect(textOf(child(tx, 'Missing'))).toBeUndefined();
    expect(child(tx, 'Note')?.text).toBe('<not markup>');
    expect(child(tx, 'Amount', 'urn:other')).toBeUndefined();
  });

  it('keeps an empty element as "" (rules must see present-but-empty)', () => {
    const root = ok(parseXml('<a><b/><c></c></a>'));
    expect(root.children.map((c) => c.text)).toEqual(['', '']);
  });

  it('accepts comments and processing instructions around the root, and default namespaces', () => {
    const root = ok(parseXml('<!-- c --><?pi x?><a xmlns="urn:x"><b/></a><!-- end -->\n'));
    expect(root.children[0]?.ns).toBe('urn:x');
  });

  it('normalises CRLF line ends in text', () => {
    expect(ok(parseXml('<a>x\r\ny</a>')).text).toBe('x\ny');
  });
});

describe('parseXml refuses hostile input without throwing', () => {
  it('refuses any DOCTYPE (billion laughs) with XML-DTD', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(err(parseXml(lol))).toMatchObject({ code: 'XML-DTD', line: 1, column: 22 });
  });

  it('refuses an external entity to /etc/passwd (XXE) with XML-DTD and never reads the file', () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<foo>&xxe;</foo>';
    const e = err(parseXml(xxe));
    expect(e.code).toBe('XML-DTD');
    expect(e.line).toBe(2);
    expect(e.message).not.toContain('root:');
  });

  it('reports an undeclared entity as a syntax error', () => {
    expect(err(parseXml('<a>&xxe;</a>'))).toMatchObject({ code: 'XML-SYNTAX', line: 1, column: 4 });
    expect(err(parseXml('<a>&nbsp;</a>')).message).toContain('&nbsp;');
  });

  it('stops 10,000 levels of nesting with XML-DEPTH, no stack overflow', () => {
    const deep = `${'<a>'.repeat(10000)}${'</a>'.repeat(10000)}`;
    expect(err(parseXml(deep))).toMatchObject({ code: 'XML-DEPTH', line: 1, column: 200 * 3 + 1 });
    expect(ok(parseXml(deep, { maxDepth: 20000 })).children).toHaveLength(1);
  });

  it('limits the size (default 20 MiB, configurable)', () => {
    expect(err(parseXml('<a>0123456789</a>', { maxBytes: 10 })).code).toBe('XML-SIZE');
    expect(err(parseXml(new Uint8Array(11), { maxBytes: 10 })).code).toBe('XML-SIZE');
  });

  it('parses a 10 MB document in bounded time', () => {
    const line =
      '<ram:IncludedSupplyChainTradeLineItem><ram:Name>Item &amp; co</ram:Name><ram:Amount currencyID="EUR">1.00</ram:Amount></ram:IncludedSupplyChainTradeLineItem>\n';
    const big = `<r xmlns:ram="${RAM}">${line.repeat(Math.ceil(10e6 / line.length))}</r>`;
    expect(big.length).toBeGreaterThan(10e6);
    // linear time: the bound is jest's test timeout (no timed assertion on a shared machine)
    const root = ok(parseXml(big));
    expect(root.children.length).toBeGreaterThan(60000);
  });

  it('reports not-XML, empty input and HTML pages', () => {
    expect(err(parseXml('')).code).toBe('XML-EMPTY');
    expect(err(parseXml('  \n ')).code).toBe('XML-EMPTY');
    expect(err(parseXml('{"invoice": 1}'))).toMatchObject({ code: 'XML-SYNTAX', line: 1, column: 1 });
    expect(err(parseXml('%PDF-1.7\n...')).code).toBe('XML-SYNTAX');
    const html = '<!DOCTYPE html>\n<html><head><title>Login</title></head><body><br></body></html>';
    expect(err(parseXml(html)).code).toBe('XML-DTD');
    const e = err(parseXml('<html><body><p>one<br>two</p></body></html>'));
    expect(e).toMatchObject({ code: 'XML-SYNTAX', line: 1, column: 26 });
    expect(e.message).toContain('</p>');
  });

  it('reports truncated input, unclosed and mismatched tags with line and column', () => {
    const truncated = SMALL.slice(0, SMALL.length - 40);
    const t = err(parseXml(truncated));
    expect(t.code).toBe('XML-SYNTAX');
    expect(t.message).toMatch(/ends/);
    expect(t.line).toBeGreaterThan(1);
    expect(err(parseXml('<a>\n  <b>\n</a>'))).toMatchObject({ code: 'XML-SYNTAX', line: 3, column: 1 });
    expect(err(parseXml('<a><b></a')).code).toBe('XML-SYNTAX');
    expect(err(parseXml('<a x="1>')).code).toBe('XML-SYNTAX');
    expect(err(parseXml('<a x=1/>')).code).toBe('XML-SYNTAX');
    expect(err(parseXml('<a x="1" x="2"/>')).message).toContain('twice');
    expect(err(parseXml('<p:a/>')).message).toContain('not bound');
  });

  it('reports junk after the root element', () => {
    expect(err(parseXml('<a/>\n<b/>'))).toMatchObject({ code: 'XML-SYNTAX', line: 2, column: 1 });
    expect(err(parseXml('<a/>junk'))).toMatchObject({ code: 'XML-SYNTAX', line: 1, column: 5 });
  });

  it('rejects raw characters XML forbids, in text and attributes', () => {
    expect(err(parseXml('<a>x\u0001</a>'))).toMatchObject({ code: 'XML-SYNTAX', line: 1, column: 5 });
    expect(err(parseXml('<a b="\u0008"/>')).message).toContain('U+0008');
  });

  it('rejects character references to characters XML forbids', () => {
    expect(err(parseXml('<a>&#0;</a>')).code).toBe('XML-SYNTAX');
    expect(err(parseXml('<a>&#xZZ;</a>')).code).toBe('XML-SYNTAX');
  });

  it('never throws on arbitrary strings', () => {
    const samples = [
      '<',
      '<a',
      '<a/',
      '</a>',
      '<![CDATA[',
      '<a><![CDATA[x</a>',
      '<!--',
      '<?',
      '<a b="&">',
      '<a>]]></a>',
      '\u0000',
      '<a:b:c/>',
    ];
    for (const s of samples) expect(parseXml(s).ok).toBe(false);
  });
});

describe('parseXml decodes bytes by BOM and declared encoding', () => {
  const doc = '<?xml version="1.0" encoding="X"?><a>Été €</a>';
  it('UTF-8 with and without BOM', () => {
    const bytes = new TextEncoder().encode(doc.replace('X', 'UTF-8'));
    expect(ok(parseXml(bytes)).text).toBe('Été €');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    expect(ok(parseXml(withBom)).text).toBe('Été €');
    expect(ok(parseXml(`\ufeff${doc}`)).text).toBe('Été €');
  });

  it('UTF-16 LE and BE with a BOM', () => {
    const s = doc.replace('X', 'UTF-16');
    const le = new Uint8Array(2 + s.length * 2);
    const be = new Uint8Array(2 + s.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      le[2 + 2 * i] = c & 0xff;
      le[3 + 2 * i] = c >> 8;
      be[2 + 2 * i] = c >> 8;
      be[3 + 2 * i] = c & 0xff;
    }
    expect(ok(parseXml(le)).text).toBe('Été €');
    expect(ok(parseXml(be)).text).toBe('Été €');
  });

  it('ISO-8859-1 as declared, byte for byte', () => {
    const s = '<?xml version="1.0" encoding="ISO-8859-1"?><a>\u00c9t\u00e9 \u0080</a>';
    const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
    expect(ok(parseXml(bytes)).text).toBe('\u00c9t\u00e9 \u0080');
  });

  it('reports invalid UTF-8 and unsupported encodings with XML-ENCODING', () => {
    expect(err(parseXml(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]))).code).toBe(
      'XML-ENCODING',
    );
    const ebcdic = new TextEncoder().encode('<?xml version="1.0" encoding="EBCDIC-CP-US"?><a/>');
    expect(err(parseXml(ebcdic))).toMatchObject({ code: 'XML-ENCODING' });
    expect(err(parseXml(ebcdic)).message).toContain('EBCDIC-CP-US');
  });
});

describe('element names (interned by the parser, decision 0141)', () => {
  it('keeps every name as written past the interning bounds: 25,000 distinct names, a 300-character name', () => {
    const names = Array.from({ length: 25_000 }, (_, i) => `p:n${i}`);
    const long = `p:${'x'.repeat(300)}`;
    const xml = `<p:r xmlns:p="urn:p">${names.map((n) => `<${n}/>`).join('')}<${long}/></p:r>`;
    const root = ok(parseXml(xml));
    expect(root.children.map((c) => c.name)).toEqual([...names, long]);
    expect(root.children.map((c) => c.local)).toEqual([...names, long].map((n) => n.slice(2)));
    // a second document with the same names reads the same
    expect(ok(parseXml(xml)).children.map((c) => c.local)).toEqual(root.children.map((c) => c.local));
  });

  it('tells apart names whose hashes collide, and still reports a wrong closing tag', () => {
    // "Aa" and "BB" have the same 31-based hash, as have "p:Aa" and "p:BB"
    const xml = '<p:Aa xmlns:p="urn:p"><p:BB><Aa/><BB/></p:BB><p:Aa/></p:Aa>';
    for (let round = 0; round < 2; round++) {
      const root = ok(parseXml(xml));
      expect(root.name).toBe('p:Aa');
      const [bb, aa] = root.children as [XmlElement, XmlElement];
      expect([bb.name, bb.local, aa.name, aa.local]).toEqual(['p:BB', 'BB', 'p:Aa', 'Aa']);
      expect(bb.children.map((c) => c.name)).toEqual(['Aa', 'BB']);
    }
    expect(err(parseXml('<Aa></BB>')).message).toContain('the closing tag </BB> does not match <Aa>');
    expect(err(parseXml('<Aa></Aab>')).message).toContain('the closing tag </Aab> does not match <Aa>');
  });
});

describe('parseXml tree memory (decision 0143)', () => {
  it('shares frozen empty attributes and children, sizes child arrays exactly, keeps white space text', () => {
    const root = ok(parseXml('<r>\n  <a x="1">t</a>\n  <b/>\n  <c> </c>\n</r>'));
    const [a, b, c] = root.children as [XmlElement, XmlElement, XmlElement];
    expect(root.children).toHaveLength(3);
    expect(root.text).toBe('\n  \n  \n  \n');
    expect(a.attrs).toEqual({ x: '1' });
    expect(Object.isFrozen(b.attrs) && Object.isFrozen(b.children) && Object.isFrozen(a.children)).toBe(true);
    expect(b.attrs).toEqual({});
    expect(c.text).toBe(' ');
    expect(() => (b.children as XmlElement[]).push(a)).toThrow();
    expect(ok(parseXml('<r>\n  <a/>\n</r>')).text).toBe('\n  \n');
  });
});

describe('young trees for small documents (decision 0242)', () => {
  /** Every element of the tree, depth first */
  const elementsOf = (root: XmlElement): XmlElement[] => {
    const out: XmlElement[] = [];
    const walk = (e: XmlElement) => {
      out.push(e);
      for (const c of e.children) walk(c);
    };
    walk(root);
    return out;
  };
  const FIELDS = ['name', 'local', 'ns', 'attrs', 'children', 'text', 'line', 'column', 'parent'];
  // the same document past the bound: a comment after the root element changes no element
  const large = `${SMALL}\n<!--${'x'.repeat(YOUNG_TREE_MAX_BYTES)}-->`;

  it('gives a small document the same tree as a large one, field by field, from bytes and from text', () => {
    const trees = [
      ok(parseXml(Buffer.from(SMALL))),
      ok(parseXml(SMALL)),
      ok(parseXml(Buffer.from(large))),
      ok(parseXml(large)),
    ].map(elementsOf);
    for (const elements of trees) {
      expect(elements).toHaveLength(11);
      for (const e of elements) expect(Object.keys(e)).toEqual(FIELDS);
    }
    const [small, ...others] = trees as [XmlElement[], ...XmlElement[][]];
    for (const elements of others)
      elements.forEach((e, i) => {
        const s = small[i] as XmlElement;
        for (const f of FIELDS.filter((f) => f !== 'children' && f !== 'parent'))
          expect([f, e[f as keyof XmlElement]]).toEqual([f, s[f as keyof XmlElement]]);
        expect(e.children.map((c) => c.name)).toEqual(s.children.map((c) => c.name));
        expect(e.parent?.name).toBe(s.parent?.name);
        expect(Array.isArray(e.children)).toBe(true);
      });
  });

  it('makes a small tree of its own kind of object and a large one of object literals, whichever parser reads it', () => {
    const kind = (root: XmlElement) => new Set(elementsOf(root).map((e) => Object.getPrototypeOf(e)));
    const young = kind(ok(parseXml(Buffer.from(SMALL))));
    expect(young.size).toBe(1);
    expect(young.has(Object.prototype)).toBe(false);
    // ISO-8859-1 is read by the string parser: the same kind for the same size (SMALL is ASCII)
    const latin1 = (doc: string) => Buffer.from(doc.replace('UTF-8', 'ISO-8859-1'), 'latin1');
    expect(kind(ok(parseXml(latin1(SMALL))))).toEqual(young);
    expect(kind(ok(parseXml(SMALL)))).toEqual(young);
    expect(kind(ok(parseXml(Buffer.from(large))))).toEqual(new Set([Object.prototype]));
    expect(kind(ok(parseXml(large)))).toEqual(new Set([Object.prototype]));
    expect(kind(ok(parseXml(latin1(large))))).toEqual(new Set([Object.prototype]));
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and replaces characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(escapeXml('x\u0001y\rz')).toBe('x\ufffdy&#13;z');
    expect(escapeXml('plain é €')).toBe('plain é €');
    const round = ok(parseXml(`<a t="${escapeXml('1 < 2 & "3"')}">${escapeXml('a\r\nb <c>')}</a>`));
    expect(round.attrs.t).toBe('1 < 2 & "3"');
    expect(round.text).toBe('a\r\nb <c>');
  });
});
