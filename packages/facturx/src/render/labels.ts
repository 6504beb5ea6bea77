/** Printed labels of the readable invoice, in French and English, and code-list names. */
export type Lang = 'fr' | 'en';

export const LABELS = {
  fr: {
    colon: ' : ',
    invoice: 'FACTURE',
    creditNote: 'AVOIR',
    corrective: 'FACTURE RECTIFICATIVE',
    prepayment: "FACTURE D'ACOMPTE",
    selfBilled: 'AUTOFACTURATION',
    number: 'N°',
    issueDate: "Date d'émission",
    dueDate: "Date d'échéance",
    seller: 'Vendeur',
    buyer: 'Facturé à',
    deliverTo: 'Livré à',
    payee: 'Bénéficiaire du paiement',
    taxRepresentative: 'Représentant fiscal',
    siren: 'SIREN',
    siret: 'SIRET',
    vat: 'N° TVA',
    legalId: 'Immatriculation',
    email: 'E-mail',
    phone: 'Tél.',
    contact: 'Contact',
    references: 'Références',
    buyerReference: 'Référence acheteur',
    purchaseOrder: 'Bon de commande',
    salesOrder: 'Commande client',
    contract: 'Contrat',
    project: 'Projet',
    despatchAdvice: "Avis d'expédition",
    receivingAdvice: 'Avis de réception',
    tender: 'Lot / appel d’offres',
    precedingInvoice: 'Facture d’origine',
    period: 'Période de facturation',
    deliveryDate: 'Date de livraison',
    taxPointDate: 'Date d’exigibilité de la TVA',
    accountingReference: 'Référence comptable',
    lineNo: '#',
    description: 'Désignation',
    quantity: 'Qté',
    unit: 'Unité',
    unitPrice: 'P.U. HT',
    vatRate: 'TVA',
    lineAmount: 'Montant HT',
    allowance: 'Remise',
    charge: 'Frais',
    allowancesCharges: 'Remises et frais sur le document',
    vatBreakdown: 'Récapitulatif TVA',
    vatCategory: 'Catégorie',
    taxableAmount: 'Base HT',
    taxAmount: 'Montant TVA',
    exemption: 'Motif d’exonération',
    lineTotal: 'Total des lignes HT',
    allowanceTotal: 'Remises',
    chargeTotal: 'Frais',
    totalExclVat: 'Total HT',
    totalVat: 'Total TVA',
    totalInclVat: 'Total TTC',
    prepaid: 'Déjà payé',
    rounding: 'Arrondi',
    amountDue: 'Net à payer',
    payment: 'Paiement',
    paymentTerms: 'Conditions de paiement',
    paymentMeans: 'Moyen de paiement',
    iban: 'IBAN',
    bic: 'BIC',
    accountName: 'Titulaire du compte',
    remittance: 'Référence de paiement',
    mandate: 'Mandat de prélèvement',
    creditorId: 'ICS',
    debitedAccount: 'Compte débité',
    card: 'Carte',
    notes: 'Mentions',
    legalMentions: 'Mentions légales',
    page: 'Page',
    of: 'sur',
    debitOption: 'Option pour le paiement de la taxe d’après les débits',
    reverseCharge: 'Autoliquidation',
    operationCategory: 'Catégorie de l’opération',
    selfBilledMention: 'Autofacturation',
    itemId: 'Réf.',
    embeddedData: 'Données structurées Factur-X',
    attachments: 'Pièces jointes',
    continued: 'suite',
    electronicAddress: 'Adresse électronique',
    grossPrice: 'Prix brut',
    priceDiscount: 'remise sur prix',
    per: 'pour',
    orderLine: 'Ligne de commande',
    origin: 'Origine',
    buyerItemId: 'Réf. acheteur',
    invoicedObject: 'Objet facturé',
    taxRepresentativeOf: 'Représentant fiscal du vendeur',
  },
  en: {
    colon: ': ',
    invoice: 'INVOICE',
    creditNote: 'CREDIT NOTE',
    corrective: 'CORRECTED INVOICE',
    prepayment: 'PREPAYMENT INVOICE',
    selfBilled: 'SELF-BILLED INVOICE',
    number: 'No.',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    seller: 'Seller',
    buyer: 'Bill to',
    deliverTo: 'Deliver to',
    payee: 'Payee',
    taxRepresentative: 'Tax representative',
    siren: 'SIREN',
    siret: 'SIRET',
    vat: 'VAT ID',
    legalId: 'Registration',
    email: 'Email',
    phone: 'Phone',
    contact: 'Contact',
    references: 'References',
    buyerReference: 'Buyer reference',
    purchaseOrder: 'Purchase order',
    salesOrder: 'Sales order',
    contract: 'Contract',
    project: 'Project',
    despatchAdvice: 'Despatch advice',
    receivingAdvice: 'Receiving advice',
    tender: 'Tender / lot',
    precedingInvoice: 'Preceding invoice',
    period: 'Invoicing period',
    deliveryDate: 'Delivery date',
    taxPointDate: 'VAT point date',
    accountingReference: 'Accounting reference',
    lineNo: '#',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    unitPrice: 'Unit price',
    vatRate: 'VAT',
    lineAmount: 'Net amount',
    allowance: 'Allowance',
    charge: 'Charge',
    allowancesCharges: 'Document allowances and charges',
    vatBreakdown: 'VAT breakdown',
    vatCategory: 'Category',
    taxableAmount: 'Tax base',
    taxAmount: 'VAT amount',
    exemption: 'Exemption reason',
    lineTotal: 'Sum of line net amounts',
    allowanceTotal: 'Allowances',
    chargeTotal: 'Charges',
    totalExclVat: 'Total excl. VAT',
    totalVat: 'Total VAT',
    totalInclVat: 'Total incl. VAT',
    prepaid: 'Paid amount',
    rounding: 'Rounding',
    amountDue: 'Amount due',
    payment: 'Payment',
    paymentTerms: 'Payment terms',
    paymentMeans: 'Payment means',
    iban: 'IBAN',
    bic: 'BIC',
    accountName: 'Account name',
    remittance: 'Remittance information',
    mandate: 'Direct debit mandate',
    creditorId: 'Creditor ID',
    debitedAccount: 'Debited account',
    card: 'Card',
    notes: 'Notes',
    legalMentions: 'Legal mentions',
    page: 'Page',
    of: 'of',
    debitOption: 'VAT payable on debits (option pour le paiement de la taxe d’après les débits)',
    reverseCharge: 'Reverse charge',
    operationCategory: 'Operation category',
    selfBilledMention: 'Self-billing',
    itemId: 'Ref.',
    embeddedData: 'Factur-X structured data',
    attachments: 'Attachments',
    continued: 'continued',
    electronicAddress: 'Electronic address',
    grossPrice: 'Gross price',
    priceDiscount: 'price discount',
    per: 'per',
    orderLine: 'Order line',
    origin: 'Origin',
    buyerItemId: 'Buyer ref.',
    invoicedObject: 'Invoiced object',
    taxRepresentativeOf: 'Seller tax representative',
  },
} as const;

