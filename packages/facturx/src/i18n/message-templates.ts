/**
 * French for the messages the XML parser, the structure check and the readers write in English
 * (decision 0132). Each template is the English sentence with {placeholders} and its French; a
 * finding's English message is matched against the templates of its code and rewritten. A
 * placeholder written {name*} holds a message of its own, translated again (the parser's reason
 * inside "the document is not well-formed XML: …"). Names of elements, values and numbers pass
 * through unchanged.
 */
import type { TextTemplate } from '@einv/core-model';

export interface MessageTemplate extends TextTemplate {
  /** Finding codes the template applies to; a code ending with - matches every code it starts */
  codes: readonly string[];
  en: string;
  fr: string;
}

const XML_CODES = ['XML-', 'UBL-READ-XML', 'CII-ROOT', 'ROOT', 'INTERNAL'];

/** Reasons the XML parser gives (@einv/xml parse.ts, decode.ts) */
const PARSER: MessageTemplate[] = [
  {
    codes: XML_CODES,
    en: 'the input is neither a string nor bytes',
    fr: 'l’entrée n’est ni une chaîne ni des octets',
  },
  { codes: XML_CODES, en: 'the document is empty', fr: 'le document est vide' },
  { codes: XML_CODES, en: 'the XML could not be read: {e}', fr: 'le XML n’a pas pu être lu : {e}' },
  {
    codes: XML_CODES,
    en: 'the document is {size} bytes, more than the limit of {max}',
    fr: 'le document fait {size} octets, au-delà de la limite de {max}',
  },
  { codes: XML_CODES, en: 'text after the root element', fr: 'du texte après l’élément racine' },
  { codes: XML_CODES, en: 'text before the root element', fr: 'du texte avant l’élément racine' },
  {
    codes: XML_CODES,
    en: 'a closing tag without an open element',
    fr: 'une balise fermante sans élément ouvert',
  },
  {
    codes: XML_CODES,
    en: 'a CDATA section outside the root element',
    fr: 'une section CDATA en dehors de l’élément racine',
  },
  { codes: XML_CODES, en: 'unterminated CDATA section', fr: 'section CDATA non terminée' },
  { codes: XML_CODES, en: 'unexpected markup "<!"', fr: 'balisage « <! » inattendu' },
  {
    codes: XML_CODES,
    en: 'a second root element (only one is allowed)',
    fr: 'un second élément racine (un seul est permis)',
  },
  {
    codes: XML_CODES,
    en: 'the document ends before <{name}> (line {line}) is closed',
    fr: 'le document se termine avant la fermeture de <{name}> (ligne {line})',
  },
  { codes: XML_CODES, en: 'no root element', fr: 'aucun élément racine' },
  { codes: XML_CODES, en: 'unterminated XML declaration', fr: 'déclaration XML non terminée' },
  { codes: XML_CODES, en: 'XML 1.1 is not supported', fr: 'XML 1.1 n’est pas pris en charge' },
  {
    codes: XML_CODES,
    en: 'the document ends inside the start tag <{name}>',
    fr: 'le document se termine dans la balise ouvrante <{name}>',
  },
  {
    codes: XML_CODES,
    en: 'expected white space, ">" or "/>" in the start tag <{name}>',
    fr: 'espace, « > » ou « /> » attendu dans la balise ouvrante <{name}>',
  },
  {
    codes: XML_CODES,
    en: 'an invalid attribute in the start tag <{name}>',
    fr: 'un attribut invalide dans la balise ouvrante <{name}>',
  },
  { codes: XML_CODES, en: 'expected "=" after the attribute {a}', fr: '« = » attendu après l’attribut {a}' },
  {
    codes: XML_CODES,
    en: 'the value of the attribute {a} must be quoted',
    fr: 'la valeur de l’attribut {a} doit être entre guillemets',
  },
  {
    codes: XML_CODES,
    en: 'unterminated value of the attribute {a}',
    fr: 'valeur non terminée de l’attribut {a}',
  },
  {
    codes: XML_CODES,
    en: '"<" is not allowed in the value of the attribute {a}',
    fr: '« < » n’est pas permis dans la valeur de l’attribut {a}',
  },
  {
    codes: XML_CODES,
    en: 'the xmlns prefix and namespace are reserved',
    fr: 'le préfixe xmlns et son espace de noms sont réservés',
  },
  {
    codes: XML_CODES,
    en: 'the prefix {p} cannot be undeclared (XML Namespaces 1.0)',
    fr: 'le préfixe {p} ne peut pas être annulé (XML Namespaces 1.0)',
  },
  {
    codes: XML_CODES,
    en: 'the attribute {a} appears twice in <{name}>',
    fr: 'l’attribut {a} apparaît deux fois dans <{name}>',
  },
  {
    codes: XML_CODES,
    en: 'the prefix "{p}" of <{name}> is not bound to a namespace',
    fr: 'le préfixe « {p} » de <{name}> n’est lié à aucun espace de noms',
  },
  {
    codes: XML_CODES,
    en: 'the prefix of the attribute {a} is not bound to a namespace',
    fr: 'le préfixe de l’attribut {a} n’est lié à aucun espace de noms',
  },
  {
    codes: XML_CODES,
    en: 'the document ends inside the closing tag </{name}>',
    fr: 'le document se termine dans la balise fermante </{name}>',
  },
  {
    codes: XML_CODES,
    en: 'expected ">" to end the closing tag </{name}>',
    fr: '« > » attendu pour terminer la balise fermante </{name}>',
  },
  { codes: XML_CODES, en: 'unterminated comment', fr: 'commentaire non terminé' },
  {
    codes: XML_CODES,
    en: 'unterminated processing instruction',
    fr: 'instruction de traitement non terminée',
  },
  {
    codes: XML_CODES,
    en: 'an XML declaration is only allowed at the very start of the document',
    fr: 'une déclaration XML n’est permise qu’au tout début du document',
  },
  { codes: XML_CODES, en: '"]]>" is not allowed in text', fr: '« ]]> » n’est pas permis dans le texte' },
  {
    codes: XML_CODES,
    en: 'the character U+{c} is not allowed in XML',
    fr: 'le caractère U+{c} n’est pas permis en XML',
  },
  {
    codes: XML_CODES,
    en: 'a "&" that does not start an entity reference (write &amp;)',
    fr: 'un « & » qui ne commence pas une référence d’entité (écrivez &amp;)',
  },
  {
    codes: XML_CODES,
    en: 'the character reference {m} is not a valid XML character',
    fr: 'la référence de caractère {m} n’est pas un caractère XML valide',
  },
  {
    codes: XML_CODES,
    en: 'document type declarations (DOCTYPE, DTDs, entity declarations) are refused for safety',
    fr: 'les déclarations de type de document (DOCTYPE, DTD, déclarations d’entités) sont refusées par sécurité',
  },
  {
    codes: XML_CODES,
    en: 'elements are nested deeper than {n} levels',
    fr: 'les éléments sont imbriqués sur plus de {n} niveaux',
  },
  {
    codes: XML_CODES,
    en: 'the document declares encoding "{e}" but has no byte order mark and does not start like UTF-16',
    fr: 'le document déclare l’encodage « {e} » mais n’a pas d’indicateur d’ordre des octets et ne commence pas comme de l’UTF-16',
  },
  {
    codes: XML_CODES,
    en: 'unsupported encoding "{e}" (supported: UTF-8, UTF-16 with a byte order mark, ISO-8859-1)',
    fr: 'encodage « {e} » non pris en charge (acceptés : UTF-8, UTF-16 avec indicateur d’ordre des octets, ISO-8859-1)',
  },
  { codes: XML_CODES, en: 'the bytes are not valid {e}', fr: 'les octets ne sont pas du {e} valide' },
  { codes: XML_CODES, en: 'The XML is not readable: {reason*}', fr: 'Le XML est illisible : {reason*}' },
  {
    codes: XML_CODES,
    en: 'the document is not well-formed XML: {reason*}',
    fr: 'le document n’est pas du XML bien formé : {reason*}',
  },
  {
    codes: XML_CODES,
    en: 'The document is not well-formed XML ({code}): {reason*}',
    fr: 'Le document n’est pas du XML bien formé ({code}) : {reason*}',
  },
  {
    codes: XML_CODES,
    en: 'the check could not complete: {e}',
    fr: 'la vérification n’a pas pu aboutir : {e}',
  },
];

