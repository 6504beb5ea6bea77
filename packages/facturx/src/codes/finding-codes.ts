/**
 * The explanation of every finding code einv emits that is not a business rule of the catalogue
 * (@einv/rules) nor an official syntax rule (CII-SR-*, UBL-CR-*…): XML reading, XSD structure, the
 * readers' and writers' diagnostics, PDF / PDF/A-3 / Factur-X preflight, einv's own codes. Served
 * at /v1/rules/{code} with the rules (decision 0131); `codes.test.ts` collects every code literal
 * of the sources and fails when one has no entry here or elsewhere.
 */
import type { Text } from '@einv/rules';

export type CodeArea = 'xml' | 'structure' | 'reader' | 'writer' | 'pdf' | 'pdfa' | 'facturx' | 'einv';

export interface CodeEntry {
  area: CodeArea;
  /** What the finding says, in one sentence */
  checks: Text;
  /** Why it matters */
  explanation: Text;
  /** What to do */
  fix: Text;
  /** Business term, when the code is always about one */
  terms?: string[];
}

function entry(area: CodeArea, en: [string, string, string], fr: [string, string, string], terms?: string[]) {
  return {
    area,
    checks: { en: en[0], fr: fr[0] },
    explanation: { en: en[1], fr: fr[1] },
    fix: { en: en[2], fr: fr[2] },
    ...(terms ? { terms } : {}),
  } satisfies CodeEntry;
}

const UNREADABLE_FIX: [string, string] = [
  'Export the invoice again from the invoicing software; if it keeps failing, send the file to its publisher.',
  'Exportez de nouveau la facture depuis le logiciel de facturation ; si l’erreur persiste, transmettez le fichier à son éditeur.',
];

const PDFA_WHY: [string, string] = [
  'Factur-X invoices are PDF/A-3 files (ISO 19005-3) so that they can be archived and read identically for ten years; this clause of the standard is not met.',
  'Une facture Factur-X est un fichier PDF/A-3 (ISO 19005-3), archivable et lisible à l’identique pendant dix ans ; cette clause de la norme n’est pas respectée.',
];
const PDFA_FIX: [string, string] = [
  'Produce the PDF again with a PDF/A-3 export (or let einv generate it); do not edit the file afterwards with a non-PDF/A tool.',
  'Produisez de nouveau le PDF avec un export PDF/A-3 (ou laissez einv le générer) ; ne le retouchez pas ensuite avec un outil non PDF/A.',
];

function pdfa(en: string, fr: string) {
  return entry('pdfa', [en, PDFA_WHY[0], PDFA_FIX[0]], [fr, PDFA_WHY[1], PDFA_FIX[1]]);
}

