/**
 * Acceptance: `einv validate` over every XML and PDF of ../shared/corpus, on two worker threads,
 * gives file by file the verdict of the library's validateDocument (called here in-process on the
 * same bytes): same validity, same format and profile, same error rule ids.
 */
import fs from 'node:fs';
import { validateDocument } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedFiles, sharedPath } from '../../../../tests/support/shared.js';
import { assertBuilt, einv } from './run-einv.js';

interface CliRecord {
  file: string;
  status: string;
  format?: string;
  profile?: string;
  errors?: { rule: string }[];
}

describeIfShared('einv validate ../shared/corpus equals validateDocument file by file', () => {
  it('every XML and PDF: same verdict, format, profile and error rules', () => {
    assertBuilt();
    const corpus = sharedPath('corpus');
    const files = sharedFiles('corpus', (name) => /\.(xml|pdf)$/i.test(name));
    expect(files.length).toBeGreaterThan(390);
    const r = einv(['validate', corpus, '--format', 'json', '--jobs', '2']);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as {
      summary: { files: number; invalid: number };
      files: CliRecord[];
    };
    expect(report.files.map((f) => f.file).sort()).toEqual(files.sort());
    expect(r.status).toBe(report.summary.invalid > 0 ? 1 : 0);
    const differences: string[] = [];
    for (const record of report.files) {
      const lib = validateDocument(new Uint8Array(fs.readFileSync(record.file)));
      const libRules = lib.errors.map((e) => e.rule).sort();
      const cliRules = (record.errors ?? []).map((e) => e.rule).sort();
      const same =
        record.status === (lib.valid ? 'valid' : 'invalid') &&
        record.format === lib.format &&
        record.profile === lib.profile &&
        JSON.stringify(cliRules) === JSON.stringify(libRules);
      if (!same)
        differences.push(
          `${record.file}: cli ${record.status} ${cliRules} / library ${lib.valid} ${libRules}`,
        );
    }
    expect(differences).toEqual([]);
  });
});
