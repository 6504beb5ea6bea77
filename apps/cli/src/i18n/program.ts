/**
 * commander's own words in the language of the run (decision 0150): the help option and command,
 * the titles of the help ("Usage:", "Options:"…), the "(choices: …, default: …)" it adds to each
 * option, "[command]" in the usage line, and its errors (commander-fr.ts). Set on the program before
 * any command is added, since commander copies these settings to each command it creates.
 */
import { type Argument, type Command, Help, type Option } from 'commander';
import { commanderTextFr } from './commander-fr.js';
import type { CliLang } from './lang.js';
import { type MessageKey, say } from './messages.js';

const TITLES: Record<string, MessageKey> = {
  'Usage:': 'help.usage',
  'Options:': 'help.options',
  'Global Options:': 'help.globalOptions',
  'Commands:': 'help.commands',
  'Arguments:': 'help.arguments',
};

/** "(choices: "en", "fr", default: "en")" → "(valeurs : "en", "fr", par défaut : "en")" */
function extrasFr(description: string): string {
  return description
    .replace(/\(choices: /, `(${say('help.choices')} `)
    .replace(/(\(|, )default: /, `$1${say('help.default')} `);
}

export function localizeHelp(program: Command, lang: CliLang): void {
  program.helpOption('-h, --help', say('help.option'));
  program.helpCommand(say('help.command'), say('help.option'));
  if (lang === 'en') return;
  program.configureHelp({
    styleTitle: (title: string) => {
      const key = TITLES[title];
      return key ? say(key) : title;
    },
    optionDescription(option: Option) {
      return extrasFr(Help.prototype.optionDescription.call(this, option));
    },
    argumentDescription(argument: Argument) {
      return extrasFr(Help.prototype.argumentDescription.call(this, argument));
    },
    commandUsage(cmd: Command) {
      return Help.prototype.commandUsage.call(this, cmd).replace('[command]', '[commande]');
    },
  });
  program.configureOutput({
    outputError: (text, write) => write(commanderTextFr(text)),
  });
}
