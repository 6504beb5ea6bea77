/**
 * validateCdar: the official BR-FR-CDV rules (rules.ts) on a status message, in the release asked
 * for. Runs them as a schematron does: every element in document order, and per pattern the first
 * rule whose context the element matches. Accepts the XML, or a StatusMessage (written first).
 */
import type { Finding, RuleSetRef } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';
import type { StatusMessage } from './model.js';
import { readCdar } from './read.js';
import { CDV_PATTERNS, type CdvVersion } from './rules.js';
import { statusTerm } from './terms.js';
import { writeCdar } from './write.js';
import { locate, matches } from './xpath.js';

export type CdvStandardVersion = '1.4.0.03' | '1.4.0.04';

export interface ValidateCdarOptions {
  lang?: 'en' | 'fr';
  /** standard (default; errors), transition (1.4.0.02 _WARNING: the same tests as warnings), off */
  frenchEdition?: 'standard' | 'transition' | 'off';
  /** Release of the standard edition (default 1.4.0.04) */
  frenchVersion?: CdvStandardVersion;
}

export interface CdarReport {
  valid: boolean;
  ruleSets: RuleSetRef[];
  errors: Finding[];
  warnings: Finding[];
  /** The message as read (absent when the XML is not a status message) */
  message?: StatusMessage;
}

export const CDV_DEFAULT_VERSION: CdvStandardVersion = '1.4.0.04';

/** The release an edition + version pair runs */
export function cdvVersionOf(options: ValidateCdarOptions): CdvVersion | undefined {
  const edition = options.frenchEdition ?? 'standard';
  if (edition === 'off') return undefined;
  if (edition === 'transition') return '1.4.0.02';
  return options.frenchVersion ?? CDV_DEFAULT_VERSION;
}

export const cdvRuleSet = (version: CdvVersion): RuleSetRef => ({
  name: 'BR-FR-CDV',
  version: version === '1.4.0.02' ? '1.4.0.02 (transition)' : `${version} (standard)`,
});

/** The failed asserts of one release on a parsed CDAR tree */
export function runCdvRules(root: XmlElement, version: CdvVersion, lang: 'en' | 'fr' = 'en'): Finding[] {
  const out: Finding[] = [];
  const all: XmlElement[] = [];
  const stack = [root];
  while (stack.length) {
    const el = stack.pop() as XmlElement;
    all.push(el);
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as XmlElement);
  }
  for (const pattern of CDV_PATTERNS) {
    for (const el of all) {
      const rule = pattern.rules.find((r) => matches(el, r.context));
      if (!rule) continue;
      for (const a of rule.asserts) {
        if (a.since === '1.4.0.04' && version !== '1.4.0.04') continue;
        if (a.test(el, version)) continue;
        out.push({
          rule: a.id,
          severity: version === '1.4.0.02' ? 'warning' : a.flag,
          path: statusTerm(a.term)?.path ?? 'status',
          xpath: locate(el),
          line: el.line,
          message: a.message[lang],
        });
      }
    }
  }
  return out;
}

export function validateCdar(
  input: string | Uint8Array | StatusMessage,
  options: ValidateCdarOptions = {},
): CdarReport {
  const lang = options.lang ?? 'en';
  const xml = typeof input === 'string' || input instanceof Uint8Array ? input : writeCdar(input);
  const read = readCdar(xml, { lang });
  const version = cdvVersionOf(options);
  const unreadable = read.diagnostics.filter((d) => d.severity === 'fatal');
  if (!read.message || !read.root || unreadable.length) {
    return { valid: false, ruleSets: [], errors: unreadable, warnings: [] };
  }
  const findings = [...read.diagnostics, ...(version ? runCdvRules(read.root, version, lang) : [])];
  const errors = findings.filter((f) => f.severity === 'fatal');
  return {
    valid: errors.length === 0,
    ruleSets: version ? [cdvRuleSet(version)] : [],
    errors,
    warnings: findings.filter((f) => f.severity !== 'fatal'),
    message: read.message,
  };
}
