/**
 * Building blocks shared by the VAT category families (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O,
 * BR-AF, BR-AG, BR-B): which nodes carry a category, the seller/buyer identifier tests, decimal maths
 * with the official rounding and tolerances, and rule factories for the ten rule shapes the
 * families repeat (01 breakdown presence … 10 exemption reason).
 *
 * The official CII and UBL schematrons phrase several of these rules differently: some fire once
 * per document in UBL and once per line/allowance/charge in CII, and the taxable-amount rules
 * (-08) use different tolerances. The predicates follow the syntax the invoice came from
 * (`context.syntax`); an invoice built in JSON (no syntax) is judged like CII, the syntax einv
 * writes. See docs/decisions/0061-vat-category-rules-per-syntax.md.
 */
import {
  type AllowanceCharge,
  type Invoice,
  type Line,
  packedMap,
  type VatBreakdown,
} from '@einv/core-model';
import { Decimal } from 'decimal.js';
import { defineRule, type Report, type RuleContext, type RuleDefinition, type Text } from '../define.js';

/** A VAT category as the family files describe it. */
export interface VatCategory {
  /** UNTDID 5305 code: S, Z, E, AE, K, G, O, L, M, B */
  code: string;
  /** Rule family: S, Z, E, AE, IC, G, O, AF, AG, B */
  family: string;
  /** Name of the category in each language, used inside messages */
  name: Text;
}

// ---------------------------------------------------------------------------------------------
// Nodes carrying a VAT category

export interface CategorisedNode {
  /** Model path of the node (`invoice.lines[2]`) */
  path: string;
  category: string | undefined;
  rate: number | undefined;
  /** BT-131 for a line, BT-92 / BT-99 for an allowance / charge */
  amount: number | undefined;
  /**
   * True when the reader found a tax scheme other than VAT (decision 0100): the official tests that
   * select `[cac:TaxScheme/cbc:ID = 'VAT']` / `[upper-case(ram:TypeCode) = 'VAT']` do not see it
   */
  otherScheme: boolean;
}

/** Category code as the official tests read it (`normalize-space(cbc:ID)`). */
export function categoryOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

type NodeList = 'lines' | 'allowances' | 'charges';

/**
 * The lines, allowances or charges of the invoice as categorised nodes; with `code`, only those of
 * that category (no object is built for the others: this runs once per rule on invoices that may
 * hold 10,000 lines).
 */
function nodes(
  invoice: Invoice,
  list: NodeList,
  code: string | undefined,
  keepRate?: (rate: number | undefined) => boolean,
): CategorisedNode[] {
  const items: unknown = invoice[list];
  const out: CategorisedNode[] = [];
  if (!Array.isArray(items)) return out;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (typeof item !== 'object' || item === null) continue;
    const node = item as Line & AllowanceCharge;
    const category = categoryOf(node.vatCategory);
    if (code !== undefined && category !== code) continue;
    const rate = finite(node.vatRate);
    if (keepRate && !keepRate(rate)) continue;
    out.push({
      path: `invoice.${list}[${i}]`,
      category,
      rate,
      amount: finite(list === 'lines' ? node.netAmount : node.amount),
      otherScheme: node.taxScheme !== undefined,
    });
  }
  return out;
}

/** Nodes of a list, optionally only those of category `code` and whose rate `keepRate` accepts. */
export type NodePicker = (
  invoice: Invoice,
  code?: string,
  keepRate?: (rate: number | undefined) => boolean,
) => CategorisedNode[];
export const lineNodes: NodePicker = (invoice, code, keepRate) => nodes(invoice, 'lines', code, keepRate);
export const allowanceNodes: NodePicker = (invoice, code, keepRate) =>
  nodes(invoice, 'allowances', code, keepRate);
export const chargeNodes: NodePicker = (invoice, code, keepRate) => nodes(invoice, 'charges', code, keepRate);

