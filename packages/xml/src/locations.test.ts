import { describe, expect, it } from '@jest/globals';
import { ElementLocations } from './locations.js';
import { parseXml } from './parse.js';
import type { XmlElement } from './types.js';

function root(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.root;
}

const DOC = root(`<r>
  <a u="1">x</a>
  <a>y</a>
  <b/>
</r>`);
const [a1, a2, b] = DOC.children as [XmlElement, XmlElement, XmlElement];

describe('ElementLocations', () => {
  it('names XPaths (positions, attributes) and lines only when asked, like the record it replaces', () => {
    const t = new ElementLocations(true);
    t.add('invoice', DOC);
    t.add('invoice.x', a1);
    t.add('invoice.unit', a1, 'u');
    t.add('invoice.b', b);
    expect(t.get('invoice.unit')).toEqual({ xpath: '/r/a[1]/@u', line: 2 });
    expect(t.get('invoice.missing')).toBeUndefined();
    expect(t.toRecord()).toEqual({
      invoice: { xpath: '/r', line: 1 },
      'invoice.x': { xpath: '/r/a[1]', line: 2 },
      'invoice.unit': { xpath: '/r/a[1]/@u', line: 2 },
      'invoice.b': { xpath: '/r/b', line: 4 },
    });
    expect(t.toRecord()).toBe(t.toRecord());
    expect(t.get('invoice.b')).toEqual({ xpath: '/r/b', line: 4 });
  });

  it('keeps the first place of a path recorded twice (firstWins) or the last, at the rank of the first', () => {
    for (const firstWins of [true, false]) {
      const t = new ElementLocations(firstWins);
      t.add('p', a1);
      t.add('q', b);
      t.add('p', a2);
      const expected = firstWins ? '/r/a[1]' : '/r/a[2]';
      expect(t.get('p')?.xpath).toBe(expected);
      expect(Object.keys(t.toRecord())).toEqual(['p', 'q']);
      expect(t.toRecord().p?.xpath).toBe(expected);
    }
  });

  it('copies a place to a second path, and forgets the built record when a path is added', () => {
    const t = new ElementLocations(false);
    t.add('total', a2);
    expect(Object.keys(t.toRecord())).toEqual(['total']);
    t.copy('total', 'same');
    t.copy('absent', 'nothing');
    expect(t.toRecord()).toEqual({
      total: { xpath: '/r/a[2]', line: 3 },
      same: { xpath: '/r/a[2]', line: 3 },
    });
  });
});
