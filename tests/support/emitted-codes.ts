/**
 * Every finding code einv can emit, collected from the sources and catalogues (not a hand list):
 * the rule catalogue, the official syntax rules of the CII and UBL tables, and every code literal
 * of the packages' and apps' sources ('XSD-ORDER', 'PDFA-6.2.11.4', 'FX-NO-INVOICE', 'ROOT'…).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ciiSyntaxRules } from '@einv/cii';
import { CDV_PATTERNS } from '@einv/facturx';
import { EXTENDED_CTC_FR_XML_JUDGED_RULES, extendedCtcFrRules, ruleCatalogue } from '@einv/rules';
import { ublSyntaxRules } from '@einv/ubl';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A quoted literal shaped like a finding code */
const CODE =
  /'((?:PDFA?|FX|XSD|XML|EINV|CII|UBL|BR|CDAR)(?:-[A-Z0-9.]+)+|ROOT|NAMESPACE|PROFILE|FORMAT|SCHEMA|INTERNAL)'/g;

/**
 * Literals of that shape that are no finding code: rule-set names of reports (`name: …`) and a
 * rule family. The test checks each still appears as such, so the list cannot hide a code.
 */
export const NOT_CODES: Readonly<Record<string, RegExp>> = {
  'CII-STRUCTURE': /name: 'CII-STRUCTURE'/,
  'UBL-STRUCTURE': /name: 'UBL-STRUCTURE'/,
  'EINV-ADVISORY': /name: 'EINV-ADVISORY'/,
  'EINV-JSON-SCHEMA': /name: 'EINV-JSON-SCHEMA'/,
  'BR-FR': /name: 'BR-FR'/,
  'BR-FR-CDV': /name: 'BR-FR-CDV'/,
  // the rule set of a syntax rule's explanation, named in the OpenAPI examples
  'CII-SYNTAX': /ruleSet: \{[^}]*examples: \[[^\]]*'CII-SYNTAX'/,
  'FX-CODE': /family: 'FX-CODE'/,
};

/**
 * Generated lists of the ids an official schematron asserts, which einv may not judge (the rules it
 * does judge are collected from the rule sets themselves, extendedCtcFrRules)
 */
const LISTS_OF_OFFICIAL_IDS = new Set(['generated-official-ids.ts']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name === '__tests__') continue;
      sourceFiles(p, out);
    } else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !LISTS_OF_OFFICIAL_IDS.has(e.name))
      out.push(p);
  }
  return out;
}

/** The sources' text, joined (for NOT_CODES checks) and their code literals */
export function sourceCodeLiterals(): { literals: Set<string>; text: string } {
  const literals = new Set<string>();
  let text = '';
  for (const root of ['packages', 'apps']) {
    for (const file of sourceFiles(path.join(ROOT, root))) {
      const s = fs.readFileSync(file, 'utf8');
      text += s;
      for (const m of s.matchAll(CODE)) literals.add(m[1] as string);
    }
  }
  return { literals, text };
}

export function emittedCodes(): string[] {
  const codes = new Set<string>();
  for (const r of ruleCatalogue) codes.add(r.id);
  for (const r of ciiSyntaxRules()) codes.add(r.id);
  for (const r of ublSyntaxRules()) codes.add(r.id);
  for (const p of CDV_PATTERNS) for (const r of p.rules) for (const a of r.asserts) codes.add(a.id);
  for (const syntax of ['CII', 'UBL'] as const) for (const r of extendedCtcFrRules(syntax)) codes.add(r.id);
  for (const id of Object.keys(EXTENDED_CTC_FR_XML_JUDGED_RULES)) codes.add(id);
  for (const c of sourceCodeLiterals().literals) if (!(c in NOT_CODES)) codes.add(c);
  return [...codes].sort();
}
