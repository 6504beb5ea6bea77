/**
 * SARIF 2.1.0 (OASIS) for GitHub code scanning and any SARIF viewer: one run, the rules that fired
 * described from the rule catalogue, one result per finding located on the file (and its XML line
 * when known), and the unreadable files as tool execution notifications.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding, Severity } from '@einv/facturx';
import type { Location, Log, ReportingDescriptor, Result } from 'sarif';
import { say } from '../i18n/messages.js';
import { type FileRecord, reportedFindings } from './record.js';

/** What SARIF needs to know about a rule id; the caller takes it from the rule catalogue */
export interface RuleInfo {
  message: string;
  explanation?: string;
  fix?: string;
  ruleSet?: string;
  terms?: readonly string[];
}

export interface SarifOptions {
  version: string;
  describeRule: (id: string) => RuleInfo | undefined;
}

const LEVEL: Record<Severity, Result.level> = { fatal: 'error', warning: 'warning', information: 'note' };

/**
 * A file under the working directory becomes a relative URI reference with forward slashes (GitHub
 * maps it to the repository checked out there); any other file an absolute file: URI.
 */
export function artifactUri(file: string, cwd = process.cwd()): string {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative))
    return pathToFileURL(absolute).href;
  return relative.split(path.sep).map(encodeURIComponent).join('/');
}

export function toSarif(records: readonly FileRecord[], options: SarifOptions): Log {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const indexOf = (finding: Finding): number => {
    let i = ruleIndex.get(finding.rule);
    if (i === undefined) {
      i = rules.length;
      ruleIndex.set(finding.rule, i);
      rules.push(describe(finding, options.describeRule(finding.rule)));
    }
    return i;
  };
  const results: Result[] = [];
  for (const record of records) {
    if (record.expected === 'invalid' && record.status === 'valid') {
      results.push(unexpectedlyValid(record, indexOf));
      continue;
    }
    for (const finding of reportedFindings(record)) {
      results.push({
        ruleId: finding.rule,
        ruleIndex: indexOf(finding),
        level: LEVEL[finding.severity],
        message: { text: finding.message },
        locations: [location(record.file, finding)],
        properties: {
          path: finding.path,
          ...(finding.bt ? { bt: finding.bt } : {}),
          ...(finding.xpath ? { xpath: finding.xpath } : {}),
        },
      });
    }
  }
  const unreadable = records.filter((r) => r.status === 'unreadable');
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'einv',
            semanticVersion: options.version,
            version: options.version,
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: unreadable.length === 0,
            toolExecutionNotifications: unreadable.map((r) => ({
              level: 'error',
              message: { text: r.error ?? say('error.unreadable', { file: r.file }) },
              locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(r.file) } } }],
            })),
          },
        ],
        results,
      },
    ],
  };
}

function location(file: string, finding: Finding): Location {
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(file) },
      ...(finding.line !== undefined && finding.line >= 1 ? { region: { startLine: finding.line } } : {}),
    },
    logicalLocations: [{ fullyQualifiedName: finding.xpath ?? finding.path, kind: 'element' }],
  };
}

function describe(finding: Finding, info: RuleInfo | undefined): ReportingDescriptor {
  const short = info?.message ?? finding.message;
  return {
    id: finding.rule,
    shortDescription: { text: short },
    ...(info?.explanation ? { fullDescription: { text: info.explanation } } : {}),
    ...(info?.fix ? { help: { text: info.fix } } : {}),
    defaultConfiguration: { level: LEVEL[finding.severity] },
    properties: {
      ...(info?.ruleSet ? { ruleSet: info.ruleSet } : {}),
      ...(info?.terms?.length ? { terms: [...info.terms] } : {}),
    },
  };
}

const EXPECT_RULE = 'EINV-EXPECT-INVALID';

function unexpectedlyValid(record: FileRecord, indexOf: (f: Finding) => number): Result {
  const finding: Finding = {
    rule: EXPECT_RULE,
    severity: 'fatal',
    path: 'invoice',
    message: say('report.expectInvalidRule'),
  };
  return {
    ruleId: EXPECT_RULE,
    ruleIndex: indexOf(finding),
    level: 'error',
    message: { text: finding.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(record.file) } } }],
  };
}
