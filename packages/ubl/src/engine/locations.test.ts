import { parseXml, type XmlElement } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { ModelLocations, pathTail, ROOT_BASE } from './locations.js';

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

/** Objects, fields, items, suffixes, an attribute, a path read twice and a copy */
function recorded(): ModelLocations {
  const els = elements();
  const at = (i: number) => els[i] as XmlElement;
  const l = new ModelLocations();
  l.add(ROOT_BASE, undefined, at(0));
  l.add(ROOT_BASE, pathTail('number', '', undefined), at(1));
  const line0 = l.base(ROOT_BASE, pathTail('lines', '', undefined), 0);
  l.add(line0, pathTail('quantity', '', undefined), at(2));
  l.add(line0, pathTail('unit', '', 'unitCode'), at(3));
  l.add(ROOT_BASE, pathTail('attachments', '.scheme', undefined), at(4), 1);
  l.add(ROOT_BASE, pathTail('notes', '', undefined), at(5), 10);
  l.add(ROOT_BASE, pathTail('number', '', undefined), at(6)); // read again: the later place wins
  l.copy('invoice.lines[0].unit', 'invoice.lines[0].unitCopy');
  return l;
}

const asked = [
  'invoice',
  'invoice.number',
  'invoice.lines[0]',
  'invoice.lines[0].quantity',
  'invoice.lines[0].unit',
  'invoice.lines[0].unitCopy',
  'invoice.attachments[1].scheme',
  'invoice.attachments[1]',
  'invoice.notes[10]',
  'invoice.notes[1]',
  'invoice.numbex',
  'invoice.lines[1].quantity',
  '',
];

describe('ModelLocations', () => {
  it('answers every get as its record does, by a scan first and by the index past a few questions', () => {
    const record = recorded().toRecord();
    const scanned = recorded();
    for (const path of [...asked, ...asked])
      expect(scanned.get(path)).toEqual(Object.hasOwn(record, path) ? record[path] : undefined);
    expect(scanned.get('invoice.number')).toEqual({ xpath: '/r/d', line: 4 });
    expect(scanned.get('invoice.lines[0].unitCopy')).toEqual({ xpath: '/r/a[1]/b[2]/@unitCode', line: 2 });
    expect(scanned.toRecord()).toEqual(record);
  });
});
