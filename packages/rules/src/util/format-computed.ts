/**
 * found / expected of the number-format rules (BR-DEC-*, BR-FR-DEC-*; decision 0139): the number as
 * written and the nearest one the rule accepts — rounded to the allowed decimals (half away from
 * zero, as an accountant rounds) and, where the rule wants it positive, without the sign.
 */
import { Decimal } from 'decimal.js';
import type { Computed } from '../computed.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The number as a plain decimal string: the written form when there is one, else the model's */
function plain(value: unknown, written: string | undefined): string | undefined {
  if (written !== undefined) return written.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return new D(value).toFixed();
  if (typeof value === 'string') return value.trim();
  return undefined;
}

/**
 * What a format rule found and would accept, or undefined when rounding and the sign cannot make
 * the number acceptable (more integer digits than allowed, or not a number at all): the finding then
 * carries no expected value rather than a wrong one.
 */
export function formatComputed(
  term: string,
  value: unknown,
  written: string | undefined,
  allowed: number,
  opts: { positive?: boolean; maxDigits?: number } = {},
): Computed | undefined {
  const text = plain(value, written);
  const m = text === undefined ? null : /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m || text === undefined) return undefined;
  const given = (m[3] ?? '').length;
  const number = new D(text);
  const negative = opts.positive === true && number.isNegative() && !number.isZero();
  const places = Math.min(given, allowed);
  const accepted = (negative ? number.abs() : number).toDecimalPlaces(places).toFixed(places);
  if (accepted.replace(/[.-]/g, '').length > (opts.maxDigits ?? 19)) return undefined;
  if (given <= allowed && !negative) return undefined;
  return {
    expected: accepted,
    found: text,
    format: {
      term,
      ...(given > allowed ? { decimals: { given, allowed } } : {}),
      ...(negative ? { negative } : {}),
    },
  };
}