/** What a value was expected to be (@einv/xml-check simple.ts) */
const EXPECTED: MessageTemplate[] = [
  { codes: ['XSD-'], en: 'one of {list}', fr: 'l’une des valeurs {list}' },
  { codes: ['XSD-'], en: 'a value matching {p}', fr: 'une valeur de la forme {p}' },
  { codes: ['XSD-'], en: 'exactly {n} characters', fr: 'exactement {n} caractères' },
  { codes: ['XSD-'], en: 'at least {n} characters', fr: 'au moins {n} caractères' },
  { codes: ['XSD-'], en: 'at most {n} characters', fr: 'au plus {n} caractères' },
  {
    codes: ['XSD-'],
    en: 'a decimal number such as 1234.56 (digits, one optional "." and sign, no exponent)',
    fr: 'un nombre décimal tel que 1234.56 (chiffres, un « . » et un signe facultatifs, sans exposant)',
  },
  { codes: ['XSD-'], en: 'an integer', fr: 'un entier' },
  { codes: ['XSD-'], en: 'true or false', fr: 'true ou false' },
  { codes: ['XSD-'], en: 'a date YYYY-MM-DD', fr: 'une date AAAA-MM-JJ' },
  { codes: ['XSD-'], en: 'a time hh:mm:ss', fr: 'une heure hh:mm:ss' },
  { codes: ['XSD-'], en: 'a date and time YYYY-MM-DDThh:mm:ss', fr: 'une date et heure AAAA-MM-JJThh:mm:ss' },
  { codes: ['XSD-'], en: 'base64-encoded binary data', fr: 'des données binaires encodées en base64' },
  { codes: ['XSD-'], en: 'a language code such as en or fr-FR', fr: 'un code de langue tel que en ou fr-FR' },
  { codes: ['XSD-'], en: 'a name without spaces or colons', fr: 'un nom sans espace ni deux-points' },
];

