/**
 * Labels (fr, en) of the official status, reason, action and characteristic codes. The CODES are
 * the official lists (generated/codes.ts). The French label is the official one when the official
 * artefacts give it (the examples' MDT-106 / MDT-114 / MDT-122, the status names of the CL-09
 * messages: `source: 'official'`); otherwise it is einv's reading of XP Z12-012 (`source: 'einv'`),
 * and a code einv could not name from a source it holds keeps its code as label (`source: 'none'`).
 * English labels are einv's translations. `labels.test.ts` checks every official code has one.
 */
import {
  ACTION_CODES,
  CHARACTERISTIC_CODES,
  OFFICIAL_FR_LABELS,
  OFFICIAL_STATUS_NAMES,
  REASON_CODES,
  STATUS_CODES,
} from './generated/codes.js';

export interface CodeLabel {
  code: string;
  fr: string;
  en: string;
  /** Where the French label comes from */
  source: 'official' | 'einv' | 'none';
}

// [code, fr (when no official label), en]
const STATUS: [string, string, string][] = [
  ['200', 'Déposée', 'Submitted'],
  ['201', 'Émise par la plateforme', 'Issued by the platform'],
  ['202', 'Reçue par la plateforme', 'Received by the platform'],
  ['203', 'Mise à disposition', 'Made available'],
  ['204', 'Prise en charge', 'Taken over'],
  ['205', 'Approuvée', 'Approved'],
  ['206', 'Approuvée partiellement', 'Partly approved'],
  ['207', 'En litige', 'Disputed'],
  ['208', 'Suspendue', 'Suspended'],
  ['209', 'Complétée', 'Completed'],
  ['210', 'Refusée', 'Refused'],
  ['211', 'Paiement transmis', 'Payment sent'],
  ['212', 'Encaissée', 'Collected (payment received)'],
  ['213', 'Rejetée', 'Rejected'],
  ['214', 'Visée', 'Endorsed'],
  ['220', 'Annulée', 'Cancelled'],
  ['221', 'Erreur de routage', 'Routing error'],
  ['224', 'Demande de paiement direct', 'Direct payment requested'],
  ['225', 'Affacturée', 'Factored'],
  ['226', 'Affacturée confidentiel', 'Factored (confidential)'],
  ['227', 'Changement de compte à payer', 'Account to pay changed'],
  ['228', 'Non affacturée', 'Not factored'],
  ['501', 'Irrecevable', 'Inadmissible'],
];

const REASONS: [string, string, string][] = [
  ['RETRAIT_MAN_SERV', 'Retrait manuel par le service', 'Withdrawn manually by the department'],
  ['ST_CT_NON_DECLAR', 'Structure ou contrat non déclaré', 'Structure or contract not declared'],
  ['SUPPR_COMP_AVOIR', 'Suppression compensée par un avoir', 'Cancelled against a credit note'],
  ['TRANSF_PMNT_REGIE', 'Transférée au paiement en régie', 'Passed to the cash office for payment'],
  ['CONTACT_ACHTR', 'Contacter l’acheteur', 'Contact the buyer'],
  ['NON_TRANSMISE', 'Non transmise', 'Not transmitted'],
  ['JUSTIF_ABS', 'Justificatif absent', 'Supporting document missing'],
  ['ROUTAGE_ERR', 'Erreur de routage', 'Routing error'],
  ['AUTRE', 'Autre', 'Other'],
  ['COORD_BANC_ERR', 'Coordonnées bancaires erronées', 'Wrong bank details'],
  ['TX_TVA_ERR', 'Taux de TVA erroné', 'Wrong VAT rate'],
  ['MONTANTTOTAL_ERR', 'Montant total erroné', 'Wrong total amount'],
  ['CALCUL_ERR', 'Erreur de calcul', 'Calculation error'],
  ['NON_CONFORME', 'Facture non conforme', 'Invoice not compliant'],
  ['DOUBLON', 'Facture en doublon', 'Duplicate invoice'],
  ['DEST_INC', 'Destinataire inconnu', 'Unknown recipient'],
  ['DEST_ERR', 'Destinataire erroné', 'Wrong recipient'],
  ['TRANSAC_INC', 'Transaction inconnue', 'Unknown transaction'],
  ['EMMET_INC', 'Émetteur inconnu', 'Unknown issuer'],
  ['CONTRAT_TERM', 'Contrat terminé', 'Contract ended'],
  ['DOUBLE_FACT', 'Double facturation', 'Billed twice'],
  ['CMD_ERR', 'Référence de commande erronée', 'Wrong order reference'],
  ['ADR_ERR', 'Adresse erronée', 'Wrong address'],
  ['SIRET_ERR', 'SIRET erroné', 'Wrong SIRET'],
  ['CODE_ROUTAGE_ERR', 'Code de routage erroné', 'Wrong routing code'],
  ['REF_CT_ABSENT', 'Référence contractuelle absente', 'Contract reference missing'],
  ['REF_ERR', 'Référence erronée', 'Wrong reference'],
  ['PU_ERR', 'Prix unitaire erroné', 'Wrong unit price'],
  ['REM_ERR', 'Remise erronée', 'Wrong discount'],
  ['QTE_ERR', 'Quantité erronée', 'Wrong quantity'],
  ['ART_ERR', 'Article erroné', 'Wrong item'],
  ['MODPAI_ERR', 'Modalités de paiement erronées', 'Wrong payment terms'],
  ['QUALITE_ERR', 'Qualité non conforme', 'Quality not as agreed'],
  ['LIVR_INCOMP', 'Livraison incomplète', 'Incomplete delivery'],
  ['REJ_SEMAN', 'Rejet pour erreur sémantique', 'Rejected: semantic error'],
  ['REJ_UNI', 'Rejet pour non-unicité', 'Rejected: not unique'],
  ['REJ_COH', 'Rejet pour incohérence', 'Rejected: inconsistent data'],
  ['REJ_ADR', 'Rejet pour erreur d’adressage', 'Rejected: addressing error'],
  ['REJ_CONT_B2G', 'Rejet des contrôles B2G', 'Rejected by the public-sector checks'],
  ['REJ_REF_PJ', 'Rejet : référence de pièce jointe', 'Rejected: attachment reference'],
  ['REJ_ASS_PJ', 'Rejet : association de pièce jointe', 'Rejected: attachment association'],
  ['IRR_VIDE_F', 'Fichier vide', 'Empty file'],
  ['IRR_TYPE_F', 'Type de fichier non accepté', 'File type not accepted'],
  ['IRR_SYNTAX', 'Erreur de syntaxe', 'Syntax error'],
  ['IRR_TAILLE_PJ', 'Pièce jointe trop volumineuse', 'Attachment too large'],
  ['IRR_NOM_PJ', 'Nom de pièce jointe non conforme', 'Attachment name not allowed'],
  ['IRR_VID_PJ', 'Pièce jointe vide', 'Empty attachment'],
  ['IRR_EXT_DOC', 'Extension de document non acceptée', 'Document extension not accepted'],
  ['IRR_TAILLE_F', 'Fichier trop volumineux', 'File too large'],
  ['IRR_ANTIVIRUS', 'Rejet par l’antivirus', 'Rejected by the virus scan'],
  ['IRR_NOM_F', 'Nom de fichier non conforme', 'File name not allowed'],
];

