/**
 * BR-FR-CDV, the official rules of lifecycle status messages (XP Z12-012 Flux 6), as native
 * predicates on the XML tree, in the releases einv runs: 1.4.0.03 and 1.4.0.04 (standard, errors)
 * and 1.4.0.02 `_WARNING` (transition: the 1.4.0.03 tests, every flag a warning).
 *
 * One entry per official assert, grouped by official pattern, in the official order, with the
 * official id, flag and context; each `test` transcribes the official XPath with the helpers of
 * xpath.ts (general comparisons, exact string values). Two schematron mechanisms are kept on purpose
 * because they decide verdicts:
 * - inside a pattern a node is handled by the FIRST rule whose context it matches, so the second
 *   `BR-FR-CDV-07` rule (same context as the first) never runs, in the official set as here;
 * - `test="."` on an element is always true, so the "presence" rules CDV-01/04/05/06/10 never fire.
 * `cdar-rules.test.ts` checks this table against the official .sch files (ids, flags, contexts,
 * patterns, per release) and the differential tests compare verdicts with the official XSLTs.
 */
import type { XmlElement } from '@einv/xml';
import {
  ACTION_CODES,
  CHARACTERISTIC_CODES,
  DOCUMENT_TYPE_CODES,
  REASON_CODES,
  REASONS_BY_STATUS,
  REFUSAL_B2G_REASONS,
  STATUS_CODES,
} from './generated/codes.js';
import { eq, ne, sel, str } from './xpath.js';

const CDV_STATUS_CODES: readonly string[] = STATUS_CODES;
const CDV_REASON_CODES: readonly string[] = REASON_CODES;
const CDV_ACTION_CODES: readonly string[] = ACTION_CODES;
const CDV_CHARACTERISTIC_CODES: readonly string[] = CHARACTERISTIC_CODES;
const CDV_REASONS_210_B2G: readonly string[] = REFUSAL_B2G_REASONS;

export const CDV_VERSIONS = ['1.4.0.04', '1.4.0.03', '1.4.0.02'] as const;
export type CdvVersion = (typeof CDV_VERSIONS)[number];

export interface CdvAssert {
  id: string;
  /** Flag in the standard releases (1.4.0.02 `_WARNING` makes every one a warning) */
  flag: 'fatal' | 'warning';
  /** Releases having this assert (default: all) */
  since?: '1.4.0.04';
  /** The status-message term it is about (MDT-x / MDG-x) */
  term: string;
  /** What 1.4.0.04 changed in this assert (docs/rules-cdv.md lists them) */
  fix04?: string;
  /** The official test cannot fail (`test="."` on an element) */
  alwaysTrue?: true;
  test: (n: XmlElement, version: CdvVersion) => boolean;
  message: { en: string; fr: string };
}

export interface CdvRule {
  context: string;
  asserts: CdvAssert[];
}

export interface CdvPattern {
  id: string;
  rules: CdvRule[];
}

const DOC_TYPES: readonly string[] = DOCUMENT_TYPE_CODES;
export const CDV_PROCESS_TYPES = ['REGULATED', 'NON_REGULATED', 'B2C', 'B2CINT', 'B2BINT', 'OUTOFSCOPE'];
const ROLES_23_SENDER = ['BY', 'AB', 'DL', 'SE', 'SR', 'WK', 'PE', 'PR', 'II', 'IV'];
const ROLES_23_ISSUER = ['BY', 'AB', 'DL', 'SE', 'SR', 'PE', 'PR', 'II', 'IV'];
const ROLES_RECIPIENT = ['BY', 'AB', 'DL', 'SE', 'SR', 'PE', 'PR', 'II', 'IV', 'WK', 'DFH'];
const STATUS_305 = ['10', '51', '43', '8', '48'];
const STATUS_23 = ['45', '39', '37', '50', '49', '47', '46', '1', '5'];

/** Statuses that need a reason (BR-FR-CDV-15) */
export const CDV_STATUSES_NEEDING_REASON = ['210', '213', '501', '207', '206', '208'];

const REF = 'rsm:AcknowledgementDocument/ram:ReferenceReferencedDocument';
const ROOT_REF = `/rsm:CrossDomainAcknowledgementAndResponse/${REF}`;
const PPF_RECIPIENTS = '../rsm:ExchangedDocument/ram:RecipientTradeParty';