/** The XSD-equivalent structure check (@einv/xml-check validate.ts) and the root checks */
const STRUCTURE: MessageTemplate[] = [
  {
    codes: ['XSD-'],
    en: '{child} is not allowed: {parent} holds a value, not elements',
    fr: '{child} n’est pas permis : {parent} contient une valeur, pas des éléments',
  },
  {
    codes: ['XSD-'],
    en: '{el} is "{v}"; expected {expected*}',
    fr: '{el} vaut « {v} » ; attendu : {expected*}',
  },
  {
    codes: ['XSD-'],
    en: '{el} contains text "{v}" but may only contain elements',
    fr: '{el} contient le texte « {v} » mais ne peut contenir que des éléments',
  },
  {
    codes: ['XSD-'],
    en: '{child} is not allowed: {parent} must be empty',
    fr: '{child} n’est pas permis : {parent} doit être vide',
  },
  {
    codes: ['XSD-'],
    en: 'the attribute {a} is not allowed on {el}',
    fr: 'l’attribut {a} n’est pas permis sur {el}',
  },
  {
    codes: ['XSD-'],
    en: 'the attribute {a} of {el} is "{v}"; expected {expected*}',
    fr: 'l’attribut {a} de {el} vaut « {v} » ; attendu : {expected*}',
  },
  { codes: ['XSD-'], en: '{el} must have the attribute {a}', fr: '{el} doit porter l’attribut {a}' },
  {
    codes: ['XSD-'],
    en: '{el} is not allowed in {parent}; the next element expected here is {next}',
    fr: '{el} n’est pas permis dans {parent} ; l’élément attendu ici est {next}',
  },
  { codes: ['XSD-'], en: '{el} is not allowed in {parent}', fr: '{el} n’est pas permis dans {parent}' },
  {
    codes: ['XSD-'],
    en: '{el} may appear at most once in {parent}',
    fr: '{el} ne peut apparaître qu’une fois dans {parent}',
  },
  {
    codes: ['XSD-'],
    en: '{el} may appear at most {n} times in {parent}',
    fr: '{el} ne peut apparaître que {n} fois au plus dans {parent}',
  },
  {
    codes: ['XSD-'],
    en: '{el} is out of order in {parent}: it must come before {after}',
    fr: '{el} n’est pas à sa place dans {parent} : il doit précéder {after}',
  },
  {
    codes: ['XSD-'],
    en: '{parent} must contain at least {n} {el} (found {found}) before {before}',
    fr: '{parent} doit contenir au moins {n} {el} (trouvé : {found}) avant {before}',
  },
  {
    codes: ['XSD-'],
    en: '{parent} must contain at least {n} {el} (found {found})',
    fr: '{parent} doit contenir au moins {n} {el} (trouvé : {found})',
  },
  {
    codes: ['XSD-'],
    en: '{parent} must contain {el} before {before}',
    fr: '{parent} doit contenir {el} avant {before}',
  },
  { codes: ['XSD-'], en: '{parent} must contain {el}', fr: '{parent} doit contenir {el}' },
  {
    codes: ['XSD-'],
    en: '{el} is not expected at this place in {parent}',
    fr: '{el} n’est pas attendu à cet endroit de {parent}',
  },
  {
    codes: ['XSD-'],
    en: 'the content of {parent} is incomplete: an element is missing at the end',
    fr: 'le contenu de {parent} est incomplet : un élément manque à la fin',
  },
  {
    codes: ['ROOT'],
    en: 'the root element is {name}; a CII invoice starts with rsm:CrossIndustryInvoice',
    fr: 'l’élément racine est {name} ; une facture CII commence par rsm:CrossIndustryInvoice',
  },
  {
    codes: ['ROOT'],
    en: 'the root element is {name}; a UBL invoice starts with Invoice or CreditNote',
    fr: 'l’élément racine est {name} ; une facture UBL commence par Invoice ou CreditNote',
  },
  {
    codes: ['ROOT'],
    en: 'The root element is <{name}> (namespace "{ns}"); expected rsm:CrossIndustryInvoice (CII) or a UBL 2.1 Invoice or CreditNote.',
    fr: 'L’élément racine est <{name}> (espace de noms « {ns} ») ; attendu : rsm:CrossIndustryInvoice (CII) ou une Invoice ou CreditNote UBL 2.1.',
  },
  {
    codes: ['NAMESPACE'],
    en: '{name} is in no namespace; expected the namespace {ns}',
    fr: '{name} n’est dans aucun espace de noms ; espace de noms attendu : {ns}',
  },
  {
    codes: ['NAMESPACE'],
    en: '{name} is in the namespace {actual}; expected the namespace {ns}',
    fr: '{name} est dans l’espace de noms {actual} ; espace de noms attendu : {ns}',
  },
  {
    codes: ['PROFILE'],
    en: 'the document has no guideline identifier (BT-24); the structure was checked against the EN16931 profile',
    fr: 'le document n’a pas d’identifiant de spécification (BT-24) ; la structure a été vérifiée selon le profil EN16931',
  },
  {
    codes: ['PROFILE'],
    en: 'the guideline identifier (BT-24) "{id}" names no known profile; the structure was checked against the EN16931 profile',
    fr: 'l’identifiant de spécification (BT-24) « {id} » ne désigne aucun profil connu ; la structure a été vérifiée selon le profil EN16931',
  },
];

