/**
 * Every word the command line writes itself, in English and French (decision 0150): help text,
 * usage and I/O errors, the progress bar, the human report. Findings come translated from the
 * libraries (`lang` of the facade); option values and codes (`pretty`, `BR-CO-10`) are not words.
 * A message is a template with {placeholders}; French typography (no-break space before « : ; ? ! »)
 * is applied when the French is written out. `messages.test.ts` walks every template.
 */
import type { CliLang } from './lang.js';

export interface Message {
  en: string;
  fr: string;
}

export const MESSAGES = {
  // ------------------------------------------------------------------ program and help
  'program.description': {
    en: 'Factur-X, CII and UBL e-invoices from the command line: validate, generate, extract, convert.',
    fr: 'Factures électroniques Factur-X, CII et UBL en ligne de commande : valider, générer, extraire, convertir.',
  },
  'version.description': {
    en: 'print the einv version and the version of every rule set',
    fr: 'affiche la version d’einv et celle de chaque jeu de règles',
  },
  'help.afterError': {
    en: '(run einv <command> --help for the options and an example)',
    fr: '(lancez einv <commande> --help pour les options et un exemple)',
  },
  'help.option': { en: 'display help for command', fr: 'affiche l’aide de la commande' },
  'help.command': { en: 'help [command]', fr: 'help [commande]' },
  'help.examples': { en: 'Examples:', fr: 'Exemples :' },
  'help.usage': { en: 'Usage:', fr: 'Utilisation :' },
  'help.options': { en: 'Options:', fr: 'Options :' },
  'help.globalOptions': { en: 'Global Options:', fr: 'Options générales :' },
  'help.commands': { en: 'Commands:', fr: 'Commandes :' },
  'help.arguments': { en: 'Arguments:', fr: 'Arguments :' },
  'help.choices': { en: 'choices:', fr: 'valeurs :' },
  'help.default': { en: 'default:', fr: 'par défaut :' },
  'option.jobs': {
    en: 'worker threads (default: the number of cores)',
    fr: 'fils d’exécution (par défaut : le nombre de cœurs)',
  },
  // ------------------------------------------------------------------ option placeholders
  'flag.lang': { en: '--lang <lang>', fr: '--lang <langue>' },
  'flag.frenchRules': { en: '--french-rules <edition>', fr: '--french-rules <édition>' },
  'flag.processingType': { en: '--processing-type <type>', fr: '--processing-type <type>' },
  'flag.profile': { en: '--profile <profile>', fr: '--profile <profil>' },
  'flag.format': { en: '-f, --format <format>', fr: '-f, --format <format>' },
  'flag.jobs': { en: '-j, --jobs <n>', fr: '-j, --jobs <n>' },
  'flag.expect': { en: '--expect <verdict>', fr: '--expect <verdict>' },
  'flag.output': { en: '-o, --output <file>', fr: '-o, --output <fichier>' },
  'flag.now': { en: '--now <iso-date>', fr: '--now <date-iso>' },
  'flag.to': { en: '--to <target>', fr: '--to <cible>' },
  // ------------------------------------------------------------------ options
  'option.lang': { en: 'language of the messages', fr: 'langue des messages' },
  'option.langPdf': {
    en: 'language of the PDF and the messages (the PDF is in French unless asked)',
    fr: 'langue du PDF et des messages (le PDF est en français sauf demande)',
  },
  'option.frenchRules': {
    en: 'BR-FR edition for a French seller (transition: mostly warnings; standard: all fatal, newest release or @release)',
    fr: 'édition BR-FR pour un vendeur français (transition : surtout des avertissements ; standard : tout bloquant, dernière version ou @version)',
  },
  'option.processingType': {
    en: "the reform's processing type for invoices without a BAR note (B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY)",
    fr: 'le type de traitement de la réforme pour les factures sans note BAR (B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY)',
  },
  'option.profile.validate': {
    en: 'validate against this profile instead of the declared one (auto, {profiles})',
    fr: 'valider selon ce profil au lieu du profil déclaré (auto, {profiles})',
  },
  'option.profile.generate': {
    en: 'Factur-X profile to write, default EN16931 ({profiles})',
    fr: 'profil Factur-X à écrire, EN16931 par défaut ({profiles})',
  },
  'option.profile.attach': {
    en: 'profile of the XML, default: read from its BT-24 ({profiles})',
    fr: 'profil du XML, par défaut : lu dans son BT-24 ({profiles})',
  },
  'option.profile.convert': {
    en: 'CII profile to write, default: the input profile, else EN16931 ({profiles})',
    fr: 'profil CII à écrire, par défaut : celui de l’entrée, sinon EN16931 ({profiles})',
  },
  'option.format': { en: 'output format', fr: 'format de sortie' },
  'option.expect': {
    en: 'regression mode: every file must be valid / invalid',
    fr: 'mode non-régression : chaque fichier doit être valide (valid) / invalide (invalid)',
  },
  'option.report': {
    en: 'write the report to this file instead of stdout',
    fr: 'écrit le rapport dans ce fichier plutôt que sur la sortie standard',
  },
  'option.noProgress': {
    en: 'no progress bar, even on a terminal',
    fr: 'pas de barre de progression, même dans un terminal',
  },
  'option.output': {
    en: 'output file (default: stdout)',
    fr: 'fichier de sortie (par défaut : la sortie standard)',
  },
  'option.xmlOnly': { en: 'write the CII XML instead of the PDF', fr: 'écrit le XML CII au lieu du PDF' },
  'option.nowCreate': {
    en: 'creation date written into the PDF (default: now), for reproducible files',
    fr: 'date de création écrite dans le PDF (par défaut : maintenant), pour des fichiers reproductibles',
  },
  'option.nowModify': {
    en: 'modification date written into the PDF (default: now)',
    fr: 'date de modification écrite dans le PDF (par défaut : maintenant)',
  },
  'option.attachOutput': { en: 'the Factur-X PDF to write', fr: 'le PDF Factur-X à écrire' },
  'option.replace': {
    en: 'replace an invoice the PDF already carries',
    fr: 'remplace une facture que le PDF contient déjà',
  },
  'option.to': { en: 'what to write', fr: 'ce qu’il faut écrire' },
  // ------------------------------------------------------------------ commands and arguments
  'command.validate': {
    en: 'validate invoices (CII, UBL, Factur-X PDF) against EN 16931, BR-FR and Factur-X rules',
    fr: 'valide des factures (CII, UBL, PDF Factur-X) selon les règles EN 16931, BR-FR et Factur-X',
  },
  'command.generate': {
    en: 'turn invoice JSON into a Factur-X PDF/A-3 (or its CII XML with --xml-only)',
    fr: 'transforme une facture JSON en PDF/A-3 Factur-X (ou en son XML CII avec --xml-only)',
  },
  'command.extract': {
    en: 'write the invoice XML embedded in a Factur-X / ZUGFeRD PDF',
    fr: 'écrit le XML de facture contenu dans un PDF Factur-X / ZUGFeRD',
  },
  'command.attach': {
    en: 'embed an invoice XML into an existing PDF, making it Factur-X PDF/A-3',
    fr: 'intègre un XML de facture à un PDF existant, qui devient un PDF/A-3 Factur-X',
  },
  'command.convert': {
    en: 'convert an invoice through the model: CII, UBL, Factur-X PDF or JSON in; CII, UBL or JSON out',
    fr: 'convertit une facture par le modèle : CII, UBL, PDF Factur-X ou JSON en entrée ; CII, UBL ou JSON en sortie',
  },
  'command.explain': {
    en: "a rule's explanation from the rule catalogue: what it checks, why, how to fix it",
    fr: 'l’explication d’une règle du catalogue : ce qu’elle vérifie, pourquoi, comment corriger',
  },
  'command.preflight': {
    en: 'the PDF/A-3 and Factur-X checks of a PDF',
    fr: 'les contrôles PDF/A-3 et Factur-X d’un PDF',
  },
  'arg.inputs': { en: '<inputs...>', fr: '<entrées...>' },
  'arg.inputs.description': {
    en: 'files, directories (every .xml and .pdf inside) or globs',
    fr: 'fichiers, dossiers (chaque .xml et .pdf qu’ils contiennent) ou motifs',
  },
  'arg.invoiceJson': { en: '<invoice.json>', fr: '<facture.json>' },
  'arg.invoiceJson.description': {
    en: 'the invoice as JSON (the model, or { "invoice": {…} }); - reads stdin',
    fr: 'la facture en JSON (le modèle, ou { "invoice": {…} }) ; - lit l’entrée standard',
  },
  'arg.pdf': { en: '<facture.pdf>', fr: '<facture.pdf>' },
  'arg.pdf.description': { en: 'the PDF; - reads stdin', fr: 'le PDF ; - lit l’entrée standard' },
  'arg.inPdf': { en: '<in.pdf>', fr: '<entrée.pdf>' },
  'arg.inPdf.description': { en: 'the PDF to attach to', fr: 'le PDF auquel joindre la facture' },
  'arg.invoiceXml': { en: '<invoice.xml>', fr: '<facture.xml>' },
  'arg.invoiceXml.description': { en: 'the CII invoice XML', fr: 'le XML CII de la facture' },
  'arg.input': { en: '<input>', fr: '<entrée>' },
  'arg.input.description': {
    en: 'CII or UBL XML, a Factur-X PDF, or invoice JSON; - reads stdin',
    fr: 'XML CII ou UBL, PDF Factur-X ou facture JSON ; - lit l’entrée standard',
  },
  'arg.rule': { en: '<rule>', fr: '<règle>' },
  'arg.rule.description': {
    en: 'rule id, e.g. BR-CO-10, BR-FR-09, BR-S-08',
    fr: 'identifiant de règle, par exemple BR-CO-10, BR-FR-09, BR-S-08',
  },
  'arg.filePdf': { en: '<file.pdf>', fr: '<fichier.pdf>' },
  // ------------------------------------------------------------------ --version
  'version.en16931': {
    en: 'EN16931 {version} (CEN/TC 434 validation artefacts, CII and UBL)',
    fr: 'EN16931 {version} (artefacts de validation du CEN/TC 434, CII et UBL)',
  },
  'version.brfr': {
    en: 'BR-FR standard edition {versions} (default {standard}), transition edition {transition}',
    fr: 'BR-FR édition standard {versions} (par défaut {standard}), édition de transition {transition}',
  },
  'version.facturx': {
    en: 'FACTUR-X {version} (profiles MINIMUM, BASIC-WL, BASIC, EN16931, EXTENDED)',
    fr: 'FACTUR-X {version} (profils MINIMUM, BASIC-WL, BASIC, EN16931, EXTENDED)',
  },
  'version.advisory': {
    en: "EINV-ADVISORY {version} (einv's own checks of French identifiers and bank details; warnings only)",
    fr: 'EINV-ADVISORY {version} (contrôles propres à einv des identifiants français et coordonnées bancaires ; avertissements seulement)',
  },
  'version.structure': {
    en: 'structure: Factur-X 1.09.2 XSD + EN 16931 CII syntax rules; UBL 2.1 XSD + EN 16931 UBL syntax rules',
    fr: 'structure : XSD Factur-X 1.09.2 + règles syntaxiques CII EN 16931 ; XSD UBL 2.1 + règles syntaxiques UBL EN 16931',
  },
  // ------------------------------------------------------------------ files in and out
  'what.input': { en: 'input', fr: 'entrée' },
  'what.invoice': { en: 'invoice', fr: 'facture' },
  'what.invoiceJson': { en: 'invoice JSON', fr: 'facture JSON' },
  'what.invoiceXml': { en: 'invoice XML', fr: 'XML de facture' },
  'what.pdf': { en: 'PDF', fr: 'PDF' },
  'io.ENOENT': { en: 'no such file', fr: 'fichier introuvable' },
  'io.EACCES': { en: 'permission denied', fr: 'permission refusée' },
  'io.EISDIR': { en: 'is a directory', fr: 'c’est un dossier' },
  'io.ENOTDIR': { en: 'a parent is not a directory', fr: 'un parent n’est pas un dossier' },
  'io.EMFILE': { en: 'too many open files', fr: 'trop de fichiers ouverts' },
  'io.ELOOP': { en: 'too many symbolic links', fr: 'trop de liens symboliques' },
  'io.isDirectory': {
    en: '{file}: is a directory; expected a file ({what})',
    fr: '{file} : c’est un dossier ; un fichier est attendu ({what})',
  },
  'io.notRegular': {
    en: '{file}: not a regular file ({what})',
    fr: '{file} : pas un fichier ordinaire ({what})',
  },
  'io.tooLarge': {
    en: '{file}: {size}; at most {max} are accepted',
    fr: '{file} : {size} ; au plus {max} sont acceptés',
  },
  'io.cannotRead': {
    en: '{file}: cannot read the {what}: {reason}',
    fr: '{file} : lecture impossible ({what}) : {reason}',
  },
  'io.stdinTooLarge': { en: 'stdin: more than {max}', fr: 'entrée standard : plus de {max}' },
  'io.pdfToTerminal': {
    en: 'refusing to write a PDF to the terminal: give -o FILE or redirect stdout',
    fr: 'pas d’écriture d’un PDF dans le terminal : donnez -o FICHIER ou redirigez la sortie standard',
  },
  'io.cannotWrite': {
    en: '{file}: cannot write the output: {reason}',
    fr: '{file} : écriture impossible : {reason}',
  },
  'io.noFileInDirectory': {
    en: '{dir}: no .xml or .pdf file in this directory',
    fr: '{dir} : aucun fichier .xml ni .pdf dans ce dossier',
  },
  'io.noMatch': {
    en: '{pattern}: no file matches this pattern',
    fr: '{pattern} : aucun fichier ne correspond à ce motif',
  },
  stdin: { en: 'stdin', fr: 'entrée standard' },
  // ------------------------------------------------------------------ usage errors
  'usage.profile': {
    en: '--profile {value}: expected auto or one of {list}',
    fr: '--profile {value} : attendu auto ou l’un de {list}',
  },
  'usage.profileCtc': {
    en: '--profile {value}: a Factur-X PDF declares a Factur-X level; EXTENDED-CTC-FR has none (embed it with the EXTENDED id and --profile EXTENDED)',
    fr: '--profile {value} : un PDF Factur-X déclare un niveau Factur-X ; EXTENDED-CTC-FR n’en est pas un (intégrez-le avec l’identifiant EXTENDED et --profile EXTENDED)',
  },
  'usage.frenchRules': {
    en: '--french-rules {value}: expected one of {list}',
    fr: '--french-rules {value} : attendu l’un de {list}',
  },
  'usage.processingType': {
    en: '--processing-type {value}: expected one of {list}',
    fr: '--processing-type {value} : attendu l’un de {list}',
  },
  'usage.jobs': {
    en: '--jobs {value}: expected a whole number of worker threads from 1 to 256',
    fr: '--jobs {value} : attendu un nombre entier de fils d’exécution de 1 à 256',
  },
  'usage.now': {
    en: '--now {value}: expected an ISO 8601 date-time',
    fr: '--now {value} : attendu une date-heure ISO 8601',
  },
  'usage.notJson': { en: '{file}: not valid JSON: {reason}', fr: '{file} : JSON invalide : {reason}' },
  'usage.jsonSyntax': { en: 'a syntax error', fr: 'erreur de syntaxe' },
  'usage.jsonAt': {
    en: 'a syntax error at position {position}',
    fr: 'erreur de syntaxe à la position {position}',
  },
  'usage.jsonAtLine': {
    en: 'a syntax error at line {line}, column {column}',
    fr: 'erreur de syntaxe ligne {line}, colonne {column}',
  },
  'usage.notObject': {
    en: '{file}: expected a JSON object (an invoice, or { "invoice": {…} })',
    fr: '{file} : un objet JSON est attendu (une facture, ou { "invoice": {…} })',
  },
  'usage.noRule': { en: 'no rule {id} in the catalogue', fr: 'aucune règle {id} dans le catalogue' },
  'usage.didYouMean': { en: '{message}; did you mean {list}?', fr: '{message} ; vouliez-vous dire {list} ?' },
  'error.unexpected': { en: 'unexpected error: {detail}', fr: 'erreur inattendue : {detail}' },
  'error.validationFailed': {
    en: '{file}: validation failed unexpectedly: {reason}',
    fr: '{file} : la validation a échoué de façon inattendue : {reason}',
  },
  'error.workerFailed': {
    en: '{file}: worker failed: {reason}',
    fr: '{file} : échec du fil d’exécution : {reason}',
  },
  'error.unreadable': { en: '{file}: unreadable', fr: '{file} : illisible' },
  // ------------------------------------------------------------------ reports
  'level.fatal': { en: 'error', fr: 'erreur' },
  'level.warning': { en: 'warning', fr: 'avertissement' },
  'level.information': { en: 'info', fr: 'info' },
  'where.line': { en: 'line {n}', fr: 'ligne {n}' },
  'where.lines': { en: 'lines {list}', fr: 'lignes {list}' },
  'count.errors': { en: '{n} errors', fr: '{n} erreurs' },
  'count.error': { en: '{n} error', fr: '{n} erreur' },
  'count.warnings': { en: '{n} warnings', fr: '{n} avertissements' },
  'count.warning': { en: '{n} warning', fr: '{n} avertissement' },
  'count.files': { en: '{n} files', fr: '{n} fichiers' },
  'count.file': { en: '{n} file', fr: '{n} fichier' },
  'count.notes': { en: '{n} notes', fr: '{n} remarques' },
  'count.note': { en: '{n} note', fr: '{n} remarque' },
  'report.notInvoice': { en: 'not an invoice', fr: 'pas une facture' },
  'report.expectedInvalid': {
    en: 'expected invalid, but it is valid',
    fr: 'attendue invalide, mais elle est valide',
  },
  'report.summary': {
    en: '{files}: {valid}, {invalid}, {unreadable}',
    fr: '{files} : {valid}, {invalid}, {unreadable}',
  },
  'count.valid': { en: '{n} valid', fr: '{n} valide' },
  'count.valids': { en: '{n} valid', fr: '{n} valides' },
  'count.invalid': { en: '{n} invalid', fr: '{n} invalide' },
  'count.invalids': { en: '{n} invalid', fr: '{n} invalides' },
  'count.unreadable': { en: '{n} unreadable', fr: '{n} illisible' },
  'count.unreadables': { en: '{n} unreadable', fr: '{n} illisibles' },
  'report.rate': { en: '{seconds} s, {rate} files/s', fr: '{seconds} s, {rate} fichiers/s' },
  'report.notAsExpected.valid': {
    en: '{n} not valid as expected',
    fr: '{n} non valides alors qu’attendues valides',
  },
  'report.notAsExpected.invalid': {
    en: '{n} not invalid as expected',
    fr: '{n} non invalides alors qu’attendues invalides',
  },
  'report.allAsExpected.valid': { en: 'all valid as expected', fr: 'toutes valides, comme attendu' },
  'report.allAsExpected.invalid': { en: 'all invalid as expected', fr: 'toutes invalides, comme attendu' },
  'report.unexpectedlyValid': {
    en: 'expected invalid, but the invoice is valid',
    fr: 'attendue invalide, mais la facture est valide',
  },
  'report.errorsOf': { en: '{count}: {rules}', fr: '{count} : {rules}' },
  'report.expectInvalidRule': {
    en: 'Expected this invoice to be invalid (--expect invalid), but it passed every rule.',
    fr: 'Cette facture devait être invalide (--expect invalid), mais elle respecte toutes les règles.',
  },
  'progress.format': {
    en: 'validating {bar} {value}/{total} files | {rate} files/s | ETA {eta_formatted}',
    fr: 'validation {bar} {value}/{total} fichiers | {rate} fichiers/s | reste {eta_formatted}',
  },
  'preflight.fails': {
    en: '{file}: not a conformant Factur-X PDF/A-3 ({errors})',
    fr: '{file} : pas un PDF/A-3 Factur-X conforme ({errors})',
  },
  'preflight.passes': {
    en: '{file}: passes the PDF/A-3 and Factur-X checks ({notes})',
    fr: '{file} : passe les contrôles PDF/A-3 et Factur-X ({notes})',
  },
  'explain.why': { en: 'Why', fr: 'Pourquoi' },
  'explain.fix': { en: 'Fix', fr: 'Correction' },
  'explain.terms': { en: 'Terms', fr: 'Termes' },
} as const satisfies Record<string, Message>;

