/**
 * The whole UBL binding: the children of the Invoice and CreditNote roots in XSD order, assembled
 * from the areas (header, parties, delivery, payment, allowances/charges, tax, totals, lines).
 */
import { documentAllowanceCharges } from './allowances.js';
import { delivery } from './delivery.js';
import { headerReferences, headerStart } from './header.js';
import { creditNoteLines, invoiceLines } from './lines.js';
import { NS } from './namespaces.js';
import { buyerParty, payeeParty, sellerParty, taxRepresentativeParty } from './parties.js';
import { paymentMeans, paymentTerms } from './payment.js';
import { taxTotals } from './tax.js';
import { legalMonetaryTotal } from './totals.js';
import type { DocumentType, Node, RootBinding } from './types.js';

const documentNodes: Node[] = [
  ...headerStart,
  ...headerReferences,
  sellerParty,
  buyerParty,
  payeeParty,
  taxRepresentativeParty,
  delivery,
  paymentMeans,
  ...paymentTerms,
  ...documentAllowanceCharges,
  ...taxTotals,
  legalMonetaryTotal,
  invoiceLines,
  creditNoteLines,
];

function rootFor(documentType: DocumentType): RootBinding {
  const namespace = NS[documentType] ?? '';
  return {
    documentType,
    namespace,
    children: documentNodes.filter(
      (n) => !n.only || n.only === documentType || (n.kind === 'group' && n.alsoRead),
    ),
  };
}

/** The binding table of a UBL 2.1 Invoice */
export const UBL_INVOICE_BINDING: RootBinding = rootFor('Invoice');
/** The binding table of a UBL 2.1 CreditNote */
export const UBL_CREDIT_NOTE_BINDING: RootBinding = rootFor('CreditNote');

/**
 * UNTDID 1001 codes EN 16931 allows in cbc:CreditNoteTypeCode (BR-CL-01, UBL): writeUbl writes a
 * CreditNote for these and an Invoice for every other type code.
 */
export const CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '502',
  '503',
  '532',
]);
