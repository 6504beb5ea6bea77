#!/usr/bin/env node
/**
 * The `einv` command line. This file only declares the commands and their options (commander);
 * each command's module is imported when it runs, so `einv --version` and `--help` start without
 * loading the PDF and XML machinery.
 */
import { Command, CommanderError, Option } from 'commander';
import { FRENCH_RULES } from './commands/options.js';
import { EXIT, UsageError } from './exit-codes.js';
import { CLI_VERSION, versionText } from './version.js';

const program = new Command('einv')
  .description(
    'Factur-X, CII and UBL e-invoices from the command line: validate, generate, extract, convert.',
  )
  .version(versionText(), '-V, --version', 'print the einv version and the version of every rule set')
  .showHelpAfterError('(run einv <command> --help for the options and an example)')
  .exitOverride();

const lang = () =>
  new Option('--lang <lang>', 'language of the messages').choices(['en', 'fr']).default('en');
const frenchRules = () =>
  new Option(
    '--french-rules <edition>',
    'BR-FR edition for a French seller (transition: mostly warnings; standard: all fatal, newest release or @release)',
  ).choices(FRENCH_RULES);
const processingType = () =>
  new Option(
    '--processing-type <type>',
    "the reform's processing type for invoices without a BAR note (B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY)",
  );
const profile = (what: string) =>
  new Option(
    '--profile <profile>',
    `${what} (auto, MINIMUM, BASIC-WL, BASIC, EN16931, EXTENDED, EXTENDED-CTC-FR)`,
  );
const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

program.addHelpText(
  'after',
  examples(
    'einv validate invoices/',
    "einv validate 'out/**/*.xml' --format sarif -o einv.sarif",
    'einv generate invoice.json -o facture.pdf',
  ),
);

program
  .command('validate')
  .description('validate invoices (CII, UBL, Factur-X PDF) against EN 16931, BR-FR and Factur-X rules')
  .argument('<inputs...>', 'files, directories (every .xml and .pdf inside) or globs')
  .addOption(frenchRules().default('transition'))
  .addOption(processingType())
  .addOption(profile('validate against this profile instead of the declared one').default('auto'))
  .addOption(lang())
  .addOption(
    new Option('-f, --format <format>', 'output format')
      .choices(['pretty', 'json', 'jsonl', 'sarif', 'junit'])
      .default('pretty'),
  )
  .option('-j, --jobs <n>', 'worker threads (default: the number of cores)')
  .addOption(
    new Option('--expect <verdict>', 'regression mode: every file must be valid / invalid').choices([
      'valid',
      'invalid',
    ]),
  )
  .option('-o, --output <file>', 'write the report to this file instead of stdout')
  .option('--no-progress', 'no progress bar, even on a terminal')
  .addHelpText(
    'after',
    examples(
      'einv validate invoices/',
      "einv validate 'out/**/*.xml' --french-rules standard --format sarif -o einv.sarif",
      'einv validate tests/known-bad --expect invalid --format junit -o junit.xml',
    ),
  )
  .action(async (inputs: string[], opts) => {
    const { validateCommand } = await import('./commands/validate.js');
    process.exitCode = await validateCommand(inputs, opts);
  });

program
  .command('generate')
  .description('turn invoice JSON into a Factur-X PDF/A-3 (or its CII XML with --xml-only)')
  .argument('<invoice.json>', 'the invoice as JSON (the model, or { "invoice": {…} }); - reads stdin')
  .option('-o, --output <file>', 'output file (default: stdout)')
  .addOption(profile('Factur-X profile to write (default EN16931)'))
  .addOption(
    new Option('--lang <lang>', 'language of the PDF and the messages').choices(['en', 'fr']).default('fr'),
  )
  .addOption(frenchRules())
  .addOption(processingType())
  .option('--xml-only', 'write the CII XML instead of the PDF', false)
  .option('--now <iso-date>', 'creation date written into the PDF (default: now), for reproducible files')
  .addHelpText(
    'after',
    examples(
      'einv generate invoice.json -o facture.pdf',
      'cat invoice.json | einv generate - --xml-only -o factur-x.xml',
    ),
  )
  .action(async (file: string, opts) => {
    const { generateCommand } = await import('./commands/documents.js');
    process.exitCode = await generateCommand(file, opts);
  });