export type Labels = { readonly [K in keyof (typeof LABELS)['fr']]: string };

/** Title for BT-3 (UNTDID 1001) */
export function documentTitle(typeCode: string | undefined, l: Labels): string {
  switch (typeCode) {
    case '381':
    case '261':
    case '262':
    case '396':
    case '502':
    case '503':
      return l.creditNote;
    case '384':
    case '471':
    case '472':
    case '473':
      return l.corrective;
    case '386':
    case '500':
      return l.prepayment;
    case '389':
    case '501':
      return l.selfBilled;
    default:
      return l.invoice;
  }
}

const UNITS: Record<string, { fr: string; en: string }> = {
  C62: { fr: 'unité', en: 'unit' },
  H87: { fr: 'pièce', en: 'piece' },
  EA: { fr: 'unité', en: 'each' },
  HUR: { fr: 'heure', en: 'hour' },
  DAY: { fr: 'jour', en: 'day' },
  WEE: { fr: 'semaine', en: 'week' },
  MON: { fr: 'mois', en: 'month' },
  ANN: { fr: 'an', en: 'year' },
  MIN: { fr: 'min', en: 'min' },
  KGM: { fr: 'kg', en: 'kg' },
  GRM: { fr: 'g', en: 'g' },
  TNE: { fr: 't', en: 't' },
  MTR: { fr: 'm', en: 'm' },
  KMT: { fr: 'km', en: 'km' },
  MTK: { fr: 'm²', en: 'm²' },
  MTQ: { fr: 'm³', en: 'm³' },
  LTR: { fr: 'l', en: 'l' },
  KWH: { fr: 'kWh', en: 'kWh' },
  SET: { fr: 'lot', en: 'set' },
  XPP: { fr: 'colis', en: 'package' },
  LS: { fr: 'forfait', en: 'lump sum' },
  P1: { fr: '%', en: '%' },
};