/** The one recipient is the PPF (GlobalID 0000, scheme 0238, role DFH), from ExchangedDocumentContext */
const toPpf = (n: XmlElement) =>
  sel(n, `${PPF_RECIPIENTS}/ram:GlobalID`).length === 1 &&
  eq(sel(n, `${PPF_RECIPIENTS}/ram:GlobalID[@schemeID='0238']`), '0000') &&
  eq(sel(n, `${PPF_RECIPIENTS}/ram:RoleCode`), 'DFH');

/**
 * The CL-09 guard shared by each status's list (context ram:ReasonCode): the assert only judges a
 * reason of a detail under a reference whose status is S, and not a detail that has its own other status
 */
const reasonGuard = (n: XmlElement, s: string) =>
  (ne(sel(n, '../../ram:ProcessConditionCode'), s) &&
    (sel(n, '../ram:ProcessConditionCode').length === 0 || ne(sel(n, '../ram:ProcessConditionCode'), s))) ||
  (eq(sel(n, '../../ram:ProcessConditionCode'), s) && ne(sel(n, '../ram:ProcessConditionCode'), s));

const SENDER_0238 = '//rsm:ExchangedDocument/ram:SenderTradeParty/ram:GlobalID';

function reasonFor(status: string, label: { en: string; fr: string }): CdvAssert {
  const allowed = REASONS_BY_STATUS[status] as readonly string[];
  return {
    id: `BR-FR-CDV-CL-09_MDT-113_${status}`,
    flag: 'fatal',
    term: 'MDT-113',
    test: (n) =>
      reasonGuard(n, status) ||
      (status === '210' &&
        eq(
          sel(
            n,
            `/rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocument/ram:SenderTradeParty/ram:GlobalID[@schemeID='0238']`,
          ),
          '9999',
        )) ||
      allowed.includes(str(n)),
    message: {
      en: `The status reason (MDT-113) is not one allowed for status ${status} (${label.en}): ${allowed.join(', ')}.`,
      fr: `Le motif de statut (MDT-113) n’est pas autorisé pour le statut ${status} (${label.fr}) : ${allowed.join(', ')}.`,
    },
  };
}