program
  .command('extract')
  .description('write the invoice XML embedded in a Factur-X / ZUGFeRD PDF')
  .argument('<facture.pdf>', 'the PDF; - reads stdin')
  .option('-o, --output <file>', 'output file (default: stdout)')
  .addOption(lang())
  .addHelpText('after', examples('einv extract facture.pdf -o factur-x.xml'))
  .action(async (file: string, opts) => {
    const { extractCommand } = await import('./commands/documents.js');
    process.exitCode = await extractCommand(file, opts);
  });

program
  .command('attach')
  .description('embed an invoice XML into an existing PDF, making it Factur-X PDF/A-3')
  .argument('<in.pdf>', 'the PDF to attach to')
  .argument('<invoice.xml>', 'the CII invoice XML')
  .requiredOption('-o, --output <file>', 'the Factur-X PDF to write')
  .option('--replace', 'replace an invoice the PDF already carries', false)
  .addOption(profile('profile of the XML (default: read from its BT-24)'))
  .addOption(lang())
  .option('--now <iso-date>', 'modification date written into the PDF (default: now)')
  .addHelpText('after', examples('einv attach facture.pdf factur-x.xml -o facture-x.pdf'))
  .action(async (pdf: string, xml: string, opts) => {
    const { attachCommand } = await import('./commands/documents.js');
    process.exitCode = await attachCommand(pdf, xml, opts);
  });

program
  .command('convert')
  .description(
    'convert an invoice through the model: CII, UBL, Factur-X PDF or JSON in; CII, UBL or JSON out',
  )
  .argument('<input>', 'CII or UBL XML, a Factur-X PDF, or invoice JSON; - reads stdin')
  .addOption(
    new Option('--to <target>', 'what to write').choices(['cii', 'ubl', 'json']).makeOptionMandatory(),
  )
  .addOption(profile('CII profile to write (default: the input profile, else EN16931)'))
  .option('-o, --output <file>', 'output file (default: stdout)')
  .addOption(lang())
  .addHelpText(
    'after',
    examples(
      'einv convert invoice-cii.xml --to ubl -o invoice-ubl.xml',
      'einv convert facture.pdf --to json',
    ),
  )
  .action(async (file: string, opts) => {
    const { convertCommand } = await import('./commands/documents.js');
    process.exitCode = await convertCommand(file, opts);
  });

program
  .command('explain')
  .description("a rule's explanation from the rule catalogue: what it checks, why, how to fix it")
  .argument('<rule>', 'rule id, e.g. BR-CO-10, BR-FR-09, BR-S-08')
  .addOption(lang())
  .addOption(
    new Option('-f, --format <format>', 'output format').choices(['pretty', 'json']).default('pretty'),
  )
  .addHelpText('after', examples('einv explain BR-CO-10', 'einv explain BR-FR-09 --lang fr'))
  .action(async (rule: string, opts) => {
    const { explainCommand } = await import('./commands/explain.js');
    process.exitCode = await explainCommand(rule, opts);
  });

program
  .command('preflight')
  .description('the PDF/A-3 and Factur-X checks of a PDF')
  .argument('<file.pdf>', 'the PDF; - reads stdin')
  .addOption(lang())
  .addOption(
    new Option('-f, --format <format>', 'output format').choices(['pretty', 'json']).default('pretty'),
  )
  .addHelpText('after', examples('einv preflight facture.pdf'))
  .action(async (file: string, opts) => {
    const { preflightCommand } = await import('./commands/documents.js');
    process.exitCode = await preflightCommand(file, opts);
  });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    // --help and --version end with 0; a parse error, or `einv` alone (help shown as an error), is a
    // usage error (commander has printed it)
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (e instanceof UsageError) {
    process.stderr.write(`einv: ${e.message}\n`);
    process.exitCode = EXIT.usage;
  } else {
    process.stderr.write(`einv ${CLI_VERSION}: unexpected error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = EXIT.usage;
  }
}
