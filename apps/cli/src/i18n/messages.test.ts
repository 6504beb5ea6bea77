/**
 * The command line's catalogue in both languages (decision 0150): every template has an English and
 * a French text, non-empty, with the same placeholders; the language is taken from --lang, then the
 * locale variables; commander's errors are translated by template.
 */
import { describe, expect, it } from '@jest/globals';
import { COMMANDER_TEMPLATES, commanderTextFr } from './commander-fr.js';
import { cliLang, localeLang } from './lang.js';
import { frenchTypography, MESSAGES, type Message, say } from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]).sort();

describe.each([
  ['the CLI catalogue', Object.entries(MESSAGES) as [string, Message][]],
  ['the commander templates', COMMANDER_TEMPLATES.map((t, i) => [`commander #${i}`, t] as [string, Message])],
])('%s', (_name, entries) => {
  it('has every template in English and French, non-empty, with the same placeholders', () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const [key, message] of entries) {
      expect([key, typeof message.en, typeof message.fr]).toEqual([key, 'string', 'string']);
      expect([key, message.en.trim().length > 0, message.fr.trim().length > 0]).toEqual([key, true, true]);
      expect([key, placeholders(message.fr)]).toEqual([key, placeholders(message.en)]);
    }
  });
});

describe('say', () => {
  it('fills the placeholders and writes French typography', () => {
    expect(say('usage.jobs', { value: 'x' }, 'en')).toBe(
      '--jobs x: expected a whole number of worker threads from 1 to 256',
    );
    expect(say('usage.jobs', { value: 'x' }, 'fr')).toBe(
      '--jobs x\u00a0: attendu un nombre entier de fils d’exécution de 1 à 256',
    );
    expect(frenchTypography('a : b ; c ? d ! « e »')).toBe(
      'a\u00a0: b\u00a0; c\u00a0? d\u00a0! «\u00a0e\u00a0»',
    );
  });
});

describe('the language of a run', () => {
  it('is --lang, else LC_ALL, LC_MESSAGES, LANG in that order, else English', () => {
    expect(cliLang(['validate', '--lang', 'fr'], { LANG: 'en_US.UTF-8' })).toBe('fr');
    expect(cliLang(['validate', '--lang=en'], { LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(cliLang(['validate'], { LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(cliLang(['validate'], { LC_ALL: 'fr_CA.UTF-8', LANG: 'en_GB' })).toBe('fr');
    expect(cliLang(['validate'], { LC_ALL: 'C', LANG: 'fr_FR' })).toBe('en');
    expect(cliLang(['validate'], { LC_MESSAGES: 'fr_BE@euro', LANG: 'de_DE' })).toBe('fr');
    expect(cliLang(['validate'], {})).toBe('en');
    // a value commander will refuse does not choose the language: the environment does
    expect(cliLang(['--lang', 'de'], { LANG: 'fr_FR.UTF-8' })).toBe('fr');
    // after `--`, a "--lang" is a file name
    expect(cliLang(['validate', '--', '--lang', 'fr'], {})).toBe('en');
    expect(localeLang('POSIX')).toBeUndefined();
    expect(localeLang('french')).toBeUndefined();
  });
});

describe('commander errors in French', () => {
  it('translates the sentences commander writes, and leaves an unknown one as it is', () => {
    expect(commanderTextFr("error: unknown option '--bogus'\n")).toBe(
      'erreur\u00a0: option inconnue «\u00a0--bogus\u00a0»\n',
    );
    expect(commanderTextFr("error: unknown command 'valid'\n(Did you mean validate?)\n")).toBe(
      'erreur\u00a0: commande inconnue «\u00a0valid\u00a0»\n(vouliez-vous dire validate\u00a0?)\n',
    );
    expect(commanderTextFr("error: too many arguments for 'explain'. Expected 1 argument but got 2.\n")).toBe(
      'erreur\u00a0: trop d’arguments pour «\u00a0explain\u00a0»\u00a0: 1 attendu, 2 reçus.\n',
    );
    expect(commanderTextFr('something new\n')).toBe('something new\n');
  });
});
