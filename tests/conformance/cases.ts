/** The 1,203 official cases of ../shared/en16931/cases.jsonl and their official pass/fail semantics */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedPath } from '../support/shared.js';
import { countFires, type Fire } from './support.js';

export interface Expectation {
  rule: string;
  expect: 'pass' | 'fail';
  flag: 'fatal' | 'warning' | null;
  count: number;
}
export interface OfficialCase {
  syntax: 'cii' | 'ubl';
  kind: 'unit' | 'example';
  file: string;
  test_id?: string;
  scope: string[];
  expectations: Expectation[];
  description?: string;
  /** unit cases carry their XML; example cases point to a file under en16931/ */
  xml?: string;
  path?: string;
}

export function loadCases(): OfficialCase[] {
  return fs
    .readFileSync(sharedPath('en16931/cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const c = JSON.parse(l) as OfficialCase;
      if (c.xml === undefined && c.path) c.xml = fs.readFileSync(sharedPath('en16931', c.path), 'utf8');
      return c;
    });
}

/**
 * Official verdict of one case: only the rules in its scope count. `pass` = the rule must not fire;
 * `fail` = it fires exactly `count` times with the expected flag. Example cases (empty scope) are
 * held to more than the official semantics: no fatal business rule at all.
 */
export function judge(c: OfficialCase, fires: readonly Fire[]): string[] {
  const problems: string[] = [];
  if (c.kind === 'example') {
    const fatal = fires.filter((f) => f.severity === 'fatal' && f.rule.startsWith('BR-'));
    if (fatal.length)
      problems.push(`fatal on an official example: ${[...new Set(fatal.map((f) => f.rule))].join(', ')}`);
    return problems;
  }
  const counts = countFires(fires, (r) => c.scope.includes(r));
  for (const e of c.expectations) {
    const n = counts.get(e.rule) ?? 0;
    if (e.expect === 'pass') {
      if (n !== 0) problems.push(`${e.rule} fired ${n}× but must pass`);
      continue;
    }
    if (n !== e.count) problems.push(`${e.rule} fired ${n}× instead of ${e.count}×`);
    const wrongFlag = fires.filter((f) => f.rule === e.rule && f.severity !== e.flag);
    if (n > 0 && wrongFlag.length)
      problems.push(`${e.rule} fired as ${wrongFlag[0]?.severity}, expected ${e.flag}`);
  }
  return problems;
}

/** The ratchet: committed minimum numbers the suites must keep reaching */
export function loadBaseline(): {
  officialCasesPassed: number;
  differentialIdenticalFiles: number;
  differentialUnexplainedMax: number;
} {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline.json');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
