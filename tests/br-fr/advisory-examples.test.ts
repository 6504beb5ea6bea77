/**
 * einv's advisory checks (EINV-ADVISORY) against the official examples: none fires on any invoice of
 * ../shared (Annexe B v1.2 / v1.3, the EN 16931 examples and unit cases, the corpus), all of which
 * the official rules accept or judge on other grounds. A check that fired there would be a false alarm.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCii } from '@einv/cii';
import { validate } from '@einv/rules';
import { readUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared, SHARED, sharedFiles } from '../support/shared.js';

describeIfShared('advisory checks on the official examples', () => {
  it('fire on none of them', () => {
    const files = ['br-fr/examples', 'en16931', 'corpus'].flatMap((d) =>
      sharedFiles(d, (n) => n.endsWith('.xml')),
    );
    let judged = 0;
    const fired: string[] = [];
    for (const file of files) {
      const xml = fs.readFileSync(file, 'utf8');
      const read = xml.includes('CrossIndustryInvoice')
        ? readCii(xml)
        : /<(\w+:)?(Invoice|CreditNote)[\s>]/.test(xml)
          ? readUbl(xml)
          : undefined;
      if (!read?.invoice) continue;
      const result = validate(read.invoice, { ruleSets: ['EINV-ADVISORY'] });
      if (result.ruleSets.length) judged++;
      for (const w of result.warnings)
        fired.push(`${path.relative(SHARED, file)}: ${w.rule} ${w.path}=${String(w.value)}`);
    }
    // the French invoices of the examples are the ones the checks run on
    expect(judged).toBeGreaterThanOrEqual(30);
    expect(fired).toEqual([]);
  });
});
