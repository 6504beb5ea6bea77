/**
 * The structure check's flat lists remembered per type (decision 0260): an element whose children
 * are named as the last clean element's of its type takes the same items; any other is matched
 * again, and reports as before, whatever came before it.
 */
import { parseXml, type XmlElement } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { prepareModel, type StructureData } from './model.js';
import { validateStructure } from './validate.js';

const T = 'urn:t';
// Root: L+ ;  L: A B? C{1,2} ;  A, B, C: strings ; D: a decimal
const data: StructureData = {
  ns: [T],
  simple: [{ b: 'string' }, { b: 'decimal' }],
  elems: [
    [0, 'Root', 0],
    [0, 'L', 1],
    [0, 'A', 2],
    [0, 'B', 2],
    [0, 'C', 3],
  ],
  types: [
    { c: ['s', 1, 1, [1, 1, -1]] },
    { c: ['s', 1, 1, [2, 1, 1], [3, 0, 1], [4, 1, 2]] },
    { s: 0 },
    { s: 1 },
  ],
  lax: [],
  roots: { Root: 0 },
};

const root = (lines: string): XmlElement => {
  const r = parseXml(`<Root xmlns="${T}">${lines}</Root>`);
  if (!r.ok) throw new Error(r.error.message);
  return r.root;
};
const rules = (model: ReturnType<typeof prepareModel>, lines: string): string[] =>
  validateStructure(model, root(lines), 'Root').map((f) => `${f.rule} ${f.xpath}`);

describe('flat lists remembered per type', () => {
  const clean = '<L><A>a</A><B>b</B><C>1</C></L>';
  const cases: [string, string[]][] = [
    // same names as the clean line: the remembered items, the values still checked
    ['<L><A>x</A><B>y</B><C>2.5</C></L>', []],
    ['<L><A>x</A><B>y</B><C>no</C></L>', ['XSD-DATATYPE /Root/L[2]/C']],
    // other names: matched again
    ['<L><A>x</A><C>1</C><C>2</C></L>', []],
    ['<L><A>x</A><C>1</C><C>2</C><C>3</C></L>', ['XSD-CARDINALITY /Root/L[2]/C[3]']],
    ['<L><B>y</B><C>1</C></L>', ['XSD-MISSING /Root/L[2]/B']],
    ['<L><A>x</A><B>y</B></L>', ['XSD-MISSING /Root/L[2]']],
    ['<L><B>y</B><A>x</A><C>1</C></L>', ['XSD-MISSING /Root/L[2]/B', 'XSD-ORDER /Root/L[2]/A']],
  ];
  it.each(cases)('after a clean line: %s', (line, expected) => {
    const model = prepareModel(data);
    expect(rules(model, clean)).toEqual([]);
    expect(rules(model, `${clean}${line}`)).toEqual(expected);
    // the same line first, on a fresh model: the same findings
    expect(rules(prepareModel(data), `${clean}${line}`)).toEqual(expected);
  });

  it('a line with findings is not remembered', () => {
    const model = prepareModel(data);
    expect(rules(model, '<L><A>x</A><A>y</A><C>1</C></L>')).toEqual(['XSD-CARDINALITY /Root/L/A[2]']);
    expect(rules(model, '<L><A>x</A><A>y</A><C>1</C></L>')).toEqual(['XSD-CARDINALITY /Root/L/A[2]']);
  });
});
