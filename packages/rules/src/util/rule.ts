/**
 * Compact declaration of an EN 16931 rule: the texts come as [message, explanation, fix] per
 * language so each family file reads as a table. Everything still goes through defineRule().
 */
import { defineRule, type RuleDefinition } from '../define.js';
import { isObject } from './values.js';

/** [message, explanation, fix] */
export type Texts = readonly [string, string, string];

export function en16931Rule(
  id: string,
  family: string,
  terms: string[],
  en: Texts,
  fr: Texts,
  check: RuleDefinition['check'],
  severity: RuleDefinition['severity'] = 'fatal',
): RuleDefinition {
  return defineRule({
    id,
    ruleSet: 'EN16931',
    family,
    severity,
    terms,
    message: { en: en[0], fr: fr[0] },
    explanation: { en: en[1], fr: fr[1] },
    fix: { en: en[2], fr: fr[2] },
    check,
  });
}

const NO_ITEMS: readonly unknown[] = Object.freeze([]);

/**
 * A repeated group's items to loop over (an empty list when it is no array), skipping those that
 * are no object (`isObject`) as eachObject does: the per-line rules loop inline rather than pass a
 * callback, so each rule is one function for V8 to warm up and compile (decision 0234)
 */
export function listOf(items: unknown): readonly unknown[] {
  return Array.isArray(items) ? items : NO_ITEMS;
}

/** Calls fn for every element of a repeated group that is an object, with its index */
export function eachObject<T>(items: unknown, fn: (item: T, index: number) => void): void {
  if (!Array.isArray(items)) return;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (isObject(item)) fn(item as T, i);
  }
}
