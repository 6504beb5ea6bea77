/**
 * The einv Invoice: the one normalised model every syntax binds to and every rule reads.
 *
 * The contract's field names (number, typeCode, issueDate, currency, seller, buyer, lines,
 * paymentTerms; Party name/siret/vatNumber/address; Line id/description/quantity/unitCode/
 * unitPrice/vatRate) are kept exactly. Every other EN 16931 business term has exactly one place,
 * named in the comment beside it; the term catalogue (terms.ts) is the machine-readable version
 * of these comments and a test keeps the two in step.
 *
 * Amounts and quantities are JSON numbers in the model; all arithmetic on them goes through
 * decimal.js (see money.ts). Dates are ISO strings YYYY-MM-DD. Every field is optional in the
 * type because the model must also hold broken invoices that the rules then report on.
 */

/** An identifier with its optional scheme (ISO 6523 ICD, EAS, …). */
export interface Identifier {
  id: string;
  scheme?: string;
}

/**
 * Shorthand, not a business term (shorthands.ts, decision 0136): a VAT exemption named by its VATEX
 * code; complete() derives the VAT category, a 0 rate, BT-121 and the mandatory mention BT-120.
 */
export interface VatExemption {
  /** A VATEX code, e.g. VATEX-FR-FRANCHISE (franchise en base, art. 293 B du CGI) */
  code: string;
  /** The mention to print (BT-120) when not the one einv knows for the code */
  reason?: string;
}

/** BG-1 INVOICE NOTE */
export interface Note {
  /** BT-21 Invoice note subject code (UNTDID 4451) */
  subjectCode?: string;
  /** BT-22 Invoice note */
  text: string;
}

/** BG-3 PRECEDING INVOICE REFERENCE */
export interface PrecedingInvoice {
  /** BT-25 Preceding Invoice reference */
  number: string;
  /** BT-26 Preceding Invoice issue date */
  issueDate?: string;
}

/** BG-5 / BG-8 / BG-12 / BG-15 postal address */
export interface Address {
  /** BT-35 / BT-50 / BT-64 / BT-75 Address line 1 */
  street?: string;
  /** BT-36 / BT-51 / BT-65 / BT-76 Address line 2 */
  additionalStreet?: string;
  /** BT-162 / BT-163 / BT-164 / BT-165 Address line 3 */
  addressLine3?: string;
  /** BT-37 / BT-52 / BT-66 / BT-77 City */
  city?: string;
  /** BT-38 / BT-53 / BT-67 / BT-78 Post code */
  postalCode?: string;
  /** BT-39 / BT-54 / BT-68 / BT-79 Country subdivision */
  countrySubdivision?: string;
  /** BT-40 / BT-55 / BT-69 / BT-80 Country code (ISO 3166-1 alpha-2) */
  country?: string;
}

/** BG-6 SELLER CONTACT / BG-9 BUYER CONTACT */
export interface Contact {
  /** BT-41 / BT-56 contact point */
  name?: string;
  /** BT-42 / BT-57 telephone number */
  phone?: string;
  /** BT-43 / BT-58 email address */
  email?: string;
  /**
   * Not EN 16931: the department (CII ram:DepartmentName) when the contact also names a person, as
   * the Factur-X EXTENDED structure allows; BT-41 / BT-56 is then the person (decision 0126)
   */
  department?: string;
}

