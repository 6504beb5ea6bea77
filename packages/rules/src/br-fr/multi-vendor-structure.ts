/**
 * The EXTENDED-CTC-FR line structure of multi-vendor (BT-23 S8/B8/M8) and bidirectional (S9/B9/M9)
 * invoices as the BR-FR-MV / BR-FR-BD rules read it from Line.frenchCtc: top-level GROUP lines
 * (one per sub-invoice), their DETAIL / INFORMATION children, the line seller, the AFL sub-invoice
 * number and AVV framework references.
 */
import type { Invoice, Line } from '@einv/core-model';
import { Decimal } from 'decimal.js';
import {
  BIDIRECTIONAL_FRAMEWORKS,
  isBusinessProcess,
  MULTI_VENDOR_FRAMEWORKS,
  normalizeSpace,
} from './common.js';

const SPECIAL_FRAMEWORKS = new Set([...MULTI_VENDOR_FRAMEWORKS, ...BIDIRECTIONAL_FRAMEWORKS]);

/** custom:isSpecialContract: multi-vendor or bidirectional */
export const isSpecialContract = (invoice: Invoice): boolean =>
  isBusinessProcess(invoice, SPECIAL_FRAMEWORKS);
export const isMultiVendor = (invoice: Invoice): boolean =>
  isBusinessProcess(invoice, MULTI_VENDOR_FRAMEWORKS);
export const isBidirectional = (invoice: Invoice): boolean =>
  isBusinessProcess(invoice, BIDIRECTIONAL_FRAMEWORKS);

export const subTypeOf = (line: Line): string | undefined => line.frenchCtc?.subType;

/** A GROUP line without parent line: the head of one sub-invoice */
export const isTopGroup = (line: Line): boolean =>
  subTypeOf(line) === 'GROUP' && line.frenchCtc?.parentLineId === undefined;

/**
 * A line sub-invoice reference (BT-128, type 130) of scheme AFL or AVV. Readers put them in
 * Line.frenchCtc; readUbl keeps a line's first reference as BT-128 (objectIdentifier) whatever its
 * scheme, and a JSON invoice may put one there too.
 */
export function subInvoiceReference(line: Line, scheme: 'AFL' | 'AVV'): string | undefined {
  const own = scheme === 'AFL' ? line.frenchCtc?.subInvoiceNumber : line.frenchCtc?.subInvoiceFramework;
  if (own !== undefined) return own;
  const ref = line.objectIdentifier;
  return ref?.scheme !== undefined && normalizeSpace(ref.scheme) === scheme ? ref.id : undefined;
}

/** Model path of a line's AFL / AVV reference, where the reader put it */
export function subInvoicePath(line: Line, index: number, scheme: 'AFL' | 'AVV'): string {
  const key = scheme === 'AFL' ? 'subInvoiceNumber' : 'subInvoiceFramework';
  const own = line.frenchCtc?.[key];
  if (own === undefined && line.objectIdentifier?.scheme?.trim() === scheme)
    return `invoice.lines[${index}].objectIdentifier`;
  return `invoice.lines[${index}].frenchCtc.${key}`;
}

/** Line seller legal registration identifier (EXT-FR-FE-167), whitespace-normalised ('' when absent) */
export const lineSellerLegalId = (line: Line): string =>
  normalizeSpace(line.frenchCtc?.seller?.legalId?.id ?? '');

/** Lines by BT-126, the first of each id (the official tests compare the identifiers as written) */
export function linesById(invoice: Invoice): Map<string, Line> {
  const out = new Map<string, Line>();
  for (const l of invoice.lines ?? []) if (l.id !== undefined && !out.has(l.id)) out.set(l.id, l);
  return out;
}

/** Lines with their index, for paths */
export const indexedLines = (invoice: Invoice): { line: Line; index: number }[] =>
  (invoice.lines ?? []).map((line, index) => ({ line, index }));

/** Lines by their parent line id (EXT-FR-FE-162), in document order: one pass, not one per GROUP line */
export function childrenByParent(invoice: Invoice): Map<string, Line[]> {
  const out = new Map<string, Line[]>();
  for (const l of invoice.lines ?? []) {
    const parent = l.frenchCtc?.parentLineId;
    if (parent === undefined) continue;
    const list = out.get(parent);
    if (list) list.push(l);
    else out.set(parent, [l]);
  }
  return out;
}

/** The children of a GROUP line whose sub-type is given and passes `accept` */
export function childrenOf(
  children: Map<string, Line[]>,
  groupId: string,
  accept: (subType: string) => boolean,
): Line[] {
  return (children.get(groupId) ?? []).filter((l) => {
    const sub = subTypeOf(l);
    return sub !== undefined && accept(sub);
  });
}

/** |a − b| ≤ tolerance in exact decimals; false when a value is missing (XPath number(()) is NaN) */
export function withinTolerance(
  a: number | undefined,
  b: number | undefined,
  tolerance: Decimal.Value,
): boolean {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return false;
  return new Decimal(a).minus(b).abs().lte(tolerance);
}

/** Sum of the given numbers in exact decimals (missing values skipped, as XPath sum() of absent nodes) */
export function sumOf(values: (number | undefined)[]): number {
  return values
    .filter((v): v is number => v !== undefined && Number.isFinite(v))
    .reduce((acc, v) => acc.plus(v), new Decimal(0))
    .toNumber();
}
