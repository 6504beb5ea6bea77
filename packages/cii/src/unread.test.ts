import fs from 'node:fs';
import { parseXml, type XmlElement } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { hasShared, sharedFiles } from '../../../tests/support/shared.js';
import { ReadMarks } from './read-marks.js';
import { unreadLeaves } from './unread.js';

function elementsOf(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    out.push(e);
    for (const c of e.children) walk(c);
  };
  walk(root);
  return out;
}

/** A seeded choice of about a share of the elements, in a scrambled order (the reader's is the table's) */
function someOf(elements: readonly XmlElement[], share: number, seed: number): XmlElement[] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const chosen = elements.filter(() => next() < share);
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j] as XmlElement, chosen[i] as XmlElement];
  }
  return chosen;
}

/** The reference: every leaf in document order that is not among the read elements */
function expected(all: readonly XmlElement[], read: readonly XmlElement[]): XmlElement[] {
  const set = new Set(read);
  return all.filter((e) => e.children.length === 0 && !set.has(e));
}

function check(root: XmlElement): void {
  const all = elementsOf(root);
  for (const [share, seed] of [
    [0, 1],
    [0.5, 2],
    [0.9, 3],
    [1, 4],
  ] as const) {
    const read = someOf(all, share, seed);
    const marks = new ReadMarks();
    for (const e of read) marks.add(e);
    marks.addAll(read.slice(0, 3)); // the same element marked twice
    expect(unreadLeaves(root, marks)).toEqual(expected(all, read));
    // told the number of leaves (as the reader is): the same answer, without the walk when all were read
    const leaves = all.filter((e) => e.children.length === 0).length;
    expect(unreadLeaves(root, marks, leaves)).toEqual(expected(all, read));
  }
}

describe('the unread leaves (decision 0180)', () => {
  // skipped without ../shared (the official examples)
  (hasShared ? it : it.skip)(
    'are the leaves not read, on the official examples, printed, on one line and spread out',
    () => {
      for (const f of sharedFiles(
        'en16931/cii/examples',
        (n) => n.endsWith('.xml') && !n.startsWith('FT '),
      )) {
        const text = fs.readFileSync(f, 'utf8');
        // printed (a table by line), on one line (places sorted), with blank lines between the tags (a Set)
        for (const xml of [
          text,
          text.replace(/>\s+</g, '><'),
          text.replace(/>\s+</g, `>${'\n'.repeat(40)}<`),
        ]) {
          const parsed = parseXml(xml);
          if (!parsed.ok) throw new Error(`${f} does not parse`);
          check(parsed.root);
        }
      }
    },
  );

  it('are the same on a document of ~30,000 lines, marked in document order (decision 0264)', () => {
    // lines of three leaves each, one tag per line: ~30,000 lines, past SMALL_TABLE
    const line = '<Line>\n<A>1</A>\n<B>2</B>\n<C>3</C>\n</Line>\n';
    const parsed = parseXml(`<Doc xmlns="urn:x">\n${line.repeat(6000)}</Doc>`);
    if (!parsed.ok) throw new Error('the document does not parse');
    check(parsed.root);
    // in document order the table is kept as the leaves are marked, and outgrows a plain array
    const all = elementsOf(parsed.root);
    const leaves = all.filter((e) => e.children.length === 0).length;
    for (const share of [1, 0.95, 0.5]) {
      let s = 7;
      const read = all.filter(() => {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        return s / 2 ** 32 < share;
      });
      const marks = new ReadMarks();
      for (const e of read) marks.add(e);
      marks.addAll(read.slice(100, 110)); // marked twice
      expect((marks as unknown as { columns: unknown }).columns).toBeInstanceOf(Int32Array);
      expect(unreadLeaves(parsed.root, marks, leaves)).toEqual(expected(all, read));
    }
  });

  it('are found by a Set when the places do not tell the elements apart (a tree built by hand)', () => {
    const el = (local: string, children: XmlElement[] = []): XmlElement => {
      const e = {
        name: `ram:${local}`,
        local,
        ns: 'urn:x',
        attrs: {},
        children,
        text: '',
        blankText: '',
        line: 0,
        column: 0,
        parent: null,
      } as XmlElement;
      for (const c of children) c.parent = e;
      return e;
    };
    const root = el('Root', [el('A', [el('B'), el('C')]), el('D'), el('E', [el('F')])]);
    check(root);
  });
});
