/**
 * Mutations for the rules whose official test depends on the UBL root element or reads line-level
 * preceding invoices (EXT-FR-FE-136/138): BR-FR-CO-03 and CO-05 exist for cn:CreditNote only,
 * CO-04 reads cbc:InvoiceTypeCode (so never fires on a CreditNote), and CO-05 is also met when
 * every DETAIL line names its preceding invoice. Most of them must NOT fire officially.
 */
import { chain, type Mutation, sub } from './mutation-kit.js';

const PRECEDING_ID = 'F2025PREC01';

/** What a mutation writes as the line preceding invoice (EXT-FR-FE-136/137/138) */
interface LineRef {
  id?: string;
  date?: string;
  type?: string;
}

const cii = {
  type: (v: string) => (x: string) =>
    sub(x, /(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)[^<]*/, `$1${v}`),
  dropHeaderPreceding: (x: string) =>
    x.replace(
      /(<ram:ApplicableHeaderTradeSettlement>[\s\S]*?)<ram:InvoiceReferencedDocument>[\s\S]*?<\/ram:InvoiceReferencedDocument>/g,
      '$1',
    ),
  /** a line-level preceding invoice on every line (after its monetary summation, the CII order) */
  linePreceding:
    (skipFirst: boolean, ref: LineRef = {}) =>
    (x: string) => {
      const { id = PRECEDING_ID, date = '20250115', type } = ref;
      const typeCode = type === undefined ? '' : `<ram:TypeCode>${type}</ram:TypeCode>`;
      let n = 0;
      const out = x.replace(/<\/ram:SpecifiedTradeSettlementLineMonetarySummation>/g, (m) => {
        n++;
        if (skipFirst && n === 1) return m;
        return `${m}<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${id}</ram:IssuerAssignedID>${typeCode}<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`;
      });
      return n > (skipFirst ? 1 : 0) ? out : undefined;
    },
};

const ubl = {
  type: (v: string) => (x: string) => sub(x, /(<cbc:(?:Invoice|CreditNote)TypeCode>)[^<]*/, `$1${v}`),
  dropBillingReferences: (x: string) =>
    x.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/g, ''),
  /** a line cac:BillingReference to another invoice on every line (before cac:Item) */
  linePreceding:
    (ref: LineRef = {}) =>
    (x: string) => {
      const { id = PRECEDING_ID, date = '2025-01-15', type } = ref;
      const typeCode = type === undefined ? '' : `<cbc:DocumentTypeCode>${type}</cbc:DocumentTypeCode>`;
      const line = x.includes('<cac:CreditNoteLine>') ? 'CreditNoteLine' : 'InvoiceLine';
      const re = new RegExp(
        `(<cac:${line}>(?:(?!</cac:${line}>)[\\s\\S])*?)(<cac:(?:DocumentReference|PricingReference|Item)>)`,
        'g',
      );
      if (!re.test(x)) return undefined;
      return x.replace(
        re,
        `$1<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${id}</cbc:ID><cbc:IssueDate>${date}</cbc:IssueDate>${typeCode}</cac:InvoiceDocumentReference></cac:BillingReference>$2`,
      );
    },
};

/** The line preceding invoice's number, type and date, checked like the header ones (BR-FR-01…04) */
const lineReferenceChecks = (syntax: 'CII' | 'UBL'): Mutation[] => {
  const add = (ref: LineRef) => (syntax === 'CII' ? cii.linePreceding(false, ref) : ubl.linePreceding(ref));
  const cases: [string, string[], LineRef][] = [
    ['line-preceding-36-chars', ['BR-FR-01'], { id: 'P'.padEnd(36, '1') }],
    ['line-preceding-with-space', ['BR-FR-02'], { id: 'P 2025 1' }],
    ['line-preceding-feb-30', ['BR-FR-03'], { date: syntax === 'CII' ? '20250230' : '2025-02-30' }],
    ['line-preceding-type-326', ['BR-FR-04'], { type: '326' }],
    ['line-preceding-valid', [], { type: '380' }],
  ];
  return cases.map(([name, targets, ref]) => ({ name, syntax, targets, apply: add(ref) }));
};

export const ROOT_AND_LINE_MUTATIONS: Mutation[] = [
  ...lineReferenceChecks('CII'),
  ...lineReferenceChecks('UBL'),
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
    apply: chain(ubl.type('381'), ubl.dropBillingReferences, ubl.linePreceding()),
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
