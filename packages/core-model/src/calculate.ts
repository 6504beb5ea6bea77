/**
 * The calculations of EN 16931 (line net amounts, VAT breakdown, document totals), exact and with
 * their derivation. Pure functions of the invoice: they never mutate it and never validate it —
 * a value they cannot compute (missing quantity, base quantity 0…) is simply left out, and the
 * rules report why.
 */
import type { AllowanceCharge, Invoice, Line, Totals, VatBreakdown } from './model.js';
import {
  type Cents,
  CentsSum,
  centsToNumber,
  centsToString,
  formatDecimal,
  mulDivCents,
  percentOfCents,
  toBigCents,
  toCents,
} from './money.js';

/** One step of a derivation: which term, from what, and the arithmetic with its operands. */
export interface DerivationStep {
  /** Business term computed (BT-106…BT-117) */
  term: string;
  /** Model path of the value, rooted at `invoice` */
  path: string;
  /** The formula in business terms, e.g. `BT-106 − BT-107 + BT-108` */
  formula: string;
  /** The formula with its operands, e.g. `1000.00 − 50.00 + 10.00 = 960.00` */
  computation: string;
  value: number;
  /** `given` when the caller's value was kept (the rules compare it with the computed one) */
  source: 'computed' | 'given';
}

export interface CalculationOptions {
  /** Keep the amounts the caller gave instead of recomputing them (default true) */
  keepGiven?: boolean;
}