/** BG-4 SELLER / BG-7 BUYER */
export interface Party {
  /** BT-27 Seller name / BT-44 Buyer name */
  name?: string;
  /** BT-28 Seller trading name / BT-45 Buyer trading name */
  tradingName?: string;
  /**
   * French establishment number (SIRET, 14 digits). Bound to BT-29 Seller identifier / BT-46 Buyer
   * identifier with scheme 0009 (ISO 6523 ICD for SIRET). Other BT-29/BT-46 identifiers live in `identifiers`.
   */
  siret?: string;
  /** BT-29 Seller identifier / BT-46 Buyer identifier (+ BT-29-1 / BT-46-1 scheme), except the SIRET */
  identifiers?: Identifier[];
  /**
   * BT-30 Seller legal registration identifier / BT-47 Buyer legal registration identifier
   * (+ BT-30-1 / BT-47-1 scheme). For a French party this is the SIREN with scheme 0002;
   * complete() derives it from the first 9 digits of the SIRET when it is not given.
   */
  legalRegistrationId?: Identifier;
  /** BT-31 Seller VAT identifier / BT-48 Buyer VAT identifier */
  vatNumber?: string;
  /** BT-32 Seller tax registration identifier (seller only) */
  taxRegistrationId?: string;
  /** BT-33 Seller additional legal information (seller only) */
  legalInformation?: string;
  /** BT-34 Seller electronic address / BT-49 Buyer electronic address (+ BT-34-1 / BT-49-1 scheme, EAS) */
  electronicAddress?: Identifier;
  /** BG-5 SELLER POSTAL ADDRESS / BG-8 BUYER POSTAL ADDRESS */
  address?: Address;
  /** BG-6 SELLER CONTACT / BG-9 BUYER CONTACT */
  contact?: Contact;
}

