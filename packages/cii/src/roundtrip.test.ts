/**
 * Every term binding has a round-trip fixture: an invoice built from the binding table itself, with
 * a value for every bound model key (two items for every repeatable group), written as EXTENDED and
 * read back unchanged, with nothing reported unread. A new binding is covered automatically; a
 * binding that does not round-trip fails here.
 */
import { describe, expect, it } from '@jest/globals';
import { CII_BINDING } from './binding/index.js';
import type { Binding } from './binding/types.js';
import { readCii, writeCii } from './index.js';
import { getKey, type ModelObject, setKey } from './model-path.js';

let counter = 0;
function sampleValue(type: string, bt: string): string | number {
  counter++;
  switch (type) {
    case 'date':
      return `2025-0${(counter % 9) + 1}-1${counter % 10}`;
    case 'amount':
      return counter + 0.25;
    case 'price':
      return counter + 0.1234;
    case 'quantity':
    case 'percent':
      return counter + 0.5;
    default:
      return `${bt} value ${counter}`;
  }
}

function fill(entries: readonly Binding[], obj: ModelObject): void {
  for (const b of entries) {
    if (b.kind === 'field') {
      if (b.writeWhen && getKey(obj, b.key) === undefined) {
        // alternatives (ID / GlobalID, IBANID / ProprietaryID): fill once, through the first one
        if (b.key.endsWith('.id') && b.path.includes('GlobalID')) continue;
      }
      if (getKey(obj, b.key) === undefined) setKey(obj, b.key, sampleValue(b.type, b.bt));
      continue;
    }
    if (b.many) {
      const list = (getKey(obj, b.key) as ModelObject[] | undefined) ?? [];
      for (let i = 0; i < 2; i++) {
        const item: ModelObject = {};
        fill(b.entries, item);
        // identifiers: items without a scheme go to ram:ID, with one to ram:GlobalID
        if (b.select && !b.select(item)) delete item.scheme;
        if (b.split === undefined && b.path === '' && i > 0) break; // one credit transfer per payment means element
        list.push(item);
      }
      setKey(obj, b.key, list);
    } else {
      const target = b.key === '' ? obj : ((getKey(obj, b.key) as ModelObject | undefined) ?? {});
      fill(b.entries, target);
      if (b.key !== '') setKey(obj, b.key, target);
    }
  }
}

describe('round trip of every binding', () => {
  const invoice: ModelObject = {};
  fill(CII_BINDING, invoice);
  invoice.specificationIdentifier = 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended';

  it('writes every bound term as EXTENDED without a warning and reads it back unchanged', () => {
    const { xml, warnings } = writeCii(invoice, { profile: 'EXTENDED' });
    expect(warnings).toEqual([]);
    const back = readCii(xml);
    expect(back.diagnostics).toEqual([]);
    expect(back.invoice).toEqual(invoice);
    expect(back.profile).toBe('EXTENDED');
    expect((invoice.seller as ModelObject).identifiers).toHaveLength(4);
    expect(invoice.lines).toHaveLength(2);
  });

  it('records a location for every term read', () => {
    const back = readCii(writeCii(invoice, { profile: 'EXTENDED' }).xml);
    const paths = Object.keys(back.locations);
    expect(paths).toContain('invoice.lines[1].attributes[1].value');
    expect(paths).toContain('invoice.paymentMeans.creditTransfers[0].accountId');
    expect(paths.length).toBeGreaterThan(150);
  });
});