function usable(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** BT-92/BT-136 (or BT-99/BT-141) amount: the given one, else base × percentage / 100. */
export function allowanceChargeCents(ac: AllowanceCharge | undefined): bigint | undefined {
  const c = allowanceChargeValue(ac);
  return c === undefined ? undefined : toBigCents(c);
}

function allowanceChargeValue(ac: AllowanceCharge | undefined): Cents | undefined {
  if (ac === null || typeof ac !== 'object') return undefined;
  if (usable(ac.amount)) return mulDivCents(ac.amount, 1, 1);
  if (usable(ac.baseAmount) && usable(ac.percentage)) return mulDivCents(ac.baseAmount, ac.percentage, 100);
  return undefined;
}

function sumAllowanceCharges(list: readonly AllowanceCharge[]): bigint {
  let sum = 0n;
  for (const ac of list) sum += toBigCents(allowanceChargeValue(ac) ?? 0);
  return sum;
}

/**
 * BT-131 derived from the line: quantity × (unit price / base quantity) rounded to 2 decimals,
 * minus the line allowances (BG-27), plus the line charges (BG-28). Undefined when quantity or
 * unit price is missing, or the base quantity is 0.
 */
export function deriveLineNetCents(line: Line): bigint | undefined {
  const c = deriveLineNet(line);
  return c === undefined ? undefined : toBigCents(c);
}

function deriveLineNet(line: Line): Cents | undefined {
  if (!usable(line.quantity) || !usable(line.unitPrice)) return undefined;
  const base = usable(line.baseQuantity) ? line.baseQuantity : 1;
  const gross = mulDivCents(line.quantity, line.unitPrice, base);
  if (gross === undefined) return undefined;
  const hasAllowances = Array.isArray(line.allowances) && line.allowances.length > 0;
  const hasCharges = Array.isArray(line.charges) && line.charges.length > 0;
  // The common line has neither: its net amount stays a plain number (no bigint allocated)
  if (!hasAllowances && !hasCharges) return gross;
  let net = toBigCents(gross);
  if (hasAllowances) net -= sumAllowanceCharges(line.allowances!);
  if (hasCharges) net += sumAllowanceCharges(line.charges!);
  return net;
}

/** BT-131 as the calculations use it: the given value (rounded to cents) or the derived one. */
export function lineNetCents(line: Line, keepGiven = true): bigint | undefined {
  if (keepGiven && usable(line.netAmount)) return toCents(line.netAmount);
  return deriveLineNetCents(line);
}

/** The BT-151/BT-95/BT-102 category used for grouping: S is implied by a positive rate. */
export function effectiveCategory(category: unknown, rate: unknown): string | undefined {
  // Only an absent category is implied; a given one (even '' or a wrong code) is kept as written,
  // exactly as complete() leaves it on the line, so the breakdown shows what the rules will judge.
  if (category === undefined) return usable(rate) && rate > 0 ? 'S' : undefined;
  return typeof category === 'string' ? category : undefined;
}

interface Group {
  category: string | undefined;
  rate: number | undefined;
  lines: CentsSum;
  charges: bigint;
  allowances: bigint;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

/** Groups keyed by category then rate, without building a string key per line. */
class Groups {
  private readonly byCategory = new Map<string | undefined, Map<number | undefined, Group>>();
  readonly all: Group[] = [];

  get(category: string | undefined, rawRate: unknown): Group {
    const rate = usable(rawRate) ? rawRate : undefined;
    let byRate = this.byCategory.get(category);
    if (byRate === undefined) {
      byRate = new Map();
      this.byCategory.set(category, byRate);
    }
    let g = byRate.get(rate);
    if (g === undefined) {
      g = { category, rate, lines: new CentsSum(), charges: 0n, allowances: 0n };
      byRate.set(rate, g);
      this.all.push(g);
    }
    return g;
  }
}

const CATEGORY_ORDER = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B'];

function compareGroups(a: Group, b: Group): number {
  const ca = a.category === undefined ? 99 : CATEGORY_ORDER.indexOf(a.category);
  const cb = b.category === undefined ? 99 : CATEGORY_ORDER.indexOf(b.category);
  if (ca !== cb) return (ca < 0 ? 50 : ca) - (cb < 0 ? 50 : cb);
  if (a.category !== b.category) return String(a.category) < String(b.category) ? -1 : 1;
  return (b.rate ?? -1) - (a.rate ?? -1);
}

/** What one pass over the invoice yields; shared by complete(), computeTotals and computeVatBreakdown. */
export interface Calculation {
  /** BT-131 per line (given or derived), undefined when it cannot be computed */
  lineNets: (Cents | undefined)[];
  /** true when lineNets[i] was derived (the line had no net amount) */
  lineNetDerived: boolean[];
  /** BG-23: the caller's breakdown when given (and kept), else the computed one */
  breakdown: VatBreakdown[];
  breakdownTaxCents: bigint[];
  breakdownGiven: boolean;
  totals: Totals;
  steps: DerivationStep[];
}

/** One pass over the lines and document allowances/charges: the core of every export here. */
export function calculate(
  invoice: Invoice,
  options: CalculationOptions & { explain?: boolean } = {},
): Calculation {
  const keepGiven = options.keepGiven ?? true;
  const explain = options.explain ?? false;
  const steps: DerivationStep[] = [];
  const lines = Array.isArray(invoice.lines) ? invoice.lines : [];
  const groups = new Groups();
  const lineNets: (Cents | undefined)[] = new Array(lines.length);
  const lineNetDerived: boolean[] = new Array(lines.length);
  const lineNetSum = new CentsSum();

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === null || typeof line !== 'object') {
      lineNets[i] = undefined;
      lineNetDerived[i] = false;
      continue;
    }
    const given = keepGiven && usable(line.netAmount);
    const net = given ? mulDivCents(line.netAmount as number, 1, 1) : deriveLineNet(line);
    lineNets[i] = net;
    lineNetDerived[i] = !given && net !== undefined;
    const g = groups.get(effectiveCategory(line.vatCategory, line.vatRate), line.vatRate);
    if (net !== undefined) {
      lineNetSum.add(net);
      g.lines.add(net);
    }
    if (g.exemptionReason === undefined && typeof line.vatExemptionReason === 'string') {
      g.exemptionReason = line.vatExemptionReason;
    }
    if (g.exemptionReasonCode === undefined && typeof line.vatExemptionReasonCode === 'string') {
      g.exemptionReasonCode = line.vatExemptionReasonCode;
    }
  }

  const allowances = Array.isArray(invoice.allowances) ? invoice.allowances : [];
  const charges = Array.isArray(invoice.charges) ? invoice.charges : [];
  let allowanceSum = 0n;
  let chargeSum = 0n;
  for (const a of allowances) {
    const c = allowanceChargeCents(a) ?? 0n;
    allowanceSum += c;
    if (a !== null && typeof a === 'object')
      groups.get(effectiveCategory(a.vatCategory, a.vatRate), a.vatRate).allowances += c;
  }
  for (const ch of charges) {
    const c = allowanceChargeCents(ch) ?? 0n;
    chargeSum += c;
    if (ch !== null && typeof ch === 'object')
      groups.get(effectiveCategory(ch.vatCategory, ch.vatRate), ch.vatRate).charges += c;
  }

  // BG-23: the caller's breakdown is kept as it is; otherwise one entry per (category, rate).
  const givenBreakdown = keepGiven && Array.isArray(invoice.vatBreakdown) && invoice.vatBreakdown.length > 0;
  const breakdown: VatBreakdown[] = [];
  const breakdownTaxCents: bigint[] = [];
  if (givenBreakdown) {
    (invoice.vatBreakdown ?? []).forEach((b, i) => {
      breakdown.push(b);
      const tax =
        b !== null && typeof b === 'object' && usable(b.taxAmount) ? (toCents(b.taxAmount) ?? 0n) : 0n;
      breakdownTaxCents.push(tax);
      if (explain && b !== null && typeof b === 'object' && usable(b.taxAmount)) {
        steps.push(givenStep('BT-117', `invoice.vatBreakdown[${i}].taxAmount`, tax));
      }
    });
  } else {
    const sorted = [...groups.all].sort(compareGroups);
    sorted.forEach((g, i) => {
      const lineSum = g.lines.value;
      const taxable = lineSum + g.charges - g.allowances;
      const tax = g.rate === undefined ? 0n : percentOfCents(taxable, g.rate);
      const entry: VatBreakdown = { taxableAmount: centsToNumber(taxable), taxAmount: centsToNumber(tax) };
      if (g.category !== undefined) entry.category = g.category;
      if (g.rate !== undefined) entry.rate = g.rate;
      if (g.exemptionReason !== undefined) entry.exemptionReason = g.exemptionReason;
      if (g.exemptionReasonCode !== undefined) entry.exemptionReasonCode = g.exemptionReasonCode;
      breakdown.push(entry);
      breakdownTaxCents.push(tax);
      if (explain) {
        const label =
          `${g.category ?? '(no category)'} ${g.rate === undefined ? '' : `${formatDecimal(g.rate)} %`}`.trim();
        steps.push({
          term: 'BT-116',
          path: `invoice.vatBreakdown[${i}].taxableAmount`,
          formula: `Σ BT-131 of ${label} lines + Σ BT-99 − Σ BT-92 of ${label}`,
          computation: `${centsToString(lineSum)} + ${centsToString(g.charges)} − ${centsToString(g.allowances)} = ${centsToString(taxable)}`,
          value: centsToNumber(taxable),
          source: 'computed',
        });
        steps.push({
          term: 'BT-117',
          path: `invoice.vatBreakdown[${i}].taxAmount`,
          formula: g.rate === undefined ? 'no rate: 0' : 'round_half_up(BT-116 × BT-119 / 100, 2)',
          computation:
            g.rate === undefined
              ? `0.00`
              : `round(${centsToString(taxable)} × ${formatDecimal(g.rate)} / 100) = ${centsToString(tax)}`,
          value: centsToNumber(tax),
          source: 'computed',
        });
      }
    });
  }

  const totals = computeTotalsFrom(invoice.totals, keepGiven, explain, steps, {
    lineNetSum: lineNetSum.value,
    lineCount: lines.length,
    allowanceSum: allowances.length > 0 ? allowanceSum : undefined,
    chargeSum: charges.length > 0 ? chargeSum : undefined,
    vatSum: breakdownTaxCents.reduce((a, b) => a + b, 0n),
  });
  return {
    lineNets,
    lineNetDerived,
    breakdown,
    breakdownTaxCents,
    breakdownGiven: givenBreakdown,
    totals,
    steps,
  };
}

