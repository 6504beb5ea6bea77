/**
 * The calculation rules' exact micro-unit fast path (decision 0163) against decimal.js: each helper
 * on seeded random values, then the whole of validate() with the fast path on and off on seeded
 * mutants of the official examples whose amounts are nudged (half cents, one unit, many decimals,
 * huge values, text): the findings must be the same, byte for byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCii } from '@einv/cii';
import { locationsOf } from '@einv/core-model';
import { readUbl } from '@einv/ubl';
import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { prng as random } from '../../../../tests/support/prng.js';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { validate } from '../validate.js';
import { add, fastPath, microOf, round0, round2, sumOf, vatOf } from './micro.js';
import { atMostTwoDecimals, dec, decimalsOf, round0 as decRound0, round2 as decRound2 } from './money.js';

/** A decimal text with 0–8 decimals and up to 12 integer digits, halves and nines favoured */
function decimalText(next: () => number): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const whole = digits(1 + Math.floor(next() * (next() < 0.8 ? 6 : 12))).replace(/^0+(?=\d)/, '');
  const places = Math.floor(next() * 9);
  let fraction = digits(places);
  if (places > 0 && next() < 0.3) fraction = `${fraction.slice(0, -1)}5`;
  if (places > 0 && next() < 0.1) fraction = '9'.repeat(places);
  return `${next() < 0.3 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const micros = (d: Decimal) => d.times(1e6);

describe('micro-units against decimal.js', () => {
  const next = random(163);
  const texts = Array.from({ length: 6000 }, () => decimalText(next));

  it('reads numbers and texts as dec() does, or says it cannot', () => {
    let exact = 0;
    for (const text of texts) {
      for (const value of [Number(text), text, ` ${text} `]) {
        const m = microOf(value);
        const d = dec(value);
        if (m === null) expect(d).toBeUndefined();
        else if (m !== undefined) {
          expect(Number.isSafeInteger(m)).toBe(true);
          expect(d && micros(d).eq(m)).toBe(true);
          exact++;
        }
      }
    }
    expect(microOf(Number.NaN)).toBeNull();
    expect(microOf(Number.POSITIVE_INFINITY)).toBeNull();
    expect(microOf('1,5')).toBeNull();
    expect(microOf(undefined)).toBeNull();
    expect(microOf(0.1 + 0.2)).toBeUndefined(); // 0.30000000000000004: more than 6 decimals
    expect(microOf(1e10)).toBeUndefined(); // beyond the range where a double names one 6-decimal value
    expect(microOf('12.3456789')).toBeUndefined();
    expect(microOf('-.5')).toBe(-500000);
    // the fast path must cover the common case, or it buys nothing
    expect(exact).toBeGreaterThan(texts.length);
  });

  it('rounds as the official XPath round(), halves towards +∞', () => {
    for (const text of texts) {
      const m = microOf(text);
      if (typeof m !== 'number') continue;
      const d = new Decimal(text);
      expect(micros(decRound2(d)).eq(round2(m))).toBe(true);
      expect(micros(decRound0(d)).eq(round0(m))).toBe(true);
    }
    expect(round2(-1005000)).toBe(-1000000); // round(-100.5) = -100
    expect(round2(1005000)).toBe(1010000);
    expect(round0(-500000)).toBe(0);
  });

  it('computes round(|base| × rate ÷ 100) as decimal.js does, or says it cannot', () => {
    let exact = 0;
    for (let i = 0; i + 1 < texts.length; i += 2) {
      const base = microOf(texts[i]);
      const rate = microOf(
        next() < 0.5 ? ['20', '5.5', '19.6', '2.1', '0', '7', '-10'][i % 7] : texts[i + 1],
      );
      if (typeof base !== 'number' || typeof rate !== 'number') continue;
      const vat = vatOf(base, rate);
      if (vat === undefined) continue;
      const expected = decRound2(new Decimal(base).div(1e6).abs().times(new Decimal(rate).div(1e6)).div(100));
      expect(micros(expected).eq(vat)).toBe(true);
      exact++;
    }
    expect(exact).toBeGreaterThan(texts.length / 4);
  });

  it('says a number has at most two decimals exactly when decimalsOf() does', () => {
    let fast = 0;
    for (const text of texts) {
      for (const v of [Number(text), Number(text) / 7, Number(text) * 1e3, Number(text) / 1e9]) {
        expect([v, atMostTwoDecimals(v)]).toEqual([v, decimalsOf(v) <= 2]);
        if (!Number.isInteger(v) && decimalsOf(v) <= 2) fast++;
      }
    }
    for (const v of [0.1 + 0.2, 1e21 + 0.5, 1.005, -0, Number.NaN, 99999999999.99, 1e-7, 0.01])
      expect([v, atMostTwoDecimals(v)]).toEqual([v, decimalsOf(v) <= 2]);
    expect(fast).toBeGreaterThan(1000);
  });

  it('sums exactly, skipping what dec() skips, or says it cannot', () => {
    const items = [
      { amount: 10.1 },
      { amount: 'x' },
      null,
      { amount: 0.2 },
      { other: 1 },
      { amount: '3.005' },
    ];
    expect(sumOf(items, 'amount')).toEqual({ total: 13305000, count: 3 });
    expect(sumOf([{ amount: 0.1234567 }], 'amount')).toBeUndefined();
    expect(sumOf('not a list', 'amount')).toEqual({ total: 0, count: 0 });
    expect(add(2 ** 52, 2 ** 52)).toBeUndefined();
  });
});

/** Official examples with their amounts nudged: near misses of every calculation rule */
function mutants(xml: string, next: () => number): string[] {
  const nudges = [
    (v: number) => v + 0.005,
    (v: number) => v - 0.005,
    (v: number) => v + 0.01,
    (v: number) => v + 0.5,
    (v: number) => v + 0.9999999,
    (v: number) => v - 1,
    (v: number) => v + 1,
    (v: number) => v * 1e9,
    (v: number) => -v,
    () => 0,
  ];
  const texts = [
    (s: string) => `${s}0000000`,
    (s: string) => ` ${s} `,
    () => 'abc',
    () => '',
    (s: string) => `+${s}`,
  ];
  const out: string[] = [];
  for (let k = 0; k < 12; k++) {
    out.push(
      xml.replace(/>(-?\d+(?:\.\d+)?)</g, (all, value: string) => {
        if (next() > 0.25) return all;
        if (next() < 0.25) return `>${texts[Math.floor(next() * texts.length)]?.(value)}<`;
        const nudged = nudges[Math.floor(next() * nudges.length)]?.(Number(value)) ?? 0;
        return `>${next() < 0.5 ? nudged.toFixed(2) : String(nudged)}<`;
      }),
    );
  }
  return out;
}

describeIfShared('validate() with and without the fast path', () => {
  const syntaxes = [
    { syntax: 'CII', dir: 'en16931/cii/examples', read: readCii },
    { syntax: 'UBL', dir: 'en16931/ubl/examples', read: readUbl },
  ] as const;
  for (const { syntax, dir, read } of syntaxes) {
    it(`gives the same findings on nudged official ${syntax} examples`, () => {
      const next = random(syntax === 'CII' ? 1 : 2);
      const folder = sharedPath(dir);
      const files = fs.readdirSync(folder).filter((f) => f.endsWith('.xml') && !f.startsWith('FT '));
      let checked = 0;
      let findings = 0;
      for (const file of files) {
        for (const xml of mutants(fs.readFileSync(path.join(folder, file), 'utf8'), next)) {
          const r = read(new TextEncoder().encode(xml));
          const options = {
            syntax,
            locations: locationsOf(r),
            source: r.source,
            profile: 'EN16931',
          } as const;
          const fast = JSON.stringify(validate(r.invoice, options));
          fastPath.enabled = false;
          try {
            expect(fast).toBe(JSON.stringify(validate(r.invoice, options)));
          } finally {
            fastPath.enabled = true;
          }
          checked++;
          findings += (fast.match(/"rule":"BR-(CO|S|Z|E|AE|IC|G|O|AF|AG|B)-/g) ?? []).length;
        }
      }
      expect(checked).toBeGreaterThan(100);
      // the nudges must reach the calculation rules, or the comparison says nothing
      expect(findings).toBeGreaterThan(checked);
    });
  }
});
