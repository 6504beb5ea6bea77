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

/** Calls fn for every element of a repeated group that is an object, with its index */
export function eachObject<T>(items: unknown, fn: (item: T, index: number) => void): void {
  if (!Array.isArray(items)) return;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (isObject(item)) fn(item as T, i);
  }
}
