/**
 * Test support: runs BR-FR rule definitions directly on an invoice (without the engine), with the
 * edition severity and the per-finding override, so the rule files can be tested on their own.
 */
import type { Invoice, Severity, SourceFacts, SourceLocations } from '@einv/core-model';
import type { FrenchVersion, RuleDefinition, Syntax } from '../../define.js';
import type { FrenchStandardVersion } from '../../ruleset-versions.js';
import { sourceContext } from '../../source-context.js';
import { frenchVersionOf } from '../../validate.js';

export interface RawFinding {
  rule: string;
  path: string;
  severity: Severity;
  value?: unknown;
}

export function runRules(
  rules: readonly RuleDefinition[],
  invoice: Invoice,
  options: {
    syntax?: Syntax;
    edition?: 'transition' | 'standard';
    /** Release of the standard edition (default: the newest, as validate()) */
    version?: FrenchStandardVersion;
    processingType?: string;
    /** The reader's source facts and locations, for the rules that judge XML nodes */
    source?: SourceFacts;
    locations?: SourceLocations;
  } = {},
): RawFinding[] {
  const edition = options.edition ?? 'standard';
  const frenchVersion: FrenchVersion = frenchVersionOf(edition, options.version);
  const out: RawFinding[] = [];
  const source = sourceContext(options.source, options.locations);
  for (const rule of rules) {
    const base = rule.editionSeverity
      ? rule.editionSeverity[edition]
      : typeof rule.severity === 'string'
        ? rule.severity
        : rule.severity.CII;
    rule.check(
      invoice,
      (path, detail) => {
        const f: RawFinding = { rule: rule.id, path, severity: detail?.severity ?? base };
        if (detail?.value !== undefined) f.value = detail.value;
        out.push(f);
      },
      {
        syntax: options.syntax,
        lang: 'en',
        profile: undefined,
        source,
        edition,
        frenchVersion,
        processingType: options.processingType,
      },
    );
  }
  return out;
}