/** How many lines, allowances or charges use the category (no allocation). */
export function countNodes(invoice: Invoice, list: NodeList, code: string, vatSchemeOnly = false): number {
  const items: unknown = invoice[list];
  if (!Array.isArray(items)) return 0;
  let n = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    if (vatSchemeOnly && (item as Line).taxScheme !== undefined) continue;
    if (categoryOf((item as Line).vatCategory) === code) n++;
  }
  return n;
}

/** True when some line, allowance or charge uses the category (no allocation). */
export function someNodeUses(invoice: Invoice, code: string): boolean {
  for (const list of ['lines', 'allowances', 'charges'] as const) {
    const items: unknown = invoice[list];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (typeof item === 'object' && item !== null && categoryOf((item as Line).vatCategory) === code)
        return true;
    }
  }
  return false;
}

export interface BreakdownNode {
  path: string;
  index: number;
  entry: VatBreakdown;
  category: string | undefined;
}

export function breakdownNodes(invoice: Invoice): BreakdownNode[] {
  const list: unknown = invoice.vatBreakdown ?? [];
  // not an array (JSON input): `map` fails or answers as it always did, with the same message
  if (!Array.isArray(list)) return (invoice.vatBreakdown ?? []).map(breakdownNode);
  // packed in every tier (decisions 0259, 0269): its readers are optimised on packed lists
  return packedMap(list as VatBreakdown[], breakdownNode);
}

function breakdownNode(entry: VatBreakdown, index: number): BreakdownNode {
  return {
    path: `invoice.vatBreakdown[${index}]`,
    index,
    entry,
    category: categoryOf(entry.category),
  };
}

/**
 * `breakdownNodes(invoice).some((b) => b.entry.category === code)` without building the nodes: asked
 * of every document by BR-B-01/02, which had TurboFan compile the nodes' map each time they warmed
 * up (decision 0234). A list breakdownNodes would fail on (not an array, a hole, an entry that is no
 * object) goes the old way, so it fails as before.
 */
export function someBreakdownIs(invoice: Invoice, code: string): boolean {
  const list: unknown = invoice.vatBreakdown;
  if (!Array.isArray(list)) return breakdownNodes(invoice).some((b) => b.entry.category === code);
  let found = false;
  for (let k = 0; k < list.length; k++) {
    const entry: unknown = list[k];
    if (typeof entry !== 'object' || entry === null)
      return breakdownNodes(invoice).some((b) => b.entry.category === code);
    if ((entry as VatBreakdown).category === code) found = true;
  }
  return found;
}

/**
 * The breakdown entries of category `code` the official 08/09/10 rules run on: in UBL only those of
 * the VAT scheme (their context is `…/cac:TaxCategory[…][cac:TaxScheme/…='VAT']`); CII reads every
 * one (its S and Z contexts do not look at the tax type; E's do, and its tests agree on the rest).
 */
export function breakdownContexts(invoice: Invoice, code: string, context: RuleContext): BreakdownNode[] {
  const all = withCategory(breakdownNodes(invoice), code);
  return ciiSemantics(context) ? all : all.filter((b) => b.entry.taxScheme === undefined);
}

export function withCategory<T extends { category: string | undefined }>(nodes: T[], code: string): T[] {
  return nodes.filter((n) => n.category === code);
}

/** True when CII semantics apply: CII input, or a JSON invoice (einv writes CII). */
export function ciiSemantics(context: RuleContext): boolean {
  return context.syntax !== 'UBL';
}

// ---------------------------------------------------------------------------------------------
// Identifiers the families require or forbid

/** The official tests ask whether the element exists, not whether it has content. */
const present = (value: string | undefined): boolean => typeof value === 'string';

/** BT-31 or BT-32 (any seller tax registration) or BT-63. */
export function sellerHasTaxId(invoice: Invoice): boolean {
  return (
    present(invoice.seller?.vatNumber) ||
    present(invoice.seller?.taxRegistrationId) ||
    present(invoice.taxRepresentative?.vatNumber)
  );
}

