import { parseXml } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { comparedValues } from './compared-values.js';
import { compilePattern, type PatternData, runPattern } from './rules.js';

const NS = 'urn:test';
/** A breakdown whose base must be the lines minus the allowances, and whose VAT is base × rate ÷ 100 */
const pattern: PatternData = {
  ns: { t: NS, xs: 'http://www.w3.org/2001/XMLSchema' },
  rules: [
    [
      '//t:Breakdown',
      [
        ['R-08', 'fatal', 'abs($base - $lines + $allowances) le 0.01', 'base'],
        ['R-09', 'fatal', 'abs($vat - $computedVat) le 0.01', 'vat'],
        ['R-OTHER', 'fatal', 'abs($base - sum(//t:Line)) le 0.01', 'not a chain of variables'],
      ],
      [
        ['rate', 'xs:decimal(t:Rate)'],
        ['base', 'xs:decimal(t:Base)'],
        ['vat', 'xs:decimal(t:Vat)'],
        ['lines', 'xs:decimal(round(sum(//t:Line) * 100) div 100)'],
        ['allowances', 'xs:decimal(sum(//t:Allowance))'],
        ['computedVat', 'xs:decimal(round($base * $rate div 100 * 100) div 100)'],
      ],
    ],
  ],
};

const run = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error('test XML not well-formed');
  return runPattern(compilePattern(pattern), parsed.root);
};

describe('comparedValues: how an official calculation test computes', () => {
  it('the difference as operands with their signs turned; a lone computed variable opened up', () => {
    const findings = run(
      `<Doc xmlns="${NS}"><Line>1000</Line><Line>259.64</Line><Allowance>10</Allowance>` +
        '<Breakdown><Rate>20</Rate><Base>999.99</Base><Vat>1</Vat></Breakdown></Doc>',
    );
    const byRule = Object.fromEntries(findings.map((f) => [f.rule, f]));
    expect(byRule['R-08']).toMatchObject({
      found: '999.99',
      expected: '1249.64',
      calculation: {
        given: 'base',
        operands: [
          { variable: 'lines', value: '1259.64' },
          { op: '−', variable: 'allowances', value: '10' },
        ],
      },
    });
    expect(byRule['R-09']).toMatchObject({
      found: '1',
      expected: '200',
      calculation: {
        given: 'vat',
        operands: [
          { variable: 'base', value: '999.99' },
          { op: '×', variable: 'rate', value: '20' },
          { op: '÷', value: '100' },
        ],
      },
    });
    // found / expected still read, but no formula where the test is not a chain of variables
    expect(byRule['R-OTHER']).toMatchObject({ found: '999.99' });
    expect(byRule['R-OTHER']).not.toHaveProperty('calculation');
  });

  it('a test of another shape gives nothing', () => {
    expect(comparedValues('$a = $b', {})).toBeUndefined();
    expect(comparedValues('abs($a + $b) le 1', {})?.calculation).toBeUndefined();
  });
});
