/** The party identifiers each VAT category family requires (02/03/04 rules). */
import { buyerHasVatId, buyerHasVatOrLegalId, sellerHasTaxId, sellerHasVatId } from './vat-common.js';
import type { IdentifierRequirement } from './vat-rules.js';

/** S, Z, E, L, M: some seller tax identifier. */
export const SELLER_TAX_ID: IdentifierRequirement = {
  terms: ['BT-31', 'BT-32', 'BT-63'],
  holds: sellerHasTaxId,
  what: {
    en: 'must give the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative VAT identifier (BT-63)',
    fr: 'doit indiquer le numéro de TVA du vendeur (BT-31), son identifiant fiscal (BT-32) ou le numéro de TVA de son représentant fiscal (BT-63)',
  },
  fix: {
    en: "Add the seller's VAT identifier (BT-31), tax registration identifier (BT-32) or tax representative VAT identifier (BT-63).",
    fr: 'Ajoutez le numéro de TVA du vendeur (BT-31), son identifiant fiscal (BT-32) ou le numéro de TVA de son représentant fiscal (BT-63).',
  },
};

/** AE: seller tax identifier and buyer VAT or legal registration identifier. */
export const REVERSE_CHARGE_IDS: IdentifierRequirement = {
  terms: ['BT-31', 'BT-32', 'BT-63', 'BT-48', 'BT-47'],
  holds: (invoice) => sellerHasTaxId(invoice) && buyerHasVatOrLegalId(invoice),
  what: {
    en: 'must give a seller tax identifier (BT-31, BT-32 or BT-63) and the buyer VAT identifier (BT-48) or legal registration identifier (BT-47)',
    fr: 'doit indiquer un identifiant fiscal du vendeur (BT-31, BT-32 ou BT-63) et le numéro de TVA (BT-48) ou l’immatriculation légale (BT-47) de l’acheteur',
  },
  fix: {
    en: 'Under reverse charge the buyer pays the VAT: add the seller tax identifier and the buyer VAT identifier (or legal registration identifier).',
    fr: 'En autoliquidation, l’acheteur acquitte la TVA : ajoutez l’identifiant fiscal du vendeur et le numéro de TVA (ou l’immatriculation) de l’acheteur.',
  },
};

/** G: seller VAT identifier. */
export const SELLER_VAT_ID: IdentifierRequirement = {
  terms: ['BT-31', 'BT-63'],
  holds: sellerHasVatId,
  what: {
    en: 'must give the seller VAT identifier (BT-31) or the seller tax representative VAT identifier (BT-63)',
    fr: 'doit indiquer le numéro de TVA du vendeur (BT-31) ou celui de son représentant fiscal (BT-63)',
  },
  fix: {
    en: 'Add the seller VAT identifier (BT-31) or the tax representative VAT identifier (BT-63).',
    fr: 'Ajoutez le numéro de TVA du vendeur (BT-31) ou celui de son représentant fiscal (BT-63).',
  },
};

/** K: seller and buyer VAT identifiers. */
export const INTRA_COMMUNITY_IDS: IdentifierRequirement = {
  terms: ['BT-31', 'BT-63', 'BT-48'],
  holds: (invoice) => sellerHasVatId(invoice) && buyerHasVatId(invoice),
  what: {
    en: 'must give the seller VAT identifier (BT-31) or the seller tax representative VAT identifier (BT-63), and the buyer VAT identifier (BT-48)',
    fr: 'doit indiquer le numéro de TVA du vendeur (BT-31) ou de son représentant fiscal (BT-63), et le numéro de TVA de l’acheteur (BT-48)',
  },
  fix: {
    en: 'An intra-community supply needs both VAT identifiers: add BT-31 (or BT-63) and BT-48.',
    fr: 'Une livraison intracommunautaire exige les deux numéros de TVA : ajoutez BT-31 (ou BT-63) et BT-48.',
  },
};

/** O: no VAT identifier at all. */
export const NO_VAT_IDS: IdentifierRequirement = {
  terms: ['BT-31', 'BT-63', 'BT-48'],
  holds: (invoice) => !sellerHasVatId(invoice) && !buyerHasVatId(invoice),
  what: {
    en: 'must not give the seller VAT identifier (BT-31), the seller tax representative VAT identifier (BT-63) nor the buyer VAT identifier (BT-48)',
    fr: 'ne doit indiquer ni le numéro de TVA du vendeur (BT-31), ni celui de son représentant fiscal (BT-63), ni celui de l’acheteur (BT-48)',
  },
  fix: {
    en: 'A supply not subject to VAT carries no VAT identifiers: remove BT-31, BT-63 and BT-48, or use another VAT category.',
    fr: 'Une opération hors champ de la TVA ne porte aucun numéro de TVA : retirez BT-31, BT-63 et BT-48, ou changez de catégorie.',
  },
};
