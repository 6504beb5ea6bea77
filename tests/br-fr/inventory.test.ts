/**
 * BR-FR inventory: our rule ids against the official 1.4.0.03 assertions, and our transition
 * severities against the flags of the official 1.4.0.02 _WARNING schematron. Reads ../shared.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import { NOT_CHECKABLE_ON_MODEL, rules } from '../../packages/rules/src/br-fr/index.js';
import { describeIfShared, sharedPath } from '../support/shared.js';

function officialAssertions(): { syntax: string; code: string; assertId: string }[] {
  const lines = fs.readFileSync(sharedPath('br-fr/br-fr-assertions.tsv'), 'utf8').split('\n').slice(1);
  return lines
    .filter((l) => l.trim())
    .map((l) => {
      const [syntax = '', code = '', assertId = ''] = l.split('\t');
      return { syntax, code, assertId };
    });
}

/** assert id → flag in the transition (_WARNING) schematron of one syntax */
function transitionFlags(file: string): Map<string, { flag: string; code: string | undefined }> {
  const text = fs.readFileSync(sharedPath('br-fr/schematron-1.4.0.02-warning', file), 'utf8');
  const out = new Map<string, { flag: string; code: string | undefined }>();
  // attribute values may hold '>' (BR-FR-MV-11 tests `$nbSubinvoiceSeller > 1`): match quoted values
  for (const m of text.matchAll(/<assert\b((?:\s+[\w:-]+="[^"]*")*)\s*>([\s\S]*?)<\/assert>/g)) {
    const attrs = m[1] ?? '';
    const id = /\bid="([^"]+)"/.exec(attrs)?.[1];
    const flag = /\bflag="([^"]+)"/.exec(attrs)?.[1];
    // the message prefix names the rule even where the id is mislabelled ([BR-FR-15/BT-151]…)
    const code = /\[?(BR-FR-(?:(?:CO|DEC|MV|BD)-)?\d+)\s*\//.exec(m[2] ?? '')?.[1];
    if (id && flag) out.set(id, { flag, code });
  }
  return out;
}

describeIfShared('BR-FR inventory against the official 1.4 schematron', () => {
  const official = officialAssertions();
  const officialCodes = new Set(official.map((a) => a.code));
  const ours = new Set(rules.map((r) => r.id));

  it('every official BR-FR rule is implemented or explicitly listed as not checkable on the model', () => {
    const missing = [...officialCodes].filter((c) => !ours.has(c) && !(c in NOT_CHECKABLE_ON_MODEL));
    expect(missing).toEqual([]);
    expect(officialCodes.size).toBe(ours.size + Object.keys(NOT_CHECKABLE_ON_MODEL).length);
  });

  it('every BR-FR rule of ours exists in the official inventory', () => {
    expect([...ours].filter((id) => !officialCodes.has(id))).toEqual([]);
    expect(Object.keys(NOT_CHECKABLE_ON_MODEL).filter((id) => !officialCodes.has(id))).toEqual([]);
  });

  it('the standard edition is fatal for every rule, as in 1.4.0.03', () => {
    expect(official.every((a) => a.assertId && a.code)).toBe(true);
    for (const r of rules) expect(r.editionSeverity?.standard).toBe('fatal');
  });

  it('the transition severity of each rule is the flag of the official _WARNING edition', () => {
    const byCode = new Map<string, Set<string>>();
    for (const [syntax, file] of [
      ['CII', 'CII_EN16931_schematron_BR-FR-Flux2-Schematron-CII_WARNING.sch'],
      ['UBL', 'UBL_EN16931_schematron_BR-FR-Flux2-Schematron-UBL_WARNING.sch'],
    ] as const) {
      const codeOf = new Map(official.filter((a) => a.syntax === syntax).map((a) => [a.assertId, a.code]));
      for (const [id, { flag, code }] of transitionFlags(file)) {
        const rule = codeOf.get(id) ?? code;
        if (!rule) continue;
        const flags = byCode.get(rule) ?? new Set<string>();
        flags.add(flag);
        byCode.set(rule, flags);
      }
    }
    for (const r of rules) {
      const flags = byCode.get(r.id);
      expect({ id: r.id, flags: flags ? [...flags] : [] }).toEqual({
        id: r.id,
        flags: [r.editionSeverity?.transition],
      });
    }
  });
});
