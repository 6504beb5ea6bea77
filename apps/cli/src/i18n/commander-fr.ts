/**
 * commander writes its own errors in English ("error: unknown option '--x'"). In French they are
 * translated by template (the engine of decision 0132) when they are written out; the help titles and
 * the "(choices: …, default: …)" of each option are translated by the help hooks in program.ts.
 * `messages.test.ts` checks every template against the sentence commander actually writes.
 */
import { compileTemplate, translateByTemplates } from '@einv/core-model/text';
import { frenchTypography } from './messages.js';

export const COMMANDER_TEMPLATES = [
  {
    en: "error: unknown option '{option}'\n(Did you mean one of {list}?)",
    fr: 'erreur : option inconnue « {option} »\n(vouliez-vous dire l’une de {list} ?)',
  },
  {
    en: "error: unknown option '{option}'\n(Did you mean {suggestion}?)",
    fr: 'erreur : option inconnue « {option} »\n(vouliez-vous dire {suggestion} ?)',
  },
  { en: "error: unknown option '{option}'", fr: 'erreur : option inconnue « {option} »' },
  {
    en: "error: unknown command '{command}'\n(Did you mean one of {list}?)",
    fr: 'erreur : commande inconnue « {command} »\n(vouliez-vous dire l’une de {list} ?)',
  },
  {
    en: "error: unknown command '{command}'\n(Did you mean {suggestion}?)",
    fr: 'erreur : commande inconnue « {command} »\n(vouliez-vous dire {suggestion} ?)',
  },
  { en: "error: unknown command '{command}'", fr: 'erreur : commande inconnue « {command} »' },
  {
    en: "error: missing required argument '{name}'",
    fr: 'erreur : argument obligatoire manquant « {name} »',
  },
  { en: "error: option '{flags}' argument missing", fr: 'erreur : l’option « {flags} » attend une valeur' },
  {
    en: "error: required option '{flags}' not specified",
    fr: 'erreur : l’option obligatoire « {flags} » n’est pas donnée',
  },
  {
    en: "error: too many arguments for '{command}'. Expected {expected} argument but got {got}.",
    fr: 'erreur : trop d’arguments pour « {command} » : {expected} attendu, {got} reçus.',
  },
  {
    en: "error: too many arguments for '{command}'. Expected {expected} arguments but got {got}.",
    fr: 'erreur : trop d’arguments pour « {command} » : {expected} attendus, {got} reçus.',
  },
  {
    en: 'error: too many arguments. Expected {expected} argument but got {got}.',
    fr: 'erreur : trop d’arguments : {expected} attendu, {got} reçus.',
  },
  {
    en: 'error: too many arguments. Expected {expected} arguments but got {got}.',
    fr: 'erreur : trop d’arguments : {expected} attendus, {got} reçus.',
  },
  {
    en: "error: option '{flags}' argument '{value}' is invalid. Allowed choices are {list}.",
    fr: 'erreur : la valeur « {value} » de l’option « {flags} » n’est pas admise. Valeurs admises : {list}.',
  },
  {
    en: "error: command-argument value '{value}' is invalid for argument '{name}'. Allowed choices are {list}.",
    fr: 'erreur : la valeur « {value} » de l’argument « {name} » n’est pas admise. Valeurs admises : {list}.',
  },
] as const;

const compiled = COMMANDER_TEMPLATES.map(compileTemplate);

/**
 * The French of a text commander writes to stderr (its message and a final newline); a text no
 * template knows is left as it is (a newer commander's new sentence stays readable, in English).
 */
export function commanderTextFr(text: string): string {
  const body = text.replace(/\n$/, '');
  const fr = translateByTemplates(compiled, body);
  return fr === undefined ? text : `${frenchTypography(fr)}${text.slice(body.length)}`;
}
