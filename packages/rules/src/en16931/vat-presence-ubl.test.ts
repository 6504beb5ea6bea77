import type { SourceValue } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  type CategoryNode,
  categoryNodes,
  firstNodesOf,
  identifierNodes,
  ublPresenceHolds,
  ublPresenceHoldsByWalk,
} from './vat-presence-ubl.js';

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

describe('the UBL presence tally and first-node index (one pass per document)', () => {
  const anyNode = fc.record({
    value: fc.option(fc.constantFrom('S', 'Z', 'E', ' S', 'L', 'L ', 'M', 'O', ''), { nil: undefined }),
    tag: fc.constantFrom(
      'line',
      'line+VAT',
      'allowance:true:line+VAT',
      'allowance:false:document+VAT',
      'allowance:false:document',
      'allowance+VAT',
      'breakdown',
      'breakdown+VAT',
      'other+VAT',
      'other',
    ),
    xpath: fc.constant('/x'),
    line: fc.nat(),
  }) as fc.Arbitrary<SourceValue>;
  const codes = ['S', 'Z', 'E', 'L', 'M', 'O', ''];

  it('ublPresenceHolds gives what the node-by-node walk gives, for every code, mode and filter', () => {
    fc.assert(
      fc.property(fc.array(anyNode, { maxLength: 20 }), (list) => {
        for (const code of codes)
          for (const mode of ['atLeastOne', 'exactlyOne', 'notSubject'] as const)
            for (const vatOnly of [false, true])
              for (const written of ['normalized', 'asWrittenAnyScheme', 'asWrittenVatScheme'] as const)
                expect(ublPresenceHolds(list, code, mode, vatOnly, written)).toBe(
                  ublPresenceHoldsByWalk(list, code, mode, vatOnly, written),
                );
      }),
      { numRuns: 300 },
    );
  });

  it('firstNodesOf gives the nodes find() gave on each selection, scanned or indexed', () => {
    fc.assert(
      // beyond 16 nodes a selection is indexed, up to 16 scanned: lists of both sizes
      fc.property(fc.array(anyNode, { maxLength: 60 }), (list) => {
        const all = categoryNodes(list);
        for (const kind of [2, 3, 4] as const)
          for (const documentOnly of [false, true]) {
            const selection = identifierNodes(all, kind, documentOnly);
            for (const code of codes)
              for (const asWritten of [false, true]) {
                const matches = (n: CategoryNode) => (asWritten ? n.written : n.code) === code;
                const first = firstNodesOf(selection, code, asWritten);
                expect(first.any).toBe(selection.find(matches));
                expect(first.vat).toBe(selection.find((n) => n.vat && matches(n)));
              }
          }
      }),
      { numRuns: 300 },
    );
  });

  it('walks a list with a hole as before (the tally is not used)', () => {
    const list: SourceValue[] = [node('S', 'line+VAT')];
    list[2] = node('S', 'breakdown+VAT');
    expect(() => ublPresenceHolds(list, 'S', 'atLeastOne', false)).toThrow(
      "Cannot read properties of undefined (reading 'place')",
    );
  });
});

describe('categoryNodes reads the tag as its split parts say (decision 0234)', () => {
  /** The reading by split() the parts are now found without */
  const bySplit = (tag: string) => {
    const [where = '', scheme] = tag.split('+');
    const [place = 'other', indicator, level] = where.split(':');
    return {
      place: ['line', 'allowance', 'breakdown', 'other'].includes(place) ? place : 'other',
      charge: indicator === 'true' ? true : indicator === 'false' ? false : undefined,
      vat: scheme === 'VAT',
      document: level === 'document',
    };
  };
  const parts = ['', 'line', 'allowance', 'breakdown', 'other', 'true', 'false', 'document', 'VAT', 'x'];
  const tagOf = fc
    .array(fc.tuple(fc.constantFrom(...parts), fc.constantFrom('', '+', ':', '++', '+:', ':+')), {
      maxLength: 6,
    })
    .map((pieces) => pieces.map(([part, sep]) => part + sep).join(''));

  it('on tags made of the parts and separators in any order', () => {
    fc.assert(
      fc.property(tagOf, (tag) => {
        const [read] = categoryNodes([node('S', tag)]);
        const { place, charge, vat, document } = read as CategoryNode;
        expect({ tag, place, charge, vat, document }).toEqual({ tag, ...bySplit(tag) });
      }),
      { numRuns: 2000, seed: 17 },
    );
  });
});
