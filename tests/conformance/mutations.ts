/**
 * Deterministic mutations of real invoices for the differential test: drop an element, change an
 * amount, add decimals, change a code, blank a value, remove a line, swap period dates. Text-level
 * edits on the XML keep the rest of the document byte-identical, so any difference between our
 * verdict and the official one comes from the mutated spot. A seeded PRNG makes every run equal.
 */

import { prng } from '../support/prng.js';

export interface Mutant {
  id: string;
  xml: string;
  /** what was done, for the disagreement list */
  what: string;
}

interface Leaf {
  start: number;
  end: number;
  name: string;
  attrs: string;
  text: string;
  textStart: number;
}

const LEAF = /<((?:[\w.-]+:)?([\w.-]+))((?:\s[^<>]*?)?)>([^<]*)<\/\1>/g;

function leaves(xml: string): Leaf[] {
  const out: Leaf[] = [];
  for (const m of xml.matchAll(LEAF)) {
    const full = m[0];
    const idx = m.index ?? 0;
    out.push({
      start: idx,
      end: idx + full.length,
      name: m[2] ?? '',
      attrs: m[3] ?? '',
      text: m[4] ?? '',
      textStart: idx + full.indexOf('>') + 1,
    });
  }
  return out;
}

const AMOUNT = /^\s*-?\d+(\.\d+)?\s*$/;
const DATE = /^\s*\d{4}-?\d{2}-?\d{2}\s*$/;
const CODES = [
  'S',
  'Z',
  'E',
  'AE',
  'K',
  'G',
  'O',
  'L',
  'M',
  'XX',
  '380',
  '381',
  '30',
  '58',
  '1',
  'ZZZ',
  'FR',
  'DE',
  'EUR',
  'USD',
];

function replaceText(xml: string, leaf: Leaf, text: string): string {
  return xml.slice(0, leaf.textStart) + text + xml.slice(leaf.textStart + leaf.text.length);
}

const LINE_BLOCK =
  /<((?:[\w.-]+:)?(?:IncludedSupplyChainTradeLineItem|InvoiceLine|CreditNoteLine))[\s>][\s\S]*?<\/\1>/g;

/** `count` mutants of one document, the same every run for the same (id, xml, count) */
export function mutate(id: string, xml: string, count: number, seed: number): Mutant[] {
  const rand = prng(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
  const all = leaves(xml);
  const amounts = all.filter(
    (l) => AMOUNT.test(l.text) && /Amount|Price|Quantity|Percent|Total/i.test(l.name),
  );
  const codes = all.filter(
    (l) => /Code$|^ID$|CategoryCode|TypeCode/.test(l.name) && l.text.trim().length <= 4,
  );
  const dates = all.filter((l) => DATE.test(l.text));
  const lineBlocks = [...xml.matchAll(LINE_BLOCK)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const out: Mutant[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; out.length < count && attempt < count * 5; attempt++) {
    const kind = Math.floor(rand() * 7);
    let next: string | undefined;
    let what = '';
    if (kind === 0) {
      const l = pick(all);
      if (l) {
        next = xml.slice(0, l.start) + xml.slice(l.end);
        what = `drop <${l.name}> "${l.text.trim().slice(0, 30)}"`;
      }
    } else if (kind === 1) {
      const l = pick(amounts);
      if (l) {
        const v = Number(l.text) + (rand() < 0.5 ? 1 : -0.01);
        next = replaceText(xml, l, v.toFixed(2));
        what = `change <${l.name}> ${l.text.trim()} → ${v.toFixed(2)}`;
      }
    } else if (kind === 2) {
      const l = pick(amounts);
      if (l) {
        const v = `${Number(l.text).toFixed(2)}7`;
        next = replaceText(xml, l, v);
        what = `three decimals <${l.name}> ${l.text.trim()} → ${v}`;
      }
    } else if (kind === 3) {
      const l = pick(codes);
      const c = pick(CODES);
      if (l && c && c !== l.text.trim()) {
        next = replaceText(xml, l, c);
        what = `code <${l.name}> ${l.text.trim()} → ${c}`;
      }
    } else if (kind === 4) {
      const l = pick(all);
      if (l) {
        next = replaceText(xml, l, '');
        what = `blank <${l.name}>`;
      }
    } else if (kind === 5) {
      const b = pick(lineBlocks);
      if (b) {
        next = xml.slice(0, b.start) + xml.slice(b.end);
        what = 'remove a line';
      }
    } else {
      const l = pick(dates);
      if (l) {
        // shift a date a year back (periods turn inverted, dates reorder)
        const t = l.text.trim();
        const y = String(Number(t.slice(0, 4)) - 1).padStart(4, '0');
        next = replaceText(xml, l, y + t.slice(4));
        what = `date <${l.name}> ${t} → ${y}${t.slice(4)}`;
      }
    }
    if (next === undefined || next === xml || seen.has(next)) continue;
    seen.add(next);
    out.push({ id: `${id}~m${out.length + 1}`, xml: next, what });
  }
  return out;
}
