/**
 * `einv validate <files|dirs|globs…>`: validates every file with the facade's validateDocument on
 * worker threads and writes one report in the chosen format. Unreadable files are named on stderr and
 * the batch goes on; the exit code says how it went (exit-codes.ts).
 */
import os from 'node:os';
import type { ValidateDocumentOptions } from '@einv/facturx';
import pc from 'picocolors';
import { expandInputs } from '../batch/inputs.js';
import { startProgress } from '../batch/progress.js';
import { validateBatch } from '../batch/run.js';
import { type ExitCode, UsageError } from '../exit-codes.js';
import { say } from '../i18n/messages.js';
import { writeOutput } from '../io.js';
import { prettyRecord, prettySummary } from '../report/pretty.js';
import { type Expectation, exitCodeOf, type FileRecord, SummaryCounter, toRecord } from '../report/record.js';
import { CLI_VERSION } from '../version.js';
import { type CommonOptions, documentOptions } from './options.js';

export const FORMATS = ['pretty', 'json', 'jsonl', 'sarif', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

export interface ValidateCommandOptions extends CommonOptions {
  format: Format;
  jobs?: string;
  expect?: Expectation;
  output?: string;
  progress: boolean;
}

export async function validateCommand(operands: string[], opts: ValidateCommandOptions): Promise<ExitCode> {
  const options: ValidateDocumentOptions = await documentOptions(opts);
  const jobs = parseJobs(opts.jobs);
  const { files, empty } = await expandInputs(operands);
  for (const message of empty) process.stderr.write(`einv: ${message}\n`);

  const colors = pc.createColors(opts.output === undefined && pc.isColorSupported);
  const progress = startProgress(files.length, opts.progress && process.stderr.isTTY === true);
  const counter = new SummaryCounter(opts.expect, empty);
  // pretty and jsonl stream to stdout as verdicts arrive; with -o, and for the other formats, the
  // report is written once at the end
  const kept: FileRecord[] = [];
  const lines: string[] = [];
  const emit = (text: string) => (opts.output === undefined ? progress.print(text) : lines.push(text));

  try {
    await validateBatch(files, {
      jobs,
      options,
      onProgress: () => progress.tick(),
      onVerdict: (verdict) => {
        const record = toRecord(verdict, opts.expect);
        counter.add(record);
        if (record.error !== undefined) process.stderr.write(`einv: ${record.error}\n`);
        if (opts.format === 'pretty') {
          const text = prettyRecord(record, colors);
          if (text !== undefined) emit(text);
        } else if (opts.format === 'jsonl') emit(JSON.stringify(record));
        else kept.push(record);
      },
    });
  } finally {
    progress.stop();
  }
  const summary = counter.finish();

  if (opts.format === 'pretty' || opts.format === 'jsonl') {
    if (opts.format === 'pretty') lines.push(prettySummary(summary, colors));
    if (opts.output !== undefined || lines.length > 0)
      await writeOutput(opts.output, `${lines.join('\n')}\n`);
  } else {
    await writeOutput(opts.output, `${await render(opts.format, kept, summary, options)}\n`);
  }
  return exitCodeOf(summary);
}

async function render(
  format: Exclude<Format, 'pretty' | 'jsonl'>,
  records: FileRecord[],
  summary: ReturnType<SummaryCounter['finish']>,
  options: ValidateDocumentOptions,
): Promise<string> {
  if (format === 'json') {
    return JSON.stringify(
      { tool: { name: 'einv', version: CLI_VERSION }, options, summary, files: records },
      null,
      2,
    );
  }
  if (format === 'sarif') {
    const { toSarif } = await import('../report/sarif.js');
    const { getRule } = await import('@einv/rules'); // the catalogue, loaded only for SARIF
    const log = toSarif(records, {
      version: CLI_VERSION,
      describeRule: (id) => {
        const rule = getRule(id);
        const lang = options.lang ?? 'en';
        return rule
          ? {
              message: rule.message[lang],
              explanation: rule.explanation[lang],
              fix: rule.fix[lang],
              ruleSet: rule.ruleSet,
              terms: rule.terms,
            }
          : undefined;
      },
    });
    return JSON.stringify(log, null, 2);
  }
  const { toJUnit } = await import('../report/junit.js');
  return toJUnit(records, summary);
}

function parseJobs(value: string | undefined): number {
  if (value === undefined) return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(say('usage.jobs', { value }));
  return n;
}
