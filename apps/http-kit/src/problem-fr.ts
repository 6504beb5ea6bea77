/**
 * French problem+json (decision 0132): the title of every problem type both services send, and
 * the French of their details by template (the details are written in English at the call site,
 * with their values; `translateByTemplates` finds the sentence and keeps the values). A detail
 * with no template stays in English; `problem-fr.test.ts` collects every problem type and literal
 * detail of the sources and requires each to be here.
 */
import type { TextTemplate } from '@einv/core-model';

export const PROBLEM_TITLES_FR: Readonly<Record<string, string>> = {
  'account-suspended': 'Compte suspendu',
  'answer-too-large': 'Réponse trop volumineuse',
  'bad-base64': 'Base64 invalide',
  'bad-credentials': 'Adresse e-mail ou mot de passe incorrect',
  'bad-multipart': 'Corps multipart illisible',
  'bad-status': 'Statut inconnu',
  'bad-request': 'Requête invalide',
  busy: 'Service occupé',
  'cross-site': 'Requête d’un autre site refusée',
  'empty-body': 'Corps de requête vide',
  'field-too-long': 'Champ trop long',
  internal: 'Erreur interne',
  'invalid-body': 'Corps de requête invalide',
  'invalid-invoice': 'Facture non valide',
  'invalid-key-id': 'Identifiant de clé invalide',
  'invalid-option': 'Option invalide',
  'invalid-request': 'Requête invalide',
  'invalid-webhook': 'Webhook invalide',
  'key-not-found': 'Clé introuvable',
  'key-suspended': 'Clé suspendue',
  'malformed-json': 'JSON mal formé',
  'malformed-rule-code': 'Code de règle mal formé',
  'method-not-allowed': 'Méthode non autorisée',
  'missing-invoice': 'Facture absente',
  'missing-xml': 'XML absent',
  'no-file': 'Aucun fichier',
  'not-acceptable': 'Format de réponse non disponible',
  'not-found': 'Introuvable',
  'not-signed-in': 'Non connecté',
  'over-budget': 'Délai de traitement dépassé',
  'payload-too-large': 'Fichier trop volumineux',
  'quota-exceeded': 'Quota mensuel atteint',
  'rate-limited': 'Trop de requêtes',
  'status-not-buildable': 'Le message de statut ne peut pas être construit',
  suspended: 'Suspendu',
  'too-many-attempts': 'Trop de tentatives échouées',
  'too-many-files': 'Trop de fichiers',
  unauthorized: 'Clé d’API absente ou invalide',
  'unknown-format': 'Format inconnu',
  'unknown-rule': 'Règle inconnue',
  'unsupported-encoding': 'Encodage du corps non pris en charge',
  'unsupported-media-type': 'Type de contenu non pris en charge',
  'email-taken': 'Adresse e-mail déjà utilisée',
  'invalid-email': 'Impossible de changer l’adresse e-mail',
  'invalid-key-name': 'Impossible de créer la clé',
  'invalid-link': 'Lien invalide',
  'invalid-password': 'Mot de passe refusé',
  'invalid-signup': 'Inscription impossible',
  'key-limit': 'Nombre de clés atteint',
  'wrong-password': 'Mot de passe incorrect',
};