export function unitLabel(code: string | undefined, lang: Lang): string {
  if (!code) return '';
  return UNITS[code]?.[lang] ?? code;
}

const PAYMENT_MEANS: Record<string, { fr: string; en: string }> = {
  '1': { fr: 'Non défini', en: 'Not defined' },
  '10': { fr: 'Espèces', en: 'Cash' },
  '20': { fr: 'Chèque', en: 'Cheque' },
  '30': { fr: 'Virement', en: 'Credit transfer' },
  '31': { fr: 'Virement', en: 'Debit transfer' },
  '42': { fr: 'Virement bancaire', en: 'Payment to bank account' },
  '48': { fr: 'Carte bancaire', en: 'Bank card' },
  '49': { fr: 'Prélèvement', en: 'Direct debit' },
  '57': { fr: 'Accord permanent', en: 'Standing agreement' },
  '58': { fr: 'Virement SEPA', en: 'SEPA credit transfer' },
  '59': { fr: 'Prélèvement SEPA', en: 'SEPA direct debit' },
  '68': { fr: 'Paiement en ligne', en: 'Online payment' },
  '97': { fr: 'Compensation', en: 'Clearing between partners' },
  ZZZ: { fr: 'Autre', en: 'Other' },
};

/** The payment means in words (the UNTDID 4461 code is the XML's business; an unknown code is printed as is) */
export function paymentMeansLabel(code: string | undefined, lang: Lang): string | undefined {
  if (!code) return undefined;
  return PAYMENT_MEANS[code]?.[lang] ?? code;
}

const VAT_CATEGORIES: Record<string, { fr: string; en: string }> = {
  S: { fr: 'Taux normal', en: 'Standard rate' },
  Z: { fr: 'Taux zéro', en: 'Zero rated' },
  E: { fr: 'Exonéré', en: 'Exempt' },
  AE: { fr: 'Autoliquidation', en: 'Reverse charge' },
  K: { fr: 'Livraison intracommunautaire', en: 'Intra-community supply' },
  G: { fr: 'Exportation hors UE', en: 'Export outside the EU' },
  O: { fr: 'Hors champ de la TVA', en: 'Outside the scope of VAT' },
  L: { fr: 'IGIC (Canaries)', en: 'IGIC (Canary Islands)' },
  M: { fr: 'IPSI (Ceuta, Melilla)', en: 'IPSI (Ceuta, Melilla)' },
  B: { fr: 'Transfert (Italie)', en: 'Transferred (Italy)' },
};

/**
 * French VAT rates by name (CGI art. 278 to 281 nonies): a 5.5 % line is not "Taux normal". Other
 * standard-category rates (overseas departments, Corsica, other countries) are said to be taxable,
 * without a name that could be wrong.
 */
const FRENCH_RATES: Record<string, { fr: string; en: string }> = {
  '20': { fr: 'Taux normal', en: 'Standard rate' },
  '10': { fr: 'Taux intermédiaire', en: 'Intermediate rate' },
  '5.5': { fr: 'Taux réduit', en: 'Reduced rate' },
  '2.1': { fr: 'Taux particulier', en: 'Super-reduced rate' },
};
const TAXABLE = { fr: 'Soumis à la TVA', en: 'Taxable' };

