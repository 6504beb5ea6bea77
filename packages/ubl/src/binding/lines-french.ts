/**
 * EXTENDED-CTC-FR line data (Line.frenchCtc) in UBL, as the French multi-vendor examples and the
 * BR-FR 1.4 UBL schematron place it. Not EN 16931 terms: bt names the EXT-FR-FE id.
 * - sub-type / parent line: the line cac:BillingReference whose InvoiceDocumentReference/cbc:ID is
 *   the invoice number (BT-1), with DocumentStatusCode and BillingReferenceLine/cbc:ID;
 * - preceding invoice of the line: a line cac:BillingReference naming another invoice;
 * - sub-invoice references: cac:DocumentReference with cbc:ID/@schemeID AFL / AVV (type 130);
 * - line VAT totals: the line cac:TaxTotal/cbc:TaxAmount in the invoice / accounting currency;
 * - line seller: cac:Item/cac:ManufacturerParty.
 */
import { textOf, type XmlElement } from '@einv/xml';
import { amount, date, fixed, group, identifier, term, vatScheme } from './build.js';
import { isDocumentCurrencyTotal, isTaxCurrencyTotal } from './tax.js';
import type { GroupNode, Node } from './types.js';

const child = (el: XmlElement, local: string) => el.children.find((c) => c.local === local);

/** The invoice number (root cbc:ID) of the document holding `el` */
function invoiceNumberOf(el: XmlElement): string | undefined {
  let root = el;
  while (root.parent) root = root.parent;
  const id = child(root, 'ID');
  return id ? (textOf(id) ?? '') : undefined;
}

/** InvoiceDocumentReference/cbc:ID of a line cac:BillingReference */
function referencedInvoice(el: XmlElement): string | undefined {
  const ref = child(el, 'InvoiceDocumentReference');
  const id = ref ? child(ref, 'ID') : undefined;
  return id ? (textOf(id) ?? '') : undefined;
}

/** The billing reference to this very invoice: it carries the line sub-type and parent line */
const isOwnInvoiceReference = (el: XmlElement) => {
  const own = invoiceNumberOf(el);
  return own !== undefined && referencedInvoice(el) === own;
};
const isOtherInvoiceReference = (el: XmlElement) => {
  const own = invoiceNumberOf(el);
  const ref = referencedInvoice(el);
  return own !== undefined && ref !== undefined && ref !== own;
};

/**
 * The line's first cac:DocumentReference stays BT-128 (objectIdentifier) whatever its scheme, since
 * BR-FR-30 reads AFL / AVV there; later AFL / AVV references go to Line.frenchCtc. (readCii leaves
 * every AFL / AVV reference to frenchCtc: CII has no such rule reading BT-128.)
 */
const isFirstDocumentReference = (el: XmlElement) =>
  el.parent?.children.find((c) => c.local === 'DocumentReference') === el;

function schemeOf(el: XmlElement): string | undefined {
  return child(el, 'ID')?.attrs.schemeID?.trim();
}

/** BT-128: the first line reference, or any later one that is not AFL / AVV */
export const isLineObjectReference = (el: XmlElement): boolean =>
  isFirstDocumentReference(el) || !['AFL', 'AVV'].includes(schemeOf(el) ?? '');

export const frenchLineBillingReferences: GroupNode[] = [
  group(
    'cac:BillingReference',
    [
      group('cac:InvoiceDocumentReference', [
        // the invoice number itself (BT-1): it selects this reference, nothing new is read
        term('cbc:ID', 'BT-1', '/number', { required: true }),
        term('cbc:DocumentStatusCode', 'EXT-FR-FE-163', 'subType'),
      ]),
      group('cac:BillingReferenceLine', [
        term('cbc:ID', 'EXT-FR-FE-162', 'parentLineId', { required: true }),
      ]),
    ],
    {
      field: 'frenchCtc',
      match: isOwnInvoiceReference,
      note: 'InvoiceDocumentReference/cbc:ID = BT-1: line sub-type and parent line',
    },
  ),
  group(
    'cac:BillingReference',
    [
      group('cac:InvoiceDocumentReference', [
        term('cbc:ID', 'EXT-FR-FE-136', 'number', { required: true }),
        date('cbc:IssueDate', 'EXT-FR-FE-138', 'issueDate'),
      ]),
    ],
    {
      field: 'frenchCtc.precedingInvoice',
      match: isOtherInvoiceReference,
      note: 'InvoiceDocumentReference/cbc:ID ≠ BT-1: preceding invoice of the line',
    },
  ),
];

const subInvoiceReference = (scheme: 'AFL' | 'AVV', field: string): GroupNode =>
  group(
    'cac:DocumentReference',
    [
      term('cbc:ID', 'BT-128', field, { attrs: [{ name: 'schemeID', fixed: scheme }], required: true }),
      fixed('cbc:DocumentTypeCode', '130'),
    ],
    {
      match: (el) => !isFirstDocumentReference(el),
      note: `cbc:ID/@schemeID = ${scheme}, type 130 (the line's first DocumentReference is BT-128)`,
    },
  );

export const frenchLineDocumentReferences: GroupNode[] = [
  subInvoiceReference('AVV', 'frenchCtc.subInvoiceFramework'),
  subInvoiceReference('AFL', 'frenchCtc.subInvoiceNumber'),
];

export const frenchLineTaxTotals: GroupNode[] = [
  group(
    'cac:TaxTotal',
    [amount('cbc:TaxAmount', 'EXT-FR-FE-181', 'frenchCtc.vatTotal', { required: true })],
    {
      match: isDocumentCurrencyTotal,
      note: 'line TaxAmount/@currencyID = BT-5',
    },
  ),
  group(
    'cac:TaxTotal',
    [
      amount('cbc:TaxAmount', 'EXT-FR-FE-182', 'frenchCtc.vatTotalInTaxCurrency', {
        currency: 'tax',
        required: true,
      }),
    ],
    { match: isTaxCurrencyTotal, note: 'line TaxAmount/@currencyID = BT-6' },
  ),
];

export const frenchLineSeller: Node = group(
  'cac:ManufacturerParty',
  [
    group('cac:PartyIdentification', [
      { ...identifier('cbc:ID', 'EXT-FR-FE-166', 'globalId', 'EXT-FR-FE-166-1'), required: true },
    ]),
    group('cac:PostalAddress', [
      group('cac:Country', [term('cbc:IdentificationCode', 'EXT-FR-FE-177', 'country', { required: true })]),
    ]),
    group('cac:PartyTaxScheme', [term('cbc:CompanyID', 'EXT-FR-FE-168', 'vatId'), vatScheme()]),
    group('cac:PartyLegalEntity', [
      term('cbc:RegistrationName', 'EXT-FR-FE-164', 'name'),
      identifier('cbc:CompanyID', 'EXT-FR-FE-167', 'legalId', 'EXT-FR-FE-167-1'),
    ]),
  ],
  { field: 'frenchCtc.seller', note: 'the line seller (EXT-FR-FE-164…177)' },
);
