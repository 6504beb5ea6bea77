/**
 * The single-file commands: generate, extract, attach, convert, preflight. Each reads its inputs,
 * calls one facade function, writes the result and puts the findings on stderr (named after the
 * input file). 0 = done, 1 = the document has a fatal finding, 2 = usage or I/O (exit-codes.ts).
 */
import {
  attach,
  detectAndRead,
  type EmbedOptions,
  extract,
  generate,
  type Invoice,
  preflight,
  validateInvoiceShape,
  writeCii,
  writeUbl,
} from '@einv/facturx';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { reportFindings } from '../findings-text.js';
import { cliLangNow, counted, say } from '../i18n/messages.js';
import { readInput, writeOutput } from '../io.js';
import {
  type CommonOptions,
  facturxLevelOption,
  frenchRulesOption,
  processingTypeOption,
  profileOption,
} from './options.js';

interface OutputOption {
  output?: string;
}

function nameOf(file: string): string {
  return file === '-' ? say('stdin') : file;
}

/** Invoice JSON: the model itself, or a generation API request body ({ "invoice": {…} }) */
export function parseInvoiceJson(bytes: Uint8Array, file: string): Invoice {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new UsageError(say('usage.notJson', { file: nameOf(file), reason: jsonErrorText(e as Error) }));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(say('usage.notObject', { file: nameOf(file) }));
  const request = value as { invoice?: unknown };
  const invoice = isRequest(request) ? request.invoice : value;
  return invoice as Invoice;
}

/**
 * JSON.parse's reason is V8's English ("Unexpected token … at position 2 (line 1 column 3)"): in
 * French, where it went wrong is said in French and the English sentence is left out
 */
function jsonErrorText(error: Error): string {
  if (cliLangNow() !== 'fr') return error.message;
  const m = /position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(error.message);
  if (!m) return say('usage.jsonSyntax');
  return m[2]
    ? say('usage.jsonAtLine', { line: m[2], column: m[3] ?? '' })
    : say('usage.jsonAt', { position: m[1] ?? '' });
}

function isRequest(value: { invoice?: unknown; number?: unknown }): value is { invoice: Invoice } {
  return typeof value.invoice === 'object' && value.invoice !== null && value.number === undefined;
}

export interface GenerateCommandOptions extends CommonOptions, OutputOption {
  xmlOnly: boolean;
  now?: string;
}

export async function generateCommand(file: string, opts: GenerateCommandOptions): Promise<ExitCode> {
  const invoice = parseInvoiceJson(await readInput(file, 'invoiceJson'), file);
  const profile = profileOption(opts.profile);
  const now = opts.now ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(now))) throw new UsageError(say('usage.now', { value: now }));
  const result = generate(invoice, {
    now,
    lang: opts.lang,
    ...(profile ? { profile } : {}),
    ...frenchRulesOption(opts.frenchRules),
    ...(await processingTypeOption(opts.processingType)),
  });
  reportFindings([...result.validation.errors, ...result.validation.warnings], nameOf(file));
  if (!result.validation.valid || !result.xml || !result.pdf) return EXIT.invalid;
  if (opts.xmlOnly) await writeOutput(opts.output, result.xml);
  else await writeOutput(opts.output, result.pdf, { binary: true });
  return EXIT.ok;
}

export async function extractCommand(file: string, opts: CommonOptions & OutputOption): Promise<ExitCode> {
  const result = extract(await readInput(file, 'pdf'), { lang: opts.lang });
  const fatal = reportFindings(result.findings, nameOf(file));
  if (fatal || result.xml === undefined) return EXIT.invalid;
  await writeOutput(opts.output, result.xml);
  return EXIT.ok;
}

export interface AttachCommandOptions extends CommonOptions {
  output: string;
  replace: boolean;
  now?: string;
}

export async function attachCommand(pdfFile: string, xmlFile: string, opts: AttachCommandOptions) {
  const [pdf, xml] = [await readInput(pdfFile, 'pdf'), await readInput(xmlFile, 'invoiceXml')];
  const profile = facturxLevelOption(opts.profile);
  const options: EmbedOptions = {
    now: opts.now ?? new Date().toISOString(),
    lang: opts.lang,
    ...(profile ? { profile } : {}),
    // replace an invoice the PDF already carries instead of refusing (docs/cli.md)
    ...(opts.replace ? { replace: true } : {}),
  };
  const result = await attach(pdf, xml, options);
  const fatal = reportFindings(result.findings, nameOf(pdfFile));
  if (fatal || !result.pdf) return EXIT.invalid;
  await writeOutput(opts.output, result.pdf, { binary: true });
  return EXIT.ok;
}

export const TARGETS = ['cii', 'ubl', 'json'] as const;

export interface ConvertCommandOptions extends CommonOptions, OutputOption {
  to: (typeof TARGETS)[number];
}

/** XML (CII/UBL), a Factur-X PDF or invoice JSON → the model → CII, UBL or JSON, with the writer's warnings */
export async function convertCommand(file: string, opts: ConvertCommandOptions): Promise<ExitCode> {
  const bytes = await readInput(file, 'invoice');
  const name = nameOf(file);
  const read = looksLikeJson(bytes) ? readJson(bytes, file, opts) : detectAndRead(bytes, { lang: opts.lang });
  if (!read) return EXIT.invalid;
  const { invoice, diagnostics } = read;
  if (reportFindings(diagnostics, name) || !('format' in read ? read.format : true)) return EXIT.invalid;
  // the profile the document declares, EXTENDED-CTC-FR included (a UBL one converts to an EXTENDED-CTC-FR CII)
  const profile =
    profileOption(opts.profile) ??
    ('documentProfile' in read ? read.documentProfile : undefined) ??
    read.profile ??
    'EN16931';
  if (opts.to === 'json') {
    await writeOutput(opts.output, `${JSON.stringify(invoice, null, 2)}\n`);
    return EXIT.ok;
  }
  const written = opts.to === 'cii' ? writeCii(invoice, { profile }) : writeUbl(invoice);
  // the terms the target cannot carry, and anything the writer had to leave out
  if (reportFindings(written.warnings, name) || written.xml === '') return EXIT.invalid;
  await writeOutput(opts.output, written.xml);
  return EXIT.ok;
}

function looksLikeJson(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('{');
}

function readJson(bytes: Uint8Array, file: string, opts: CommonOptions) {
  const invoice = parseInvoiceJson(bytes, file);
  const shape = validateInvoiceShape(invoice, { lang: opts.lang });
  return { invoice, diagnostics: shape, profile: undefined };
}

export async function preflightCommand(
  file: string,
  opts: CommonOptions & { format: 'pretty' | 'json' },
): Promise<ExitCode> {
  const findings = preflight(await readInput(file, 'pdf'), { lang: opts.lang });
  const fatal = findings.some((f) => f.severity === 'fatal');
  if (opts.format === 'json') {
    process.stdout.write(`${JSON.stringify({ file, valid: !fatal, findings }, null, 2)}\n`);
  } else {
    reportFindings(findings, nameOf(file));
    const errors = findings.filter((f) => f.severity === 'fatal').length;
    process.stdout.write(
      `${
        fatal
          ? say('preflight.fails', {
              file: nameOf(file),
              errors: counted(errors, 'count.error', 'count.errors'),
            })
          : say('preflight.passes', {
              file: nameOf(file),
              notes: counted(findings.length, 'count.note', 'count.notes'),
            })
      }\n`,
    );
  }
  return fatal ? EXIT.invalid : EXIT.ok;
}