export const PROBLEM_DETAILS_FR: readonly TextTemplate[] = [
  { en: 'The request body is not valid JSON.', fr: 'Le corps de la requête n’est pas du JSON valide.' },
  { en: 'The request body could not be read.', fr: 'Le corps de la requête n’a pas pu être lu.' },
  {
    en: 'The request body exceeds the limit of {size}.',
    fr: 'Le corps de la requête dépasse la limite de {size}.',
  },
  { en: 'The upload exceeds {size}.', fr: 'Le fichier dépasse {size}.' },
  {
    en: 'Send the body as UTF-8 JSON, uncompressed or gzip/deflate.',
    fr: 'Envoyez le corps en JSON UTF-8, non compressé ou en gzip/deflate.',
  },
  {
    en: 'Send the body as application/json (got {type}).',
    fr: 'Envoyez le corps en application/json (reçu : {type}).',
  },
  {
    en: 'Query option {name} must be one of {allowed}.',
    fr: 'L’option {name} doit valoir l’une de : {allowed}.',
  },
  {
    en: 'Send the invoice in the multipart field named `file` (one file).',
    fr: 'Envoyez la facture dans le champ multipart nommé `file` (un seul fichier).',
  },
  {
    en: 'Send the invoice in the multipart field named `file`.',
    fr: 'Envoyez la facture dans le champ multipart nommé `file`.',
  },
  {
    en: 'The multipart/form-data body could not be read.',
    fr: 'Le corps multipart/form-data n’a pas pu être lu.',
  },
  {
    en: 'Send application/xml, text/xml, application/pdf, application/json {"file": "<base64>"} or multipart/form-data with field `file`.',
    fr: 'Envoyez application/xml, text/xml, application/pdf, application/json {"file": "<base64>"} ou multipart/form-data avec le champ `file`.',
  },
  {
    en: 'The file is neither a CII or UBL invoice nor a PDF with an embedded invoice.',
    fr: 'Le fichier n’est ni une facture CII ou UBL, ni un PDF contenant une facture.',
  },
  {
    en: 'Expected {"file": "<base64 of the XML or PDF>", "filename"?: "…"}.',
    fr: 'Attendu : {"file": "<base64 du XML ou du PDF>", "filename"?: "…"}.',
  },
  {
    en: 'The `file` member is not valid base64 (RFC 4648 alphabet, padded).',
    fr: 'Le membre `file` n’est pas du base64 valide (alphabet RFC 4648, avec remplissage).',
  },
  {
    en: 'The `xml` member is not valid base64 (RFC 4648 alphabet, padded).',
    fr: 'Le membre `xml` n’est pas du base64 valide (alphabet RFC 4648, avec remplissage).',
  },
  { en: 'The request body is empty.', fr: 'Le corps de la requête est vide.' },
  {
    en: 'The request body is empty; send the XML document.',
    fr: 'Le corps de la requête est vide ; envoyez le document XML.',
  },
  {
    en: 'The request body is empty; send the invoice: raw XML or PDF, JSON {"file": "<base64>"} or multipart field `file`.',
    fr: 'Le corps de la requête est vide ; envoyez la facture : XML ou PDF brut, JSON {"file": "<base64>"} ou champ multipart `file`.',
  },
  {
    en: 'The request body is empty; send a JSON object.',
    fr: 'Le corps de la requête est vide ; envoyez un objet JSON.',
  },
  {
    en: 'The request body is empty; send {"xml": "<XML text>"} as application/json, or the XML itself as application/xml.',
    fr: 'Le corps de la requête est vide ; envoyez {"xml": "<texte XML>"} en application/json, ou le XML lui-même en application/xml.',
  },
  { en: 'The request body is empty; send {what}.', fr: 'Le corps de la requête est vide ; envoyez {what}.' },
  {
    en: '{method} is not allowed on {path}; use {allow}.',
    fr: '{method} n’est pas permis sur {path} ; utilisez {allow}.',
  },
  {
    en: 'The multipart body holds several files; send one file per request, in the field named `file`.',
    fr: 'Le corps multipart contient plusieurs fichiers ; envoyez un seul fichier par requête, dans le champ nommé `file`.',
  },
  {
    en: 'Send the invoice in the multipart field named `file` (one file per request), not `{f}`.',
    fr: 'Envoyez la facture dans le champ multipart nommé `file` (un fichier par requête), pas `{f}`.',
  },
  {
    en: 'Send application/xml, text/xml, application/pdf, application/octet-stream, application/json {"file": "<base64>"} or multipart/form-data with field `file`.',
    fr: 'Envoyez application/xml, text/xml, application/pdf, application/octet-stream, application/json {"file": "<base64>"} ou multipart/form-data avec le champ `file`.',
  },
  {
    en: 'Expected the raw XML text (not base64) under `xml`, or the XML itself sent as application/xml.',
    fr: 'Attendu : le texte XML brut (pas en base64) sous `xml`, ou le XML lui-même envoyé en application/xml.',
  },
  {
    en: '"{code}" is not a rule code; expected something like BR-01, BR-CO-10, BR-FR-09 or XSD-ORDER.',
    fr: '« {code} » n’est pas un code de règle ; attendu par exemple BR-01, BR-CO-10, BR-FR-09 ou XSD-ORDER.',
  },
  { en: 'No rule or finding code {code}.', fr: 'Aucune règle ni aucun code de constat {code}.' },
  { en: 'Query option lang must be one of en, fr.', fr: 'L’option lang doit valoir en ou fr.' },
  { en: 'No route {method} {path}. See {doc}.', fr: 'Aucune route {method} {path}. Voir {doc}.' },
  {
    en: 'At most {limit} requests per minute {per} here ({bucket}); retry after {seconds} s.',
    fr: 'Au plus {limit} requêtes par minute {per} ici ({bucket}) ; réessayez dans {seconds} s.',
  },
  {
    en: 'Something went wrong on our side; the error was logged.',
    fr: 'Une erreur s’est produite de notre côté ; elle a été journalisée.',
  },
  {
    en: 'Expected a JSON object under the `invoice` key.',
    fr: 'Attendu : un objet JSON sous la clé `invoice`.',
  },
  {
    en: 'Expected the base64 of a CII or UBL XML file, or of a Factur-X PDF, under `xml`.',
    fr: 'Attendu : le base64 d’un fichier XML CII ou UBL, ou d’un PDF Factur-X, sous `xml`.',
  },
  {
    en: 'Expected the raw XML text (not base64) under `xml`.',
    fr: 'Attendu : le texte XML brut (pas en base64) sous `xml`.',
  },
  {
    en: 'The content is neither CII, UBL nor a Factur-X/ZUGFeRD PDF with an embedded invoice.',
    fr: 'Le contenu n’est ni du CII, ni de l’UBL, ni un PDF Factur-X/ZUGFeRD contenant une facture.',
  },
  {
    en: 'The invoice breaks {n} rule(s): {rules}. See validation.errors.',
    fr: 'La facture enfreint {n} règle(s) : {rules}. Voir validation.errors.',
  },
  {
    en: 'The generated XML and PDF would take {n} bytes of base64; answers are limited to {max} bytes. Send fewer or shorter lines.',
    fr: 'Le XML et le PDF générés occuperaient {n} octets en base64 ; les réponses sont limitées à {max} octets. Envoyez moins de lignes ou des lignes plus courtes.',
  },
  {
    en: 'The answer would take {n} bytes; answers are limited to {max} bytes. Send fewer or shorter lines, or ask for the PDF alone (Accept: application/pdf).',
    fr: 'La réponse occuperait {n} octets ; les réponses sont limitées à {max} octets. Envoyez moins de lignes ou des lignes plus courtes, ou demandez le PDF seul (Accept: application/pdf).',
  },
  {
    en: 'generate answers application/json (both files in base64), application/pdf or application/xml; got Accept: {accept}.',
    fr: 'generate répond en application/json (les deux fichiers en base64), application/pdf ou application/xml ; reçu Accept: {accept}.',
  },
  {
    en: 'The FREE plan includes {quota} generated invoices per month; the quota resets at {at}. Upgrade to SITE or MULTI for unlimited generation: {url}',
    fr: 'L’offre FREE comprend {quota} factures générées par mois ; le quota repart à zéro le {at}. Passez à SITE ou MULTI pour une génération illimitée : {url}',
  },
  {
    en: 'Send `Authorization: Bearer <API key>`; create keys in the portal at {url}.',
    fr: 'Envoyez `Authorization: Bearer <clé d’API>` ; créez vos clés dans le portail : {url}.',
  },
  {
    en: 'Portal requests must come from the portal page itself.',
    fr: 'Les requêtes du portail doivent venir de la page du portail elle-même.',
  },
  { en: 'Expected a positive integer key id.', fr: 'Attendu : un identifiant de clé entier positif.' },
  { en: 'No live key {id} on this account.', fr: 'Aucune clé active {id} sur ce compte.' },
  { en: 'No active key {id} on this account.', fr: 'Aucune clé en service {id} sur ce compte.' },
  {
    en: 'status must be one of the official status codes: {codes}.',
    fr: 'status doit être l’un des codes de statut officiels : {codes}.',
  },
  { en: 'Expected a JSON object.', fr: 'Attendu : un objet JSON.' },
  {
    en: 'Send `Authorization: Bearer <METRICS_TOKEN>`.',
    fr: 'Envoyez `Authorization: Bearer <METRICS_TOKEN>`.',
  },
  // the status-message route (/api/v1/status)
  { en: '{p} is not a member of details ({known}).', fr: '{p} n’est pas un membre de details ({known}).' },
  { en: '{p} is required (a string).', fr: '{p} est obligatoire (une chaîne).' },
  { en: '{p} must be a non-empty string.', fr: '{p} doit être une chaîne non vide.' },
  { en: '{p} must be an object { id, scheme? }.', fr: '{p} doit être un objet { id, scheme? }.' },
  { en: '{p} must be a JSON object.', fr: '{p} doit être un objet JSON.' },
  { en: '{p} must be an object { code, text? }.', fr: '{p} doit être un objet { code, text? }.' },
  {
    en: '{p} must be an object { amount, vatRate, currency? }.',
    fr: '{p} doit être un objet { amount, vatRate, currency? }.',
  },
  { en: '{p} must be an object.', fr: '{p} doit être un objet.' },
  { en: '{p} must be a date YYYY-MM-DD.', fr: '{p} doit être une date AAAA-MM-JJ.' },
  { en: '{p} must be seller, buyer or platform.', fr: '{p} doit valoir seller, buyer ou platform.' },
  { en: '{p} must be an ISO 8601 date-time.', fr: '{p} doit être une date et heure ISO 8601.' },
  {
    en: '{p} must be an array (at most 100) of { amount, vatRate, currency? }.',
    fr: '{p} doit être un tableau (100 au plus) de { amount, vatRate, currency? }.',
  },
  { en: '{p} must be a decimal number or its text.', fr: '{p} doit être un nombre décimal ou son texte.' },
  {
    en: 'Expected the invoice under `invoice` (the JSON of /generate) or its references under `invoiceRef` ({ number, issueDate, typeCode?, seller, buyer }).',
    fr: 'Attendu : la facture sous `invoice` (le JSON de /generate) ou ses références sous `invoiceRef` ({ number, issueDate, typeCode?, seller, buyer }).',
  },
  // the limits of JSON invoices (decision 0094)
  {
    en: '{p} has {n} characters; at most {max} are accepted.',
    fr: '{p} compte {n} caractères ; {max} au plus sont acceptés.',
  },
  { en: '{p} is nested more than {n} levels deep.', fr: '{p} est imbriqué sur plus de {n} niveaux.' },
  {
    en: '{p} has {n} items; at most {max} are accepted.',
    fr: '{p} compte {n} éléments ; {max} au plus sont acceptés.',
  },
  {
    en: 'If this email has an account, a reset link is on its way.',
    fr: 'Si cette adresse a un compte, un lien de réinitialisation est en route.',
  },
  // the account and key services' failures (portal)
  {
    en: 'expected an email address such as ada@example.com',
    fr: 'attendu : une adresse e-mail telle que ada@example.com',
  },
  {
    en: 'this link is invalid, was already used, or has expired; ask for a new one',
    fr: 'ce lien est invalide, a déjà servi ou a expiré ; demandez-en un nouveau',
  },
  { en: 'the password is wrong', fr: 'le mot de passe est incorrect' },
  {
    en: 'an account already exists for this email; if it is yours, reset its password',
    fr: 'un compte existe déjà pour cette adresse ; si c’est le vôtre, réinitialisez son mot de passe',
  },
  { en: 'another account now uses this email', fr: 'un autre compte utilise désormais cette adresse' },
  { en: 'this is already the email of the account', fr: 'c’est déjà l’adresse du compte' },
  { en: 'another account uses this email', fr: 'un autre compte utilise cette adresse' },
  { en: 'expected a key name of 1 to 100 characters', fr: 'attendu : un nom de clé de 1 à 100 caractères' },
  {
    en: 'the {plan} plan allows {max} active API key(s); revoke or suspend one, or upgrade',
    fr: 'l’offre {plan} permet {max} clé(s) d’API active(s) ; révoquez ou suspendez-en une, ou changez d’offre',
  },
  {
    en: 'the {plan} plan allows {max} active API key(s); choose which active key this one replaces',
    fr: 'l’offre {plan} permet {max} clé(s) d’API active(s) ; choisissez la clé active que celle-ci remplace',
  },
  {
    en: 'an account holds at most {n} keys; revoke some',
    fr: 'un compte détient au plus {n} clés ; révoquez-en',
  },
  { en: 'no live key {id} on this account', fr: 'aucune clé {id} en service sur ce compte' },
  {
    en: 'expected a password of at least {n} characters',
    fr: 'attendu : un mot de passe d’au moins {n} caractères',
  },
  {
    en: 'expected a password of at most {n} characters',
    fr: 'attendu : un mot de passe d’au plus {n} caractères',
  },
  {
    en: 'this password is in a list of commonly used passwords; choose another',
    fr: 'ce mot de passe figure dans une liste de mots de passe courants ; choisissez-en un autre',
  },
  {
    en: 'This account is suspended by the operator; every key of it is refused.',
    fr: 'Ce compte est suspendu par l’exploitant ; toutes ses clés sont refusées.',
  },
  { en: 'This API key is suspended: {why}.', fr: 'Cette clé d’API est suspendue : {why}.' },
  { en: 'Sign in to the portal first.', fr: 'Connectez-vous d’abord au portail.' },
  {
    en: 'Check the email and password, or reset the password.',
    fr: 'Vérifiez l’adresse e-mail et le mot de passe, ou réinitialisez le mot de passe.',
  },
  {
    en: 'Too many failed {what}; try again in {seconds} s.',
    fr: 'Trop d’échecs ({what}) ; réessayez dans {seconds} s.',
  },
  {
    en: 'All {n} workers are busy; retry shortly.',
    fr: 'Les {n} exécutants sont tous occupés ; réessayez dans un instant.',
  },
];
