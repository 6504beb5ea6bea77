/**
 * JUnit XML for any CI: one testsuite, one testcase per file (name = the path). An invalid file (or,
 * with --expect, a file not as expected) is a <failure> whose text lists its findings; an unreadable
 * file is an <error>. Written with junit-report-builder (escaping, CDATA, counts).
 */
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { counted, say } from '../i18n/messages.js';
import { type FileRecord, isFailure, reportedFindings, type Summary } from './record.js';

// The package is CommonJS with `module.exports = builder`, while its typings declare an ES default
// export; require() gives the builder whatever the module system.
const junit: Builder = createRequire(import.meta.url)('junit-report-builder');

export function toJUnit(records: readonly FileRecord[], summary: Summary): string {
  const builder = junit.newBuilder().name('einv validate');
  const suite = builder.testSuite().name('einv validate').time(summary.seconds);
  for (const record of records) {
    const testCase = suite.testCase().className(classNameOf(record)).name(record.file).file(record.file);
    if (record.status === 'unreadable') {
      testCase.error(record.error ?? say('error.unreadable', { file: record.file }), 'unreadable');
      continue;
    }
    if (!isFailure(record)) continue;
    const findings = reportedFindings(record).filter((f) => f.severity === 'fatal');
    const message =
      record.expected === 'invalid'
        ? say('report.unexpectedlyValid')
        : say('report.errorsOf', {
            count: counted(findings.length, 'count.error', 'count.errors'),
            rules: [...new Set(findings.map((f) => f.rule))].join(', '),
          });
    testCase.failure(message, record.expected === 'invalid' ? 'unexpectedly-valid' : 'invalid');
    if (findings.length > 0)
      testCase.stacktrace(
        findings
          .map(
            (f) =>
              `${f.rule}${f.line !== undefined ? ` (${say('where.line', { n: f.line })})` : ''} ${f.path}: ${f.message}`,
          )
          .join('\n'),
      );
  }
  return builder.build();
}

/** einv.CII.EN16931, einv.FACTURX-PDF.BASIC, einv.unknown: CI tools group testcases by class name */
function classNameOf(record: FileRecord): string {
  return ['einv', record.format ?? 'unknown', record.profile].filter(Boolean).join('.');
}