/** The VAT category in words; category S is named by its rate (French rates only) */
export function vatCategoryLabel(
  code: string | undefined,
  lang: Lang,
  rate?: number,
  sellerCountry?: string,
): string {
  if (!code) return '';
  if (code === 'S') {
    const french = sellerCountry === undefined || sellerCountry === 'FR';
    const named = french && rate !== undefined ? FRENCH_RATES[String(Number(rate))] : undefined;
    return (named ?? TAXABLE)[lang];
  }
  return VAT_CATEGORIES[code]?.[lang] ?? code;
}

const OPERATION_CATEGORIES: Record<string, { fr: string; en: string }> = {
  B: { fr: 'Livraison de biens', en: 'Supply of goods' },
  S: { fr: 'Prestation de services', en: 'Supply of services' },
  M: { fr: 'Mixte (livraison de biens et prestation de services)', en: 'Mixed (goods and services)' },
};

/** The operation category the reform requires on the invoice: first letter of a French BT-23 (B1, S4, M8…) */
export function operationCategoryLabel(businessProcessType: unknown, lang: Lang): string | undefined {
  if (typeof businessProcessType !== 'string' || !/^[BSM]\d$/.test(businessProcessType)) return undefined;
  return OPERATION_CATEGORIES[businessProcessType[0]!]?.[lang];
}

/** UNTDID 4451 subject codes used on French invoices */
const NOTE_SUBJECTS: Record<string, { fr: string; en: string }> = {
  PMT: { fr: 'Indemnité forfaitaire de recouvrement', en: 'Fixed recovery indemnity' },
  PMD: { fr: 'Pénalités de retard', en: 'Late-payment penalties' },
  AAB: { fr: 'Escompte', en: 'Early-payment discount' },
  REG: { fr: 'Informations réglementaires', en: 'Regulatory information' },
  ABL: { fr: 'Informations légales', en: 'Legal information' },
  AAI: { fr: 'Information générale', en: 'General information' },
  TXD: { fr: 'Information fiscale', en: 'Tax declaration' },
  SUR: { fr: 'Remarques du vendeur', en: 'Seller remarks' },
  BAR: { fr: 'Traitement attendu', en: 'Expected processing' },
  ACY: { fr: 'Exonération', en: 'Exemption' },
};

export function noteSubjectLabel(code: string | undefined, lang: Lang): string | undefined {
  if (!code) return undefined;
  return NOTE_SUBJECTS[code]?.[lang] ?? code;
}

/** Notes printed under "legal mentions" (French commercial code L441-9/L441-10, D441-5) */
export const LEGAL_NOTE_SUBJECTS = new Set(['PMT', 'PMD', 'AAB', 'REG', 'ABL', 'TXD']);

const COUNTRIES: Record<string, { fr: string; en: string }> = {
  FR: { fr: 'France', en: 'France' },
  BE: { fr: 'Belgique', en: 'Belgium' },
  DE: { fr: 'Allemagne', en: 'Germany' },
  ES: { fr: 'Espagne', en: 'Spain' },
  IT: { fr: 'Italie', en: 'Italy' },
  LU: { fr: 'Luxembourg', en: 'Luxembourg' },
  NL: { fr: 'Pays-Bas', en: 'Netherlands' },
  CH: { fr: 'Suisse', en: 'Switzerland' },
  GB: { fr: 'Royaume-Uni', en: 'United Kingdom' },
  US: { fr: 'États-Unis', en: 'United States' },
  PT: { fr: 'Portugal', en: 'Portugal' },
  AT: { fr: 'Autriche', en: 'Austria' },
  IE: { fr: 'Irlande', en: 'Ireland' },
  MC: { fr: 'Monaco', en: 'Monaco' },
  CA: { fr: 'Canada', en: 'Canada' },
};

export function countryName(code: string | undefined, lang: Lang): string | undefined {
  if (!code) return undefined;
  return COUNTRIES[code]?.[lang] ?? code;
}
