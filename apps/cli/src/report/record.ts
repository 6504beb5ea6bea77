/**
 * The stable shape of `einv validate` results (docs/cli.md "Output formats"): one FileRecord per file
 * — validateDocument's report flattened, plus the file, its status and the --expect verdict — and a
 * Summary. Every output format is made from these, so they cannot disagree.
 */
import type { DocumentReport, Finding } from '@einv/facturx';
import type { FileVerdict } from '../batch/validate-file.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

export type Expectation = 'valid' | 'invalid';
export type FileStatus = 'valid' | 'invalid' | 'unreadable';

export interface FileRecord extends Partial<DocumentReport> {
  /** The path as given or found (relative to the working directory when it was given so) */
  file: string;
  status: FileStatus;
  /** Only with --expect */
  expected?: Expectation;
  asExpected?: boolean;
  /** Only for an unreadable file: what went wrong */
  error?: string;
}

export interface Summary {
  files: number;
  valid: number;
  invalid: number;
  unreadable: number;
  /** Only with --expect */
  expected?: Expectation;
  asExpected?: number;
  notAsExpected?: number;
  /** Operands that named no file (empty directory, glob matching nothing) */
  emptyOperands: string[];
  seconds: number;
}

export function toRecord(verdict: FileVerdict, expect: Expectation | undefined): FileRecord {
  const status: FileStatus = verdict.report ? (verdict.report.valid ? 'valid' : 'invalid') : 'unreadable';
  return {
    file: verdict.file,
    status,
    ...(expect ? { expected: expect, asExpected: status === expect } : {}),
    ...(verdict.error !== undefined ? { error: verdict.error } : {}),
    ...verdict.report,
  };
}

/**
 * Every finding of the file: structure, rules and, for a PDF, the PDF/A-3 and Factur-X checks (the
 * report's errors and warnings hold them all; `pdf.findings` is a view of the PDF ones, decision 0112)
 */
export function findingsOf(record: FileRecord): Finding[] {
  return [...(record.errors ?? []), ...(record.warnings ?? [])];
}

/** A file the report must single out: invalid, unreadable, or (with --expect) not as expected */
export function isFailure(record: FileRecord): boolean {
  return record.expected ? record.asExpected !== true : record.status !== 'valid';
}

/**
 * With `--expect invalid` the findings of a file that is invalid as expected are not news: the
 * machine-readable reports (SARIF, JUnit) list findings only for files that fail.
 */
export function reportedFindings(record: FileRecord): Finding[] {
  return record.expected === 'invalid' && record.asExpected ? [] : findingsOf(record);
}

export class SummaryCounter {
  private readonly summary: Summary;
  private readonly started = performance.now();

  constructor(expect: Expectation | undefined, emptyOperands: string[]) {
    this.summary = {
      files: 0,
      valid: 0,
      invalid: 0,
      unreadable: 0,
      ...(expect ? { expected: expect, asExpected: 0, notAsExpected: 0 } : {}),
      emptyOperands,
      seconds: 0,
    };
  }

  add(record: FileRecord): void {
    const s = this.summary;
    s.files++;
    s[record.status]++;
    if (record.expected) {
      if (record.asExpected) s.asExpected = (s.asExpected ?? 0) + 1;
      else s.notAsExpected = (s.notAsExpected ?? 0) + 1;
    }
  }

  finish(): Summary {
    return { ...this.summary, seconds: Math.round(performance.now() - this.started) / 1000 };
  }
}

/** 2 when anything could not be read, else 1 when anything failed (or was not as expected), else 0 */
export function exitCodeOf(summary: Summary): ExitCode {
  if (summary.unreadable > 0 || summary.emptyOperands.length > 0) return EXIT.usage;
  if (summary.expected) return (summary.notAsExpected ?? 0) > 0 ? EXIT.invalid : EXIT.ok;
  return summary.invalid > 0 ? EXIT.invalid : EXIT.ok;
}
