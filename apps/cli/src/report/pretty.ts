/**
 * The human format: one line per failing file (✖ path, format, profile, counts), its error findings
 * grouped by rule underneath (count, first message, XML lines), then one summary line. Valid files
 * are not listed: in a batch of a thousand the eye must land on the few that fail.
 */
import type { Finding } from '@einv/facturx';
import type pc from 'picocolors';
import { type FileRecord, findingsOf, isFailure, type Summary } from './record.js';

type Colors = ReturnType<typeof pc.createColors>;

/** Lines listed per group before "…": a rule firing on every one of 10,000 lines stays readable */
const MAX_LINES_SHOWN = 8;

export function prettyRecord(record: FileRecord, c: Colors): string | undefined {
  if (!isFailure(record) || record.status === 'unreadable') return undefined; // unreadable: on stderr
  const findings = findingsOf(record);
  const errors = findings.filter((f) => f.severity === 'fatal');
  const warnings = findings.length - errors.length;
  const what = [record.format ?? 'not an invoice', record.profile].filter(Boolean).join(' ');
  const counts = [plural(errors.length, 'error'), warnings ? plural(warnings, 'warning') : undefined]
    .filter(Boolean)
    .join(', ');
  const expectation = record.expected === 'invalid' ? c.yellow('  expected invalid, but it is valid') : '';
  const head = `${c.red('✖')} ${c.bold(record.file)}  ${c.dim(`${what} · ${counts}`)}${expectation}`;
  return [head, ...groupByRule(errors).map((g) => `    ${formatGroup(g, c)}`)].join('\n');
}

interface RuleGroup {
  rule: string;
  message: string;
  count: number;
  lines: number[];
}

function groupByRule(findings: readonly Finding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const f of findings) {
    let g = groups.get(f.rule);
    if (!g) {
      g = { rule: f.rule, message: f.message, count: 0, lines: [] };
      groups.set(f.rule, g);
    }
    g.count++;
    if (f.line !== undefined) g.lines.push(f.line);
  }
  return [...groups.values()];
}

function formatGroup(g: RuleGroup, c: Colors): string {
  const count = g.count > 1 ? c.dim(` ×${g.count}`) : '';
  const shown = g.lines.slice(0, MAX_LINES_SHOWN).join(', ');
  const more = g.lines.length > MAX_LINES_SHOWN ? ', …' : '';
  const where = g.lines.length ? c.dim(` (line${g.lines.length > 1 ? 's' : ''} ${shown}${more})`) : '';
  return `${c.red(g.rule)}${count}  ${g.message}${where}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function prettySummary(s: Summary, c: Colors): string {
  const parts = [
    c.green(`${s.valid} valid`),
    s.invalid ? c.red(`${s.invalid} invalid`) : `${s.invalid} invalid`,
    s.unreadable ? c.red(`${s.unreadable} unreadable`) : `${s.unreadable} unreadable`,
  ];
  const rate = s.seconds > 0 ? `, ${(s.files / s.seconds).toFixed(1)} files/s` : '';
  let line = `${plural(s.files, 'file')}: ${parts.join(', ')} ${c.dim(`(${s.seconds.toFixed(2)} s${rate})`)}`;
  if (s.expected) {
    const bad = s.notAsExpected ?? 0;
    line += `\n${bad ? c.red(`${bad} not ${s.expected} as expected`) : c.green(`all ${s.expected} as expected`)}`;
  }
  return line;
}
