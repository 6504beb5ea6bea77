/**
 * The built `einv` in French (decision 0150), chosen by the locale (LANG=fr_FR.UTF-8) and by --lang:
 * the help of every command, --version, the report of a batch with an invalid and a missing file,
 * the usage errors (its own and commander's), explain, preflight. The output is searched for English
 * words from a small list; option names, option values, codes, file names and the examples' command
 * lines are not words and are left out first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { assertBuilt, einv, REPO_ROOT } from './run-einv.js';

const FRENCH = { LANG: 'fr_FR.UTF-8' };
const FIXTURE = path.join(REPO_ROOT, 'fixtures/invoices/fr-b2b-simple.json');
const COMMANDS = ['validate', 'generate', 'extract', 'attach', 'convert', 'explain', 'preflight'];

/** English words that must not appear in a French run (whole words, any case) */
const ENGLISH = [
  'the',
  'of',
  'and',
  'with',
  'for',
  'to',
  'is',
  'file',
  'files',
  'error',
  'errors',
  'warning',
  'warnings',
  'expected',
  'usage',
  'commands',
  'display',
  'default',
  'choices',
  'cannot',
  'unknown',
  'missing',
  'required',
  'allowed',
  'print',
  'write',
  'read',
  'reads',
  'line',
  'lines',
  'unreadable',
  'passes',
  'checks',
  'why',
  'fix',
  'terms',
  'output',
  'input',
  'did you mean',
  'not',
];

/** The text without what is not a word of a sentence: paths, option names and values, examples */
function words(text: string, tmp: string): string {
  return text
    .split(tmp)
    .join(' ')
    .split('\n')
    .filter((l) => !/^\s*\$ einv /.test(l)) // the examples are command lines
    .join('\n')
    .replace(/"[^"\n]*"/g, ' ') // option values in the help: "pretty", "invalid"
    .replace(/(^|\s)-{1,2}[a-z][\w-]*/gi, ' ') // --french-rules, -o
    .replace(/<[^>\n]*>|\[[^\]\n]*\]/g, ' ') // <entrées...>, [options]
    .replace(/\b[\w.-]+\.(xml|pdf|json)\b/gi, ' ') // file names
    .replace(/\b[A-Z]{2,}[\w-]*\b/g, ' '); // codes: BR-CO-15, EN16931, PDF, ETA
}

function englishIn(text: string, tmp: string): string[] {
  const t = words(text, tmp);
  return ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu').test(t));
}

let tmp: string;

beforeAll(() => {
  assertBuilt();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-fr-'));
  const ok = path.join(tmp, 'a.xml');
  expect(einv(['generate', FIXTURE, '--xml-only', '--now', '2026-01-01T00:00:00Z', '-o', ok]).status).toBe(0);
  // a wrong total with VAT: BR-CO-15 / BR-CO-16 with their derivation
  const xml = fs
    .readFileSync(ok, 'utf8')
    .replace(/<ram:GrandTotalAmount>[^<]*/, '<ram:GrandTotalAmount>999.99');
  fs.writeFileSync(path.join(tmp, 'b.xml'), xml);
  expect(
    einv(['generate', FIXTURE, '--now', '2026-01-01T00:00:00Z', '-o', path.join(tmp, 'a.pdf')]).status,
  ).toBe(0);
  fs.writeFileSync(path.join(tmp, 'bad.json'), '{ not json');
});

