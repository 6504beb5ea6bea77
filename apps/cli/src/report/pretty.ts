/**
 * The human format: one line per failing file (✖ path, format, profile, counts), its error findings
 * grouped by rule underneath (count, first message, XML lines), then one summary line. Valid files
 * are not listed: in a batch of a thousand the eye must land on the few that fail.
 */
import type { Finding } from '@einv/facturx';
import type pc from 'picocolors';
import { counted, decimal, say } from '../i18n/messages.js';
import { type FileRecord, findingsOf, isFailure, type Summary } from './record.js';

type Colors = ReturnType<typeof pc.createColors>;

/** Lines listed per group before "…": a rule firing on every one of 10,000 lines stays readable */
const MAX_LINES_SHOWN = 8;

export function prettyRecord(record: FileRecord, c: Colors): string | undefined {
  if (!isFailure(record) || record.status === 'unreadable') return undefined; // unreadable: on stderr
  const findings = findingsOf(record);
  const errors = findings.filter((f) => f.severity === 'fatal');
  const warnings = findings.length - errors.length;
  const what = [record.format ?? say('report.notInvoice'), record.profile].filter(Boolean).join(' ');
  const counts = [
    counted(errors.length, 'count.error', 'count.errors'),
    warnings ? counted(warnings, 'count.warning', 'count.warnings') : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const expectation = record.expected === 'invalid' ? c.yellow(`  ${say('report.expectedInvalid')}`) : '';
  const head = `${c.red('✖')} ${c.bold(record.file)}  ${c.dim(`${what} · ${counts}`)}${expectation}`;
  return [head, ...groupByRule(errors).map((g) => `    ${formatGroup(g, c)}`)].join('\n');
}

interface RuleGroup {
  rule: string;
  message: string;
  /** How the first finding's rule computed what it expected (decision 0130), when it did */
  derivation: string | undefined;
  count: number;
  lines: number[];
}

function groupByRule(findings: readonly Finding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const f of findings) {
    let g = groups.get(f.rule);
    if (!g) {
      g = { rule: f.rule, message: f.message, derivation: f.derivation, count: 0, lines: [] };
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
  const where = g.lines.length
    ? c.dim(
        ` (${say(g.lines.length > 1 ? 'where.lines' : 'where.line', { n: shown, list: `${shown}${more}` })})`,
      )
    : '';
  const derivation = g.derivation ? `\n      ${c.dim(g.derivation)}` : '';
  return `${c.red(g.rule)}${count}  ${g.message}${where}${derivation}`;
}

export function prettySummary(s: Summary, c: Colors): string {
  const invalid = counted(s.invalid, 'count.invalid', 'count.invalids');
  const unreadable = counted(s.unreadable, 'count.unreadable', 'count.unreadables');
  const counts = say('report.summary', {
    files: counted(s.files, 'count.file', 'count.files'),
    valid: c.green(counted(s.valid, 'count.valid', 'count.valids')),
    invalid: s.invalid ? c.red(invalid) : invalid,
    unreadable: s.unreadable ? c.red(unreadable) : unreadable,
  });
  const time =
    s.seconds > 0
      ? say('report.rate', { seconds: decimal(s.seconds, 2), rate: decimal(s.files / s.seconds, 1) })
      : `${decimal(s.seconds, 2)} s`;
  let line = `${counts} ${c.dim(`(${time})`)}`;
  if (s.expected) {
    const bad = s.notAsExpected ?? 0;
    line += `\n${
      bad
        ? c.red(say(`report.notAsExpected.${s.expected}`, { n: bad }))
        : c.green(say(`report.allAsExpected.${s.expected}`))
    }`;
  }
  return line;
}
