import type { SourceValue } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { categoryNodes, identifierNodes, ublPresenceHolds } from './vat-presence-ubl.js';

/** A category node as readUbl's VAT-CATEGORY site files it: its cbc:ID as written, place+scheme tag */
const node = (value: string | undefined, tag: string): SourceValue => ({ value, tag, xpath: '/x', line: 1 });

describe('UBL VAT presence tests on category nodes (BR-S-01 … BR-O-01)', () => {
  it('BR-S-01 counts the category of any allowance, also one the model cannot place, and any scheme', () => {
    // a cac:AllowanceCharge without cbc:ChargeIndicator still counts (BR-CL-17 unit file)
    expect(ublPresenceHolds([node('S', 'allowance')], 'S', 'atLeastOne', false)).toBe(false);
    expect(
      ublPresenceHolds([node('S', 'allowance'), node(' S ', 'breakdown')], 'S', 'atLeastOne', false),
    ).toBe(true);
    // a breakdown in a second cac:TaxTotal (another currency) counts as well
    expect(
      ublPresenceHolds([node('S', 'line+VAT'), node('S', 'breakdown+VAT')], 'S', 'atLeastOne', false),
    ).toBe(true);
    expect(ublPresenceHolds([node('S', 'other+VAT')], 'S', 'atLeastOne', false)).toBe(true);
  });

  it('"exactly one" categories count every cac:TaxCategory of the VAT scheme as a use', () => {
    expect(ublPresenceHolds([node('Z', 'other+VAT')], 'Z', 'exactlyOne', false)).toBe(false);
    expect(ublPresenceHolds([node('Z', 'other')], 'Z', 'exactlyOne', false)).toBe(true);
    const two = [node('E', 'line+VAT'), node('E', 'breakdown+VAT'), node('E', 'breakdown+VAT')];
    expect(ublPresenceHolds(two, 'E', 'exactlyOne', false)).toBe(false);
    expect(ublPresenceHolds(two.slice(0, 2), 'E', 'exactlyOne', false)).toBe(true);
  });

  it("BR-AF-01 / BR-AG-01 compare the breakdown's code as written in their first half", () => {
    const spaced = [node('L', 'line+VAT'), node(' L', 'breakdown+VAT')];
    expect(ublPresenceHolds(spaced, 'L', 'atLeastOne', true, 'asWrittenAnyScheme')).toBe(false);
    expect(ublPresenceHolds(spaced, 'L', 'atLeastOne', true, 'normalized')).toBe(true);
    // AF's first half takes a breakdown of any scheme, AG's only one of the VAT scheme
    expect(
      ublPresenceHolds(
        [node('L', 'line+VAT'), node('L', 'breakdown')],
        'L',
        'atLeastOne',
        true,
        'asWrittenAnyScheme',
      ),
    ).toBe(true);
    expect(
      ublPresenceHolds(
        [node('M', 'line+VAT'), node('M', 'breakdown')],
        'M',
        'atLeastOne',
        true,
        'asWrittenVatScheme',
      ),
    ).toBe(false);
  });
});

describe('UBL identifier tests (02/03/04) select the category nodes the official guards select', () => {
  const nodes = categoryNodes([
    node('O', 'line+VAT'),
    node('O', 'allowance:false:document+VAT'),
    node('O', 'allowance:true:line+VAT'),
    node('O', 'allowance::document+VAT'),
  ]);
  it('lines, allowances and charges by their charge indicator; an allowance without one is neither', () => {
    expect(identifierNodes(nodes, 2).map((n) => n.source.tag)).toEqual(['line+VAT']);
    expect(identifierNodes(nodes, 3).map((n) => n.source.tag)).toEqual(['allowance:false:document+VAT']);
    expect(identifierNodes(nodes, 4).map((n) => n.source.tag)).toEqual(['allowance:true:line+VAT']);
  });
  it("BR-O-03/04 see the document's allowances and charges only", () => {
    expect(identifierNodes(nodes, 4, true)).toEqual([]);
  });
});
