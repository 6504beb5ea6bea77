/** Mutations of the UBL Annexe B invoices (see mutations.ts). */
import { chain, type Mutation, sub } from './mutation-kit.js';

// ---------------------------------------------------------------- UBL helpers
const SUPPLIER = /(<cac:AccountingSupplierParty>\s*<cac:Party>)/;
const CUSTOMER = /(<cac:AccountingCustomerParty>\s*<cac:Party>)/;
const U = {
  docId: (v: string) => (x: string) => sub(x, /(<cbc:ID>)[^<]*(<\/cbc:ID>\s*<cbc:IssueDate>)/, `$1${v}$2`),
  issueDate: (v: string) => (x: string) => sub(x, /(<cbc:IssueDate>)[^<]*/, `$1${v}`),
  dueDate: (v: string) => (x: string) => sub(x, /(<cbc:DueDate>)[^<]*/, `$1${v}`),
  type: (v: string) => (x: string) => sub(x, /(<cbc:(?:Invoice|CreditNote)TypeCode>)[^<]*/, `$1${v}`),
  bt23: (v: string) => (x: string) => sub(x, /(<cbc:ProfileID>)[^<]*/, `$1${v}`),
  dropBt23: (x: string) => sub(x, /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/, ''),
  dropBillingReferences: (x: string) => sub(x, /<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/g, ''),
  dropNote: (code: string) => (x: string) => sub(x, new RegExp(`<cbc:Note>#${code}#[^<]*<\\/cbc:Note>`), ''),
  dupNote: (code: string) => (x: string) =>
    sub(x, new RegExp(`<cbc:Note>#${code}#[^<]*<\\/cbc:Note>`), (m) => m + m),
  addNote: (text: string) => (x: string) =>
    sub(x, /(<cbc:DocumentCurrencyCode)/, `<cbc:Note>${text}</cbc:Note>$1`),
  sellerSiren: (x: string) =>
    /<cac:AccountingSupplierParty>[\s\S]*?<cbc:CompanyID schemeID="0002">(\d+)<\/cbc:CompanyID>/.exec(x)?.[1],
  addPartyId:
    (party: RegExp, scheme: string | null, v: string | ((x: string) => string | undefined)) =>
    (x: string) => {
      const value = typeof v === 'string' ? v : v(x);
      if (value === undefined) return undefined;
      const attr = scheme === null ? '' : ` schemeID="${scheme}"`;
      // after the EndpointID when there is one (UBL order), else right after cac:Party
      const withEndpoint = new RegExp(`${party.source}(\\s*<cbc:EndpointID[^>]*>[^<]*<\\/cbc:EndpointID>)?`);
      return sub(
        x,
        withEndpoint,
        (_m, open = '', endpoint = '') =>
          `${open}${endpoint ?? ''}<cac:PartyIdentification><cbc:ID${attr}>${value}</cbc:ID></cac:PartyIdentification>`,
      );
    },
  legalId: (partyTag: string, v: string | null) => (x: string) =>
    sub(
      x,
      new RegExp(`(<cac:${partyTag}>[\\s\\S]*?)<cbc:CompanyID schemeID="0002">\\d+<\\/cbc:CompanyID>`),
      v === null ? '$1' : `$1<cbc:CompanyID schemeID="0002">${v}</cbc:CompanyID>`,
    ),
  endpoint:
    (partyTag: string, v: string | null, scheme = '0225') =>
    (x: string) =>
      sub(
        x,
        new RegExp(`(<cac:${partyTag}>\\s*<cac:Party>\\s*)<cbc:EndpointID[^>]*>[^<]*<\\/cbc:EndpointID>`),
        v === null ? '$1' : `$1<cbc:EndpointID schemeID="${scheme}">${v}</cbc:EndpointID>`,
      ),
  lineCategory: (v: string) => (x: string) =>
    sub(x, /(<cac:ClassifiedTaxCategory>\s*<cbc:ID>)[^<]*/, `$1${v}`),
  lineRate: (v: string) => (x: string) =>
    sub(x, /(<cac:ClassifiedTaxCategory>[\s\S]*?<cbc:Percent>)[^<]*/, `$1${v}`),
  lineTotal: (v: string) => (x: string) =>
    sub(x, /(<cac:(?:Invoice|CreditNote)Line>[\s\S]*?<cbc:LineExtensionAmount[^>]*>)[^<]*/, `$1${v}`),
  quantity: (v: string) => (x: string) => sub(x, /(<cbc:(?:Invoiced|Credited)Quantity[^>]*>)[^<]*/, `$1${v}`),
  price: (v: string) => (x: string) => sub(x, /(<cac:Price>\s*<cbc:PriceAmount[^>]*>)[^<]*/, `$1${v}`),
  addDocRef: (inner: string) => (x: string) =>
    sub(
      x,
      /(<cac:AccountingSupplierParty>)/,
      `<cac:AdditionalDocumentReference>${inner}</cac:AdditionalDocumentReference>$1`,
    ),
  currency: (v: string) => (x: string) => sub(x, /(<cbc:DocumentCurrencyCode>)[^<]*/, `$1${v}`),
  addLineDocRef: (inner: string) => (x: string) =>
    sub(
      x,
      /(<cac:InvoiceLine>[\s\S]*?)(<cac:Item>)/,
      `$1<cac:DocumentReference>${inner}</cac:DocumentReference>$2`,
    ),
  addProperty: (inner: string) => (x: string) =>
    sub(
      x,
      /(<cac:Item>(?:(?!<\/cac:Item>)[\s\S])*?)(<cac:ClassifiedTaxCategory>)/,
      `$1<cac:AdditionalItemProperty>${inner}</cac:AdditionalItemProperty>$2`,
    ),
};

