/**
 * Header area: document identity, dates, currencies, buyer/project/contract/order references,
 * invoicing period, preceding invoices (BG-3) and supporting documents (BG-24).
 */
import { taxPointDateCodeFor } from '@einv/core-model';
import { date, fixed, group, identifier, term } from './build.js';
import type { Node } from './types.js';

/** Elements before the parties, Invoice and CreditNote differing only where the XSD orders them differently */
export const headerStart: Node[] = [
  term('cbc:CustomizationID', 'BT-24', 'specificationIdentifier'),
  term('cbc:ProfileID', 'BT-23', 'businessProcessType'),
  term('cbc:ID', 'BT-1', 'number', { required: true }),
  date('cbc:IssueDate', 'BT-2', 'issueDate', { required: true }),
  date('cbc:DueDate', 'BT-9', 'dueDate', { only: 'Invoice' }),
  term('cbc:InvoiceTypeCode', 'BT-3', 'typeCode', { only: 'Invoice' }),
  date('cbc:TaxPointDate', 'BT-7', 'taxPointDate', { only: 'CreditNote' }),
  term('cbc:CreditNoteTypeCode', 'BT-3', 'typeCode', { only: 'CreditNote' }),
  term('cbc:Note', 'BT-22', 'notes', { value: 'note', many: true }),
  date('cbc:TaxPointDate', 'BT-7', 'taxPointDate', { only: 'Invoice' }),
  term('cbc:DocumentCurrencyCode', 'BT-5', 'currency'),
  term('cbc:TaxCurrencyCode', 'BT-6', 'taxCurrency'),
  term('cbc:AccountingCost', 'BT-19', 'buyerAccountingReference'),
  term('cbc:BuyerReference', 'BT-10', 'buyerReference'),
  group(
    'cac:InvoicePeriod',
    [
      date('cbc:StartDate', 'BT-73', 'startDate'),
      date('cbc:EndDate', 'BT-74', 'endDate'),
      // a CII code (5, 29, 72) is written as its UBL code (3, 35, 432): same meaning, other list
      term('cbc:DescriptionCode', 'BT-8', '/taxPointDateCode', {
        writeText: (code) => taxPointDateCodeFor('UBL', code),
      }),
    ],
    { bt: 'BG-14', field: 'invoicingPeriod' },
  ),
  group('cac:OrderReference', [
    term('cbc:ID', 'BT-13', 'purchaseOrderReference', { required: true }),
    term('cbc:SalesOrderID', 'BT-14', 'salesOrderReference'),
  ]),
  group(
    'cac:BillingReference',
    [
      group('cac:InvoiceDocumentReference', [
        term('cbc:ID', 'BT-25', 'number', { required: true }),
        date('cbc:IssueDate', 'BT-26', 'issueDate'),
      ]),
    ],
    { bt: 'BG-3', field: 'precedingInvoices', many: true },
  ),
  group('cac:DespatchDocumentReference', [
    term('cbc:ID', 'BT-16', 'despatchAdviceReference', { required: true }),
  ]),
  group('cac:ReceiptDocumentReference', [
    term('cbc:ID', 'BT-15', 'receivingAdviceReference', { required: true }),
  ]),
];

const originator = (only: 'Invoice' | 'CreditNote'): Node =>
  group(
    'cac:OriginatorDocumentReference',
    [term('cbc:ID', 'BT-17', 'tenderOrLotReference', { required: true })],
    {
      only,
    },
  );

const contract: Node = group('cac:ContractDocumentReference', [
  term('cbc:ID', 'BT-12', 'contractReference', { required: true }),
]);

/** BT-18 and (CreditNote only) BT-11 are AdditionalDocumentReferences told apart by DocumentTypeCode */
const additionalDocuments: Node[] = [
  group(
    'cac:AdditionalDocumentReference',
    [
      { ...identifier('cbc:ID', 'BT-18', 'invoicedObjectIdentifier', 'BT-18-1'), required: true },
      fixed('cbc:DocumentTypeCode', '130'),
    ],
    { note: 'DocumentTypeCode 130 = invoiced object' },
  ),
  group(
    'cac:AdditionalDocumentReference',
    [term('cbc:ID', 'BT-11', 'projectReference', { required: true }), fixed('cbc:DocumentTypeCode', '50')],
    { only: 'CreditNote', note: 'UBL 2.1 CreditNote has no ProjectReference: DocumentTypeCode 50' },
  ),
  group(
    'cac:AdditionalDocumentReference',
    [
      term('cbc:ID', 'BT-122', 'id', { required: true }),
      term('cbc:DocumentDescription', 'BT-123', 'description'),
      group('cac:Attachment', [
        term('cbc:EmbeddedDocumentBinaryObject', 'BT-125', 'content', {
          attrs: [
            { name: 'mimeCode', field: 'mimeCode', bt: 'BT-125-1' },
            { name: 'filename', field: 'filename', bt: 'BT-125-2' },
          ],
        }),
        group('cac:ExternalReference', [term('cbc:URI', 'BT-124', 'externalUri')]),
      ]),
    ],
    { bt: 'BG-24', field: 'attachments', many: true, fallback: true },
  ),
];

/** Document references between the header dates and the parties, in each document's XSD order */
export const headerReferences: Node[] = [
  originator('Invoice'),
  contract,
  ...additionalDocuments,
  group('cac:ProjectReference', [term('cbc:ID', 'BT-11', 'projectReference', { required: true })], {
    only: 'Invoice',
  }),
  originator('CreditNote'),
];
