import { ElementLocations, parseXml, type XmlElement } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { ReaderLocations } from './read-locations.js';

/** A tree with repeated names (positional XPath steps) and elements on several lines */
const xml = `<r>
  <a><b/><b/></a>
  <a><c/></a>
  <d/>
</r>`;

function elements(): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    out.push(e);
    for (const c of e.children) walk(c);
  };
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  walk(parsed.root);
  return out;
}

/** The places a reader records: bases with keys under them, a base itself, a path recorded twice */
const places = (els: XmlElement[]): [string, string, XmlElement][] => [
  ['invoice', '', els[0] as XmlElement],
  ['invoice', 'number', els[1] as XmlElement],
  ['invoice.lines[0]', 'quantity', els[2] as XmlElement],
  ['invoice.lines[0]', 'unit.code', els[3] as XmlElement],
  ['invoice.lines[1]', '', els[4] as XmlElement],
  ['invoice', 'number', els[5] as XmlElement], // recorded twice: the first place wins
  ['invoice.lines', '[1].note', els[6] as XmlElement],
];

/** Paths present, absent, and near misses of the same length or with the same ends */
const asked = [
  'invoice.number',
  'invoice',
  'invoice.lines[0].quantity',
  'invoice.lines[0].unit.code',
  'invoice.lines[0].unit',
  'invoice.lines[1]',
  'invoice.lines[1].note',
  'invoice.lines[2].note',
  'invoice.numbex',
  'invoicX.number',
  'invoice_number',
  'invoice.lines',
  '',
  'invoice.number',
];

describe('ReaderLocations', () => {
  it('answers every get as the whole table does, whether scanned or from the table', () => {
    const els = elements();
    const reference = new ElementLocations(true);
    const scanned = new ReaderLocations();
    for (const [base, key, el] of places(els)) {
      reference.add(key === '' ? base : `${base}.${key}`, el);
      scanned.add(base, key, el);
    }
    // more questions than the scans answer before the table is built: both ways are compared
    for (const path of [...asked, ...asked]) expect(scanned.get(path)).toEqual(reference.get(path));
    expect(scanned.get('invoice.number')).toEqual({ xpath: '/r/a[1]', line: 2 });
    expect(scanned.toRecord()).toEqual(reference.toRecord());
  });

  it('answers from the places added after a get', () => {
    const els = elements();
    const locations = new ReaderLocations();
    locations.add('invoice', 'a', els[1] as XmlElement);
    expect(locations.get('invoice.b')).toBeUndefined();
    locations.add('invoice', 'b', els[4] as XmlElement);
    expect(locations.get('invoice.b')).toEqual({ xpath: '/r/a[2]', line: 3 });
    expect(locations.toRecord()).toEqual({
      'invoice.a': { xpath: '/r/a[1]', line: 2 },
      'invoice.b': { xpath: '/r/a[2]', line: 3 },
    });
  });
});
