/**
 * Display formatting of amounts, quantities and dates. Amounts are shown, never computed here:
 * complete() has already done the exact decimal arithmetic, Intl only prints the digits.
 */
import type { Lang } from './labels.js';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: true,
    });
    cache.set(key, f);
  }
  return f;
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF', JPY: '¥' };

/** 1 234,56 € (fr) / €1,234.56 (en) — currency symbol for the common ones, the ISO code otherwise */
export function money(value: number | undefined, currency: string | undefined, lang: Lang): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const digits = formatter(lang, 2, 2).format(value);
  const symbol = currency ? (SYMBOLS[currency] ?? currency) : '';
  if (!symbol) return digits;
  return lang === 'fr' ? `${digits} ${symbol}` : `${symbol}${symbol.length > 1 ? ' ' : ''}${digits}`;
}

export function amount(value: number | undefined, lang: Lang): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return formatter(lang, 2, 2).format(value);
}

/** Unit prices may carry up to 6 decimals (BR-FR-DEC-03) */
export function price(value: number | undefined, lang: Lang): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return formatter(lang, 2, 6).format(value);
}

export function quantity(value: number | undefined, lang: Lang): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return formatter(lang, 0, 4).format(value);
}

export function percent(value: number | undefined, lang: Lang): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return `${formatter(lang, 0, 2).format(value)} %`;
}

/** ISO YYYY-MM-DD printed without a Date object (no time zone can shift it): 31/01/2026 or 2026-01-31 */
export function date(value: string | undefined, lang: Lang): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  if (!m) return String(value);
  return lang === 'fr' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
}

/** IBAN in groups of four, as printed on bank documents */
export function iban(value: string): string {
  const compact = String(value).replace(/\s+/g, '');
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) ? compact.replace(/(.{4})/g, '$1 ').trim() : value;
}