export const UBL: Mutation[] = (
  [
    { name: 'number-36-chars', targets: ['BR-FR-01'], apply: U.docId('F'.padEnd(36, '1')) },
    { name: 'number-with-space', targets: ['BR-FR-01', 'BR-FR-02'], apply: U.docId('F 2025 0003') },
    { name: 'issue-date-feb-30', targets: ['BR-FR-03'], apply: U.issueDate('2025-02-30') },
    { name: 'issue-date-1999', targets: ['BR-FR-03'], apply: U.issueDate('1999-12-31') },
    { name: 'due-date-before-issue', targets: ['BR-FR-CO-07'], apply: U.dueDate('2000-01-01') },
    { name: 'type-326', targets: ['BR-FR-04'], root: 'Invoice', apply: U.type('326') },
    { name: 'type-384-corrective', targets: ['BR-FR-CO-04'], root: 'Invoice', apply: U.type('384') },
    {
      name: 'type-381-credit-note',
      targets: ['BR-FR-CO-05'],
      root: 'CreditNote',
      apply: chain(U.type('381'), U.dropBillingReferences),
    },
    { name: 'type-262-global-discount', targets: ['BR-FR-CO-03'], root: 'CreditNote', apply: U.type('262') },
    { name: 'bt23-missing', targets: ['BR-FR-08'], apply: U.dropBt23 },
    { name: 'bt23-A1', targets: ['BR-FR-08'], apply: U.bt23('A1') },
    {
      name: 'bt23-B4-deposit-386',
      targets: ['BR-FR-CO-08'],
      root: 'Invoice',
      apply: chain(U.bt23('B4'), U.type('386')),
    },
    { name: 'bt23-S2-already-paid', targets: ['BR-FR-CO-09'], apply: U.bt23('S2') },
    {
      name: 'bt23-S8-self-billed',
      targets: ['BR-FR-MV-13'],
      root: 'Invoice',
      apply: chain(U.bt23('S8'), U.type('389')),
    },
    {
      name: 'bt23-S9-not-self-billed',
      targets: ['BR-FR-BD-13'],
      root: 'Invoice',
      apply: chain(U.bt23('S9'), U.type('380')),
    },
    { name: 'drop-PMT', targets: ['BR-FR-05'], apply: U.dropNote('PMT') },
    { name: 'drop-AAB', targets: ['BR-FR-05'], apply: U.dropNote('AAB') },
    { name: 'duplicate-PMD', targets: ['BR-FR-06'], apply: U.dupNote('PMD') },
    { name: 'bar-B2G', targets: ['BR-FR-20'], apply: U.addNote('#BAR#B2G') },
    {
      name: 'bar-B2B-and-B2C',
      targets: ['BR-FR-31'],
      apply: chain(U.addNote('#BAR#B2B'), U.addNote('#BAR#B2C')),
    },
    {
      name: 'seller-siret-coherent',
      targets: [],
      apply: U.addPartyId(SUPPLIER, '0009', (x) =>
        U.sellerSiren(x) ? `${U.sellerSiren(x)}00017` : undefined,
      ),
    },
    {
      name: 'seller-siret-other-siren',
      targets: ['BR-FR-09'],
      apply: U.addPartyId(SUPPLIER, '0009', '99999999900017'),
    },
    {
      name: 'seller-siren-removed',
      targets: ['BR-FR-10'],
      apply: U.legalId('AccountingSupplierParty', null),
    },
    {
      name: 'seller-siren-8-digits',
      targets: ['BR-FR-10', 'BR-FR-32'],
      apply: U.legalId('AccountingSupplierParty', '10000000'),
    },
    {
      name: 'buyer-siren-removed-b2b',
      targets: ['BR-FR-11'],
      apply: chain(U.legalId('AccountingCustomerParty', null), U.addNote('#BAR#B2B')),
    },
    {
      name: 'buyer-endpoint-removed',
      targets: ['BR-FR-12'],
      apply: U.endpoint('AccountingCustomerParty', null),
    },
    {
      name: 'seller-endpoint-removed',
      targets: ['BR-FR-13'],
      apply: U.endpoint('AccountingSupplierParty', null),
    },
    {
      name: 'seller-endpoint-slash',
      targets: ['BR-FR-23'],
      apply: U.endpoint('AccountingSupplierParty', '100000009/COMPTA'),
    },
    {
      name: 'buyer-endpoint-130',
      targets: ['BR-FR-25'],
      apply: U.endpoint('AccountingCustomerParty', 'a'.repeat(130), 'EM'),
    },
    {
      name: 'buyer-endpoint-other-siren-b2b',
      targets: ['BR-FR-21'],
      apply: chain(U.endpoint('AccountingCustomerParty', '999999999'), U.addNote('#BAR#B2B')),
    },
    {
      name: 'routing-code-space',
      targets: ['BR-FR-24'],
      apply: U.addPartyId(SUPPLIER, '0224', 'SERVICE COMPTA'),
    },
    {
      name: 'routing-code-101',
      targets: ['BR-FR-26'],
      apply: U.addPartyId(CUSTOMER, '0224', 'R'.repeat(101)),
    },
    { name: 'line-category-L', targets: ['BR-FR-15'], apply: U.lineCategory('L') },
    {
      name: 'line-category-removed',
      targets: [],
      apply: (x) => sub(x, /(<cac:ClassifiedTaxCategory>\s*)<cbc:ID>[^<]*<\/cbc:ID>/, '$1'),
    },
    { name: 'line-rate-19', targets: ['BR-FR-16'], root: 'Invoice', apply: U.lineRate('19.00') },
    {
      name: 'line-rate-3-decimals',
      targets: ['BR-FR-16', 'BR-FR-DEC-04'],
      root: 'Invoice',
      apply: U.lineRate('20.005'),
    },
    { name: 'line-total-3-decimals', targets: ['BR-FR-DEC-01'], apply: U.lineTotal('100.001') },
    { name: 'quantity-5-decimals', targets: ['BR-FR-DEC-02'], apply: U.quantity('2.00001') },
    { name: 'price-7-decimals', targets: ['BR-FR-DEC-03'], apply: U.price('40.1234567') },
    { name: 'price-negative', targets: ['BR-FR-DEC-03'], apply: U.price('-40.00') },
    {
      name: 'attachment-bad-code',
      targets: ['BR-FR-17'],
      apply: U.addDocRef(
        '<cbc:ID>PJ1</cbc:ID><cbc:DocumentDescription>Facture PDF</cbc:DocumentDescription>',
      ),
    },
    {
      name: 'attachment-two-lisible',
      targets: ['BR-FR-18'],
      apply: chain(
        U.addDocRef('<cbc:ID>PJ1</cbc:ID><cbc:DocumentDescription>LISIBLE</cbc:DocumentDescription>'),
        U.addDocRef('<cbc:ID>PJ2</cbc:ID><cbc:DocumentDescription>LISIBLE</cbc:DocumentDescription>'),
      ),
    },
    { name: 'currency-USD', targets: ['BR-FR-CO-12'], apply: U.currency('USD') },
    {
      name: 'vat-group-member',
      targets: ['BR-FR-CO-14', 'BR-FR-CO-15'],
      apply: (x) =>
        x.includes('schemeID="0231"') ? undefined : U.addPartyId(SUPPLIER, '0231', '300000007')(x),
    },
    {
      name: 'seller-id-without-scheme',
      targets: ['BR-FR-CO-10'],
      apply: U.addPartyId(SUPPLIER, null, 'X123'),
    },
    {
      name: 'attribute-without-value',
      targets: ['BR-FR-28'],
      root: 'Invoice',
      apply: U.addProperty('<cbc:Name>Couleur</cbc:Name>'),
    },
    {
      name: 'line-object-AVV-empty',
      targets: ['BR-FR-30'],
      root: 'Invoice',
      apply: U.addLineDocRef(
        '<cbc:ID schemeID="AVV"></cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode>',
      ),
    },
    {
      name: 'type-389-b2b-seller-email',
      targets: ['BR-FR-22'],
      root: 'Invoice',
      apply: chain(
        U.type('389'),
        U.endpoint('AccountingSupplierParty', 'v@vendeur.fr', 'EM'),
        U.addNote('#BAR#B2B'),
      ),
    },
    { name: 'issue-date-leap-ok', targets: [], apply: U.issueDate('2028-02-29') },
    {
      name: 'line-rate-trailing-zeros',
      targets: ['BR-FR-16', 'BR-FR-DEC-04'],
      root: 'Invoice',
      apply: U.lineRate('20.000'),
    },
    { name: 'drop-PMD', targets: ['BR-FR-05'], apply: U.dropNote('PMD') },
    {
      name: 'bar-B2G-first-then-B2B',
      targets: ['BR-FR-20'],
      apply: chain(U.addNote('#BAR#B2G'), U.addNote('#BAR#B2B')),
    },
    {
      name: 'invoiced-object-AFL-empty',
      targets: ['BR-FR-29'],
      apply: U.addDocRef('<cbc:ID schemeID="AFL"></cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode>'),
    },
  ] satisfies Omit<Mutation, 'syntax'>[]
).map((m): Mutation => ({ ...m, syntax: 'UBL' }));
