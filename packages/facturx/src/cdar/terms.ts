/**
 * The term catalogue of status messages: each MDT/MDG term of XP Z12-012 Flux 6 that einv reads and
 * writes, with its names (en; fr as the official Annexe B examples name it), cardinality, model path
 * and XML path. `terms.test.ts` checks that every path is read and written (a message with every
 * term filled goes through writeCdar/readCdar and each XML path is present).
 */
export interface StatusTerm {
  id: string;
  name: { en: string; fr: string };
  cardinality: '0..1' | '1..1' | '0..n' | '1..n';
  /** Model path rooted at `status`, `[]` for arrays */
  path: string;
  /** XML path from the root, prefixes as written by writeCdar */
  xpath: string;
}

const CTX = '/rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocumentContext';
const DOC = '/rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocument';
const ACK = '/rsm:CrossDomainAcknowledgementAndResponse/rsm:AcknowledgementDocument';
const REF = `${ACK}/ram:ReferenceReferencedDocument`;
const DET = `${REF}/ram:SpecifiedDocumentStatus`;
const CHR = `${DET}/ram:SpecifiedDocumentCharacteristic`;

type Row = [string, StatusTerm['cardinality'], string, string, string, string];

// [id, cardinality, model path, xml path, en, fr]
const ROWS: Row[] = [
  [
    'MDT-2',
    '0..1',
    'status.businessProcess',
    `${CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`,
    'Business process (invoicing framework)',
    'Type de processus métier (cadre de facturation)',
  ],
  [
    'MDT-3',
    '1..1',
    'status.guideline',
    `${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
    'Profile',
    'Type de profil',
  ],
  ['MDT-4', '1..1', 'status.id', `${DOC}/ram:ID`, 'Message identifier', 'Id document'],
  ['MDT-5', '0..1', 'status.name', `${DOC}/ram:Name`, 'Message name', 'Nom document'],
  [
    'MDT-8',
    '1..1',
    'status.issueDateTime',
    `${DOC}/ram:IssueDateTime/udt:DateTimeString`,
    'Message creation date-time',
    'Date-heure de création du CDV',
  ],
  ['MDG-9', '1..1', 'status.sender', `${DOC}/ram:SenderTradeParty`, 'Sender', 'Émetteur du message'],
  [
    'MDT-19',
    '0..1',
    'status.sender.ids[]',
    `${DOC}/ram:SenderTradeParty/ram:GlobalID`,
    'Sender identifier',
    'Id émetteur (global)',
  ],
  [
    'MDT-20',
    '0..1',
    'status.sender.name',
    `${DOC}/ram:SenderTradeParty/ram:Name`,
    'Sender name',
    'Raison sociale',
  ],
  [
    'MDT-21',
    '1..1',
    'status.sender.role',
    `${DOC}/ram:SenderTradeParty/ram:RoleCode`,
    'Sender role',
    'Code rôle',
  ],
  [
    'MDT-38',
    '0..1',
    'status.issuer.ids[]',
    `${DOC}/ram:IssuerTradeParty/ram:GlobalID`,
    'Issuer identifier',
    'ID émetteur document (global)',
  ],
  [
    'MDT-39',
    '0..1',
    'status.issuer.name',
    `${DOC}/ram:IssuerTradeParty/ram:Name`,
    'Issuer name',
    'Raison sociale',
  ],
  [
    'MDT-40',
    '1..1',
    'status.issuer.role',
    `${DOC}/ram:IssuerTradeParty/ram:RoleCode`,
    'Issuer role',
    'Code rôle',
  ],
  [
    'MDT-57',
    '0..1',
    'status.recipients[].ids[]',
    `${DOC}/ram:RecipientTradeParty/ram:GlobalID`,
    'Recipient identifier',
    'ID destinataire (global)',
  ],
  [
    'MDT-58',
    '0..1',
    'status.recipients[].name',
    `${DOC}/ram:RecipientTradeParty/ram:Name`,
    'Recipient name',
    'Raison sociale',
  ],
  [
    'MDT-59',
    '1..1',
    'status.recipients[].role',
    `${DOC}/ram:RecipientTradeParty/ram:RoleCode`,
    'Recipient role',
    'Code rôle',
  ],
  [
    'MDT-73',
    '0..1',
    'status.recipients[].uri',
    `${DOC}/ram:RecipientTradeParty/ram:URIUniversalCommunication/ram:URIID`,
    'Recipient electronic address',
    'Adresse électronique (réseau CEF)',
  ],
  [
    'MDT-74',
    '0..1',
    'status.multipleReferences',
    `${ACK}/ram:MultipleReferencesIndicator/udt:Indicator`,
    'Several referenced documents (MULTI) or one (MONO)',
    'Indicateur CDV MONO (false) ou MULTI (true) Document',
  ],
  [
    'MDT-77',
    '1..1',
    'status.typeCode',
    `${ACK}/ram:TypeCode`,
    'Message type (23 processing, 305 transmission)',
    'Code type document',
  ],
  [
    'MDT-78',
    '1..1',
    'status.statusDateTime',
    `${ACK}/ram:IssueDateTime/udt:DateTimeString`,
    'Status date-time',
    'Date-heure de dépôt du statut CDV',
  ],
  ['MDG-30', '1..n', 'status.references[]', REF, 'Referenced document', 'Document référencé'],
  [
    'MDT-87',
    '1..1',
    'status.references[].invoiceNumber',
    `${REF}/ram:IssuerAssignedID`,
    'Invoice number (BT-1)',
    "ID objet (BT-1 d'une facture)",
  ],
  ['MDT-88', '0..1', 'status.references[].statusCode', `${REF}/ram:StatusCode`, 'Status code', 'Code statut'],
  [
    'MDT-91',
    '0..1',
    'status.references[].typeCode',
    `${REF}/ram:TypeCode`,
    'Invoice type code (BT-3)',
    "Code type de l'objet (BT-3 de la facture)",
  ],
  [
    'MDT-95',
    '0..1',
    'status.references[].receiptDateTime',
    `${REF}/ram:ReceiptDateTime/udt:DateTimeString`,
    'Receipt date-time of the invoice',
    "Date-heure de réception de l'objet",
  ],
  [
    'MDT-97',
    '0..1',
    'status.references[].referenceTypeCode',
    `${REF}/ram:ReferenceTypeCode`,
    'Reference type code',
    'Code type référence',
  ],
  [
    'MDT-100',
    '1..1',
    'status.references[].issueDate',
    `${REF}/ram:FormattedIssueDateTime/qdt:DateTimeString`,
    'Invoice date (BT-2)',
    'Date-heure (Date de facture BT-2)',
  ],
  [
    'MDT-105',
    '1..1',
    'status.references[].processCode',
    `${REF}/ram:ProcessConditionCode`,
    'Status',
    'Code statut traitement',
  ],
  [
    'MDT-106',
    '0..1',
    'status.references[].process',
    `${REF}/ram:ProcessCondition`,
    'Status label',
    'Libellé statut traitement',
  ],
  [
    'MDT-129',
    '1..n',
    'status.references[].issuer.ids[]',
    `${REF}/ram:IssuerTradeParty/ram:GlobalID`,
    'Seller identifier (of the referenced invoice)',
    'Id émetteur document référencé (global)',
  ],
  [
    'MDT-132',
    '0..1',
    'status.references[].issuer.role',
    `${REF}/ram:IssuerTradeParty/ram:RoleCode`,
    'Seller role',
    'Code rôle',
  ],
  [
    'MDT-158',
    '0..1',
    'status.references[].recipient.role',
    `${REF}/ram:RecipientTradeParty/ram:RoleCode`,
    'Recipient role (of the referenced invoice)',
    'Code rôle',
  ],
  ['MDG-37', '0..n', 'status.references[].details[]', DET, 'Status detail', 'Détail de statut'],
  [
    'MDT-115',
    '0..1',
    'status.references[].details[].statusCode',
    `${DET}/ram:ProcessConditionCode`,
    'Status of the detail',
    'Code statut du détail',
  ],
  [
    'MDT-113',
    '0..1',
    'status.references[].details[].reasonCode',
    `${DET}/ram:ReasonCode`,
    'Reason code',
    'Code motif rejet',
  ],
  [
    'MDT-114',
    '0..1',
    'status.references[].details[].reason',
    `${DET}/ram:Reason`,
    'Reason',
    'Libellé motif rejet',
  ],
  [
    'MDT-121',
    '0..1',
    'status.references[].details[].actionCode',
    `${DET}/ram:RequestedActionCode`,
    'Requested action code',
    'Code action attendue',
  ],
  [
    'MDT-122',
    '0..1',
    'status.references[].details[].action',
    `${DET}/ram:RequestedAction`,
    'Requested action',
    'Action attendue',
  ],
  [
    'MDT-124-2',
    '1..1',
    'status.references[].details[].sequence',
    `${DET}/ram:SequenceNumeric`,
    'Detail sequence number',
    'Numéro incrémental de détail de statut',
  ],
  [
    'MDT-126',
    '0..1',
    'status.references[].details[].notes[].content',
    `${DET}/ram:IncludedNote/ram:Content`,
    'Note',
    'Contenu',
  ],
  [
    'MDT-127',
    '0..1',
    'status.references[].details[].notes[].subject',
    `${DET}/ram:IncludedNote/ram:SubjectCode`,
    'Note subject',
    'Sujet',
  ],
  [
    'MDG-43',
    '0..n',
    'status.references[].details[].characteristics[]',
    CHR,
    'Characteristic (datum the status is about)',
    'Caractéristique',
  ],
  [
    'MDT-206',
    '0..1',
    'status.references[].details[].characteristics[].id',
    `${CHR}/ram:ID`,
    'Datum identifier (BT-x)',
    'ID de la donnée du document',
  ],
  [
    'MDT-207',
    '1..1',
    'status.references[].details[].characteristics[].typeCode',
    `${CHR}/ram:TypeCode`,
    'Datum type code',
    'Code du type de donnée',
  ],
  [
    'MDT-209',
    '0..1',
    'status.references[].details[].characteristics[].changed',
    `${CHR}/ram:ValueChangedIndicator/udt:IndicatorString`,
    'Changed indicator',
    'Indicateur',
  ],
  [
    'MDT-211',
    '0..1',
    'status.references[].details[].characteristics[].name',
    `${CHR}/ram:Name`,
    'Datum name',
    'Nom de la donnée',
  ],
  [
    'MDT-213',
    '0..1',
    'status.references[].details[].characteristics[].location',
    `${CHR}/ram:Location`,
    'Datum location in the XML',
    "Localisation de la donnée dans l'XML",
  ],
  [
    'MDT-215',
    '0..1',
    'status.references[].details[].characteristics[].amount',
    `${CHR}/ram:ValueAmount`,
    'Amount (e.g. collected)',
    'Montant (par exemple encaissé)',
  ],
  [
    'MDT-219',
    '0..1',
    'status.references[].details[].characteristics[].dateTime',
    `${CHR}/ram:ValueDateTime/udt:DateTimeString`,
    'Date-time',
    'Date-heure',
  ],
  [
    'MDT-224',
    '0..1',
    'status.references[].details[].characteristics[].percent',
    `${CHR}/ram:ValuePercent`,
    'Percentage (e.g. VAT rate of a collected amount)',
    'Pourcentage (par exemple TVA pour un encaissement)',
  ],
];

export const STATUS_TERMS: readonly StatusTerm[] = ROWS.map(([id, cardinality, path, xpath, en, fr]) => ({
  id,
  cardinality,
  path,
  xpath,
  name: { en, fr },
}));

export function statusTerm(id: string): StatusTerm | undefined {
  return STATUS_TERMS.find((t) => t.id === id);
}
