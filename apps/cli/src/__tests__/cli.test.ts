/**
 * The built `einv` as a subprocess: every command, every output format, the exit codes (0 valid,
 * 1 invalid, 2 usage / I/O), --expect, a batch holding junk, empty and unreadable files. SARIF is
 * checked against the SARIF 2.1.0 JSON schema (Microsoft's copy shipped in @microsoft/jest-sarif)
 * with ajv; JUnit is parsed back with fast-xml-parser.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  FACTURX_VERSION,
  FRENCH_RULES_VALUES,
  getRule,
  PROCESSING_TYPES,
} from '@einv/rules';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type AjvDraft04 from 'ajv-draft-04';
import type addFormatsPlugin from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { assertBuilt, EINV, einv, REPO_ROOT } from './run-einv.js';

const require = createRequire(import.meta.url);
// CommonJS packages whose typings declare an ES default export: require() gives the export itself
const Ajv: typeof AjvDraft04.default = require('ajv-draft-04');
const addFormats: typeof addFormatsPlugin.default = require('ajv-formats');
const FIXTURE = path.join(REPO_ROOT, 'fixtures/invoices/fr-b2b-simple.json');
const NOW = '2026-01-01T00:00:00Z';
const isRoot = process.getuid?.() === 0;

let tmp: string;
let validDir: string;
let invalidDir: string;
let junkDir: string;
let validXml: string;
let manyDir: string;

/** Every file of the batch as the JSON format reports it */
interface JsonReport {
  summary: { files: number; valid: number; invalid: number; unreadable: number };
  files: { file: string; status: string; errors?: { rule: string; line?: number }[]; asExpected?: boolean }[];
}

beforeAll(() => {
  assertBuilt();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-cli-'));
  validDir = path.join(tmp, 'valid');
  invalidDir = path.join(tmp, 'invalid');
  junkDir = path.join(tmp, 'junk');
  for (const d of [validDir, invalidDir, junkDir]) fs.mkdirSync(d);
  // valid: a generated CII XML, the same invoice as Factur-X PDF, and as UBL (through convert)
  expect(
    einv(['generate', FIXTURE, '--xml-only', '--now', NOW, '-o', path.join(validDir, 'a.xml')]).status,
  ).toBe(0);
  expect(einv(['generate', FIXTURE, '--now', NOW, '-o', path.join(validDir, 'a.pdf')]).status).toBe(0);
  expect(
    einv(['convert', path.join(validDir, 'a.xml'), '--to', 'ubl', '-o', path.join(validDir, 'a-ubl.xml')])
      .status,
  ).toBe(0);
  validXml = fs.readFileSync(path.join(validDir, 'a.xml'), 'utf8');
  // invalid: a wrong grand total (BR-CO-15) and a missing invoice number (BR-02)
  fs.writeFileSync(
    path.join(invalidDir, 'bad-total.xml'),
    validXml.replace('<ram:GrandTotalAmount>1259.64<', '<ram:GrandTotalAmount>1300.00<'),
  );
  fs.writeFileSync(
    path.join(invalidDir, 'no-number.xml'),
    validXml.replace('<ram:ID>F2026-0001</ram:ID>', ''),
  );
  // junk: not XML, empty, unreadable (permission; root reads anyway), a dangling link, one good file
  fs.writeFileSync(path.join(junkDir, 'junk.xml'), 'this is not an invoice \u0000\u0001');
  fs.writeFileSync(path.join(junkDir, 'empty.pdf'), '');
  fs.writeFileSync(path.join(junkDir, 'locked.xml'), validXml);
  fs.chmodSync(path.join(junkDir, 'locked.xml'), 0o000);
  fs.writeFileSync(path.join(junkDir, 'good.xml'), validXml);
  // named on the command line: a dangling link and a FIFO (a read would block forever)
  fs.symlinkSync(path.join(tmp, 'nowhere.xml'), path.join(tmp, 'dangling.xml'));
  execFileSync('mkfifo', [path.join(tmp, 'pipe.xml')]);
  // enough files for two worker threads (one per FILES_PER_THREAD = 100 files)
  manyDir = path.join(tmp, 'many');
  fs.mkdirSync(manyDir);
  for (let i = 0; i < 60; i++) {
    fs.copyFileSync(path.join(validDir, 'a.xml'), path.join(manyDir, `v${String(i).padStart(2, '0')}.xml`));
    fs.copyFileSync(
      path.join(invalidDir, 'bad-total.xml'),
      path.join(manyDir, `x${String(i).padStart(2, '0')}.xml`),
    );
  }
});