/** BT-31 or BT-63 (VAT identifiers only). */
export function sellerHasVatId(invoice: Invoice): boolean {
  return present(invoice.seller?.vatNumber) || present(invoice.taxRepresentative?.vatNumber);
}

/** BT-48 */
export function buyerHasVatId(invoice: Invoice): boolean {
  return present(invoice.buyer?.vatNumber);
}

/** BT-48 or BT-47 */
export function buyerHasVatOrLegalId(invoice: Invoice): boolean {
  return present(invoice.buyer?.vatNumber) || present(invoice.buyer?.legalRegistrationId?.id);
}

// ---------------------------------------------------------------------------------------------
// Decimal maths with the official semantics

/** A finite number or undefined (the model may hold broken values; they count as absent). */
export function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function dec(value: number): Decimal {
  return new Decimal(value);
}

/** XPath `round(x * 100) div 100`: two decimals, halves rounded towards positive infinity. */
export function xpathRound2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL);
}

const MICRO = 1e6;
const SAFE = 2 ** 52;

/**
 * An exact sum of amounts. Stays on integers of 10⁻⁶ while every amount has at most 6 decimals
 * and the total is a safe integer (a 10,000-line invoice sums in microseconds), and moves to
 * decimal.js as soon as that is not guaranteed. Absent amounts are skipped, as XPath `sum()` does.
 */
export class ExactSum {
  private micro = 0;
  private slow: Decimal | undefined;

  add(amount: number | undefined): void {
    if (amount === undefined) return;
    if (this.slow) {
      this.slow = this.slow.plus(amount);
      return;
    }
    const m = Math.round(amount * MICRO);
    const next = this.micro + m;
    if (m / MICRO === amount && Math.abs(m) < SAFE && Math.abs(next) < SAFE) {
      this.micro = next;
      return;
    }
    this.slow = new Decimal(this.micro).dividedBy(MICRO).plus(amount);
  }

  get value(): Decimal {
    return this.slow ?? new Decimal(this.micro).dividedBy(MICRO);
  }

  /** The sum in micro-units while it is exact there, else undefined (then read `value`) */
  get exactMicro(): number | undefined {
    return this.slow ? undefined : this.micro;
  }
}

/** True when |a − b| < 1, the tolerance of several official tests. */
export function withinOne(a: Decimal, b: Decimal): boolean {
  return a.minus(b).abs().lessThan(1);
}

/** Amount of VAT the official -09 tests expect: round(|taxable| × rate / 100) to 2 decimals. */
export function expectedVat(taxable: number, rate: number): Decimal {
  return xpathRound2(dec(taxable).abs().times(rate).dividedBy(100));
}

// ---------------------------------------------------------------------------------------------
// Messages

/** Builds en/fr texts from one template per language, `{cat}` standing for the category name. */
export function texts(category: VatCategory, en: string, fr: string): Text {
  const fill = (template: string, name: string) =>
    template.replaceAll('{cat}', name).replaceAll('{code}', category.code);
  return { en: fill(en, category.name.en), fr: fill(fr, category.name.fr) };
}

export interface RuleTexts {
  message: Text;
  explanation: Text;
  fix: Text;
}

export function ruleId(category: VatCategory, n: number): string {
  return `BR-${category.family}-${String(n).padStart(2, '0')}`;
}

export function vatRule(
  category: VatCategory,
  n: number,
  terms: string[],
  t: RuleTexts,
  check: (invoice: Invoice, report: Report, context: RuleContext) => void,
): RuleDefinition {
  return defineRule({
    id: ruleId(category, n),
    ruleSet: 'EN16931',
    family: category.family,
    severity: 'fatal',
    terms,
    message: t.message,
    explanation: t.explanation,
    fix: t.fix,
    check,
  });
}