function givenStep(term: string, path: string, cents: bigint): DerivationStep {
  return {
    term,
    path,
    formula: 'given',
    computation: centsToString(cents),
    value: centsToNumber(cents),
    source: 'given',
  };
}

interface Sums {
  lineNetSum: bigint;
  lineCount: number;
  allowanceSum: bigint | undefined;
  chargeSum: bigint | undefined;
  vatSum: bigint;
}

/** BG-22: keeps each given total, derives the missing ones from the effective values before it. */
function computeTotalsFrom(
  given: Totals | undefined,
  keepGiven: boolean,
  explain: boolean,
  steps: DerivationStep[],
  sums: Sums,
): Totals {
  const g: Totals = keepGiven && given !== null && typeof given === 'object' ? given : {};
  const out: Totals = keepGiven ? { ...g } : {};
  const pick = (
    key: keyof Totals,
    term: string,
    formula: string,
    compute: () => { cents: bigint; computation: string } | undefined,
  ): bigint | undefined => {
    const v = g[key];
    if (usable(v)) {
      const cents = toCents(v) ?? 0n;
      if (explain) steps.push(givenStep(term, `invoice.totals.${key}`, cents));
      return cents;
    }
    const r = compute();
    if (r === undefined) return undefined;
    out[key] = centsToNumber(r.cents);
    if (explain) {
      steps.push({
        term,
        path: `invoice.totals.${key}`,
        formula,
        computation: `${r.computation} = ${centsToString(r.cents)}`,
        value: centsToNumber(r.cents),
        source: 'computed',
      });
    }
    return r.cents;
  };
  const s = centsToString;

  const bt106 = pick('lineNetTotal', 'BT-106', 'Σ BT-131', () => ({
    cents: sums.lineNetSum,
    computation: `sum of ${sums.lineCount} line net amounts`,
  }))!;
  const bt107 = pick('allowanceTotal', 'BT-107', 'Σ BT-92', () =>
    sums.allowanceSum === undefined
      ? undefined
      : { cents: sums.allowanceSum, computation: 'sum of document allowances' },
  );
  const bt108 = pick('chargeTotal', 'BT-108', 'Σ BT-99', () =>
    sums.chargeSum === undefined
      ? undefined
      : { cents: sums.chargeSum, computation: 'sum of document charges' },
  );
  const bt109 = pick('taxExclusiveAmount', 'BT-109', 'BT-106 − BT-107 + BT-108', () => ({
    cents: bt106 - (bt107 ?? 0n) + (bt108 ?? 0n),
    computation: `${s(bt106)} − ${s(bt107 ?? 0n)} + ${s(bt108 ?? 0n)}`,
  }))!;
  const bt110 = pick('vatTotal', 'BT-110', 'Σ BT-117', () => ({
    cents: sums.vatSum,
    computation: 'sum of VAT breakdown tax amounts',
  }))!;
  const bt112 = pick('taxInclusiveAmount', 'BT-112', 'BT-109 + BT-110', () => ({
    cents: bt109 + bt110,
    computation: `${s(bt109)} + ${s(bt110)}`,
  }))!;
  const bt113 = usable(g.prepaidAmount) ? toCents(g.prepaidAmount) : undefined;
  const bt114 = usable(g.roundingAmount) ? toCents(g.roundingAmount) : undefined;
  if (explain && bt113 !== undefined) steps.push(givenStep('BT-113', 'invoice.totals.prepaidAmount', bt113));
  if (explain && bt114 !== undefined) steps.push(givenStep('BT-114', 'invoice.totals.roundingAmount', bt114));
  pick('amountDue', 'BT-115', 'BT-112 − BT-113 + BT-114', () => ({
    cents: bt112 - (bt113 ?? 0n) + (bt114 ?? 0n),
    computation: `${s(bt112)} − ${s(bt113 ?? 0n)} + ${s(bt114 ?? 0n)}`,
  }));
  return out;
}

/** BG-22 totals with the derivation of each (given totals kept unless keepGiven is false). */
export function computeTotals(
  invoice: Invoice,
  options: CalculationOptions = {},
): { totals: Totals; steps: DerivationStep[] } {
  const c = calculate(invoice, { ...options, explain: true });
  return { totals: c.totals, steps: c.steps };
}

/** BG-23 VAT breakdown computed from the lines and document allowances/charges, with its derivation. */
export function computeVatBreakdown(
  invoice: Invoice,
  options: CalculationOptions = { keepGiven: false },
): { vatBreakdown: VatBreakdown[]; steps: DerivationStep[] } {
  const c = calculate(invoice, { ...options, explain: true });
  return {
    vatBreakdown: c.breakdown,
    steps: c.steps.filter((st) => st.term === 'BT-116' || st.term === 'BT-117'),
  };
}
