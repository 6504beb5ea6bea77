/**
 * Mutations for the rules whose official test depends on the UBL root element or reads line-level
 * preceding invoices (EXT-FR-FE-136/138): BR-FR-CO-03 and CO-05 exist for cn:CreditNote only,
 * CO-04 reads cbc:InvoiceTypeCode (so never fires on a CreditNote), and CO-05 is also met when
 * every DETAIL line names its preceding invoice. Most of them must NOT fire officially.
 */
import { chain, type Mutation, sub } from './mutation-kit.js';

const PRECEDING_ID = 'F2025PREC01';

const cii = {
  type: (v: string) => (x: string) =>
    sub(x, /(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)[^<]*/, `$1${v}`),
  dropHeaderPreceding: (x: string) =>
    x.replace(
      /(<ram:ApplicableHeaderTradeSettlement>[\s\S]*?)<ram:InvoiceReferencedDocument>[\s\S]*?<\/ram:InvoiceReferencedDocument>/g,
      '$1',
    ),
  /** a line-level preceding invoice on every line (after its monetary summation, the CII order) */
  linePreceding: (skipFirst: boolean) => (x: string) => {
    let n = 0;
    const out = x.replace(/<\/ram:SpecifiedTradeSettlementLineMonetarySummation>/g, (m) => {
      n++;
      if (skipFirst && n === 1) return m;
      return `${m}<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${PRECEDING_ID}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20250115</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`;
    });
    return n > (skipFirst ? 1 : 0) ? out : undefined;
  },
};

const ubl = {
  type: (v: string) => (x: string) => sub(x, /(<cbc:(?:Invoice|CreditNote)TypeCode>)[^<]*/, `$1${v}`),
  dropBillingReferences: (x: string) =>
    x.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/g, ''),
  /** a line cac:BillingReference to another invoice on every credit-note line (before cac:Item) */
  linePreceding: (x: string) => {
    if (!x.includes('<cac:CreditNoteLine>')) return undefined;
    return x.replace(
      /(<cac:CreditNoteLine>(?:(?!<\/cac:CreditNoteLine>)[\s\S])*?)(<cac:(?:DocumentReference|PricingReference|Item)>)/g,
      `$1<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${PRECEDING_ID}</cbc:ID><cbc:IssueDate>2025-01-15</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>$2`,
    );
  },
};

export const ROOT_AND_LINE_MUTATIONS: Mutation[] = [
  {
    name: 'credit-note-line-level-preceding',
    syntax: 'CII',
    targets: [],
    apply: chain(cii.type('381'), cii.dropHeaderPreceding, cii.linePreceding(false)),
  },
  {
    name: 'credit-note-line-level-preceding-one-missing',
    syntax: 'CII',
    targets: ['BR-FR-CO-05'],
    apply: chain(cii.type('381'), cii.dropHeaderPreceding, cii.linePreceding(true)),
  },
  {
    name: 'credit-note-line-level-preceding',
    syntax: 'UBL',
    root: 'CreditNote',
    targets: [],
    apply: chain(ubl.type('381'), ubl.dropBillingReferences, ubl.linePreceding),
  },
  {
    name: 'invoice-root-type-381-no-reference',
    syntax: 'UBL',
    root: 'Invoice',
    targets: [],
    apply: chain(ubl.type('381'), ubl.dropBillingReferences),
  },
  {
    name: 'invoice-root-type-262',
    syntax: 'UBL',
    root: 'Invoice',
    targets: [],
    apply: ubl.type('262'),
  },
  {
    name: 'credit-note-root-type-384-no-reference',
    syntax: 'UBL',
    root: 'CreditNote',
    targets: [],
    apply: chain(ubl.type('384'), ubl.dropBillingReferences),
  },
];