export const CDV_PATTERNS: CdvPattern[] = [
  {
    id: 'BR-FR-04',
    rules: [
      {
        context: `${REF}/ram:TypeCode`,
        asserts: [
          {
            id: 'BR-FR-04_MDT-91',
            flag: 'fatal',
            term: 'MDT-91',
            test: (n) => DOC_TYPES.includes(str(n)),
            message: {
              en: `The referenced document type (MDT-91) must be one of the French invoice types: ${DOC_TYPES.join(', ')}.`,
              fr: `Le type du document référencé (MDT-91) doit être un type de facture français : ${DOC_TYPES.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  presence(
    'BR-FR-CDV-01',
    'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter',
    'BR-FR-CDV-01_MDG-3',
    'MDG-3',
  ),
  {
    id: 'BR-FR-CDV-02',
    rules: [
      {
        context: 'rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocumentContext',
        asserts: [
          {
            id: 'BR-FR-CDV-02_MDT-3',
            flag: 'fatal',
            term: 'MDT-3',
            test: (n) =>
              eq(
                sel(n, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
                'urn.cpro.gouv.fr:1p0:CDV:invoice',
              ) ||
              (eq(
                sel(n, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
                'urn.cpro.gouv.fr:1p0:CDV:einvoicingF2',
              ) &&
                toPpf(n)),
            message: {
              en: 'The profile (MDT-3) must be "urn.cpro.gouv.fr:1p0:CDV:invoice", or "urn.cpro.gouv.fr:1p0:CDV:einvoicingF2" only when the one recipient is the PPF (GlobalID 0000, scheme 0238, role DFH).',
              fr: 'Le profil (MDT-3) doit être "urn.cpro.gouv.fr:1p0:CDV:invoice", ou "urn.cpro.gouv.fr:1p0:CDV:einvoicingF2" seulement quand l’unique destinataire est le PPF (GlobalID 0000, schéma 0238, rôle DFH).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-03',
    rules: [
      {
        context: 'rsm:ExchangedDocument',
        asserts: [
          {
            id: 'BR-FR-CDV-03_MDT-4',
            flag: 'fatal',
            term: 'MDT-4',
            test: (n) => sel(n, 'ram:ID').length > 0,
            message: {
              en: 'The message identifier (MDT-4, ram:ID of rsm:ExchangedDocument) is required.',
              fr: 'L’identifiant du message (MDT-4, ram:ID de rsm:ExchangedDocument) est obligatoire.',
            },
          },
        ],
      },
    ],
  },
  presence('BR-FR-CDV-04', 'rsm:ExchangedDocument/ram:IssueDateTime', 'BR-FR-CDV-04_MDG-4', 'MDG-4'),
  presence('BR-FR-CDV-05', 'rsm:ExchangedDocument/ram:SenderTradeParty', 'BR-FR-CDV-05_MDG-9', 'MDG-9'),
  presence(
    'BR-FR-CDV-06',
    'rsm:ExchangedDocument/ram:SenderTradeParty/ram:RoleCode',
    'BR-FR-CDV-06_MDT-21',
    'MDT-21',
  ),
  {
    id: 'BR-FR-CDV-07',
    rules: [
      {
        context: 'rsm:ExchangedDocument/ram:IssuerTradeParty',
        asserts: [
          {
            id: 'BR-FR-CDV-07_MDT-38_yes',
            flag: 'fatal',
            term: 'MDT-38',
            test: (n) =>
              ne(sel(n, '../../rsm:AcknowledgementDocument/ram:TypeCode'), '23') ||
              sel(n, 'ram:GlobalID').length > 0,
            message: {
              en: 'When the message type (MDT-77) is 23, the issuer identifier (MDT-38, ram:GlobalID of ram:IssuerTradeParty) is required.',
              fr: 'Quand le type de message (MDT-77) vaut 23, l’identifiant de l’émetteur (MDT-38, ram:GlobalID de ram:IssuerTradeParty) est obligatoire.',
            },
          },
        ],
      },
      {
        // same context as the rule above: never reached (first matching rule of a pattern wins)
        context: 'rsm:ExchangedDocument/ram:IssuerTradeParty',
        asserts: [
          {
            id: 'BR-FR-CDV-07_MDT-38_no',
            flag: 'fatal',
            term: 'MDT-38',
            test: () => true,
            message: {
              en: 'When the message type (MDT-77) is 305, the issuer identifier (MDT-38) must not be given.',
              fr: 'Quand le type de message (MDT-77) vaut 305, l’identifiant de l’émetteur (MDT-38) ne doit pas être renseigné.',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-08',
    rules: [
      {
        context: 'rsm:ExchangedDocument/ram:RecipientTradeParty',
        asserts: [
          {
            id: 'BR-FR-CDV-08_MDT-73',
            flag: 'fatal',
            term: 'MDT-73',
            test: (n) =>
              eq(sel(n, 'ram:RoleCode'), 'WK', 'DFH') ||
              sel(n, 'ram:URIUniversalCommunication/ram:URIID').length > 0,
            message: {
              en: 'A recipient whose role (MDT-59) is neither WK nor DFH needs an electronic address (MDT-73, ram:URIUniversalCommunication/ram:URIID).',
              fr: 'Un destinataire dont le rôle (MDT-59) n’est ni WK ni DFH doit avoir une adresse électronique (MDT-73, ram:URIUniversalCommunication/ram:URIID).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-09',
    rules: [
      {
        context: 'rsm:AcknowledgementDocument/ram:TypeCode',
        asserts: [
          {
            id: 'BR-FR-CDV-09_MDT-77',
            flag: 'fatal',
            term: 'MDT-77',
            test: (n) => str(n) === '23' || str(n) === '305',
            message: {
              en: 'The message type (MDT-77) must be 23 (processing phase) or 305 (transmission phase).',
              fr: 'Le type de message (MDT-77) doit valoir 23 (phase traitement) ou 305 (phase transmission).',
            },
          },
        ],
      },
    ],
  },
  presence('BR-FR-CDV-10', `${REF}/ram:IssuerAssignedID`, 'BR-FR-CDV-10_MDT-87', 'MDT-87'),
  {
    id: 'BR-FR-CDV-11',
    rules: [
      {
        context: REF,
        asserts: [
          {
            id: 'BR-FR-CDV-11_MDG-35',
            flag: 'fatal',
            term: 'MDT-100',
            test: (n) =>
              sel(n, 'ram:FormattedIssueDateTime').length > 0 ||
              eq(sel(n, `${ROOT_REF}/ram:ProcessConditionCode`), '501'),
            message: {
              en: 'The invoice date (MDG-35, ram:FormattedIssueDateTime) is required unless the status (MDT-105) is 501 (inadmissible).',
              fr: 'La date de la facture (MDG-35, ram:FormattedIssueDateTime) est obligatoire sauf si le statut (MDT-105) vaut 501 (irrecevable).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-12',
    rules: [
      {
        context: REF,
        asserts: [
          {
            id: 'BR-FR-CDV-12_MDT-105',
            flag: 'fatal',
            term: 'MDT-105',
            test: (n) => sel(n, 'ram:ProcessConditionCode').length > 0,
            message: {
              en: 'The status code (MDT-105, ram:ProcessConditionCode) is required.',
              fr: 'Le code statut (MDT-105, ram:ProcessConditionCode) est obligatoire.',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-13',
    rules: [
      {
        context: `${REF}/ram:IssuerTradeParty`,
        asserts: [
          {
            id: 'BR-FR-CDV-13_MDT-129',
            flag: 'fatal',
            term: 'MDT-129',
            fix04:
              "an empty GlobalID no longer counts (`ram:GlobalID != ''` instead of `exists()`), and the 501 exception reads the status of the same referenced document",
            test: (n, v) =>
              v === '1.4.0.04'
                ? ne(sel(n, 'ram:GlobalID'), '') || eq(sel(n, '../ram:ProcessConditionCode'), '501')
                : sel(n, 'ram:GlobalID').length > 0 ||
                  eq(sel(n, `${ROOT_REF}/ram:ProcessConditionCode`), '501'),
            message: {
              en: 'The seller identifier (MDT-129, ram:GlobalID of the referenced invoice’s issuer) is required unless the status (MDT-105) is 501; one of them must be the seller’s legal id (BT-30).',
              fr: 'L’identifiant du vendeur (MDT-129, ram:GlobalID de l’émetteur de la facture référencée) est obligatoire sauf si le statut (MDT-105) vaut 501 ; l’un d’eux doit être l’identifiant légal du vendeur (BT-30).',
            },
          },
          {
            id: 'BR-FR-CDV-13_MDT-129-2',
            flag: 'warning',
            since: '1.4.0.04',
            term: 'MDT-129',
            fix04: 'new warning: no seller identifier with schemeID 0002 (SIREN)',
            test: (n) =>
              ne(sel(n, "ram:GlobalID[@schemeID='0002']"), '') ||
              eq(sel(n, '../ram:ProcessConditionCode'), '501'),
            message: {
              en: 'No seller identifier (MDT-129) with schemeID 0002 (SIREN): an error unless the seller is not liable to VAT.',
              fr: 'Aucun identifiant du vendeur (MDT-129) avec le schemeID 0002 (SIREN) : c’est une erreur sauf si le vendeur n’est pas assujetti à la TVA.',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-14',
    rules: [
      {
        context: REF,
        asserts: [
          {
            id: 'BR-FR-CDV-14_MDT-207',
            flag: 'fatal',
            term: 'MDT-207',
            test: (n) => {
              if (!eq(sel(n, 'ram:ProcessConditionCode'), '212')) return true;
              const men = sel(n, 'ram:SpecifiedDocumentStatus/ram:SpecifiedDocumentCharacteristic').filter(
                (c) => eq(sel(c, 'ram:TypeCode'), 'MEN'),
              );
              return (
                men.length >= 1 &&
                men.every(
                  (c) => sel(c, 'ram:ValueAmount').length > 0 && sel(c, 'ram:ValuePercent').length > 0,
                )
              );
            },
            message: {
              en: 'Status 212 (collected) needs at least one characteristic of type MEN (MDT-207), and each MEN characteristic needs the amount collected (MDT-215) and its VAT rate (MDT-224).',
              fr: 'Le statut 212 (encaissée) exige au moins une caractéristique de type MEN (MDT-207), et chacune doit porter le montant encaissé (MDT-215) et son taux de TVA (MDT-224).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-15',
    rules: [
      {
        context: `${REF}/ram:ProcessConditionCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-15_MDT-113',
            flag: 'fatal',
            term: 'MDT-113',
            test: (n) =>
              !CDV_STATUSES_NEEDING_REASON.includes(str(n)) ||
              sel(n, '../ram:SpecifiedDocumentStatus/ram:ReasonCode').length > 0,
            message: {
              en: `Statuses ${CDV_STATUSES_NEEDING_REASON.join(', ')} need a reason (MDT-113, ram:SpecifiedDocumentStatus/ram:ReasonCode).`,
              fr: `Les statuts ${CDV_STATUSES_NEEDING_REASON.join(', ')} exigent un motif (MDT-113, ram:SpecifiedDocumentStatus/ram:ReasonCode).`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-16',
    rules: [
      {
        context: `${REF}/ram:SpecifiedDocumentStatus`,
        asserts: [
          {
            id: 'BR-FR-CDV-16_MDT-124-2',
            flag: 'fatal',
            term: 'MDT-124-2',
            test: (n) => sel(n, 'ram:SequenceNumeric').length > 0,
            message: {
              en: 'Each status detail (MDG-37) needs its sequence number (MDT-124-2, ram:SequenceNumeric).',
              fr: 'Chaque détail de statut (MDG-37) doit avoir son numéro incrémental (MDT-124-2, ram:SequenceNumeric).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-01',
    rules: [
      {
        context: 'rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocumentContext',
        asserts: [
          {
            id: 'BR-FR-CDV-CL-01_MDT-2',
            flag: 'fatal',
            term: 'MDT-2',
            test: (n) => {
              const ppf = toPpf(n);
              const ids = sel(n, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID');
              return (
                (!ppf && eq(ids, ...CDV_PROCESS_TYPES)) ||
                (ppf && (ids[0] ? str(ids[0]).trim().replace(/\s+/g, ' ') : '').length <= 3)
              );
            },
            message: {
              en: `The business process (MDT-2) must be one of ${CDV_PROCESS_TYPES.join(', ')}; a message to the PPF has a code of 3 characters at most.`,
              fr: `Le cadre de facturation (MDT-2) doit être l’un de ${CDV_PROCESS_TYPES.join(', ')} ; un message pour le PPF porte un code de 3 caractères au plus.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-02',
    rules: [
      {
        context: 'rsm:ExchangedDocument',
        asserts: [
          {
            id: 'BR-FR-CDV-CL-02_MDT-21_305',
            flag: 'fatal',
            term: 'MDT-21',
            test: (n) =>
              !eq(sel(n, '../rsm:AcknowledgementDocument/ram:TypeCode'), '305') ||
              eq(sel(n, 'ram:SenderTradeParty/ram:RoleCode'), 'WK'),
            message: {
              en: 'When the message type (MDT-77) is 305, the sender’s role (MDT-21) must be WK.',
              fr: 'Quand le type de message (MDT-77) vaut 305, le rôle de l’expéditeur (MDT-21) doit être WK.',
            },
          },
          {
            id: 'BR-FR-CDV-CL-02_MDT-21_23',
            flag: 'fatal',
            term: 'MDT-21',
            test: (n) =>
              !eq(sel(n, '../rsm:AcknowledgementDocument/ram:TypeCode'), '23') ||
              eq(sel(n, 'ram:SenderTradeParty/ram:RoleCode'), ...ROLES_23_SENDER),
            message: {
              en: `When the message type (MDT-77) is 23, the sender’s role (MDT-21) must be one of ${ROLES_23_SENDER.join(', ')}.`,
              fr: `Quand le type de message (MDT-77) vaut 23, le rôle de l’expéditeur (MDT-21) doit être l’un de ${ROLES_23_SENDER.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-03',
    rules: [
      {
        context: 'rsm:ExchangedDocument',
        asserts: [
          {
            id: 'BR-FR-CDV-CL-03_MDT-40_305',
            flag: 'fatal',
            term: 'MDT-40',
            test: (n) =>
              !eq(sel(n, '../rsm:AcknowledgementDocument/ram:TypeCode'), '305') ||
              eq(sel(n, 'ram:IssuerTradeParty/ram:RoleCode'), 'WK'),
            message: {
              en: 'When the message type (MDT-77) is 305, the issuer’s role (MDT-40) must be WK.',
              fr: 'Quand le type de message (MDT-77) vaut 305, le rôle de l’émetteur (MDT-40) doit être WK.',
            },
          },
          {
            id: 'BR-FR-CDV-CL-03_MDT-40_23',
            flag: 'fatal',
            term: 'MDT-40',
            test: (n) =>
              !eq(sel(n, '../rsm:AcknowledgementDocument/ram:TypeCode'), '23') ||
              eq(sel(n, 'ram:IssuerTradeParty/ram:RoleCode'), ...ROLES_23_ISSUER),
            message: {
              en: `When the message type (MDT-77) is 23, the issuer’s role (MDT-40) must be one of ${ROLES_23_ISSUER.join(', ')}.`,
              fr: `Quand le type de message (MDT-77) vaut 23, le rôle de l’émetteur (MDT-40) doit être l’un de ${ROLES_23_ISSUER.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-04',
    rules: [
      {
        context: 'rsm:ExchangedDocument/ram:RecipientTradeParty/ram:RoleCode',
        asserts: [
          {
            id: 'BR-FR-CDV-CL-04_MDT-59',
            flag: 'fatal',
            term: 'MDT-59',
            test: (n) => ROLES_RECIPIENT.includes(str(n)),
            message: {
              en: `The recipient’s role (MDT-59) must be one of ${ROLES_RECIPIENT.join(', ')}.`,
              fr: `Le rôle du destinataire (MDT-59) doit être l’un de ${ROLES_RECIPIENT.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-05',
    rules: [
      {
        context: REF,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-05_MDT-88_305',
            flag: 'fatal',
            term: 'MDT-88',
            test: (n) =>
              ne(sel(n, '../ram:TypeCode'), '305') ||
              eq(sel(n, 'ram:StatusCode'), ...STATUS_305) ||
              sel(n, 'ram:StatusCode').length === 0,
            message: {
              en: `When the message type (MDT-77) is 305, the status code (MDT-88), if given, must be one of ${STATUS_305.join(', ')}.`,
              fr: `Quand le type de message (MDT-77) vaut 305, le code statut (MDT-88), s’il est présent, doit être l’un de ${STATUS_305.join(', ')}.`,
            },
          },
          {
            id: 'BR-FR-CDV-CL-05_MDT-88_23',
            flag: 'fatal',
            term: 'MDT-88',
            test: (n) =>
              ne(sel(n, '../ram:TypeCode'), '23') ||
              eq(sel(n, 'ram:StatusCode'), ...STATUS_23) ||
              sel(n, 'ram:StatusCode').length === 0,
            message: {
              en: `When the message type (MDT-77) is 23, the status code (MDT-88), if given, must be one of ${STATUS_23.join(', ')}.`,
              fr: `Quand le type de message (MDT-77) vaut 23, le code statut (MDT-88), s’il est présent, doit être l’un de ${STATUS_23.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-06',
    rules: [
      {
        context: `${REF}/ram:ProcessConditionCode`,
        asserts: [statusListed('BR-FR-CDV-CL-06_MDT-105', 'MDT-105')],
      },
      {
        context: `${REF}/ram:SpecifiedDocumentStatus/ram:ProcessConditionCode`,
        asserts: [statusListed('BR-FR-CDV-CL-06_MDT-115', 'MDT-115')],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-07',
    rules: [
      {
        context: `${REF}/ram:IssuerTradeParty/ram:RoleCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-07_MDT-132',
            flag: 'fatal',
            term: 'MDT-132',
            test: (n) => str(n) === 'SE',
            message: {
              en: 'The role of the referenced invoice’s issuer (MDT-132) must be SE (seller).',
              fr: 'Le rôle de l’émetteur de la facture référencée (MDT-132) doit être SE (vendeur).',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-08',
    rules: [
      {
        context: `${REF}/ram:RecipientTradeParty/ram:RoleCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-08_MDT-158',
            flag: 'fatal',
            term: 'MDT-158',
            test: (n) => ROLES_RECIPIENT.includes(str(n)),
            message: {
              en: `The role of the referenced invoice’s recipient (MDT-158) must be one of ${ROLES_RECIPIENT.join(', ')}.`,
              fr: `Le rôle du destinataire de la facture référencée (MDT-158) doit être l’un de ${ROLES_RECIPIENT.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-09',
    rules: [
      {
        context: `${REF}/ram:SpecifiedDocumentStatus/ram:ReasonCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-09_MDT-113',
            flag: 'fatal',
            term: 'MDT-113',
            test: (n) => CDV_REASON_CODES.includes(str(n)),
            message: {
              en: 'The status reason (MDT-113) is not in the official list of reason codes.',
              fr: 'Le motif de statut (MDT-113) n’est pas dans la liste officielle des motifs.',
            },
          },
          reasonFor('200', { en: 'submitted', fr: 'déposée' }),
          reasonFor('213', { en: 'rejected', fr: 'rejetée' }),
          reasonFor('210', { en: 'refused', fr: 'refusée' }),
          {
            id: 'BR-FR-CDV-CL-09_MDT-113_210B2G',
            flag: 'fatal',
            term: 'MDT-113',
            fix04:
              'the B2G condition is `not(sender 0238 id = 9999)` instead of `sender 0238 id != 9999`: a refusal from a sender identified in another scheme no longer fails it (1.4.0.03 failed every such refusal)',
            test: (n, v) =>
              reasonGuard(n, '210') ||
              sel(n, SENDER_0238).length === 0 ||
              (v === '1.4.0.04'
                ? !eq(sel(n, `${SENDER_0238}[@schemeID='0238']`), '9999')
                : ne(sel(n, `${SENDER_0238}[@schemeID='0238']`), '9999')) ||
              (eq(sel(n, `${SENDER_0238}[@schemeID='0238']`), '9999') &&
                CDV_REASONS_210_B2G.includes(str(n))),
            message: {
              en: `A refusal (210) sent by the PPF for the public sector (sender 9999) must give one of: ${CDV_REASONS_210_B2G.join(', ')}.`,
              fr: `Un refus (210) émis par le PPF pour la sphère publique (expéditeur 9999) doit donner l’un de : ${CDV_REASONS_210_B2G.join(', ')}.`,
            },
          },
          reasonFor('207', { en: 'disputed', fr: 'en litige' }),
          reasonFor('206', { en: 'partly approved', fr: 'approuvée partiellement' }),
          reasonFor('208', { en: 'suspended', fr: 'suspendue' }),
          reasonFor('221', { en: 'routing error', fr: 'erreur de routage' }),
          reasonFor('501', { en: 'inadmissible', fr: 'irrecevable' }),
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-10',
    rules: [
      {
        context: `${REF}/ram:SpecifiedDocumentStatus/ram:RequestedActionCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-10_MDT-121',
            flag: 'fatal',
            term: 'MDT-121',
            test: (n) => CDV_ACTION_CODES.includes(str(n)),
            message: {
              en: `The requested action (MDT-121) must be one of ${CDV_ACTION_CODES.join(', ')}.`,
              fr: `L’action attendue (MDT-121) doit être l’une de ${CDV_ACTION_CODES.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
  {
    id: 'BR-FR-CDV-CL-11',
    rules: [
      {
        context: `${REF}/ram:SpecifiedDocumentStatus/ram:SpecifiedDocumentCharacteristic/ram:TypeCode`,
        asserts: [
          {
            id: 'BR-FR-CDV-CL-11_MDT-207',
            flag: 'fatal',
            term: 'MDT-207',
            test: (n) => CDV_CHARACTERISTIC_CODES.includes(str(n)),
            message: {
              en: `The characteristic type (MDT-207) must be one of ${CDV_CHARACTERISTIC_CODES.join(', ')}.`,
              fr: `Le type de donnée (MDT-207) doit être l’un de ${CDV_CHARACTERISTIC_CODES.join(', ')}.`,
            },
          },
        ],
      },
    ],
  },
];

/** `test="."` on an element: the official presence rules that cannot fail (kept for the id list) */
function presence(pattern: string, context: string, id: string, term: string): CdvPattern {
  return {
    id: pattern,
    rules: [
      {
        context,
        asserts: [
          {
            id,
            flag: 'fatal',
            term,
            alwaysTrue: true,
            test: () => true,
            message: { en: `${term} is required.`, fr: `${term} est obligatoire.` },
          },
        ],
      },
    ],
  };
}

function statusListed(id: string, term: string): CdvAssert {
  return {
    id,
    flag: 'warning',
    term,
    test: (n) => CDV_STATUS_CODES.includes(str(n)),
    message: {
      en: `The status code (${term}) is not in the official list of status codes (200…228, 250, 251, 300, 301, 400, 401, 500, 501, 601).`,
      fr: `Le code statut (${term}) n’est pas dans la liste officielle des codes statut (200…228, 250, 251, 300, 301, 400, 401, 500, 501, 601).`,
    },
  };
}
