/** The XSD built-in types as libxml2 reads them (white space, lexical forms, facets). */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from '@jest/globals';
import { checkSimple } from './simple.js';

const ok = (b: string, v: string) => checkSimple({ b }, v) === null;

describe('checkSimple', () => {
  it('decimal: digits with one optional point and sign, surrounding white space collapsed; no comma, no exponent', () => {
    for (const v of ['1', '-1.5', '+.5', '12.', ' 3.14\n']) expect(ok('decimal', v)).toBe(true);
    for (const v of ['', '1,5', '1e3', '1.2.3', '- 1', 'abc']) expect(ok('decimal', v)).toBe(false);
  });
  it('decimal and integer: the character loops accept exactly what the XSD patterns do', () => {
    const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
    const INTEGER = /^[+-]?\d+$/;
    const alphabet = ['0', '9', '+', '-', '.', 'a', '\u0660', '/', ':'];
    let values = [''];
    for (let len = 0; len < 4; len++) {
      for (const v of values) {
        // white space is collapsed before the lexical check: compare on the collapsed value
        expect([v, ok('decimal', v)]).toEqual([v, DECIMAL.test(v)]);
        expect([v, ok('integer', v)]).toEqual([v, INTEGER.test(v)]);
      }
      values = values.flatMap((v) => alphabet.map((c) => v + c));
    }
  });
  it('date: real calendar days, leap years, optional time zone up to ±14:00', () => {
    for (const v of ['2024-02-29', '2000-02-29', '2024-12-31Z', '2024-01-01+14:00'])
      expect(ok('date', v)).toBe(true);
    for (const v of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '20240101',
      '0000-01-01',
      '2024-01-01+15:00',
      // the YYYY-MM-DD shape read in place: only ASCII digits, day and month in range
      '2024-0a-01',
      '\uff12\uff10\uff12\uff14-01-01',
      '2024-00-10',
      '2024-06-00',
      '2024-06-3 ',
    ])
      expect(ok('date', v)).toBe(false);
    for (const v of ['9999-12-31', '0001-01-01', '2400-02-29', ' 2024-06-30 '])
      expect(ok('date', v)).toBe(true);
  });
  it('normalizedString: tabs and line breaks become spaces before the facets', () => {
    expect(checkSimple({ b: 'normalizedString', e: ['a b'] }, 'a\tb')).toBeNull();
    expect(checkSimple({ b: 'normalizedString', e: ['a b'] }, 'a\r\nb')).not.toBeNull();
    expect(checkSimple({ b: 'normalizedString', e: ['a  b'] }, 'a\r\nb')).toBeNull();
    expect(checkSimple({ b: 'normalizedString', maxLength: 3 }, 'abc')).toBeNull();
  });
  it('time and dateTime', () => {
    for (const v of ['10:00:00', '23:59:59.999', '24:00:00', '10:00:00Z']) expect(ok('time', v)).toBe(true);
    for (const v of ['24:00:01', '10:60:00', '10:00']) expect(ok('time', v)).toBe(false);
    expect(ok('dateTime', '2024-01-31T10:00:00')).toBe(true);
    expect(ok('dateTime', '2024-01-31 10:00:00')).toBe(false);
  });
  it('boolean, base64Binary, language', () => {
    for (const v of ['true', 'false', '1', '0', ' true ']) expect(ok('boolean', v)).toBe(true);
    expect(ok('boolean', 'yes')).toBe(false);
    for (const v of ['QUJD', 'QUI=', 'QQ==', 'QU JD\n', '']) expect(ok('base64Binary', v)).toBe(true);
    for (const v of ['QUJ', 'Q===', 'QU=D', 'QUJ*']) expect(ok('base64Binary', v)).toBe(false);
    // white space of every kind, counted out of the length (groups of four without it)
    for (const v of ['QU\tJD', 'Q\rUJD\n', ' QUJD QUI=\n', 'QUJD\r\n\tQQ== '])
      expect(ok('base64Binary', v)).toBe(true);
    for (const v of ['QU\tJ', 'QUJD Q', '\nQUJDQ\r\n']) expect(ok('base64Binary', v)).toBe(false);
    // long values (an attachment) are first tried as canonical base64, natively: the same answers
    const long = Buffer.from(Array.from({ length: 9000 }, (_, i) => (i * 7) % 256)).toString('base64');
    const near = (edit: (v: string) => string) => ok('base64Binary', edit(long));
    expect(near((v) => v)).toBe(true);
    expect(near((v) => `${v.slice(0, -4)}QQ==`)).toBe(true);
    expect(near((v) => `${v.slice(0, -4)}QR==`)).toBe(true); // padding bits set: not canonical, still valid
    expect(near((v) => `${v.slice(0, 76)}\n${v.slice(76)}`)).toBe(true);
    expect(near((v) => `${v.slice(0, 100)}-${v.slice(101)}`)).toBe(false); // base64url's alphabet
    expect(near((v) => `${v.slice(0, 100)}_${v.slice(101)}`)).toBe(false);
    expect(near((v) => `${v.slice(0, 100)}\u0141${v.slice(101)}`)).toBe(false); // read as 0x41 by a byte cast
    expect(near((v) => `${v.slice(0, 100)}=${v.slice(101)}`)).toBe(false);
    expect(near((v) => `${v}QUJD=`)).toBe(false);
    expect(near((v) => v.slice(0, -1))).toBe(false);
    expect(near((v) => `${v}QQ`)).toBe(false);
    expect(ok('language', 'fr-FR')).toBe(true);
    expect(ok('language', 'fr_FR')).toBe(false);
  });
  it('enumeration and length facets', () => {
    expect(checkSimple({ b: 'string', e: ['A', 'B'] }, 'C')).toBe('one of A, B');
    expect(checkSimple({ b: 'token', maxLength: 3 }, ' abcd ')).toBe('at most 3 characters');
    expect(checkSimple({ b: 'token', maxLength: 3 }, ' abc ')).toBeNull();
  });
  it('white space collapsed exactly as a regex replace and trim() would (the scan that skips it agrees)', () => {
    const values = [
      'a',
      'a b',
      'a  b',
      ' a',
      'a ',
      '\ta',
      'a\n',
      'a\r\nb',
      '\u00a0a',
      'a\u00a0',
      'a\u00a0b',
      'a\u000bb',
      '\u3000x',
      'x\ufeff',
    ];
    for (const v of values) {
      const collapsed = v.replace(/[\t\n\r ]+/g, ' ').trim();
      expect(checkSimple({ b: 'token', e: [collapsed] }, v)).toBeNull();
      expect(checkSimple({ b: 'token', e: [`${collapsed}!`] }, v)).not.toBeNull();
    }
  });
  it('pattern facets and lengths in code points', () => {
    expect(checkSimple({ b: 'token', p: ['[A-Z]{2}'] }, 'FR')).toBeNull();
    expect(checkSimple({ b: 'token', p: ['[A-Z]{2}'] }, 'FRA')).toBe('a value matching [A-Z]{2}');
    expect(checkSimple({ b: 'string', length: 2 }, '\u{1F600}\u{1F600}')).toBeNull();
    expect(checkSimple({ b: 'string', maxLength: 1 }, '\u{1F600}\u{1F600}')).toBe('at most 1 characters');
  });
});