/** BG-10 PAYEE */
export interface Payee {
  /** BT-59 Payee name */
  name?: string;
  /** BT-60 Payee identifier (+ BT-60-1 scheme) */
  identifier?: Identifier;
  /** BT-61 Payee legal registration identifier (+ BT-61-1 scheme) */
  legalRegistrationId?: Identifier;
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY */
export interface TaxRepresentative {
  /** BT-62 Seller tax representative name */
  name?: string;
  /** BT-63 Seller tax representative VAT identifier */
  vatNumber?: string;
  /** BG-12 SELLER TAX REPRESENTATIVE POSTAL ADDRESS */
  address?: Address;
}

/** BG-13 DELIVERY INFORMATION */
export interface Delivery {
  /** BT-70 Deliver to party name */
  partyName?: string;
  /** BT-71 Deliver to location identifier (+ BT-71-1 scheme) */
  locationId?: Identifier;
  /** BT-72 Actual delivery date */
  date?: string;
  /** BG-15 DELIVER TO ADDRESS */
  address?: Address;
}

/** BG-14 INVOICING PERIOD / BG-26 INVOICE LINE PERIOD */
export interface Period {
  /** BT-73 / BT-134 start date */
  startDate?: string;
  /** BT-74 / BT-135 end date */
  endDate?: string;
}

/** BG-17 CREDIT TRANSFER */
export interface CreditTransfer {
  /** BT-84 Payment account identifier (IBAN or proprietary) */
  accountId?: string;
  /**
   * Not EN 16931: a proprietary account id (CII ram:ProprietaryID) given beside the IBAN of BT-84,
   * which the Factur-X EXTENDED structure allows (BR-CO-27 then fails; decision 0126)
   */
  proprietaryId?: string;
  /** BT-85 Payment account name */
  accountName?: string;
  /** BT-86 Payment service provider identifier (BIC) */
  serviceProviderId?: string;
}

/** BG-18 PAYMENT CARD INFORMATION */
export interface PaymentCard {
  /** BT-87 Payment card primary account number (at most the first 6 and last 4 digits) */
  accountNumber?: string;
  /** BT-88 Payment card holder name */
  holderName?: string;
}

/** BG-19 DIRECT DEBIT */
export interface DirectDebit {
  /** BT-89 Mandate reference identifier */
  mandateReference?: string;
  /** BT-90 Bank assigned creditor identifier */
  creditorId?: string;
  /** BT-91 Debited account identifier */
  debitedAccountId?: string;
}

/** One payment terms element of a payment schedule (CII EXTENDED; not an EN 16931 group) */
export interface PaymentScheduleEntry {
  /** Its payment terms text (BT-20 for the first) */
  description?: string;
  /** Its due date, YYYY-MM-DD (BT-9 for the first) */
  dueDate?: string;
  /** The amount due at that date (ram:PartialPaymentAmount, EXTENDED) */
  amount?: number;
}

/** BG-16 PAYMENT INSTRUCTIONS */
export interface PaymentMeans {
  /** BT-81 Payment means type code (UNTDID 4461) */
  typeCode?: string;
  /** BT-82 Payment means text */
  text?: string;
  /** BT-83 Remittance information */
  remittanceInformation?: string;
  /** BG-17 CREDIT TRANSFER (repeatable) */
  creditTransfers?: CreditTransfer[];
  /** BG-18 PAYMENT CARD INFORMATION */
  card?: PaymentCard;
  /** BG-19 DIRECT DEBIT */
  directDebit?: DirectDebit;
}

/**
 * BG-20 DOCUMENT LEVEL ALLOWANCES / BG-21 DOCUMENT LEVEL CHARGES (with VAT fields), and
 * BG-27 INVOICE LINE ALLOWANCES / BG-28 INVOICE LINE CHARGES (without VAT fields).
 */
export interface AllowanceCharge {
  /** BT-92 / BT-99 / BT-136 / BT-141 amount, without VAT */
  amount?: number;
  /** BT-93 / BT-100 / BT-137 / BT-142 base amount */
  baseAmount?: number;
  /** BT-94 / BT-101 / BT-138 / BT-143 percentage */
  percentage?: number;
  /** BT-95 / BT-102 VAT category code (document level only) */
  vatCategory?: string;
  /** BT-96 / BT-103 VAT rate (document level only) */
  vatRate?: number;
  /**
   * Not a business term: the tax scheme of this VAT category as the XML gave it (CII ram:TypeCode,
   * UBL cac:TaxScheme/cbc:ID; '' when absent), set by readers only when it is not VAT. The official
   * BR-CO-04 / BR-32 / BR-37 / BR-47 / BR-48 / BR-CO-17 then do not count the category or rate as
   * VAT ones, while the VAT category rules (BR-S-01…) still read the code. Writers ignore it.
   */
  taxScheme?: string;
  /** BT-97 / BT-104 / BT-139 / BT-144 reason */
  reason?: string;
  /** BT-98 / BT-105 / BT-140 / BT-145 reason code (UNTDID 5189 allowances, 7161 charges) */
  reasonCode?: string;
}

/** BG-22 DOCUMENT TOTALS */
export interface Totals {
  /** BT-106 Sum of Invoice line net amount */
  lineNetTotal?: number;
  /** BT-107 Sum of allowances on document level */
  allowanceTotal?: number;
  /** BT-108 Sum of charges on document level */
  chargeTotal?: number;
  /** BT-109 Invoice total amount without VAT */
  taxExclusiveAmount?: number;
  /** BT-110 Invoice total VAT amount (in invoice currency) */
  vatTotal?: number;
  /** BT-111 Invoice total VAT amount in accounting currency (BT-6) */
  vatTotalInTaxCurrency?: number;
  /**
   * Number of BT-110 values the source XML carried, set by readers only when it is more than one
   * (UBL: several cac:TaxTotal in the invoice currency) so BR-CO-15 can report it; writers ignore it.
   */
  vatTotalCount?: number;
  /** BT-112 Invoice total amount with VAT */
  taxInclusiveAmount?: number;
  /** BT-113 Paid amount */
  prepaidAmount?: number;
  /** BT-114 Rounding amount */
  roundingAmount?: number;
  /** BT-115 Amount due for payment */
  amountDue?: number;
}

/** BG-23 VAT BREAKDOWN */
export interface VatBreakdown {
  /** BT-116 VAT category taxable amount */
  taxableAmount?: number;
  /** BT-117 VAT category tax amount */
  taxAmount?: number;
  /** BT-118 VAT category code (UNTDID 5305: S, Z, E, AE, K, G, O, L, M, B) */
  category?: string;
  /** BT-119 VAT category rate */
  rate?: number;
  /**
   * Not a business term: the tax scheme of this VAT category as the XML gave it (CII ram:TypeCode,
   * UBL cac:TaxScheme/cbc:ID; '' when absent), set by readers only when it is not VAT. The official
   * BR-CO-04 / BR-32 / BR-37 / BR-47 / BR-48 / BR-CO-17 then do not count the category or rate as
   * VAT ones, while the VAT category rules (BR-S-01…) still read the code. Writers ignore it.
   */
  taxScheme?: string;
  /** BT-120 VAT exemption reason text */
  exemptionReason?: string;
  /** BT-121 VAT exemption reason code (VATEX) */
  exemptionReasonCode?: string;
}

/** BG-24 ADDITIONAL SUPPORTING DOCUMENTS */
export interface Attachment {
  /** BT-122 Supporting document reference */
  id?: string;
  /** BT-123 Supporting document description */
  description?: string;
  /** BT-124 External document location */
  externalUri?: string;
  /** BT-125 Attached document, base64 */
  content?: string;
  /** BT-125-1 Attached document Mime code */
  mimeCode?: string;
  /** BT-125-2 Attached document Filename */
  filename?: string;
}

/** BG-32 ITEM ATTRIBUTES */
export interface ItemAttribute {
  /** BT-160 Item attribute name */
  name: string;
  /** BT-161 Item attribute value */
  value: string;
}

/** BT-158 Item classification identifier with BT-158-1 scheme (UNTDID 7143) and BT-158-2 version */
export interface Classification {
  id: string;
  scheme?: string;
  version?: string;
}

/** BG-25 INVOICE LINE (with BG-26 period, BG-27/28 allowances and charges, BG-29 price, BG-30 VAT, BG-31 item) */
export interface Line {
  /** BT-126 Invoice line identifier */
  id?: string;
  /** BT-127 Invoice line note */
  note?: string;
  /** Not EN 16931: the subject code of the line note (CII EXTENDED ram:IncludedNote/ram:SubjectCode; decision 0126) */
  noteSubjectCode?: string;
  /** BT-128 Invoice line object identifier (+ BT-128-1 scheme) */
  objectIdentifier?: Identifier;
  /** BT-129 Invoiced quantity */
  quantity?: number;
  /** BT-130 Invoiced quantity unit of measure code (UN/ECE Rec 20/21), e.g. HUR for hours, C62 for units */
  unitCode?: string;
  /** BT-131 Invoice line net amount; complete() derives it when absent, keeps it when given */
  netAmount?: number;
  /** BT-132 Referenced purchase order line reference */
  orderLineReference?: string;
  /** BT-133 Invoice line Buyer accounting reference */
  accountingReference?: string;
  /** BG-26 INVOICE LINE PERIOD */
  period?: Period;
  /** BG-27 INVOICE LINE ALLOWANCES */
  allowances?: AllowanceCharge[];
  /** BG-28 INVOICE LINE CHARGES */
  charges?: AllowanceCharge[];
  /** BT-146 Item net price */
  unitPrice?: number;
  /** BT-147 Item price discount */
  priceDiscount?: number;
  /** BT-148 Item gross price */
  grossPrice?: number;
  /** BT-149 Item price base quantity */
  baseQuantity?: number;
  /** BT-150 Item price base quantity unit of measure code */
  baseQuantityUnitCode?: string;
  /** BT-151 Invoiced item VAT category code; complete() sets S when vatRate > 0 and it is absent */
  vatCategory?: string;
  /** BT-152 Invoiced item VAT rate (percent) */
  vatRate?: number;
  /** Not a business term: a tax scheme other than VAT, as on AllowanceCharge.taxScheme (readers only) */
  taxScheme?: string;
  /**
   * Exemption reason of this line's VAT category (not a line term in EN 16931): complete() carries it
   * to BT-120 / BT-121 of the VAT breakdown of the line's category and rate.
   */
  vatExemptionReason?: string;
  vatExemptionReasonCode?: string;
  /** Shorthand (not a term): this line's VAT exemption by VATEX code; see VatExemption */
  vatExemption?: VatExemption;
  /** BT-153 Item name */
  description?: string;
  /** BT-154 Item description */
  itemDescription?: string;
  /** BT-155 Item Seller's identifier */
  sellerItemId?: string;
  /** BT-156 Item Buyer's identifier */
  buyerItemId?: string;
  /** BT-157 Item standard identifier (+ BT-157-1 scheme) */
  standardItemId?: Identifier;
  /** BT-158 Item classification identifiers */
  classifications?: Classification[];
  /** BT-159 Item country of origin */
  originCountry?: string;
  /** BG-32 ITEM ATTRIBUTES */
  attributes?: ItemAttribute[];
  /**
   * Not EN 16931: the French EXTENDED-CTC-FR line data of multi-vendor (BT-23 S8/B8/M8),
   * bidirectional (S9/B9/M9) and sub-line invoices, read by the BR-FR-MV / BR-FR-BD rules.
   */
  frenchCtc?: FrenchCtcLine;
}

/** EXTENDED-CTC-FR line seller (CII ram:ItemSellerTradeParty, UBL cac:Item/cac:ManufacturerParty) */
export interface FrenchCtcLineSeller {
  /** EXT-FR-FE-164 Line seller name */
  name?: string;
  /** EXT-FR-FE-166 Line seller global identifier (+ scheme, e.g. 0088) */
  globalId?: Identifier;
  /** EXT-FR-FE-167 Line seller legal registration identifier (+ scheme, 0002 for a SIREN) */
  legalId?: Identifier;
  /** EXT-FR-FE-168 Line seller VAT identifier */
  vatId?: string;
  /** EXT-FR-FE-177 Line seller country code (ISO 3166-1 alpha-2) */
  country?: string;
}

/** EXTENDED-CTC-FR line-level preceding invoice (corrective multi-vendor / bidirectional invoices) */
export interface FrenchCtcPrecedingInvoice {
  /** EXT-FR-FE-136 Preceding invoice number of the line */
  number?: string;
  /** EXT-FR-FE-138 Preceding invoice issue date of the line (YYYY-MM-DD) */
  issueDate?: string;
}

/**
 * EXTENDED-CTC-FR line structure (XP Z12-012 v1.4): a multi-vendor invoice groups the lines of each
 * seller under a GROUP line (one sub-invoice each); DETAIL lines are the invoiced items below it and
 * INFORMATION lines are shown but not summed.
 */
export interface FrenchCtcLine {
  /** EXT-FR-FE-162 Parent line identifier (the BT-126 of the GROUP line above this one) */
  parentLineId?: string;
  /** EXT-FR-FE-163 Line sub-type: GROUP, DETAIL or INFORMATION */
  subType?: string;
  /** Line seller (EXT-FR-FE-164…177): the seller of this sub-invoice */
  seller?: FrenchCtcLineSeller;
  /** EXT-FR-FE-181 Line VAT total in the invoice currency (BT-5) */
  vatTotal?: number;
  /** EXT-FR-FE-182 Line VAT total in the VAT accounting currency (BT-6) */
  vatTotalInTaxCurrency?: number;
  /** EXT-FR-FE-184 Line total with VAT */
  totalWithVat?: number;
  /** EXT-FR-FE-180 VAT point date code of the line (CII only: the line ram:ApplicableTradeTax/ram:DueDateTypeCode) */
  taxPointDateCode?: string;
  /** EXT-FR-FE-136 / EXT-FR-FE-138 Preceding invoice of this line */
  precedingInvoice?: FrenchCtcPrecedingInvoice;
  /**
   * BT-128 with scheme AFL (type 130): the sub-invoice number this line belongs to. In UBL, an AFL
   * reference that is the line's first object reference stays in Line.objectIdentifier (BT-128).
   */
  subInvoiceNumber?: string;
  /** BT-128 with scheme AVV (type 130): the billing framework of the sub-invoice (S1, B1…), same note */
  subInvoiceFramework?: string;
}

/** BG-0 INVOICE */
export interface Invoice {
  /** BT-1 Invoice number */
  number?: string;
  /** BT-2 Invoice issue date */
  issueDate?: string;
  /** BT-3 Invoice type code (UNTDID 1001): 380 invoice, 381 credit note, 384 corrective, 389 self-billed… */
  typeCode?: string;
  /** BT-5 Invoice currency code (ISO 4217) */
  currency?: string;
  /** BT-6 VAT accounting currency code */
  taxCurrency?: string;
  /** BT-7 Value added tax point date */
  taxPointDate?: string;
  /** BT-8 Value added tax point date code (UNTDID 2005) */
  taxPointDateCode?: string;
  /** BT-9 Payment due date */
  dueDate?: string;
  /** BT-10 Buyer reference */
  buyerReference?: string;
  /** BT-11 Project reference */
  projectReference?: string;
  /** BT-12 Contract reference */
  contractReference?: string;
  /** BT-13 Purchase order reference */
  purchaseOrderReference?: string;
  /** BT-14 Sales order reference */
  salesOrderReference?: string;
  /** BT-15 Receiving advice reference */
  receivingAdviceReference?: string;
  /** BT-16 Despatch advice reference */
  despatchAdviceReference?: string;
  /** BT-17 Tender or lot reference */
  tenderOrLotReference?: string;
  /** BT-18 Invoiced object identifier (+ BT-18-1 scheme) */
  invoicedObjectIdentifier?: Identifier;
  /** BT-19 Buyer accounting reference */
  buyerAccountingReference?: string;
  /** BT-20 Payment terms */
  paymentTerms?: string;
  /**
   * Several payment terms (CII EXTENDED: one ram:SpecifiedTradePaymentTerms each, decision 0089), in
   * document order; the first is also BT-20 / BT-9. Readers set it only when there is more than one
   * or a partial amount; writers write entries after the first in the EXTENDED structure only.
   */
  paymentSchedule?: PaymentScheduleEntry[];
  /** BG-1 INVOICE NOTE */
  notes?: Note[];
  /** BT-23 Business process type */
  businessProcessType?: string;
  /**
   * Shorthand (not a term): the reform's operation category; complete() writes BT-23 B1 / S1 / M1
   * from it when businessProcessType is absent
   */
  operationCategory?: 'goods' | 'services' | 'mixed';
  /**
   * Shorthand (not a term): the VAT exemption of every line (and document allowance or charge) that
   * names no VAT category nor a positive rate; see VatExemption
   */
  vatExemption?: VatExemption;
  /** BT-24 Specification identifier; writers set the profile's guideline id when absent */
  specificationIdentifier?: string;
  /** BG-3 PRECEDING INVOICE REFERENCE */
  precedingInvoices?: PrecedingInvoice[];
  /** BG-4 SELLER */
  seller?: Party;
  /** BG-7 BUYER */
  buyer?: Party;
  /** BG-10 PAYEE */
  payee?: Payee;
  /** BG-11 SELLER TAX REPRESENTATIVE PARTY */
  taxRepresentative?: TaxRepresentative;
  /** BG-13 DELIVERY INFORMATION */
  delivery?: Delivery;
  /** BG-14 INVOICING PERIOD */
  invoicingPeriod?: Period;
  /** BG-16 PAYMENT INSTRUCTIONS */
  paymentMeans?: PaymentMeans;
  /** BG-20 DOCUMENT LEVEL ALLOWANCES */
  allowances?: AllowanceCharge[];
  /** BG-21 DOCUMENT LEVEL CHARGES */
  charges?: AllowanceCharge[];
  /** BG-22 DOCUMENT TOTALS */
  totals?: Totals;
  /** BG-23 VAT BREAKDOWN */
  vatBreakdown?: VatBreakdown[];
  /** BG-24 ADDITIONAL SUPPORTING DOCUMENTS */
  attachments?: Attachment[];
  /** BG-25 INVOICE LINE */
  lines?: Line[];
}
