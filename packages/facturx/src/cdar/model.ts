/**
 * A lifecycle status message (CDAR, root rsm:CrossDomainAcknowledgementAndResponse; XP Z12-012
 * Flux 6): one place per term of the official examples and rules (terms.ts names each one in en/fr
 * with its MDT/MDG id). Values are kept as written (strings, dates in their UN/CEFACT format) so
 * that reading and writing back is lossless.
 */

/** An identifier with its scheme (`schemeID`: 0002 SIREN, 0009 SIRET, 0225 address, 0238 platform…) */
export interface SchemedId {
  value: string;
  scheme?: string;
}

/** A date-time as written: `format` 102 (AAAAMMJJ) or 204 (AAAAMMJJHHMMSS) */
export interface FormattedDateTime {
  value: string;
  format?: string;
}

/** A party of the message (sender MDG-9, issuer, recipients) or of a referenced document */
export interface StatusParty {
  /** MDT-19 / MDT-38 / MDT-57 / MDT-129… (several for a referenced invoice's seller) */
  ids?: SchemedId[];
  /** MDT-20 / MDT-39 / MDT-58 */
  name?: string;
  /** MDT-21 / MDT-40 / MDT-59 / MDT-132 / MDT-158: BY buyer, SE seller, WK platform, DFH PPF… */
  role?: string;
  /** MDT-73: electronic address */
  uri?: SchemedId;
}

/** MDG-43: one data item the status is about (amount collected, wrong value, corrected value…) */
export interface StatusCharacteristic {
  /** MDT-206: the business term it is about (BT-152…) */
  id?: string;
  /** MDT-207: MEN amount collected, MPA amount paid, DIV wrong value, DVA expected value… */
  typeCode?: string;
  /** MDT-209: the value was changed ('true' / 'false' as written) */
  changed?: string;
  /** MDT-211 */
  name?: string;
  /** MDT-213: where the datum is in the invoice XML */
  location?: string;
  /** MDT-215 */
  amount?: { value: string; currency?: string };
  /** MDT-219 */
  dateTime?: FormattedDateTime;
  /** MDT-224: a percentage (the VAT rate of a collected amount) */
  percent?: string;
}

/** MDG-37: a detail of the status (reason, requested action, notes, characteristics) */
export interface StatusDetail {
  /** MDT-115: the status of this detail, when it differs */
  statusCode?: string;
  /** MDT-113 */
  reasonCode?: string;
  /** MDT-114 */
  reason?: string;
  /** MDT-121 */
  actionCode?: string;
  /** MDT-122 */
  action?: string;
  /** MDT-124-2 */
  sequence?: string;
  /** MDT-126 content, MDT-127 subject code */
  notes?: { content?: string; subject?: string }[];
  characteristics?: StatusCharacteristic[];
}

/** MDG-30: the document (invoice) the status is about */
export interface ReferencedDocument {
  /** MDT-87: the invoice number (BT-1) */
  invoiceNumber?: string;
  /** MDT-88 */
  statusCode?: string;
  /** MDT-91: the invoice type (BT-3) */
  typeCode?: string;
  /** MDT-95: when the invoice was received */
  receiptDateTime?: FormattedDateTime;
  /** MDT-97 */
  referenceTypeCode?: string;
  /** MDT-100: the invoice date (BT-2), format 102 */
  issueDate?: FormattedDateTime;
  /** MDT-105: the status (200 Déposée … 212 Encaissée …) */
  processCode?: string;
  /** MDT-106: its label */
  process?: string;
  /** MDT-129 ids (the seller's SIREN…), MDT-132 role */
  issuer?: StatusParty;
  /** MDT-158 role… */
  recipient?: StatusParty;
  details?: StatusDetail[];
}

export interface StatusMessage {
  /** MDT-2: business process (cadre de facturation): REGULATED, B2BINT… */
  businessProcess?: string;
  /** MDT-3: profile, `urn.cpro.gouv.fr:1p0:CDV:invoice` (or `…:einvoicingF2` to the PPF) */
  guideline?: string;
  /** MDT-4 */
  id?: string;
  /** MDT-5 */
  name?: string;
  /** MDT-8: when the message was made */
  issueDateTime?: FormattedDateTime;
  /** MDG-9 */
  sender?: StatusParty;
  /** MDG-10 (MDT-38…40) */
  issuer?: StatusParty;
  /** MDG-11… (MDT-57…73), one per recipient */
  recipients?: StatusParty[];
  /** MDT-74: 'false' one referenced document, 'true' several */
  multipleReferences?: string;
  /** MDT-77: 23 processing phase, 305 transmission phase */
  typeCode?: string;
  /** MDT-78: when the status was set */
  statusDateTime?: FormattedDateTime;
  references?: ReferencedDocument[];
}
