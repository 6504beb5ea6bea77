/** Findings of a single-file command (generate, extract, attach, convert, preflight), one per line on stderr. */
import type { Finding } from '@einv/facturx';
import pc from 'picocolors';
import { say } from './i18n/messages.js';

const c = pc.createColors(pc.isColorSupported && process.stderr.isTTY === true);

export function findingLine(f: Finding, file?: string): string {
  const word = say(`level.${f.severity}`);
  const level =
    f.severity === 'fatal' ? c.red(word) : f.severity === 'warning' ? c.yellow(word) : c.dim(word);
  const where = [file, f.line !== undefined ? say('where.line', { n: f.line }) : undefined]
    .filter(Boolean)
    .join(':');
  return `${where ? `${where}: ` : ''}${level} ${c.bold(f.rule)} ${f.message} ${c.dim(`[${f.xpath ?? f.path}]`)}`;
}

/** Writes the findings to stderr; true when one of them is fatal */
export function reportFindings(findings: readonly Finding[], file?: string): boolean {
  for (const f of findings) process.stderr.write(`${findingLine(f, file)}\n`);
  return findings.some((f) => f.severity === 'fatal');
}