describe('einv --version and --help', () => {
  it('prints the CLI version and every rule-set version', () => {
    const r = einv(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^einv \d+\.\d+\.\d+/);
    expect(r.stdout).toContain(`EN16931 ${EN16931_VERSION}`);
    for (const v of [...Object.values(BR_FR_VERSIONS), ...BR_FR_STANDARD_VERSIONS])
      expect(r.stdout).toContain(v);
    expect(r.stdout).toContain(`FACTUR-X ${FACTURX_VERSION}`);
    expect(r.stdout).toContain(`EINV-ADVISORY ${ADVISORY_VERSION}`);
  });

  it.each(['validate', 'generate', 'extract', 'attach', 'convert', 'explain', 'preflight'])(
    '%s --help shows the options and an example',
    (command) => {
      const r = einv([command, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`Usage: einv ${command}`);
      expect(r.stdout).toMatch(/Examples:\n {2}\$ einv /);
    },
  );

  it('exits 2 on usage errors and says what was expected', () => {
    expect(einv(['frobnicate']).status).toBe(2);
    const bare = einv([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Usage: einv');
    expect(einv(['--help']).status).toBe(0);
    const format = einv(['validate', validDir, '--format', 'yaml']);
    expect(format.status).toBe(2);
    expect(format.stderr).toMatch(/pretty, json, jsonl, sarif, junit/);
    const jobs = einv(['validate', validDir, '--jobs', '0']);
    expect(jobs.status).toBe(2);
    expect(jobs.stderr).toContain('--jobs 0');
    const profile = einv(['validate', validDir, '--profile', 'GOLD']);
    expect(profile.status).toBe(2);
    expect(profile.stderr).toContain('EN16931');
    expect(einv(['convert', path.join(validDir, 'a.xml')]).status).toBe(2); // --to is mandatory
  });
});

describe('einv validate', () => {
  it('pretty: exit 0 on a valid directory, a summary line', () => {
    const r = einv(['validate', validDir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^3 files: 3 valid, 0 invalid, 0 unreadable/);
  });

  it('pretty: exit 1, one line per failing file with its findings grouped by rule', () => {
    const r = einv(['validate', invalidDir]);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    const heads = lines.filter((l) => l.startsWith('✖ '));
    expect(heads).toHaveLength(2);
    expect(heads[0]).toContain('bad-total.xml');
    expect(heads[0]).toMatch(/CII EN16931 · \d+ errors?/);
    const under = lines[lines.indexOf(heads[0]!) + 1]!;
    expect(under).toMatch(/^ {4}BR-CO-15 .*\(line \d+\)/);
    expect(r.stdout).toMatch(/2 files: 0 valid, 2 invalid, 0 unreadable/);
  });

  it('json: the documented shape, file by file', () => {
    const r = einv(['validate', validDir, invalidDir, '--format', 'json']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.summary).toMatchObject({ files: 5, valid: 3, invalid: 2, unreadable: 0 });
    const byName = new Map(report.files.map((f) => [path.basename(f.file), f]));
    expect(byName.get('a.pdf')).toMatchObject({ status: 'valid', format: 'FACTURX-PDF', profile: 'EN16931' });
    expect(byName.get('a-ubl.xml')).toMatchObject({ status: 'valid', format: 'UBL' });
    expect(byName.get('bad-total.xml')?.errors?.map((e) => e.rule)).toContain('BR-CO-15');
    expect(byName.get('no-number.xml')?.errors?.map((e) => e.rule)).toContain('BR-02');
  });

  it('jsonl: one record per line, in input order, the same records as json', () => {
    const jsonl = einv(['validate', invalidDir, validDir, '--format', 'jsonl']);
    expect(jsonl.status).toBe(1);
    const lines = jsonl.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    const records = lines.map((l) => JSON.parse(l));
    const json = JSON.parse(
      einv(['validate', invalidDir, validDir, '--format', 'json']).stdout,
    ) as JsonReport;
    expect(records).toEqual(json.files);
  });

  it('sarif: valid against the SARIF 2.1.0 schema; results on the file and its XML line', () => {
    const r = einv(['validate', 'valid', 'invalid', '--format', 'sarif'], { cwd: tmp });
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout);
    // unicodeRegExp off: the schema's language pattern has a stray "]" that only the u flag rejects
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validateSarif = ajv.compile(
      JSON.parse(
        fs.readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
      ),
    );
    expect(validateSarif(log) ? [] : validateSarif.errors).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    const results = run.results as {
      ruleId: string;
      level: string;
      ruleIndex: number;
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
      }[];
    }[];
    const co15 = results.find((x) => x.ruleId === 'BR-CO-15')!;
    expect(co15.level).toBe('error');
    expect(co15.locations[0]!.physicalLocation.artifactLocation.uri).toBe('invalid/bad-total.xml');
    const line = validXml.split('\n').findIndex((l) => l.includes('GrandTotalAmount')) + 1;
    expect(co15.locations[0]!.physicalLocation.region?.startLine).toBe(line);
    // the rule is described from the catalogue
    expect(run.tool.driver.rules[co15.ruleIndex]).toMatchObject({
      id: 'BR-CO-15',
      shortDescription: { text: getRule('BR-CO-15')!.message.en },
      fullDescription: { text: getRule('BR-CO-15')!.explanation.en },
    });
    expect(
      results.every((x) => !x.locations[0]!.physicalLocation.artifactLocation.uri.startsWith('valid/')),
    ).toBe(true);
    // an unreadable file becomes a tool execution notification, and the log stays schema-valid
    const withMissing = JSON.parse(
      einv(['validate', 'valid', 'missing.xml', '--format', 'sarif'], { cwd: tmp }).stdout,
    );
    expect(validateSarif(withMissing) ? [] : validateSarif.errors).toEqual([]);
    expect(withMissing.runs[0].invocations[0]).toMatchObject({ executionSuccessful: false });
    expect(withMissing.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toContain(
      'missing.xml',
    );
  });

  it('junit: parsed back, one testcase per file, failures for invalid files', () => {
    const r = einv(['validate', 'valid', 'invalid', '--format', 'junit', '-o', 'junit.xml'], { cwd: tmp });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const xml = fs.readFileSync(path.join(tmp, 'junit.xml'), 'utf8');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(Number(suite.tests)).toBe(5);
    expect(Number(suite.failures)).toBe(2);
    expect(Number(suite.errors)).toBe(0);
    const cases = suite.testcase as { name: string; classname: string; failure?: { message: string } }[];
    expect(cases.map((c) => c.name).sort()).toEqual(
      [
        'invalid/bad-total.xml',
        'invalid/no-number.xml',
        'valid/a-ubl.xml',
        'valid/a.pdf',
        'valid/a.xml',
      ].sort(),
    );
    const bad = cases.find((c) => c.name === 'invalid/bad-total.xml')!;
    expect(bad.classname).toBe('einv.CII.EN16931');
    expect(bad.failure?.message).toContain('BR-CO-15');
    expect(cases.find((c) => c.name === 'valid/a.pdf')?.failure).toBeUndefined();
  });

  it('--expect valid / invalid turns a directory into a regression suite', () => {
    expect(einv(['validate', validDir, '--expect', 'valid']).status).toBe(0);
    expect(einv(['validate', invalidDir, '--expect', 'invalid']).status).toBe(0);
    const notValid = einv(['validate', invalidDir, '--expect', 'valid']);
    expect(notValid.status).toBe(1);
    expect(notValid.stdout).toContain('2 not valid as expected');
    const notInvalid = einv(['validate', validDir, '--expect', 'invalid', '--format', 'junit']);
    expect(notInvalid.status).toBe(1);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(notInvalid.stdout)
      .testsuites.testsuite;
    expect(Number(suite.failures)).toBe(3);
    // as expected: invalid files pass as test cases and bring no SARIF results
    const sarif = JSON.parse(
      einv(['validate', invalidDir, '--expect', 'invalid', '--format', 'sarif']).stdout,
    );
    expect(sarif.runs[0].results).toEqual([]);
  });

  it('a batch with junk, empty and unreadable files goes on; stderr names each unreadable file; exit 2', () => {
    const named = ['missing.xml', 'dangling.xml', 'pipe.xml'].map((f) => path.join(tmp, f));
    const r = einv(['validate', junkDir, ...named, '--format', 'json']);
    expect(r.status).toBe(2);
    const report = JSON.parse(r.stdout) as JsonReport;
    const status = Object.fromEntries(report.files.map((f) => [path.basename(f.file), f.status]));
    expect(status['good.xml']).toBe('valid');
    expect(status['junk.xml']).toBe('invalid');
    expect(status['empty.pdf']).toBe('invalid');
    expect(status['missing.xml']).toBe('unreadable');
    expect(r.stderr).toMatch(/missing\.xml: cannot read the invoice: no such file \(ENOENT\)/);
    expect(status['dangling.xml']).toBe('unreadable');
    expect(r.stderr).toMatch(/dangling\.xml: cannot read the invoice: no such file/);
    expect(status['pipe.xml']).toBe('unreadable');
    expect(r.stderr).toMatch(/pipe\.xml: not a regular file/);
    if (isRoot) {
      expect(status['locked.xml']).toBe('valid'); // root reads a mode-000 file
    } else {
      expect(status['locked.xml']).toBe('unreadable');
      expect(r.stderr).toMatch(/locked\.xml: cannot read the invoice: permission denied \(EACCES\)/);
    }
    const junk = report.files.find((f) => f.file.endsWith('junk.xml'))!;
    expect(junk.errors?.length).toBeGreaterThan(0);
  });

  it('an empty directory or a glob matching nothing is a usage error naming it', () => {
    const empty = path.join(tmp, 'empty-dir');
    fs.mkdirSync(empty, { recursive: true });
    const r = einv(['validate', empty, `${tmp}/nothing-*.xml`]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('empty-dir: no .xml or .pdf file in this directory');
    expect(r.stderr).toContain('nothing-*.xml: no file matches this pattern');
  });

  it('globs are expanded; --jobs 1 and --jobs 2 give the same report', () => {
    const glob = einv(['validate', 'valid/*.xml', '--format', 'json'], { cwd: tmp });
    expect((JSON.parse(glob.stdout) as JsonReport).files.map((f) => f.file)).toEqual([
      'valid/a-ubl.xml',
      'valid/a.xml',
    ]);
    // 124 files: enough for two worker threads (one per FILES_PER_THREAD = 100 files)
    const one = JSON.parse(einv(['validate', manyDir, junkDir, '--format', 'json', '--jobs', '1']).stdout);
    const two = JSON.parse(einv(['validate', manyDir, junkDir, '--format', 'json', '--jobs', '2']).stdout);
    expect(one.summary).toMatchObject({ files: 124, invalid: 62, valid: isRoot ? 62 : 61 });
    expect(two.files).toEqual(one.files);
  });

  // script(1) (util-linux) gives the CLI a pseudo-terminal, as a user's shell would
  (fs.existsSync('/usr/bin/script') ? it : it.skip)('on a terminal: a progress bar with rate and ETA', () => {
    const r = spawnSync(
      '/usr/bin/script',
      ['-qec', `${process.execPath} ${EINV} validate ${manyDir}`, '/dev/null'],
      {
        env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined, NO_COLOR: '1' },
      },
    );
    expect(r.status).toBe(1); // the invalid half
    const out = r.stdout.toString();
    expect(out).toMatch(/validating .* \d+\/120 files \| [\d.]+ files\/s \| ETA /);
    expect(out).toMatch(/120 files: 60 valid, 60 invalid, 0 unreadable/);
  });

  it('--lang fr and --french-rules change the messages and the BR-FR edition', () => {
    const fr = JSON.parse(
      einv(['validate', invalidDir, '--format', 'json', '--lang', 'fr']).stdout,
    ) as JsonReport;
    const en = JSON.parse(einv(['validate', invalidDir, '--format', 'json']).stdout) as JsonReport;
    const msg = (r: JsonReport) =>
      (r.files[0]!.errors as { rule: string; message: string }[]).find((e) => e.rule === 'BR-CO-15')!.message;
    expect(msg(fr)).not.toBe(msg(en));
    const standard = JSON.parse(
      einv(['validate', validDir, '--format', 'json', '--french-rules', 'standard']).stdout,
    ) as { files: { ruleSets: { name: string; version: string }[] }[] };
    expect(standard.files[0]!.ruleSets).toContainEqual({
      name: 'BR-FR',
      version: `${BR_FR_VERSIONS.standard} (standard)`,
    });
    const oldest = BR_FR_STANDARD_VERSIONS.at(-1)!;
    const pinned = JSON.parse(
      einv(['validate', validDir, '--format', 'json', '--french-rules', `standard@${oldest}`]).stdout,
    ) as { files: { ruleSets: { name: string; version: string }[] }[] };
    expect(pinned.files[0]!.ruleSets).toContainEqual({ name: 'BR-FR', version: `${oldest} (standard)` });
  });

  it("--french-rules takes the services' values; --processing-type the BAR list", () => {
    const help = einv(['validate', '--help']).stdout.replace(/\s+/g, ' ');
    for (const value of FRENCH_RULES_VALUES) expect(help).toContain(`"${value}"`);
    expect(einv(['validate', validDir, '--french-rules', 'transition@1.4.0.03']).status).toBe(2);
    const b2c = einv(['validate', validDir, '--format', 'json', '--processing-type', 'b2c']);
    expect(b2c.stderr).toBe('');
    expect(JSON.parse(b2c.stdout).options).toMatchObject({ processingType: 'B2C' });
    const bad = einv(['validate', validDir, '--processing-type', 'B2X']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(PROCESSING_TYPES.join(', '));
  });
});

describe('einv generate, extract, attach, convert, preflight, explain', () => {
  it('generate reads JSON from stdin and refuses an invalid invoice with exit 1', () => {
    const invoice = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')).invoice;
    const fromStdin = einv(['generate', '-', '--xml-only', '--now', NOW], { input: JSON.stringify(invoice) });
    expect(fromStdin.status).toBe(0);
    expect(fromStdin.stdout).toBe(validXml);
    const bad = einv(['generate', '-', '--now', NOW, '-o', path.join(tmp, 'x.pdf')], {
      input: JSON.stringify({ ...invoice, number: undefined }),
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/stdin: error BR-02 /);
    expect(fs.existsSync(path.join(tmp, 'x.pdf'))).toBe(false);
    const notJson = einv(['generate', '-'], { input: '{ nope' });
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toContain('stdin: not valid JSON');
  });

  it('extract gives back the XML embedded by generate; a non-PDF is exit 1 naming the file', () => {
    const r = einv(['extract', path.join(validDir, 'a.pdf')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(validXml);
    const junk = einv(['extract', path.join(junkDir, 'junk.xml')]);
    expect(junk.status).toBe(1);
    expect(junk.stderr).toMatch(/junk\.xml: error PDF-HEADER/);
    expect(einv(['extract', path.join(tmp, 'missing.pdf')]).stderr).toMatch(
      /missing\.pdf: cannot read the PDF: no such file/,
    );
  });

  it('attach refuses a PDF that already has an invoice, and replaces it with --replace', () => {
    const other = validXml.replace('<ram:ID>F2026-0001</ram:ID>', '<ram:ID>F2026-0002</ram:ID>');
    fs.writeFileSync(path.join(tmp, 'other.xml'), other);
    const out = path.join(tmp, 'attached.pdf');
    const attachOther = [
      'attach',
      path.join(validDir, 'a.pdf'),
      path.join(tmp, 'other.xml'),
      '-o',
      out,
      '--now',
      NOW,
    ];
    const refused = einv(attachOther);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('FX-INVOICE-PRESENT');
    expect(fs.existsSync(out)).toBe(false);
    const replaced = einv([...attachOther, '--replace']);
    expect(replaced.status).toBe(0);
    expect(einv(['extract', out]).stdout).toBe(other);
    expect(einv(['preflight', out]).status).toBe(0);
    expect(einv(['attach', path.join(validDir, 'a.pdf'), path.join(tmp, 'other.xml')]).status).toBe(2); // -o required
  });

  it('convert goes through the model: CII → UBL → CII keeps the invoice; the writer warnings go to stderr', () => {
    const ubl = path.join(validDir, 'a-ubl.xml');
    expect(fs.readFileSync(ubl, 'utf8')).toMatch(
      /<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    const json = JSON.parse(einv(['convert', ubl, '--to', 'json']).stdout);
    const original = JSON.parse(einv(['convert', path.join(validDir, 'a.xml'), '--to', 'json']).stdout);
    expect(json.number).toBe('F2026-0001');
    expect(json.totals).toEqual(original.totals);
    expect(json.lines).toHaveLength(original.lines.length);
    // MINIMUM cannot carry lines: the CII writer says which terms it left out
    const minimum = einv(['convert', path.join(validDir, 'a.xml'), '--to', 'cii', '--profile', 'MINIMUM']);
    expect(minimum.status).toBe(0);
    expect(minimum.stdout).toContain('urn:factur-x.eu:1p0:minimum');
    expect(minimum.stderr).toMatch(/a\.xml: warning CII-PROFILE/);
    // JSON in, CII out, from stdin
    const fromJson = einv(['convert', '-', '--to', 'cii'], { input: JSON.stringify(original) });
    expect(fromJson.status).toBe(0);
    expect(fromJson.stdout).toContain('<ram:ID>F2026-0001</ram:ID>');
    const notInvoice = einv(['convert', path.join(junkDir, 'junk.xml'), '--to', 'ubl']);
    expect(notInvoice.status).toBe(1);
    expect(notInvoice.stderr).toMatch(/junk\.xml: error /);
  });

  it('preflight: exit 0 on a generated Factur-X PDF, exit 1 with findings on a non-PDF; json format', () => {
    const ok = einv(['preflight', path.join(validDir, 'a.pdf'), '--format', 'json']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true });
    const bad = einv(['preflight', path.join(junkDir, 'empty.pdf')]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/empty\.pdf: error PDF-HEADER/);
  });

  it('explain prints the catalogue entry in English or French; an unknown rule is exit 2', () => {
    const rule = getRule('BR-CO-10')!;
    const en = einv(['explain', 'br-co-10']);
    expect(en.status).toBe(0);
    expect(en.stdout).toContain(rule.message.en);
    expect(en.stdout).toContain(rule.explanation.en);
    expect(en.stdout).toContain(rule.fix.en);
    const fr = einv(['explain', 'BR-CO-10', '--lang', 'fr']);
    expect(fr.stdout).toContain(rule.explanation.fr);
    const json = JSON.parse(einv(['explain', 'BR-CO-10', '--format', 'json']).stdout);
    expect(json).toMatchObject({ rule: 'BR-CO-10', ruleSet: rule.ruleSet, checks: rule.message.en });
    const unknown = einv(['explain', 'BR-CO-99']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no rule BR-CO-99 in the catalogue');
  });
});