describe('einv in French', () => {
  // every row gives its environment: jest would pass its `done` callback for a missing third value
  const rows: [string, string[], Record<string, string>?][] = [
    ['help', ['--help']],
    ...COMMANDS.map((c): [string, string[]] => [`${c} --help`, [c, '--help']]),
    ['--version', ['--version']],
    ['a batch with an invalid and a missing file', ['validate', 'a.xml', 'b.xml', 'none.xml', '--jobs', '1']],
    [
      '--expect invalid, an empty directory',
      ['validate', 'a.xml', 'empty-dir', '--expect', 'invalid', '--jobs', '1'],
    ],
    ['JUnit', ['validate', 'b.xml', 'none.xml', '--format', 'junit', '--jobs', '1']],
    ['a bad --jobs', ['validate', 'a.xml', '--jobs', 'x']],
    ['an unknown option', ['validate', 'a.xml', '--bogus']],
    ['an unknown command', ['valid']],
    ['a value not among the choices', ['validate', 'a.xml', '--format', 'html']],
    ['a missing argument', ['explain']],
    ['too many arguments', ['explain', 'BR-CO-10', 'BR-CO-11']],
    ['a missing required option', ['convert', 'a.xml']],
    ['explain', ['explain', 'BR-CO-15']],
    ['an unknown rule', ['explain', 'BR-CO-9']],
    ['preflight', ['preflight', 'a.pdf']],
    ['invalid JSON', ['generate', 'bad.json']],
    ['a directory as input', ['convert', '.', '--to', 'ubl']],
    [
      '--lang fr without a French locale',
      ['validate', 'b.xml', '--lang', 'fr', '--jobs', '1'],
      { LANG: 'C' },
    ],
  ];
  const runs = rows.map(([name, args, env]): [string, string[], Record<string, string>] => [
    name,
    args,
    env ?? FRENCH,
  ]);

  it.each(runs)('%s: no English word', (_name, args, env) => {
    fs.mkdirSync(path.join(tmp, 'empty-dir'), { recursive: true });
    const r = einv(args, { cwd: tmp, env });
    const out = `${r.stdout}\n${r.stderr}`;
    expect(out.trim().length).toBeGreaterThan(0);
    expect({ args, english: englishIn(out, tmp) }).toEqual({ args, english: [] });
  });

  it('says the French things in French', () => {
    const batch = einv(['validate', 'a.xml', 'b.xml', 'none.xml', '--jobs', '1'], { cwd: tmp, env: FRENCH });
    expect(batch.stdout).toMatch(
      /3 fichiers\u00a0: 1 valide, 1 invalide, 1 illisible \([\d,]+ s, [\d,]+ fichiers\/s\)/,
    );
    expect(batch.stdout).toContain('la facture indique 999,99');
    expect(batch.stderr).toContain(
      'none.xml\u00a0: lecture impossible (facture)\u00a0: fichier introuvable (ENOENT)',
    );
    expect(einv(['--help'], { env: FRENCH }).stdout).toMatch(
      /^Utilisation\u00a0: einv \[options\] \[commande\]/,
    );
    expect(einv(['valid'], { env: FRENCH }).stderr).toContain(
      'erreur\u00a0: commande inconnue «\u00a0valid\u00a0»',
    );
    // the environment's locale does not override --lang en
    expect(einv(['valid', '--lang', 'en'], { env: FRENCH }).stderr).toContain(
      "error: unknown command 'valid'",
    );
  });

  it('the word list does find the English of an English run (the check can fail)', () => {
    const r = einv(['validate', 'a.xml', 'b.xml', 'none.xml', '--jobs', '1'], {
      cwd: tmp,
      env: { LANG: 'C' },
    });
    expect(englishIn(`${r.stdout}\n${r.stderr}`, tmp)).toEqual(
      expect.arrayContaining(['the', 'file', 'files', 'line', 'unreadable', 'cannot']),
    );
    expect(englishIn(einv(['validate', '--help'], { env: { LANG: 'C' } }).stdout, tmp)).toEqual(
      expect.arrayContaining(['usage', 'display', 'default', 'choices']),
    );
  });

  it('is English in an English or C locale', () => {
    for (const LANG of ['en_US.UTF-8', 'C.UTF-8']) {
      expect(einv(['--help'], { env: { LANG } }).stdout).toMatch(/^Usage: einv/);
    }
  });
});
