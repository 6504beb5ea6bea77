/**
 * The 1,203 official EN 16931 1.3.16 cases through validateDocument, the public entry point a user
 * calls (bytes in, report out: format detection, structure check, reading, rules), not only through
 * validate() on a model read by hand (official-cases.test.ts). Official semantics: only the rules in a
 * case's scope count; BR-FR off (the official CEN validator runs EN 16931 only). Every case must pass.
 */
import { validateDocument } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { judge, loadCases } from './cases.js';
import type { Fire } from './support.js';

describeIfShared('official EN 16931 test cases through validateDocument', () => {
  it('1,203 / 1,203 cases pass', () => {
    const cases = loadCases();
    const failures: string[] = [];
    for (const c of cases) {
      const report = validateDocument(new TextEncoder().encode(c.xml ?? ''), { frenchEdition: 'off' });
      const fires: Fire[] = [...report.errors, ...report.warnings].map((f) => ({
        rule: f.rule,
        severity: f.severity,
      }));
      const problems = judge(c, fires);
      if (problems.length)
        failures.push(`${c.file}#${c.test_id ?? ''} [${c.scope.join(',')}] ${problems.join('; ')}`);
    }
    console.log(`official cases through validateDocument: ${cases.length - failures.length}/${cases.length}`);
    expect(cases.length).toBe(1203);
    expect(failures).toEqual([]);
  });
});
