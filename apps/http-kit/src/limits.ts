/**
 * Documented maximum sizes of what a caller may send as JSON (decision 0094). A body limit alone
 * does not bound the answer: a 4 MB `invoice.number` was repeated, escaped, in the XML, the XMP and
 * the PDF metadata and came back as a 99 MB base64 answer. So every text has a length limit, every
 * array an item limit, and a violation is a 400 naming the first field at fault.
 */
import type { Response } from 'express';
import { sendProblem } from './problem.js';

export interface JsonLimits {
  /** Longest text in characters, unless its member name is listed in `long` or `unlimited` */
  text: number;
  /** Longest free text (notes, descriptions, payment terms) in characters */
  longText: number;
  /** Member names that hold free text */
  long: readonly string[];
  /** Member names bounded only by the body limit (base64 attachments) */
  unlimited: readonly string[];
  /** Most items in any array (invoice lines, notes, allowances…) */
  items: number;
  /** Deepest nesting of objects and arrays */
  depth: number;
}

export const INVOICE_LIMITS: JsonLimits = {
  text: 1_000,
  longText: 10_000,
  long: ['text', 'note', 'description', 'itemDescription', 'paymentTerms'],
  unlimited: ['content'],
  items: 10_000,
  depth: 16,
};

export interface LimitViolation {
  field: string;
  detail: string;
  limit: number;
}

/** The first value of `value` (rooted at `root`) over a limit, or undefined when all are within */
export function findLimitViolation(
  value: unknown,
  root: string,
  limits: JsonLimits = INVOICE_LIMITS,
): LimitViolation | undefined {
  const stack: { value: unknown; path: string; name: string; depth: number }[] = [
    { value, path: root, name: root, depth: 0 },
  ];
  while (stack.length) {
    const { value: v, path, name, depth } = stack.pop() as (typeof stack)[number];
    if (typeof v === 'string') {
      if (limits.unlimited.includes(name)) continue;
      const max = limits.long.includes(name) ? limits.longText : limits.text;
      if (v.length > max)
        return {
          field: path,
          limit: max,
          detail: `${path} has ${v.length} characters; at most ${max} are accepted.`,
        };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limits.depth)
      return {
        field: path,
        limit: limits.depth,
        detail: `${path} is nested more than ${limits.depth} levels deep.`,
      };
    if (Array.isArray(v)) {
      if (v.length > limits.items)
        return {
          field: path,
          limit: limits.items,
          detail: `${path} has ${v.length} items; at most ${limits.items} are accepted.`,
        };
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], path: `${path}[${i}]`, name, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      stack.push({ value: child, path: `${path}.${key}`, name: key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Sends the 400 problem for a limit violation; true when one was sent */
export function refuseOverLimit(res: Response, value: unknown, root: string, limits?: JsonLimits): boolean {
  const violation = findLimitViolation(value, root, limits);
  if (!violation) return false;
  sendProblem(res, 400, 'field-too-long', 'Field over its limit', violation.detail, {
    field: violation.field,
    limit: violation.limit,
  });
  return true;
}