/** The readers' diagnostics (@einv/cii read.ts, @einv/ubl engine/read.ts, read-ubl.ts) */
const READERS: MessageTemplate[] = [
  {
    codes: ['CII-INTERNAL'],
    en: 'The invoice could not be read: {e}',
    fr: 'La facture n’a pas pu être lue : {e}',
  },
  {
    codes: ['CII-ROOT'],
    en: 'The root element is <{name}> (namespace "{ns}"), not rsm:CrossIndustryInvoice: this looks like UBL.',
    fr: 'L’élément racine est <{name}> (espace de noms « {ns} »), pas rsm:CrossIndustryInvoice : cela ressemble à de l’UBL.',
  },
  {
    codes: ['CII-ROOT'],
    en: 'The root element is <{name}> (namespace "{ns}"), not rsm:CrossIndustryInvoice.',
    fr: 'L’élément racine est <{name}> (espace de noms « {ns} »), pas rsm:CrossIndustryInvoice.',
  },
  {
    codes: ['CII-GUIDELINE'],
    en: 'The guideline identifier (BT-24) is missing: the Factur-X profile is unknown.',
    fr: 'L’identifiant de spécification (BT-24) est absent : le profil Factur-X est inconnu.',
  },
  {
    codes: ['CII-GUIDELINE'],
    en: 'The guideline identifier "{id}" (BT-24) names no known Factur-X/ZUGFeRD profile.',
    fr: 'L’identifiant de spécification « {id} » (BT-24) ne désigne aucun profil Factur-X/ZUGFeRD connu.',
  },
  {
    codes: ['CII-GUIDELINE'],
    en: 'The guideline identifier "{id}" is read with the {profile} structure.',
    fr: 'L’identifiant de spécification « {id} » est lu avec la structure {profile}.',
  },
  {
    codes: ['CII-DATE'],
    en: '{bt}: "{v}" is not a date in format 102 (YYYYMMDD); the text is kept as is.',
    fr: '{bt} : « {v} » n’est pas une date au format 102 (AAAAMMJJ) ; le texte est gardé tel quel.',
  },
  {
    codes: ['CII-DATE'],
    en: '{bt}: its format is "{f}", only 102 (YYYYMMDD) is read; the text is kept as is.',
    fr: '{bt} : son format est « {f} », seul le format 102 (AAAAMMJJ) est lu ; le texte est gardé tel quel.',
  },
  {
    codes: ['CII-DECIMAL'],
    en: '{bt}: "{v}" is not a decimal number (digits with an optional "." and sign, no exponent).',
    fr: '{bt} : « {v} » n’est pas un nombre décimal (chiffres, un « . » et un signe facultatifs, sans exposant).',
  },
  {
    codes: ['CII-ALTERNATIVE'],
    en: '{bt} is given twice with different values; "{kept}" is kept, "{other}" at {xpath} is not.',
    fr: '{bt} est donné deux fois avec des valeurs différentes ; « {kept} » est gardé, « {other} » en {xpath} ne l’est pas.',
  },
  {
    codes: ['CII-REPEATED'],
    en: '{bt} appears {n} times with different values; the model holds one, the first is kept.',
    fr: '{bt} apparaît {n} fois avec des valeurs différentes ; le modèle n’en retient qu’une, la première.',
  },
  {
    codes: ['CII-UNREAD'],
    en: 'An element at {p} is not part of the invoice model and was not read.',
    fr: 'Un élément en {p} ne fait pas partie du modèle de facture et n’a pas été lu.',
  },
  {
    codes: ['CII-UNREAD'],
    en: '{n} elements at {p} are not part of the invoice model and were not read.',
    fr: '{n} éléments en {p} ne font pas partie du modèle de facture et n’ont pas été lus.',
  },
  {
    codes: ['UBL-READ-UNKNOWN'],
    en: '{el} is not part of the EN 16931 UBL binding here; ignored.',
    fr: '{el} ne fait pas partie de la correspondance UBL EN 16931 à cet endroit ; ignoré.',
  },
  {
    codes: ['UBL-READ-UNKNOWN'],
    en: '{el} is not part of the EN 16931 UBL binding; ignored.',
    fr: '{el} ne fait pas partie de la correspondance UBL EN 16931 ; ignoré.',
  },
  { codes: ['UBL-READ-UNBOUND'], en: '{el} is not read: {why}.', fr: '{el} n’est pas lu : {why}.' },
  {
    codes: ['UBL-READ-DOCUMENT-TYPE'],
    en: '{el} belongs in a UBL {only}, not in a {type}; read all the same.',
    fr: '{el} appartient à une {only} UBL, pas à une {type} ; lu malgré tout.',
  },
  {
    codes: ['UBL-READ-NUMBER'],
    en: "{el} must be a decimal number (digits with an optional '.' and sign), found '{v}'.",
    fr: '{el} doit être un nombre décimal (chiffres, un « . » et un signe facultatifs) ; trouvé : « {v} ».',
  },
  {
    codes: ['UBL-READ-DATE'],
    en: "{el} should be a date YYYY-MM-DD, found '{v}'; kept as written.",
    fr: '{el} devrait être une date AAAA-MM-JJ ; trouvé : « {v} », gardé tel quel.',
  },
  {
    codes: ['UBL-READ-CURRENCY'],
    en: '{el} is in {actual} but the invoice currency (BT-5) is {expected}.',
    fr: '{el} est en {actual} alors que la devise de la facture (BT-5) est {expected}.',
  },
  {
    codes: ['UBL-READ-CURRENCY'],
    en: '{el} is in {actual} but the VAT accounting currency (BT-6) is {expected}.',
    fr: '{el} est en {actual} alors que la devise de comptabilisation de la TVA (BT-6) est {expected}.',
  },
  {
    codes: ['UBL-READ-REPEATED'],
    en: '{el} repeats {bt} that has one value in EN 16931; the first occurrence is kept.',
    fr: '{el} répète {bt}, qui n’a qu’une valeur dans l’EN 16931 ; la première occurrence est gardée.',
  },
  {
    codes: ['UBL-READ-REPEATED'],
    en: '{n} cac:TaxTotal elements carry an amount in the invoice currency {c}; EN 16931 has one Invoice total VAT amount (BT-110).',
    fr: '{n} éléments cac:TaxTotal portent un montant dans la devise de la facture {c} ; l’EN 16931 n’a qu’un total de TVA (BT-110).',
  },
  {
    codes: ['UBL-READ-ROOT'],
    en: "The root element is {name} in namespace '{ns}'; a UBL 2.1 Invoice ({inv}) or CreditNote ({cn}) was expected.",
    fr: 'L’élément racine est {name} dans l’espace de noms « {ns} » ; une Invoice ({inv}) ou une CreditNote ({cn}) UBL 2.1 était attendue.',
  },
  {
    codes: ['UBL-READ-INTERNAL'],
    en: 'The UBL reader failed unexpectedly: {e}',
    fr: 'Le lecteur UBL a échoué de façon inattendue : {e}',
  },
];

export const MESSAGE_TEMPLATES: readonly MessageTemplate[] = [
  ...PARSER,
  ...EXPECTED,
  ...STRUCTURE,
  ...READERS,
];
