/**
 * The UTF-8 byte parser (decision 0153) against the string parser, the reference: on every
 * document it reads, the same tree (names, namespaces, attributes, text, line AND column); on every
 * document the string parser refuses, it gives up (so parseXml reports the string parser's error).
 */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedFiles } from '../../../tests/support/shared.js';
import { decodeXmlBytes, hasBlankText, parseXml } from './index.js';
import { parseUtf8 } from './parse-utf8.js';
import type { XmlElement } from './types.js';

interface Plain {
  name: string;
  local: string;
  ns: string;
  attrs: Record<string, string>;
  /** The attribute names in their order (toEqual does not compare the order of keys) */
  attrOrder: string;
  text: string;
  /** hasBlankText, which knows the white space strings the parsers keep once */
  blank: boolean;
  at: string;
  children: Plain[];
}

function plain(el: XmlElement): Plain {
  return {
    name: el.name,
    local: el.local,
    ns: el.ns,
    attrs: { ...el.attrs },
    attrOrder: Object.keys(el.attrs).join(' '),
    text: el.text,
    blank: hasBlankText(el),
    at: `${el.line}:${el.column}`,
    children: el.children.map(plain),
  };
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The byte parser's answer and the string parser's on the decoded text, as comparable values */
function both(bytes: Uint8Array): { bytes: Plain | 'gave up'; text: Plain | string } {
  const decoded = decodeXmlBytes(bytes);
  const byText = decoded.ok ? parseXml(decoded.text) : { ok: false as const, error: decoded.error };
  const byBytes = parseUtf8(bytes, 200);
  return {
    bytes: byBytes ? plain(byBytes) : 'gave up',
    text: byText.ok ? plain(byText.root) : `${byText.error.code} ${byText.error.message}`,
  };
}

const WELL_FORMED = [
  '<?xml version="1.0" encoding="UTF-8"?>\n<a xmlns="urn:a" xmlns:p="urn:p"><p:b x="1" p:y="2">t</p:b></a>',
  // columns after characters beyond ASCII on the same line (2-, 3- and 4-byte UTF-8)
  '<r>é<a/>€<b/>😀<c/>\n  <d t="é€😀"/><e/>\n<f>x</f><g/></r>',
  '<r><é>ü</é><b/><ü:x xmlns:ü="urn:ü"/><c/></r>',
  '<r><éabc>x</éabc><b/><abcdefgé>y</abcdefgé><c/><abcdefgh>z</abcdefgh><d/></r>',
  '<r><!-- é € 😀 --><a/><?pi é?><b/><![CDATA[é<>]]><c/></r>',
  '<?xml version="1.0"?><r é="1"><a/></r>',
  // line ends, references, attribute normalisation, "]" that is not "]]>"
  '<r>\r\n  <a>x\r\ny\rz</a>\r\n  <b v="a\tb\nc\r\nd &amp; &#x9; &lt;"/>\n</r>',
  '<r><a>&lt;&gt;&amp;&quot;&apos;&#233;&#x1F600;</a><b>a]b]]c</b><c>] ]</c></r>',
  // white space: leaves, between children, long runs, mixed content
  `<r>\n  <a> </a>\n  <b>\t</b>\n${' '.repeat(100)}<c/>x<d/>\n</r>`,
  '<r>text<a/>  <b/>more</r>',
  '<r><a/><a/></r>',
  // names, texts and attribute values whose hashes collide ("Aa" and "BB" hash alike)
  '<p:Aa xmlns:p="urn:p"><p:BB><Aa/><BB/></p:BB><p:Aa/></p:Aa>',
  '<AaAaAa><AaAaBB/><BBBBBB/><AaAaAa/><BBAaAa/><AaAaAa/></AaAaAa>',
  '<r><a>Aa</a><b>BB</b><c x="Aa" y="BB"/><d>Aa</d><e x="BB">AaBB</e><f>BBAa</f></r>',
  '<a  x = "1"  y=\'2\' ></a  >',
  // attributes in their order, one alone (its object shared, or not: prefixed, after a declaration)
  '<r><a z="1" y="2" x="3"/><a x="EUR"/><a x="EUR" z="1"/><b p:x="EUR" xmlns:p="urn:p"/><c q:y="1" xmlns:q="urn:q" z="2"/></r>',
  '<!-- before --><?pi?>\n<r/>\n<!-- after -->\n',
  '\ufeff<r/>',
  // long texts (scanned natively), indentation runs
  `<r><a>${'é'.repeat(200)}</a><b/>\n<c>${'x'.repeat(300)}&amp;\r\n</c><d>${' '.repeat(300)}</d></r>${' \n'.repeat(200)}`,
  `<r>\n<a/>\n    <b/>\n${' '.repeat(70)}<c/>\n\t<d/>\n  x<e/>\n</r>`,
  // line feeds the scans pass inside tags, values, comments, CDATA, instructions and long texts
  '<r\n  a="1"\n  b="x\ny"\n><!-- \n\n --><a\n/><?pi \n?><b><![CDATA[\n]]></b>\n<c\n></c\n><d/></r\n>',
  `<?xml version="1.0"\n encoding="UTF-8"?>\n<r>${'x\n'.repeat(200)}<a/><!--${' \n'.repeat(200)}--><b/></r>`,
  // long ASCII texts scanned four bytes at a time: base64 in lines ending at every alignment, tabs
  // and CR LF, a character beyond ASCII after lines already passed (then scanned natively)
  ...[0, 1, 2, 3].map(
    (k) => `<r>\n  <a>${'QUJD\n'.repeat(70)}${'x'.repeat(k)}</a><b/>\n <c>${'x'.repeat(300 + k)}</c><d/></r>`,
  ),
  `<r><a>\t${'ab\r\n'.repeat(100)}</a>\n<b/><c>${'x\n'.repeat(150)}é\n</c>\n<d/><e>${'y'.repeat(299)}€</e><f/></r>`,
  // long texts checked 32 bytes at a time (decision 0266): a line feed, tab, CR LF or a character
  // beyond ASCII at every offset of a block and of its words, and texts ending at every offset
  ...Array.from({ length: 36 }, (_, k) => {
    const x = 'Q'.repeat(300 + k);
    return `<r>\n<a>${x}\n${x}</a><b>${x}\t${x}\r\n</b>\n<c>${x}é${x}</c><d>${'QUJD'.repeat(80)}${'x'.repeat(k)}</d></r>`;
  }),
  // the indentation fast path next to other white space: tabs, CR LF, runs too long to keep
  `<r>\n  \t<a/>\n${' '.repeat(63)}<b/>\n${' '.repeat(64)}<c/>\r\n  <d/>\n  </r>`,
];

/**
 * Documents read one after the other, so that the name of each start tag predicted from the tags
 * before (a name the bytes start with, a name that starts with the bytes, a different namespace
 * or prefix, a tag after an end tag or a self-closing one) is sometimes wrong
 */
const PREDICTED = [
  '<r><abc><x/></abc><abc/><d/></r>',
  '<r><ab><x/></ab><abcd/><d-e/></r>',
  '<r><abc x="1"><xy/></abc><abc\n/><d\t/></r>',
  '<r xmlns:p="urn:p" xmlns:q="urn:q"><p:abc><p:x/></p:abc><q:abc/><d/></r>',
  '<r xmlns:p="urn:p"><p:abcdefgh><x/></p:abcdefgh><p:abcdefghi/><p:abcdefg/></r>',
  '<r><abc><x/></abc><abc/><d/></r>',
  '<r><abc><é/></abc><abé/><d/></r>',
  // one prefix, other namespaces: the namespace of a name is looked up again in every new scope
  '<r xmlns:p="urn:1"><p:abc/><p:abc xmlns:p="urn:2"><p:abc/></p:abc><p:abc/></r>',
  '<r xmlns:p="urn:3"><p:abc/><p:abc xmlns:p="urn:2"/><p:abc/></r>',
  // the same declarations in another scope, or in another order, or one prefix declared twice
  '<a xmlns:q="urn:q"><r xmlns:p="urn:1"><p:x/><q:y/></r></a>',
  '<a xmlns:q="urn:z"><r xmlns:p="urn:1"><p:x/><q:y/></r></a>',
  '<a xmlns:q="urn:z"><r xmlns:p="urn:1" xmlns:q="urn:q"><p:x/><q:y/></r></a>',
  '<a xmlns:q="urn:z"><r xmlns:q="urn:q" xmlns:p="urn:1"><p:x/><q:y/></r></a>',
  '<a xmlns:q="urn:z"><r xmlns:q="urn:q" xmlns:q="urn:w"><q:y/></r></a>',
  '<a xmlns="urn:d"><r xmlns="urn:e"><x/></r><x/></a>',
  // names of 8, 12, 15, 16 and 17 bytes: compared eight, then four bytes at a time, then one by one
  '<r><abcdefgh>1</abcdefgh><abcdefghijkl>2</abcdefghijkl><abcdefghijklmno/><abcdefghijklmnop/><abcdefghijklmnopq/></r>',
  '<r><abcdefgi>1</abcdefgi><abcdefghijkm>2</abcdefghijkm><abcdefghijklmnx/><abcdefghijklmnoq/><abcdefghijklmnopr/></r>',
  // short values that share a hash slot or a prefix with the values before
  '<r a="Aa"><v>Aa</v><v>BB</v><v>AaAa</v><v>AaBB</v><v>BBAa</v><v>AaAaAaAaAa</v><v>AaAaAaAaBB</v></r>',
  // … that differ only in their last bytes after the whole words, beyond ASCII, up to 64 bytes and past it
  '<r a="xxxxAa" b="€xAa"><v>xxxxAa</v><v>xxxxBB</v><v>€xAa</v><v>€xBB</v><v a="€xBB">é</v><v>è</v></r>',
  `<r><v>${'x'.repeat(62)}Aa</v><v>${'x'.repeat(62)}BB</v><v>${'x'.repeat(63)}Aa</v><v>${'x'.repeat(63)}BB</v></r>`,
  `<r><v>${'é'.repeat(31)}Aa</v><v>${'é'.repeat(31)}BB</v><v>${'é'.repeat(31)}Aa</v><v>€${'é'.repeat(30)}BB</v></r>`,
];

const MALFORMED = [
  '',
  '   ',
  'not xml',
  '<a>',
  '<a></b>',
  '<a></a ',
  '<a></ab>',
  '<ab></a>',
  '<a></a/>',
  '<a/><b/>',
  '<a/>x',
  'x<a/>',
  '<a x="1" x="2"/>',
  '<a x="1" y="2" x="3"/>',
  '<a x="1" y="2" y="3"/>',
  '<a x="1" p:y="2"/>',
  '<a p:x="1" y="2"/>',
  '<a x="<"/>',
  '<a x=1/>',
  '<a x="1"y="2"/>',
  '<p:a/>',
  '<a p:x="1"/>',
  '<a :x="1"/>',
  '<a :="1"/>',
  '<a xmlns:p=""/>',
  '<a xmlns:xmlns="urn:x"/>',
  '<a>&foo;</a>',
  '<a>& b</a>',
  '<a>&#0;</a>',
  '<a>]]></a>',
  '<a>]]&gt;</a>',
  '<a>\u0001</a>',
  '<a x="\u0002"/>',
  '<a>\ufffe</a>',
  '<a x="\uffff"/>',
  '<!DOCTYPE a><a/>',
  '<a><!DOCTYPE b></a>',
  '<a><![CDATA[x</a>',
  '<a><!-- x</a>',
  '<a><?pi x</a>',
  '<a><?xml version="1.0"?></a>',
  '<?xml version="1.1"?><a/>',
  '<1a/>',
  '<a><-b/></a>',
  '<a toString="1" constructor="2"/>',
  '<a/>\u00a0',
  `<a>${'x'.repeat(300)}\u0001</a>`,
  `<a>${'x\n'.repeat(150)}\u001f${'x'.repeat(10)}</a>`,
  `<a>${'x'.repeat(301)}\u0000</a>`,
  `<a>${'x'.repeat(302)}\u000b</a>`,
  `<a>${'x'.repeat(303)}\u000c</a>`,
  ...Array.from({ length: 33 }, (_, k) => `<a>${'x'.repeat(290 + k)}\u0001${'x'.repeat(40)}</a>`),
  ...Array.from(
    { length: 33 },
    (_, k) => `<a>${'x'.repeat(290 + k)}\n${'x'.repeat(k)}\u001f${'x'.repeat(40)}</a>`,
  ),
  `<a>${'x'.repeat(300)}]]></a>`,
  `<a>${'x'.repeat(300)}&bad;</a>`,
  `<a/>${' '.repeat(300)}x`,
  `${' '.repeat(300)}x<a/>`,
];

describe('parseUtf8 against the string parser', () => {
  it('reads the well-formed documents as the string parser does, lines and columns included', () => {
    for (const doc of WELL_FORMED) {
      const r = both(utf8(doc));
      expect(typeof r.text).toBe('object');
      expect({ doc, tree: r.bytes }).toEqual({ doc, tree: r.text });
    }
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<r>é<a/></r>')]);
    const r = both(withBom);
    expect(r.bytes).toEqual(r.text);
  });

  it('reads documents whose tags follow the sequences of the documents before as the string parser does', () => {
    for (let round = 0; round < 3; round++)
      for (const doc of PREDICTED) {
        const r = both(utf8(doc));
        expect(typeof r.text).toBe('object');
        expect({ doc, tree: r.bytes }).toEqual({ doc, tree: r.text });
      }
  });

  it('counts the line feeds of a long single-line document in time linear in its size', () => {
    // comments and CDATA sections on one line: every count of their line feeds is bounded to them
    const doc = `<r>${'<!-- c --><a/><![CDATA[d]]>'.repeat(20_000)}${'\n<b/>'.repeat(3)}</r>`;
    const root = parseUtf8(utf8(doc), 200);
    expect(root?.children.at(-1)).toMatchObject({ name: 'b', line: 4, column: 1 });
  });

  it('shares one frozen attributes object among elements with the same single attribute, in both parsers', () => {
    const doc =
      '<r><a c="EUR">1</a><a c="EUR">2</a><a c="USD"/><x c="EUR"/><b c="EUR" d="x"/><b c="EUR" d="x"/></r>';
    const fromText = parseXml(doc);
    for (const root of [parseUtf8(utf8(doc), 200), fromText.ok ? fromText.root : undefined]) {
      if (!root) throw new Error('not parsed');
      const [a1, a2, a3, x, b1, b2] = root.children as XmlElement[];
      expect(a1?.attrs).toEqual({ c: 'EUR' });
      expect(a2?.attrs).toBe(a1?.attrs);
      expect(x?.attrs).toBe(a1?.attrs); // the same attribute on another element: the same object
      expect(Object.isFrozen(a1?.attrs)).toBe(true);
      expect(a3?.attrs).toEqual({ c: 'USD' });
      expect(b1?.attrs).toEqual({ c: 'EUR', d: 'x' });
      expect(b2?.attrs).not.toBe(b1?.attrs); // more than one attribute: an object per element
      expect(Object.isFrozen(b1?.attrs)).toBe(false);
    }
  });

  it('knows white space only text, long indentation included, in both parsers', () => {
    const indent = `\n${' '.repeat(70)}`; // longer than the interned blanks
    const long = `\n${' '.repeat(300)}`; // longer than the byte parser's runs: kept pieced together
    const doc = `<r>${indent}<a>${indent}<b>x</b>${indent}<c/>${indent}</a>${indent}<d> <e/>y</d>${long}<f>${long}<g/>${long}</f>\r\n</r>`;
    for (const root of [parseUtf8(utf8(doc), 200), (parseXml(doc) as { root: XmlElement }).root]) {
      if (!root) throw new Error('the byte parser gave up');
      const [a, d, f] = root.children as [XmlElement, XmlElement, XmlElement];
      expect(a.text.length).toBe(3 * indent.length);
      expect(hasBlankText(a)).toBe(true);
      expect(hasBlankText(d)).toBe(false); // "y" after the child
      expect(hasBlankText(f)).toBe(true);
      expect(hasBlankText(root)).toBe(true); // CR LF
      // a tree changed after parsing: the text decides
      a.text = ` ${'z'.repeat(a.text.length - 1)}`;
      expect(hasBlankText(a)).toBe(false);
      f.text = 'z';
      expect(hasBlankText(f)).toBe(false);
    }
  });

  it('gives up on every document the string parser refuses, so its errors are the ones reported', () => {
    for (const doc of MALFORMED) {
      const r = both(utf8(doc));
      expect({ doc, bytes: r.bytes, text: typeof r.text }).toEqual({ doc, bytes: 'gave up', text: 'string' });
      // and parseXml on the bytes reports exactly the string parser's error
      const fromBytes = parseXml(utf8(doc));
      expect(fromBytes.ok ? 'ok' : `${fromBytes.error.code} ${fromBytes.error.message}`).toBe(r.text);
    }
  });

  it('leaves other encodings and invalid UTF-8 to the decoder', () => {
    expect(
      parseUtf8(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]), 200),
    ).toBeUndefined();
    const latin1 = Uint8Array.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>\u00e9</a>', (c) =>
      c.charCodeAt(0),
    );
    expect(parseUtf8(latin1, 200)).toBeUndefined();
    expect(parseXml(latin1)).toMatchObject({ ok: true, root: { text: '\u00e9' } });
    // a second byte order mark, which the string path drops too
    const twoMarks = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('\ufeff<a/>')]);
    expect(parseUtf8(twoMarks, 200)).toBeUndefined();
    expect(parseXml(twoMarks)).toMatchObject({ ok: true, root: { name: 'a', column: 1 } });
    expect(
      parseUtf8(new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00, 0x2f, 0x00, 0x3e, 0x00]), 200),
    ).toBeUndefined();
  });

  it('gives up past the depth limit (the string parser reports XML-DEPTH)', () => {
    const deep = utf8(`${'<a>'.repeat(20)}${'</a>'.repeat(20)}`);
    expect(parseUtf8(deep, 10)).toBeUndefined();
    expect(parseXml(deep, { maxDepth: 10 })).toMatchObject({ ok: false, error: { code: 'XML-DEPTH' } });
    // a leaf (read without the open elements' stacks) one level too deep, and one at the limit
    const leafTooDeep = utf8(`${'<a>'.repeat(10)}<b>x</b>${'</a>'.repeat(10)}`);
    expect(parseUtf8(leafTooDeep, 10)).toBeUndefined();
    expect(parseXml(leafTooDeep, { maxDepth: 10 })).toMatchObject({
      ok: false,
      error: { code: 'XML-DEPTH' },
    });
    const leafAtLimit = utf8(`${'<a>'.repeat(9)}<b>x</b>${'</a>'.repeat(9)}`);
    expect(parseUtf8(leafAtLimit, 10)).toBeDefined();
    expect(parseXml(leafAtLimit, { maxDepth: 10 })).toMatchObject({ ok: true });
  });

  it('agrees with the string parser on 6,000 seeded one-byte mutations of a document', () => {
    const body = WELL_FORMED.slice(0, 8)
      .join('')
      .replace(/<\?xml[^>]*>/g, '');
    const base = utf8(`<z>${body}</z>`);
    let seed = 13;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed;
    };
    const alphabet = utf8('<>/="\'&;:!?[]- \n\r\taxé#');
    const differ: string[] = [];
    for (let round = 0; round < 6000; round++) {
      const bytes = Uint8Array.from(base);
      const at = next() % bytes.length;
      bytes[at] = alphabet[next() % alphabet.length] as number;
      const r = both(bytes);
      const agree =
        typeof r.text === 'string'
          ? r.bytes === 'gave up'
          : JSON.stringify(r.bytes) === JSON.stringify(r.text);
      if (!agree) differ.push(new TextDecoder().decode(bytes));
    }
    expect(differ.slice(0, 3)).toEqual([]);
  });
});

describeIfShared('parseUtf8 on the shared corpus', () => {
  it('builds the string parser’s tree from the bytes of every official example and corpus file', () => {
    const files = [
      ...sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml')),
      ...sharedFiles('en16931/ubl/examples', (n) => n.toLowerCase().endsWith('.xml')),
      ...sharedFiles('corpus', (n) => n.toLowerCase().endsWith('.xml')),
    ];
    expect(files.length).toBeGreaterThan(250);
    const differ: string[] = [];
    for (const f of files) {
      const r = both(new Uint8Array(fs.readFileSync(f)));
      if (JSON.stringify(r.bytes) !== JSON.stringify(r.text)) differ.push(f);
    }
    expect(differ).toEqual([]);
  });
});