export const FINDING_CODES: Readonly<Record<string, CodeEntry>> = {
  // --- XML reading (@einv/xml)
  'XML-EMPTY': entry(
    'xml',
    [
      'The file is empty or holds only blanks.',
      'There is no invoice to read.',
      'Send the invoice file itself.',
    ],
    [
      'Le fichier est vide ou ne contient que des blancs.',
      'Il n’y a aucune facture à lire.',
      'Envoyez le fichier de la facture lui-même.',
    ],
  ),
  'XML-SYNTAX': entry(
    'xml',
    [
      'The XML is not well-formed (an unclosed tag, a stray character, a bad entity…).',
      'A file that is not well-formed XML cannot be read at all; no rule can run on it. The line and column say where reading stopped.',
      UNREADABLE_FIX[0],
    ],
    [
      'Le XML est mal formé (balise non fermée, caractère parasite, entité invalide…).',
      'Un fichier XML mal formé ne peut pas être lu ; aucune règle ne peut s’y appliquer. La ligne et la colonne indiquent où la lecture s’est arrêtée.',
      UNREADABLE_FIX[1],
    ],
  ),
  'XML-SIZE': entry(
    'xml',
    [
      'The XML is larger than einv reads (20 MiB).',
      'The limit protects the service; no real invoice comes close to it.',
      'Check that the file is an invoice and not an archive or a dump.',
    ],
    [
      'Le XML dépasse la taille lue par einv (20 Mio).',
      'Cette limite protège le service ; aucune facture réelle n’en approche.',
      'Vérifiez que le fichier est bien une facture et non une archive ou un export.',
    ],
  ),
  'XML-DEPTH': entry(
    'xml',
    [
      'The XML nests elements deeper than 200 levels.',
      'Invoices are a few levels deep; such nesting is a sign of a broken or hostile file.',
      UNREADABLE_FIX[0],
    ],
    [
      'Le XML imbrique des éléments sur plus de 200 niveaux.',
      'Une facture ne compte que quelques niveaux ; une telle imbrication signale un fichier cassé ou malveillant.',
      UNREADABLE_FIX[1],
    ],
  ),
  'XML-DTD': entry(
    'xml',
    [
      'The XML declares a DOCTYPE or entities.',
      'Invoice XML never needs a DTD; entities can expand without bound or read local files, so einv refuses them.',
      'Remove the <!DOCTYPE …> declaration.',
    ],
    [
      'Le XML déclare un DOCTYPE ou des entités.',
      'Une facture XML n’a jamais besoin de DTD ; les entités peuvent grossir sans limite ou lire des fichiers locaux, einv les refuse donc.',
      'Retirez la déclaration <!DOCTYPE …>.',
    ],
  ),
  'XML-ENCODING': entry(
    'xml',
    [
      'The character encoding is unknown or the bytes do not match it.',
      'einv reads UTF-8, UTF-16 and ISO-8859-1; other bytes cannot be turned into text reliably.',
      'Save the file as UTF-8.',
    ],
    [
      'L’encodage des caractères est inconnu ou les octets ne lui correspondent pas.',
      'einv lit l’UTF-8, l’UTF-16 et l’ISO-8859-1 ; d’autres octets ne peuvent pas être convertis en texte de façon sûre.',
      'Enregistrez le fichier en UTF-8.',
    ],
  ),
  // --- Structure (XSD-equivalent content models, @einv/xml-check)
  'XSD-ORDER': entry(
    'structure',
    [
      'An element is out of the order the XSD prescribes.',
      'CII and UBL schemas fix the order of elements; receivers reject a file whose elements are out of order.',
      'Move the element to the place the message names (the software that wrote the file should be fixed).',
    ],
    [
      'Un élément n’est pas à la place prévue par le XSD.',
      'Les schémas CII et UBL fixent l’ordre des éléments ; un destinataire rejette un fichier dont l’ordre est faux.',
      'Déplacez l’élément à l’endroit indiqué (le logiciel qui a écrit le fichier doit être corrigé).',
    ],
  ),
  'XSD-MISSING': entry(
    'structure',
    [
      'A mandatory element or attribute is missing.',
      'The schema requires it; without it the file is not a valid CII or UBL document.',
      'Add the element the message names.',
    ],
    [
      'Un élément ou un attribut obligatoire est absent.',
      'Le schéma l’exige ; sans lui le fichier n’est pas un document CII ou UBL valide.',
      'Ajoutez l’élément indiqué.',
    ],
  ),
  'XSD-UNEXPECTED': entry(
    'structure',
    [
      'An element, attribute or text is not allowed where it is.',
      'The schema of the profile does not know it at this place; receivers reject such files.',
      'Remove it, or check that the profile declared (BT-24) is the one meant.',
    ],
    [
      'Un élément, un attribut ou un texte n’est pas autorisé à cet endroit.',
      'Le schéma du profil ne le prévoit pas ici ; un destinataire rejette un tel fichier.',
      'Retirez-le, ou vérifiez que le profil déclaré (BT-24) est bien celui voulu.',
    ],
  ),
  'XSD-CARDINALITY': entry(
    'structure',
    [
      'An element appears more often than the schema allows.',
      'The schema limits how many times the element may repeat.',
      'Keep only the allowed number of occurrences.',
    ],
    [
      'Un élément apparaît plus souvent que le schéma ne l’autorise.',
      'Le schéma limite le nombre de répétitions de l’élément.',
      'Ne gardez que le nombre d’occurrences autorisé.',
    ],
  ),
  'XSD-DATATYPE': entry(
    'structure',
    [
      'A value does not have the form of its data type (a date, an amount, an identifier…).',
      'Each value has a type in the schema; a malformed value cannot be read by the receiver.',
      'Write the value in the form the message names (e.g. a date as 20260115 with format 102).',
    ],
    [
      'Une valeur n’a pas la forme de son type (date, montant, identifiant…).',
      'Chaque valeur a un type dans le schéma ; une valeur mal formée ne peut pas être lue par le destinataire.',
      'Écrivez la valeur sous la forme indiquée (par ex. une date 20260115 au format 102).',
    ],
  ),
  'XSD-CODE': entry(
    'structure',
    [
      'A code is not one of the values the schema allows.',
      'The schema of the profile lists the allowed codes for this element.',
      'Use one of the codes the message lists.',
    ],
    [
      'Un code ne fait pas partie des valeurs autorisées par le schéma.',
      'Le schéma du profil énumère les codes permis pour cet élément.',
      'Utilisez l’un des codes indiqués.',
    ],
  ),
  ROOT: entry(
    'structure',
    [
      'The root element is not an invoice (rsm:CrossIndustryInvoice, Invoice or CreditNote).',
      'Only CII and UBL invoices and credit notes are e-invoices.',
      'Send the invoice XML, not another document.',
    ],
    [
      'L’élément racine n’est pas une facture (rsm:CrossIndustryInvoice, Invoice ou CreditNote).',
      'Seules les factures et avoirs CII et UBL sont des factures électroniques.',
      'Envoyez le XML de la facture, pas un autre document.',
    ],
  ),
  NAMESPACE: entry(
    'structure',
    [
      'The root element is in the wrong XML namespace.',
      'The namespace says which standard the document follows; a wrong one means no schema applies.',
      'Declare the namespace the message names on the root element.',
    ],
    [
      'L’élément racine n’est pas dans le bon espace de noms XML.',
      'L’espace de noms indique la norme suivie ; s’il est faux, aucun schéma ne s’applique.',
      'Déclarez sur l’élément racine l’espace de noms indiqué.',
    ],
  ),
  PROFILE: entry(
    'structure',
    [
      'The Factur-X profile could not be told from BT-24; the EN16931 profile was assumed.',
      'The profile decides which schema and rules apply.',
      'Set BT-24 to the guideline identifier of the profile.',
    ],
    [
      'Le profil Factur-X n’a pas pu être déduit de BT-24 ; le profil EN16931 a été retenu.',
      'Le profil détermine le schéma et les règles qui s’appliquent.',
      'Renseignez dans BT-24 l’identifiant du profil.',
    ],
    ['BT-24'],
  ),
  INTERNAL: entry(
    'structure',
    [
      'The structure check could not complete on this document.',
      'This is a defect of einv, not necessarily of the invoice.',
      'Report the file to einv.',
    ],
    [
      'La vérification de structure n’a pas pu aboutir sur ce document.',
      'Il s’agit d’un défaut d’einv, pas forcément de la facture.',
      'Signalez le fichier à einv.',
    ],
  ),
  FORMAT: entry(
    'reader',
    [
      'The file is neither a CII or UBL invoice nor a PDF with an embedded invoice.',
      'einv recognises e-invoices by their content.',
      'Send a Factur-X / ZUGFeRD PDF, or CII or UBL XML.',
    ],
    [
      'Le fichier n’est ni une facture CII ou UBL, ni un PDF contenant une facture.',
      'einv reconnaît les factures électroniques à leur contenu.',
      'Envoyez un PDF Factur-X / ZUGFeRD, ou un XML CII ou UBL.',
    ],
  ),
  SCHEMA: entry(
    'reader',
    [
      'A field of the JSON invoice has the wrong type or form.',
      'The API reads the invoice against its JSON schema before any rule.',
      'Correct the field the path names (see docs/terms.md).',
    ],
    [
      'Un champ de la facture JSON n’a pas le bon type ou la bonne forme.',
      'L’API vérifie la facture contre son schéma JSON avant toute règle.',
      'Corrigez le champ indiqué par le chemin (voir docs/terms.md).',
    ],
  ),
  // --- CII reader and writer diagnostics (@einv/cii)
  'CII-ROOT': entry(
    'reader',
    [
      'The root element is not rsm:CrossIndustryInvoice.',
      'A CII invoice starts with rsm:CrossIndustryInvoice.',
      'Send the CII invoice itself (or UBL, which einv detects).',
    ],
    [
      'L’élément racine n’est pas rsm:CrossIndustryInvoice.',
      'Une facture CII commence par rsm:CrossIndustryInvoice.',
      'Envoyez la facture CII elle-même (ou de l’UBL, qu’einv détecte).',
    ],
  ),
  'CII-INTERNAL': entry(
    'reader',
    [
      'The CII reader failed on this document.',
      'This is a defect of einv, not necessarily of the invoice.',
      'Report the file to einv.',
    ],
    [
      'Le lecteur CII a échoué sur ce document.',
      'Il s’agit d’un défaut d’einv, pas forcément de la facture.',
      'Signalez le fichier à einv.',
    ],
  ),
  'CII-ALTERNATIVE': entry(
    'reader',
    [
      'A business term is given twice, at two places, with different values; the first is kept.',
      'The model holds one value per term; the other one is not read.',
      'Give the term once, or the same value at both places.',
    ],
    [
      'Un terme métier est donné deux fois, à deux endroits, avec des valeurs différentes ; la première est gardée.',
      'Le modèle ne retient qu’une valeur par terme ; l’autre n’est pas lue.',
      'Donnez le terme une seule fois, ou la même valeur aux deux endroits.',
    ],
  ),
  'CII-REPEATED': entry(
    'reader',
    [
      'A business term appears several times with different values; the first is kept.',
      'EN 16931 allows the term once.',
      'Keep one occurrence.',
    ],
    [
      'Un terme métier apparaît plusieurs fois avec des valeurs différentes ; la première est gardée.',
      'L’EN 16931 n’autorise ce terme qu’une fois.',
      'N’en gardez qu’une occurrence.',
    ],
  ),
  'CII-PAYMENT-MEANS': entry(
    'reader',
    [
      'Several payment means with different codes or texts; the first one’s are kept.',
      'EN 16931 has one payment means code per invoice.',
      'Give one payment means code and text.',
    ],
    [
      'Plusieurs moyens de paiement avec des codes ou textes différents ; ceux du premier sont gardés.',
      'L’EN 16931 prévoit un seul code de moyen de paiement par facture.',
      'Donnez un seul code et un seul libellé de moyen de paiement.',
    ],
    ['BG-16'],
  ),
  'CII-DECIMAL': entry(
    'reader',
    [
      'A number could not be read as a decimal.',
      'Amounts, quantities and rates are plain decimals with a dot.',
      'Write the number as 1234.56.',
    ],
    [
      'Un nombre n’a pas pu être lu comme décimal.',
      'Montants, quantités et taux sont des décimaux simples avec un point.',
      'Écrivez le nombre sous la forme 1234.56.',
    ],
  ),
  'CII-DATE': entry(
    'reader',
    [
      'A date could not be read.',
      'CII dates are written 20260115 with format="102".',
      'Write the date as YYYYMMDD with format 102.',
    ],
    [
      'Une date n’a pas pu être lue.',
      'Les dates CII s’écrivent 20260115 avec format="102".',
      'Écrivez la date AAAAMMJJ avec le format 102.',
    ],
  ),
  'CII-UNREAD': entry(
    'reader',
    [
      'Elements of the file are not part of the invoice model and were not read.',
      'They are allowed by the profile but carry no EN 16931 term; nothing is lost silently.',
      'Nothing to do unless the content was meant as an EN 16931 term.',
    ],
    [
      'Des éléments du fichier ne font pas partie du modèle de facture et n’ont pas été lus.',
      'Le profil les admet mais ils ne portent aucun terme EN 16931 ; rien n’est perdu en silence.',
      'Rien à faire, sauf si ce contenu devait être un terme EN 16931.',
    ],
  ),
  'CII-VALUE': entry(
    'writer',
    [
      'The invoice given to the CII writer is not an object.',
      'Nothing can be written from it.',
      'Send an invoice object.',
    ],
    [
      'La facture donnée au générateur CII n’est pas un objet.',
      'Rien ne peut en être écrit.',
      'Envoyez un objet facture.',
    ],
  ),
  'CII-GUIDELINE': entry(
    'writer',
    [
      'The guideline identifier (BT-24) does not belong to the profile written; the profile’s own is written.',
      'BT-24 must name the profile of the file.',
      'Leave BT-24 empty or give the profile’s identifier.',
    ],
    [
      'L’identifiant de spécification (BT-24) n’appartient pas au profil écrit ; celui du profil est écrit.',
      'BT-24 doit désigner le profil du fichier.',
      'Laissez BT-24 vide ou donnez l’identifiant du profil.',
    ],
    ['BT-24'],
  ),
  'CII-PROFILE': entry(
    'writer',
    [
      'A term is not allowed in the Factur-X profile asked for and was not written.',
      'Smaller profiles (MINIMUM, BASIC-WL, BASIC) carry fewer terms.',
      'Choose a larger profile (EN16931, EXTENDED) or drop the term.',
    ],
    [
      'Un terme n’est pas admis dans le profil Factur-X demandé et n’a pas été écrit.',
      'Les profils réduits (MINIMUM, BASIC-WL, BASIC) portent moins de termes.',
      'Choisissez un profil plus complet (EN16931, EXTENDED) ou retirez le terme.',
    ],
  ),
  // --- UBL reader and writer diagnostics (@einv/ubl)
  'UBL-READ-XML': entry(
    'reader',
    ['The UBL document is not well-formed XML.', 'It cannot be read.', UNREADABLE_FIX[0]],
    ['Le document UBL n’est pas du XML bien formé.', 'Il ne peut pas être lu.', UNREADABLE_FIX[1]],
  ),
  'UBL-READ-ROOT': entry(
    'reader',
    [
      'The root element is neither a UBL Invoice nor a CreditNote.',
      'Only those two UBL documents are invoices.',
      'Send the UBL invoice or credit note itself.',
    ],
    [
      'L’élément racine n’est ni une Invoice ni une CreditNote UBL.',
      'Seuls ces deux documents UBL sont des factures.',
      'Envoyez la facture ou l’avoir UBL lui-même.',
    ],
  ),
  'UBL-READ-INTERNAL': entry(
    'reader',
    [
      'The UBL reader failed on this document.',
      'This is a defect of einv, not necessarily of the invoice.',
      'Report the file to einv.',
    ],
    [
      'Le lecteur UBL a échoué sur ce document.',
      'Il s’agit d’un défaut d’einv, pas forcément de la facture.',
      'Signalez le fichier à einv.',
    ],
  ),
  'UBL-READ-UNKNOWN': entry(
    'reader',
    [
      'An element is not part of the UBL invoice model and was not read.',
      'Nothing is dropped silently.',
      'Nothing to do unless the content was meant as an EN 16931 term.',
    ],
    [
      'Un élément ne fait pas partie du modèle de facture UBL et n’a pas été lu.',
      'Rien n’est écarté en silence.',
      'Rien à faire, sauf si ce contenu devait être un terme EN 16931.',
    ],
  ),
  'UBL-READ-UNBOUND': entry(
    'reader',
    [
      'An element is valid UBL but carries no EN 16931 term; it was not read.',
      'The EN 16931 model has no place for it.',
      'Nothing to do unless the content was meant as an EN 16931 term.',
    ],
    [
      'Un élément est de l’UBL valide mais ne porte aucun terme EN 16931 ; il n’a pas été lu.',
      'Le modèle EN 16931 ne lui réserve aucune place.',
      'Rien à faire, sauf si ce contenu devait être un terme EN 16931.',
    ],
  ),
  'UBL-READ-DOCUMENT-TYPE': entry(
    'reader',
    [
      'A document reference has a type code einv does not map to a business term.',
      'Only some DocumentTypeCodes are EN 16931 references (130 invoiced object, 50 tender…).',
      'Check the DocumentTypeCode.',
    ],
    [
      'Une référence de document porte un code type qu’einv ne rattache à aucun terme métier.',
      'Seuls certains DocumentTypeCode sont des références EN 16931 (130 objet facturé, 50 appel d’offres…).',
      'Vérifiez le DocumentTypeCode.',
    ],
  ),
  'UBL-READ-NUMBER': entry(
    'reader',
    [
      'A number could not be read.',
      'Amounts, quantities and rates are plain decimals with a dot.',
      'Write the number as 1234.56.',
    ],
    [
      'Un nombre n’a pas pu être lu.',
      'Montants, quantités et taux sont des décimaux simples avec un point.',
      'Écrivez le nombre sous la forme 1234.56.',
    ],
  ),
  'UBL-READ-DATE': entry(
    'reader',
    ['A date could not be read.', 'UBL dates are written 2026-01-15.', 'Write the date as YYYY-MM-DD.'],
    ['Une date n’a pas pu être lue.', 'Les dates UBL s’écrivent 2026-01-15.', 'Écrivez la date AAAA-MM-JJ.'],
  ),
  'UBL-READ-CURRENCY': entry(
    'reader',
    [
      'An amount has a currency other than the invoice’s.',
      'Amounts are in the invoice currency (BT-5), except the VAT total in accounting currency (BT-111).',
      'Give the amount in the invoice currency.',
    ],
    [
      'Un montant est dans une autre devise que celle de la facture.',
      'Les montants sont dans la devise de la facture (BT-5), sauf le total de TVA en devise comptable (BT-111).',
      'Donnez le montant dans la devise de la facture.',
    ],
  ),
  'UBL-READ-REPEATED': entry(
    'reader',
    [
      'An element that holds one business term is repeated; the first is kept.',
      'The model holds one value per term.',
      'Keep one occurrence.',
    ],
    [
      'Un élément qui porte un seul terme métier est répété ; le premier est gardé.',
      'Le modèle ne retient qu’une valeur par terme.',
      'N’en gardez qu’une occurrence.',
    ],
  ),
  'UBL-WRITE-MISSING': entry(
    'writer',
    [
      'A term UBL requires is missing and was not written.',
      'The UBL schema requires it.',
      'Give the term in the invoice.',
    ],
    [
      'Un terme exigé par UBL est absent et n’a pas été écrit.',
      'Le schéma UBL l’exige.',
      'Renseignez ce terme dans la facture.',
    ],
  ),
  'UBL-WRITE-SKIPPED': entry(
    'writer',
    [
      'A term is not written in UBL; its value belongs elsewhere (e.g. the VAT breakdown).',
      'UBL carries it only in another place.',
      'Nothing to do; the value is written where UBL expects it.',
    ],
    [
      'Un terme n’est pas écrit en UBL ; sa valeur figure ailleurs (par ex. la ventilation de TVA).',
      'UBL ne le porte qu’à un autre endroit.',
      'Rien à faire ; la valeur est écrite là où UBL l’attend.',
    ],
  ),
  'UBL-WRITE-CURRENCY': entry(
    'writer',
    [
      'No currency is known for an amount; none is written.',
      'UBL amounts carry a currencyID.',
      'Give the invoice currency (BT-5).',
    ],
    [
      'Aucune devise n’est connue pour un montant ; aucune n’est écrite.',
      'Les montants UBL portent un currencyID.',
      'Renseignez la devise de la facture (BT-5).',
    ],
    ['BT-5'],
  ),
  'UBL-WRITE-NUMBER': entry(
    'writer',
    [
      'A number cannot be written (not finite).',
      'Only finite decimals can be written.',
      'Correct the value.',
    ],
    [
      'Un nombre ne peut pas être écrit (non fini).',
      'Seuls des décimaux finis peuvent être écrits.',
      'Corrigez la valeur.',
    ],
  ),
  'UBL-WRITE-VALUE': entry(
    'writer',
    [
      'A value has the wrong type for UBL and was not written.',
      'Each term has a type in the model.',
      'Correct the value (see docs/terms.md).',
    ],
    [
      'Une valeur n’a pas le type attendu par UBL et n’a pas été écrite.',
      'Chaque terme a un type dans le modèle.',
      'Corrigez la valeur (voir docs/terms.md).',
    ],
  ),
  'UBL-WRITE-INTERNAL': entry(
    'writer',
    ['The UBL writer failed on this invoice.', 'This is a defect of einv.', 'Report the invoice to einv.'],
    [
      'Le générateur UBL a échoué sur cette facture.',
      'Il s’agit d’un défaut d’einv.',
      'Signalez la facture à einv.',
    ],
  ),
  // --- PDF reading (our light reader)
  'PDF-HEADER': entry(
    'pdf',
    [
      'The file does not start like a PDF (%PDF-).',
      'Only PDF files can be Factur-X invoices.',
      'Send the PDF itself.',
    ],
    [
      'Le fichier ne commence pas comme un PDF (%PDF-).',
      'Seul un PDF peut être une facture Factur-X.',
      'Envoyez le PDF lui-même.',
    ],
  ),
  'PDF-XREF': entry(
    'pdf',
    [
      'The cross-reference table of the PDF is damaged.',
      'The file was probably truncated or edited by a faulty tool; parts of it may be unreadable.',
      'Produce the PDF again.',
    ],
    [
      'La table des références croisées du PDF est endommagée.',
      'Le fichier a sans doute été tronqué ou modifié par un outil défaillant ; certaines parties peuvent être illisibles.',
      'Produisez de nouveau le PDF.',
    ],
  ),
  'PDF-OBJECT': entry(
    'pdf',
    ['A PDF object could not be read.', 'The file is damaged.', 'Produce the PDF again.'],
    ['Un objet du PDF n’a pas pu être lu.', 'Le fichier est endommagé.', 'Produisez de nouveau le PDF.'],
  ),
  'PDF-STREAM': entry(
    'pdf',
    [
      'A PDF stream could not be decoded.',
      'The file is damaged or uses an unsupported filter.',
      'Produce the PDF again.',
    ],
    [
      'Un flux du PDF n’a pas pu être décodé.',
      'Le fichier est endommagé ou utilise un filtre non pris en charge.',
      'Produisez de nouveau le PDF.',
    ],
  ),
  'PDF-SIZE': entry(
    'pdf',
    [
      'The PDF is larger than accepted.',
      'The limit protects the service.',
      'Send a smaller file (compress images).',
    ],
    [
      'Le PDF dépasse la taille acceptée.',
      'Cette limite protège le service.',
      'Envoyez un fichier plus léger (compressez les images).',
    ],
  ),
  'PDF-CATALOG': entry(
    'pdf',
    [
      'No document catalog could be read.',
      'Without a catalog nothing of the PDF can be found.',
      'Produce the PDF again.',
    ],
    [
      'Aucun catalogue de document n’a pu être lu.',
      'Sans catalogue, rien du PDF ne peut être trouvé.',
      'Produisez de nouveau le PDF.',
    ],
  ),
  'PDF-ENCRYPTED': entry(
    'pdf',
    [
      'The PDF is encrypted.',
      'PDF/A forbids encryption, and encrypted attachments cannot be read.',
      'Produce the PDF without a password or protection.',
    ],
    [
      'Le PDF est chiffré.',
      'Le PDF/A interdit le chiffrement, et les pièces jointes chiffrées ne peuvent pas être lues.',
      'Produisez le PDF sans mot de passe ni protection.',
    ],
  ),
  'PDF-INFO-XMP': entry(
    'pdf',
    [
      'An entry of the document information dictionary disagrees with the XMP metadata.',
      'PDF/A requires both to say the same (ISO 19005-3, 6.6.3).',
      PDFA_FIX[0],
    ],
    [
      'Une entrée du dictionnaire d’information du document ne correspond pas aux métadonnées XMP.',
      'Le PDF/A exige qu’ils disent la même chose (ISO 19005-3, 6.6.3).',
      PDFA_FIX[1],
    ],
  ),
  'PDF-LIMIT': entry(
    'pdf',
    [
      'The PDF is too large to check completely; part of it was checked.',
      'einv bounds the work spent on one file.',
      'Nothing to do; the findings cover the part checked.',
    ],
    [
      'Le PDF est trop volumineux pour être vérifié entièrement ; une partie l’a été.',
      'einv borne le travail consacré à un fichier.',
      'Rien à faire ; les constats portent sur la partie vérifiée.',
    ],
  ),
  'PDF-WRITE': entry(
    'pdf',
    [
      'The PDF could not be rewritten with the invoice attached.',
      'The source PDF could not be loaded for writing.',
      'Produce the PDF again, or let einv generate it.',
    ],
    [
      'Le PDF n’a pas pu être réécrit avec la facture jointe.',
      'Le PDF source n’a pas pu être chargé pour l’écriture.',
      'Produisez de nouveau le PDF, ou laissez einv le générer.',
    ],
  ),
  // --- PDF/A-3 clauses (ISO 19005-3)
  'PDFA-6.1.2': pdfa(
    'The file header is not %PDF-1.n at byte 0 followed by a binary comment (6.1.2).',
    'L’en-tête du fichier n’est pas %PDF-1.n à l’octet 0 suivi d’un commentaire binaire (6.1.2).',
  ),
  'PDFA-6.1.3': pdfa(
    'The trailer lacks a file identifier (/ID) or has an encryption dictionary (6.1.3).',
    'Le trailer n’a pas d’identifiant de fichier (/ID) ou porte un dictionnaire de chiffrement (6.1.3).',
  ),
  'PDFA-6.2.3': pdfa(
    'There is no PDF/A output intent with an ICC profile (6.2.3).',
    'Il n’y a pas d’intention de sortie PDF/A avec un profil ICC (6.2.3).',
  ),
  'PDFA-6.2.11.3.2': pdfa(
    'A CIDFont’s CIDToGIDMap is neither /Identity nor a stream (6.2.11.3.2).',
    'Le CIDToGIDMap d’une police CID n’est ni /Identity ni un flux (6.2.11.3.2).',
  ),
  'PDFA-6.2.11.4': pdfa(
    'A font used is not embedded (6.2.11.4).',
    'Une police utilisée n’est pas incorporée (6.2.11.4).',
  ),
  'PDFA-6.2.11.4.1': pdfa(
    'Text uses glyphs the embedded font program does not contain (6.2.11.4.1).',
    'Le texte utilise des glyphes absents du programme de police incorporé (6.2.11.4.1).',
  ),
  'PDFA-6.2.11.4.2': pdfa(
    'The CIDSet of a font does not list every CID the text uses (6.2.11.4.2).',
    'Le CIDSet d’une police ne liste pas tous les CID utilisés par le texte (6.2.11.4.2).',
  ),
  'PDFA-6.2.11.5': pdfa(
    'Glyph widths in the PDF disagree with the embedded font program (6.2.11.5).',
    'Les largeurs de glyphes du PDF ne correspondent pas au programme de police incorporé (6.2.11.5).',
  ),
  'PDFA-6.2.11.8': pdfa(
    'Text is shown with the .notdef glyph: characters are invisible (6.2.11.8).',
    'Du texte est affiché avec le glyphe .notdef : des caractères sont invisibles (6.2.11.8).',
  ),
  'PDFA-6.5.1': pdfa(
    'The document contains JavaScript or additional actions (6.5.1).',
    'Le document contient du JavaScript ou des actions additionnelles (6.5.1).',
  ),
  'PDFA-6.6.2.1': pdfa(
    'The catalog has no XMP metadata stream (6.6.2.1).',
    'Le catalogue n’a pas de flux de métadonnées XMP (6.6.2.1).',
  ),
  'PDFA-6.6.2.3': pdfa(
    'An XMP property is neither predefined nor described by an extension schema (6.6.2.3).',
    'Une propriété XMP n’est ni prédéfinie ni décrite par un schéma d’extension (6.6.2.3).',
  ),
  'PDFA-6.6.4': pdfa(
    'The XMP does not identify the file as PDF/A-3 (pdfaid:part 3, conformance B/U/A) (6.6.4).',
    'Le XMP n’identifie pas le fichier comme PDF/A-3 (pdfaid:part 3, conformité B/U/A) (6.6.4).',
  ),
  'PDFA-6.8-AF': pdfa(
    'An embedded file is not listed in the catalog’s /AF array (6.8).',
    'Un fichier joint n’est pas listé dans le tableau /AF du catalogue (6.8).',
  ),
  'PDFA-6.8-AFRELATIONSHIP': pdfa(
    'An embedded file has no /AFRelationship (6.8).',
    'Un fichier joint n’a pas de /AFRelationship (6.8).',
  ),
  'PDFA-6.8-FILESPEC': pdfa(
    'A file specification lacks /F or /UF (6.8).',
    'Une spécification de fichier n’a pas /F ou /UF (6.8).',
  ),
  'PDFA-6.8-PARAMS': pdfa(
    'An embedded file stream has no /Params with /ModDate (6.8).',
    'Un flux de fichier joint n’a pas de /Params avec /ModDate (6.8).',
  ),
  'PDFA-6.8-SUBTYPE': pdfa(
    'An embedded file stream has no MIME type (/Subtype) (6.8).',
    'Un flux de fichier joint n’a pas de type MIME (/Subtype) (6.8).',
  ),
  // --- Factur-X 1.0 (PDF side)
  'FX-NO-INVOICE': entry(
    'facturx',
    [
      'No invoice XML is embedded in the PDF.',
      'A Factur-X PDF carries its invoice as an attached factur-x.xml; a plain PDF is not an e-invoice.',
      'Generate the Factur-X with einv, or attach the XML (einv attach).',
    ],
    [
      'Aucune facture XML n’est jointe au PDF.',
      'Un PDF Factur-X porte sa facture en pièce jointe factur-x.xml ; un PDF simple n’est pas une facture électronique.',
      'Générez le Factur-X avec einv, ou joignez le XML (einv attach).',
    ],
  ),
  'FX-XML': entry(
    'facturx',
    [
      'The embedded invoice XML cannot be read.',
      'The attachment is damaged or not XML.',
      'Attach the invoice XML again.',
    ],
    [
      'Le XML de facture joint est illisible.',
      'La pièce jointe est endommagée ou n’est pas du XML.',
      'Joignez de nouveau le XML de la facture.',
    ],
  ),
  'FX-ATTACHMENT-UNREADABLE': entry(
    'facturx',
    ['An embedded file has no readable content.', 'The attachment is damaged.', 'Attach the file again.'],
    [
      'Un fichier joint n’a pas de contenu lisible.',
      'La pièce jointe est endommagée.',
      'Joignez de nouveau le fichier.',
    ],
  ),
  'FX-SEVERAL-INVOICES': entry(
    'facturx',
    [
      'The PDF carries several invoice XML files; one was chosen.',
      'One Factur-X file is one invoice; a receiver might read another one than meant.',
      'Keep one invoice XML per PDF.',
    ],
    [
      'Le PDF porte plusieurs XML de facture ; un seul a été retenu.',
      'Un fichier Factur-X correspond à une facture ; un destinataire pourrait en lire une autre que celle voulue.',
      'Ne gardez qu’un XML de facture par PDF.',
    ],
  ),
  'FX-INVOICE-PRESENT': entry(
    'facturx',
    [
      'The PDF already carries an invoice XML; another was not added.',
      'Two invoices in one file would be ambiguous (decision 0087).',
      'Use replace to swap the invoice, or start from a PDF without one.',
    ],
    [
      'Le PDF porte déjà un XML de facture ; un autre n’a pas été ajouté.',
      'Deux factures dans un fichier seraient ambiguës (décision 0087).',
      'Utilisez replace pour remplacer la facture, ou partez d’un PDF sans facture.',
    ],
  ),
  'FX-INVOICE-REPLACED': entry(
    'facturx',
    [
      'The invoice XML already embedded was replaced by the one given.',
      'Asked for with replace.',
      'Nothing to do.',
    ],
    [
      'Le XML de facture déjà joint a été remplacé par celui fourni.',
      'Demandé avec replace.',
      'Rien à faire.',
    ],
  ),
  'FX-FILENAME': entry(
    'facturx',
    [
      'The invoice XML is not embedded under its Factur-X name (factur-x.xml).',
      'Receivers look for the invoice by that name.',
      'Embed the XML as factur-x.xml.',
    ],
    [
      'Le XML de facture n’est pas joint sous son nom Factur-X (factur-x.xml).',
      'Les destinataires cherchent la facture sous ce nom.',
      'Joignez le XML sous le nom factur-x.xml.',
    ],
  ),
  'FX-MIME': entry(
    'facturx',
    [
      'The invoice XML attachment does not have the MIME type text/xml.',
      'Factur-X 1.0 requires text/xml.',
      'Set /Subtype /text#2Fxml on the embedded file.',
    ],
    [
      'La pièce jointe XML de facture n’a pas le type MIME text/xml.',
      'Factur-X 1.0 exige text/xml.',
      'Indiquez /Subtype /text#2Fxml sur le fichier joint.',
    ],
  ),
  'FX-AFRELATIONSHIP': entry(
    'facturx',
    [
      'The invoice attachment’s /AFRelationship is not the one the profile expects.',
      'Factur-X expects Data for MINIMUM and BASIC-WL, Alternative (or Source) for the others.',
      'Set the relationship the message names.',
    ],
    [
      'Le /AFRelationship de la pièce jointe n’est pas celui attendu pour le profil.',
      'Factur-X attend Data pour MINIMUM et BASIC-WL, Alternative (ou Source) pour les autres.',
      'Indiquez la relation mentionnée dans le message.',
    ],
  ),
  'FX-XMP': entry(
    'facturx',
    [
      'The XMP metadata lacks the Factur-X identification.',
      'fx:DocumentType, fx:DocumentFileName, fx:Version and fx:ConformanceLevel tell a reader it is a Factur-X invoice.',
      'Add the Factur-X XMP extension (einv writes it).',
    ],
    [
      'Les métadonnées XMP n’ont pas l’identification Factur-X.',
      'fx:DocumentType, fx:DocumentFileName, fx:Version et fx:ConformanceLevel indiquent au lecteur qu’il s’agit d’une facture Factur-X.',
      'Ajoutez l’extension XMP Factur-X (einv l’écrit).',
    ],
  ),
  'FX-XMP-CONFORMANCE': entry(
    'facturx',
    [
      'fx:ConformanceLevel does not match the profile of the embedded XML.',
      'Both must name the same profile.',
      'Align the XMP level with BT-24.',
    ],
    [
      'fx:ConformanceLevel ne correspond pas au profil du XML joint.',
      'Les deux doivent désigner le même profil.',
      'Alignez le niveau XMP sur BT-24.',
    ],
  ),
  'FX-XMP-DOCTYPE': entry(
    'facturx',
    ['fx:DocumentType is not INVOICE.', 'An invoice declares INVOICE.', 'Set fx:DocumentType to INVOICE.'],
    [
      'fx:DocumentType ne vaut pas INVOICE.',
      'Une facture déclare INVOICE.',
      'Mettez fx:DocumentType à INVOICE.',
    ],
  ),
  'FX-XMP-FILENAME': entry(
    'facturx',
    [
      'fx:DocumentFileName does not name the embedded invoice file.',
      'Readers find the invoice by that name.',
      'Make both names the same.',
    ],
    [
      'fx:DocumentFileName ne désigne pas le fichier de facture joint.',
      'Les lecteurs trouvent la facture par ce nom.',
      'Donnez le même nom aux deux.',
    ],
  ),
  'FX-PROFILE': entry(
    'facturx',
    [
      'No Factur-X profile is declared (BT-24) and none was given.',
      'The profile decides the rules and the XMP level.',
      'Set BT-24 or give the profile.',
    ],
    [
      'Aucun profil Factur-X n’est déclaré (BT-24) ni fourni.',
      'Le profil détermine les règles et le niveau XMP.',
      'Renseignez BT-24 ou indiquez le profil.',
    ],
    ['BT-24'],
  ),
  'FX-RENDER': entry(
    'facturx',
    ['The PDF could not be rendered.', 'This is a defect of einv.', 'Report the invoice to einv.'],
    ['Le PDF n’a pas pu être produit.', 'Il s’agit d’un défaut d’einv.', 'Signalez la facture à einv.'],
  ),
  'FX-GLYPH-SUBSTITUTE': entry(
    'facturx',
    [
      'Some characters of a field have no glyph in the fonts einv embeds and are shown as �.',
      'The XML keeps the exact text; only the visual copy differs.',
      'Nothing to do unless the visual copy must show those characters.',
    ],
    [
      'Des caractères d’un champ n’ont aucun glyphe dans les polices incorporées par einv et sont affichés �.',
      'Le XML garde le texte exact ; seule la copie visuelle diffère.',
      'Rien à faire, sauf si la copie visuelle doit montrer ces caractères.',
    ],
  ),
  'FX-BOOKING-AID': entry(
    'facturx',
    [
      'The document is a MINIMUM or BASIC-WL Factur-X: a booking aid, not a full invoice.',
      'These profiles lack the lines and are not valid invoices for the French reform; they are judged by their own profile’s rules (decision 0113).',
      'Issue the invoice in the BASIC, EN16931 or EXTENDED profile.',
    ],
    [
      'Le document est un Factur-X MINIMUM ou BASIC-WL : une aide à la saisie comptable, pas une facture complète.',
      'Ces profils n’ont pas de lignes et ne sont pas des factures valables pour la réforme française ; ils sont jugés selon les règles de leur profil (décision 0113).',
      'Émettez la facture au profil BASIC, EN16931 ou EXTENDED.',
    ],
  ),
  // --- lifecycle status messages (CDAR)
  'CDAR-ROOT': entry(
    'reader',
    [
      'The document is not a lifecycle status message (rsm:CrossDomainAcknowledgementAndResponse).',
      'Only CDAR status messages are read as such.',
      'Send the status message itself.',
    ],
    [
      'Le document n’est pas un message de statut (rsm:CrossDomainAcknowledgementAndResponse).',
      'Seuls les messages de statut CDAR sont lus comme tels.',
      'Envoyez le message de statut lui-même.',
    ],
  ),
  'CDAR-UNREAD': entry(
    'reader',
    [
      'An element of the status message is not part of the model and was not read.',
      'Nothing is dropped silently.',
      'Nothing to do unless the content was meant as a status term.',
    ],
    [
      'Un élément du message de statut ne fait pas partie du modèle et n’a pas été lu.',
      'Rien n’est écarté en silence.',
      'Rien à faire, sauf si ce contenu devait être un terme du statut.',
    ],
  ),
  // --- einv's own
  'EINV-NOT-AN-INVOICE': entry(
    'einv',
    [
      'The invoice given is not a JSON object.',
      'Nothing else can be validated.',
      'Send an invoice object (see docs/terms.md).',
    ],
    [
      'La facture donnée n’est pas un objet JSON.',
      'Rien d’autre ne peut être validé.',
      'Envoyez un objet facture (voir docs/terms.md).',
    ],
  ),
  'EINV-RULE-ERROR': entry(
    'einv',
    [
      'A rule could not be evaluated on this invoice.',
      'A rule that could not run cannot be called passed, so the invoice is not declared valid.',
      'Report the invoice to einv.',
    ],
    [
      'Une règle n’a pas pu être évaluée sur cette facture.',
      'Une règle qui n’a pas pu s’exécuter ne peut pas être déclarée respectée : la facture n’est donc pas déclarée valide.',
      'Signalez la facture à einv.',
    ],
  ),
  'EINV-EXPECT-INVALID': entry(
    'einv',
    [
      'einv validate --expect invalid: the file was expected to be invalid but passed.',
      'Used by test suites of invoicing software.',
      'Check the file or the expectation.',
    ],
    [
      'einv validate --expect invalid : le fichier devait être invalide mais il est valide.',
      'Utilisé par les suites de tests des logiciels de facturation.',
      'Vérifiez le fichier ou l’attente.',
    ],
  ),
};
