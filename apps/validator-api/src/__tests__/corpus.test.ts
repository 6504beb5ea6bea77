/**
 * Every file of ../shared/corpus through the validator API: a report for each, never a 500, and the
 * EN 16931 verdict equal to the official CEN validator's (index.tsv `observed_*` columns, the same
 * reference the conformance suite uses: it found every unmutated corpus file identical). MINIMUM and
 * BASIC-WL files are booking aids judged by their profile's rules (decision 0113; their verdict vs the
 * official profile schematron is tests/conformance/booking-aid.test.ts): here, the notice and no
 * EN 16931 rule outside the profile's.
 */
import fs from 'node:fs';
import { BOOKING_AID_NOTICE, PROFILE_BUSINESS_RULES } from '@einv/rules';
import { expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { buildApp } from './harness.js';

interface Row {
  path: string;
  kind: string;
  profile: string;
  official: string;
  officialFatal: string[];
}

function corpusRows(): Row[] {
  const [head, ...lines] = fs
    .readFileSync(sharedPath('corpus/index.tsv'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const cols = (head ?? '').split('\t');
  return lines.map((line) => {
    const v = line.split('\t');
    const get = (name: string) => v[cols.indexOf(name)] ?? '';
    return {
      path: get('path'),
      kind: get('kind'),
      profile: get('profile'),
      official: get('observed_en16931_cen_1.3.16'),
      officialFatal: get('observed_fatal_rules').split(';').filter(Boolean),
    };
  });
}

/** The official CEN set speaks about BR-* (not BR-FR) and the CII/UBL syntax rules */
const CEN_RULE = /^(BR-(?!FR-)|CII-|UBL-)/;

describeIfShared('validator API on the whole corpus', () => {
  it('307 files: report produced, no 500, fatal CEN rule set equal to the official one', async () => {
    const app = buildApp();
    const rows = corpusRows();
    expect(rows.length).toBe(307);
    const differences: string[] = [];
    let reports = 0;
    for (const row of rows) {
      const bytes = fs.readFileSync(sharedPath('corpus', row.path));
      const res = await request(app)
        .post('/v1/validate?frenchRules=off')
        .set('content-type', row.kind === 'pdf' ? 'application/pdf' : 'application/xml')
        .send(bytes);
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) {
        differences.push(`${row.path}: status ${res.status} ${res.body.detail}`);
        continue;
      }
      reports++;
      const bookingAid =
        row.profile === 'MINIMUM' ? 'MINIMUM' : row.profile === 'BASICWL' ? 'BASIC-WL' : undefined;
      if (bookingAid) {
        const own = new Set<string>(PROFILE_BUSINESS_RULES[bookingAid]);
        const outside = res.body.errors
          .map((f: { rule: string }) => f.rule)
          .filter((r: string) => r.startsWith('BR-') && !own.has(r));
        if (res.body.notices?.[0]?.code !== BOOKING_AID_NOTICE || outside.length)
          differences.push(`${row.path}: notice ${res.body.notices?.[0]?.code}, EN 16931 rules [${outside}]`);
        continue;
      }
      const ours = [
        ...new Set<string>(
          res.body.errors.map((f: { rule: string }) => f.rule).filter((r: string) => CEN_RULE.test(r)),
        ),
      ].sort();
      const official = [...new Set(row.officialFatal)].sort();
      if (ours.join(';') !== official.join(';'))
        differences.push(`${row.path}: ours [${ours}] official [${official}]`);
    }
    console.log(
      `validator API on the corpus: ${reports}/${rows.length} reports, ${rows.length - differences.length}/${rows.length} with the official verdict (CEN rule set, or the booking-aid notice)`,
    );
    expect(differences).toEqual([]);
  });
});