const ACTIONS: [string, string, string][] = [
  ['NOA', 'Aucune action', 'No action'],
  ['PIN', 'Fournir des informations', 'Provide information'],
  ['NIN', 'Émettre une nouvelle facture', 'Issue a new invoice'],
  ['CNF', 'Créer un avoir total', 'Issue a full credit note'],
  ['CNP', 'Créer un avoir partiel', 'Issue a partial credit note'],
  ['CNA', 'Créer un avoir', 'Issue a credit note'],
  ['OTH', 'Autre', 'Other'],
];

const CHARACTERISTICS: [string, string, string][] = [
  ['MEN', 'Montant encaissé', 'Amount collected'],
  ['MPA', 'Montant payé', 'Amount paid'],
  ['RAP', 'Reste à payer', 'Amount still due'],
  ['ESC', 'Escompte', 'Early-payment discount'],
  ['RAB', 'Rabais', 'Rebate'],
  ['REM', 'Remise', 'Discount'],
  ['MAP', 'Montant approuvé HT', 'Approved amount (excl. VAT)'],
  ['MAPTTC', 'Montant approuvé TTC', 'Approved amount (incl. VAT)'],
  ['MNA', 'Montant non approuvé HT', 'Amount not approved (excl. VAT)'],
  ['MNATTC', 'Montant non approuvé TTC', 'Amount not approved (incl. VAT)'],
  ['CBB', 'Coordonnées bancaires du bénéficiaire', 'Payee bank details'],
  ['DIV', 'Donnée invalide', 'Wrong value'],
  ['DVA', 'Donnée valide attendue', 'Expected value'],
  ['MAJ', 'Majoration', 'Surcharge'],
];

function labelled(
  codes: readonly string[],
  rows: [string, string, string][],
  official: Record<string, string>,
): Record<string, CodeLabel> {
  const byCode = new Map(rows.map((r) => [r[0], r]));
  const out: Record<string, CodeLabel> = {};
  for (const code of codes) {
    const row = byCode.get(code);
    const fr = official[code];
    out[code] = fr
      ? { code, fr, en: row?.[2] ?? code, source: 'official' }
      : row
        ? { code, fr: row[1], en: row[2], source: 'einv' }
        : { code, fr: code, en: code, source: 'none' };
  }
  return out;
}

/** Official names in CL-09 are upper case ("REJETÉE"): as a label, the capitalised form */
const capitalised = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

export const STATUS_LABELS = labelled(STATUS_CODES, STATUS, {
  ...Object.fromEntries(Object.entries(OFFICIAL_STATUS_NAMES).map(([k, v]) => [k, capitalised(v)])),
  ...OFFICIAL_FR_LABELS.status,
});
export const REASON_LABELS = labelled(REASON_CODES, REASONS, OFFICIAL_FR_LABELS.reason);
export const ACTION_LABELS = labelled(ACTION_CODES, ACTIONS, OFFICIAL_FR_LABELS.action);
export const CHARACTERISTIC_LABELS = labelled(CHARACTERISTIC_CODES, CHARACTERISTICS, {});

/** The label of a status code in a language (the code itself when unknown) */
export function statusLabel(code: string, lang: 'en' | 'fr' = 'fr'): string {
  return STATUS_LABELS[code]?.[lang] ?? code;
}

/**
 * Where the label of a status code in a language comes from: `official` (French, from the official
 * artefacts), `einv` (einv's own wording: every English label, and the French ones no official
 * artefact gives), `none` (no label: the code is shown as it is)
 */
export function statusLabelSource(code: string, lang: 'en' | 'fr' = 'fr'): CodeLabel['source'] {
  const source = STATUS_LABELS[code]?.source ?? 'none';
  return lang === 'en' && source === 'official' ? 'einv' : source;
}
