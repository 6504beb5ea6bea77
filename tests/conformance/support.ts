/**
 * Shared plumbing of the conformance suites: reading an XML document with our readers, running our
 * rules, and turning the result into "rule id → number of fires", the unit in which the official
 * test cases and the official oracle speak.
 *
 * Official semantics: contract aliases (BR-01 at invoice.number, see docs/decisions/0050) are left
 * out, BR-FR is off (the oracle runs EN 16931 only), and syntax checks (CII-SR/UBL-SR…) come from
 * checkCii/checkUbl when those report them.
 */
import * as cii from '@einv/cii';
import type { Finding, Invoice, SourceFacts, SourceLocations } from '@einv/core-model';
import { isContractAlias, validate } from '@einv/rules';
import * as ubl from '@einv/ubl';

export type Syntax = 'CII' | 'UBL';

interface ReadResult {
  invoice: Invoice;
  locations?: SourceLocations;
  diagnostics?: Finding[];
  source?: SourceFacts;
}
type Reader = (xml: string) => ReadResult;
type Checker = (xml: string) => { errors: Finding[]; warnings: Finding[] };

function fn<T>(mod: object, name: string): T | undefined {
  const v: unknown = (mod as Record<string, unknown>)[name];
  return typeof v === 'function' ? (v as T) : undefined;
}

const readers: Record<Syntax, Reader | undefined> = {
  CII: fn<Reader>(cii, 'readCii'),
  UBL: fn<Reader>(ubl, 'readUbl'),
};
const checkers: Record<Syntax, Checker | undefined> = {
  CII: fn<Checker>(cii, 'checkCii'),
  UBL: fn<Checker>(ubl, 'checkUbl'),
};

/** true when @einv/cii and @einv/ubl export their readers (they land in parallel with the rules) */
export function readersAvailable(): { CII: boolean; UBL: boolean } {
  return { CII: !!readers.CII, UBL: !!readers.UBL };
}

/** The syntax of an XML document from its root element */
export function syntaxOf(xml: string): Syntax | undefined {
  const root = /<(?:[\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root) return undefined;
  return root[1] === 'CrossIndustryInvoice' ? 'CII' : 'UBL';
}

export interface Fire {
  rule: string;
  severity: Finding['severity'];
}

export interface OurVerdict {
  fires: Fire[];
  /** set when reading threw (a reader bug) */
  error?: string;
}

/** Reads the XML with our reader and returns every official-rule fire of our validator */
export function ourFires(xml: string, syntax: Syntax, options: { syntaxRules?: boolean } = {}): OurVerdict {
  const read = readers[syntax];
  if (!read) return { fires: [], error: `no reader for ${syntax}` };
  let parsed: ReadResult;
  try {
    parsed = read(xml);
  } catch (e) {
    return { fires: [], error: `reader threw: ${e instanceof Error ? e.message : String(e)}` };
  }
  const result = validate(parsed.invoice, {
    syntax,
    frenchEdition: 'off',
    contractAliases: false,
    ...(parsed.locations ? { locations: parsed.locations } : {}),
    ...(parsed.source ? { source: parsed.source } : {}),
  });
  const fires: Fire[] = [];
  for (const f of [...result.errors, ...result.warnings]) {
    if (!isContractAlias(f)) fires.push({ rule: f.rule, severity: f.severity });
  }
  const check = checkers[syntax];
  if (options.syntaxRules && check) {
    try {
      const c = check(xml);
      for (const f of [...c.errors, ...c.warnings]) {
        if (/^(CII|UBL)-(SR|DT|CR)-/.test(f.rule)) fires.push({ rule: f.rule, severity: f.severity });
      }
    } catch {
      // a throwing checker is the checker's bug; the syntax-rule cases will then fail and show it
    }
  }
  return { fires };
}

/** Rule id → count, for the ids `keep` accepts */
export function countFires(
  fires: readonly Fire[],
  keep: (rule: string) => boolean = () => true,
): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of fires) if (keep(f.rule)) m.set(f.rule, (m.get(f.rule) ?? 0) + 1);
  return m;
}

/** The EN 16931 business rules the differential compares (not BR-FR, not syntax rules) */
export function isEn16931BusinessRule(rule: string): boolean {
  return rule.startsWith('BR-') && !rule.startsWith('BR-FR');
}

/** Reporting family of a rule id: core, CO, DEC, S, Z, E, AE, IC, G, O, AF, AG, B, CL, UBL-SR… */
export function familyOf(rule: string): string {
  if (/^BR-\d/.test(rule)) return 'core';
  const m = /^BR-([A-Z]+)-/.exec(rule);
  if (m?.[1]) return m[1];
  const s = /^([A-Z]+-[A-Z]+)-/.exec(rule);
  return s?.[1] ?? rule;
}

/** Prints a Markdown table of per-family counts */
export function familyTable(title: string, rows: Map<string, { passed: number; total: number }>): string {
  const lines = [`### ${title}`, '', '| family | passed | total | % |', '|---|---:|---:|---:|'];
  let p = 0;
  let t = 0;
  for (const [family, r] of [...rows.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(
      `| ${family} | ${r.passed} | ${r.total} | ${((100 * r.passed) / Math.max(1, r.total)).toFixed(1)} |`,
    );
    p += r.passed;
    t += r.total;
  }
  lines.push(`| **all** | **${p}** | **${t}** | **${((100 * p) / Math.max(1, t)).toFixed(1)}** |`);
  return lines.join('\n');
}
