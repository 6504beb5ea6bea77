#!/usr/bin/env node
/**
 * The `einv` command line. This file only declares the commands and their options (commander);
 * each command's module is imported when it runs, so `einv --version` and `--help` start without
 * loading the PDF and XML machinery. Every word is in the language of the messages (decision 0150):
 * `--lang`, else the environment's locale, else English.
 */
import { DOCUMENT_PROFILES } from '@einv/core-model/profiles';
import { Command, CommanderError, Option } from 'commander';
import { FRENCH_RULES, LANGS } from './commands/options.js';
import { EXIT, UsageError } from './exit-codes.js';
import { cliLang } from './i18n/lang.js';
import { say, setCliLang } from './i18n/messages.js';
import { localizeHelp } from './i18n/program.js';
import { CLI_VERSION, versionText } from './version.js';

const language = cliLang(process.argv.slice(2), process.env);
setCliLang(language);

const program = new Command('einv');
// before any command is added: commander copies the help and output settings to each of them
localizeHelp(program, language);
program
  .description(say('program.description'))
  .version(versionText(), '-V, --version', say('version.description'))
  .showHelpAfterError(say('help.afterError'))
  .exitOverride();

/** --lang of a command: the language of its messages (the one this run speaks, unless given) */
const lang = () => new Option(say('flag.lang'), say('option.lang')).choices(LANGS).default(language);
const frenchRules = () =>
  new Option(say('flag.frenchRules'), say('option.frenchRules')).choices(FRENCH_RULES);
const processingType = () => new Option(say('flag.processingType'), say('option.processingType'));
const profile = (what: Parameters<typeof say>[0]) =>
  new Option(say('flag.profile'), say(what, { profiles: DOCUMENT_PROFILES.join(', ') }));
const output = () => new Option(say('flag.output'), say('option.output'));
const format = (...choices: string[]) =>
  new Option(say('flag.format'), say('option.format')).choices(choices).default(choices[0]);
const examples = (...lines: string[]) =>
  `\n${say('help.examples')}\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

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
  .description(say('command.validate'))
  .argument(say('arg.inputs'), say('arg.inputs.description'))
  .addOption(frenchRules().default('transition'))
  .addOption(processingType())
  .addOption(profile('option.profile.validate').default('auto'))
  .addOption(lang())
  .addOption(format('pretty', 'json', 'jsonl', 'sarif', 'junit'))
  .option(say('flag.jobs'), say('option.jobs'))
  .addOption(new Option(say('flag.expect'), say('option.expect')).choices(['valid', 'invalid']))
  .option(say('flag.output'), say('option.report'))
  .option('--no-progress', say('option.noProgress'))
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
  .description(say('command.generate'))
  .argument(say('arg.invoiceJson'), say('arg.invoiceJson.description'))
  .addOption(output())
  .addOption(profile('option.profile.generate'))
  // the PDF of a French invoice is in French unless asked: the default is not the terminal's language
  .addOption(new Option(say('flag.lang'), say('option.langPdf')).choices(LANGS).default('fr'))
  .addOption(frenchRules())
  .addOption(processingType())
  .option('--xml-only', say('option.xmlOnly'), false)
  .option(say('flag.now'), say('option.nowCreate'))
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
  .description(say('command.extract'))
  .argument(say('arg.pdf'), say('arg.pdf.description'))
  .addOption(output())
  .addOption(lang())
  .addHelpText('after', examples('einv extract facture.pdf -o factur-x.xml'))
  .action(async (file: string, opts) => {
    const { extractCommand } = await import('./commands/documents.js');
    process.exitCode = await extractCommand(file, opts);
  });

program
  .command('attach')
  .description(say('command.attach'))
  .argument(say('arg.inPdf'), say('arg.inPdf.description'))
  .argument(say('arg.invoiceXml'), say('arg.invoiceXml.description'))
  .requiredOption(say('flag.output'), say('option.attachOutput'))
  .option('--replace', say('option.replace'), false)
  .addOption(profile('option.profile.attach'))
  .addOption(lang())
  .option(say('flag.now'), say('option.nowModify'))
  .addHelpText('after', examples('einv attach facture.pdf factur-x.xml -o facture-x.pdf'))
  .action(async (pdf: string, xml: string, opts) => {
    const { attachCommand } = await import('./commands/documents.js');
    process.exitCode = await attachCommand(pdf, xml, opts);
  });

program
  .command('convert')
  .description(say('command.convert'))
  .argument(say('arg.input'), say('arg.input.description'))
  .addOption(
    new Option(say('flag.to'), say('option.to')).choices(['cii', 'ubl', 'json']).makeOptionMandatory(),
  )
  .addOption(profile('option.profile.convert'))
  .addOption(output())
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
  .description(say('command.explain'))
  .argument(say('arg.rule'), say('arg.rule.description'))
  .addOption(lang())
  .addOption(format('pretty', 'json'))
  .addHelpText('after', examples('einv explain BR-CO-10', 'einv explain BR-FR-09 --lang fr'))
  .action(async (rule: string, opts) => {
    const { explainCommand } = await import('./commands/explain.js');
    process.exitCode = await explainCommand(rule, opts);
  });

program
  .command('preflight')
  .description(say('command.preflight'))
  .argument(say('arg.filePdf'), say('arg.pdf.description'))
  .addOption(lang())
  .addOption(format('pretty', 'json'))
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
    process.stderr.write(
      `einv ${CLI_VERSION}: ${say('error.unexpected', { detail: (e as Error).stack ?? String(e) })}\n`,
    );
    process.exitCode = EXIT.usage;
  }
}