export type MessageKey = keyof typeof MESSAGES;

const NBSP = '\u00a0';

/** French typography: a no-break space before « : ; ? ! » and inside « guillemets » (not in "http://") */
export function frenchTypography(text: string): string {
  return text
    .replace(/ ([:;?!])(?=[\s)»]|$)/g, `${NBSP}$1`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/ »/g, `${NBSP}»`);
}

let current: CliLang = 'en';

/** Sets the language of every later message (main thread at start-up, each worker from its options) */
export function setCliLang(lang: CliLang): void {
  current = lang;
}

export function cliLangNow(): CliLang {
  return current;
}

/** The message in the current language (or `lang`), placeholders filled */
export function say(key: MessageKey, values: Record<string, string | number> = {}, lang = current): string {
  const template: string = MESSAGES[key][lang];
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
  return lang === 'fr' ? frenchTypography(filled) : filled;
}

/** "1 error" / "3 errors" in the current language (French: 0 and 1 are singular) */
export function counted(n: number, one: MessageKey, many: MessageKey): string {
  const singular = current === 'fr' ? n <= 1 : n === 1;
  return singular ? say(one, { n }) : say(many, { n });
}

/** A decimal for people: "3.02" / "3,02" */
export function decimal(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return current === 'fr' ? text.replace('.', ',') : text;
}
