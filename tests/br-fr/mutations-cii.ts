/** Mutations of the CII Annexe B invoices (see mutations.ts). */
import { chain, type Mutation, sub } from './mutation-kit.js';

// ---------------------------------------------------------------- CII helpers
const C = {
  docId: (v: string) => (x: string) =>
    sub(x, /(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*(<\/ram:ID>)/, `$1${v}$2`),
  issueDate: (v: string) => (x: string) =>
    sub(x, /(<ram:IssueDateTime>\s*<udt:DateTimeString[^>]*>)[^<]*/, `$1${v}`),
  dueDate: (v: string) => (x: string) =>
    sub(x, /(<ram:DueDateDateTime>\s*<udt:DateTimeString[^>]*>)[^<]*/, `$1${v}`),
  type: (v: string) => (x: string) =>
    sub(x, /(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)[^<]*(<\/ram:TypeCode>)/, `$1${v}$2`),
  bt23: (v: string) => (x: string) =>
    sub(x, /(<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/, `$1${v}`),
  dropBt23: (x: string) =>
    sub(
      x,
      /<ram:BusinessProcessSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:BusinessProcessSpecifiedDocumentContextParameter>/,
      '',
    ),
  dropNote: (code: string) => (x: string) =>
    sub(
      x,
      new RegExp(
        `<ram:IncludedNote>(?:(?!<\\/ram:IncludedNote>)[\\s\\S])*<ram:SubjectCode>${code}<\\/ram:SubjectCode>\\s*<\\/ram:IncludedNote>`,
      ),
      '',
    ),
  dupNote: (code: string) => (x: string) =>
    sub(
      x,
      new RegExp(
        `<ram:IncludedNote>(?:(?!<\\/ram:IncludedNote>)[\\s\\S])*<ram:SubjectCode>${code}<\\/ram:SubjectCode>\\s*<\\/ram:IncludedNote>`,
      ),
      (m) => m + m,
    ),
  addNote: (code: string, content: string) => (x: string) =>
    sub(
      x,
      /(<\/rsm:ExchangedDocument>)/,
      `<ram:IncludedNote><ram:Content>${content}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>$1`,
    ),
  sellerSiren: (x: string) =>
    /<ram:SellerTradeParty>[\s\S]*?<ram:ID schemeID="0002">(\d+)<\/ram:ID>/.exec(x)?.[1],
  addSellerGlobalId: (scheme: string, v: string | ((x: string) => string | undefined)) => (x: string) => {
    const value = typeof v === 'string' ? v : v(x);
    if (value === undefined) return undefined;
    return sub(x, /(<ram:SellerTradeParty>)/, `$1<ram:GlobalID schemeID="${scheme}">${value}</ram:GlobalID>`);
  },
  addBuyerGlobalId: (scheme: string, v: string) => (x: string) =>
    sub(x, /(<ram:BuyerTradeParty>)/, `$1<ram:GlobalID schemeID="${scheme}">${v}</ram:GlobalID>`),
  sellerLegalId: (v: string | null) => (x: string) =>
    sub(
      x,
      /(<ram:SellerTradeParty>[\s\S]*?)<ram:ID schemeID="0002">\d+<\/ram:ID>/,
      v === null ? '$1' : `$1<ram:ID schemeID="0002">${v}</ram:ID>`,
    ),
  buyerLegalId: (v: string | null) => (x: string) =>
    sub(
      x,
      /(<ram:BuyerTradeParty>[\s\S]*?)<ram:ID schemeID="0002">\d+<\/ram:ID>/,
      v === null ? '$1' : `$1<ram:ID schemeID="0002">${v}</ram:ID>`,
    ),
  sellerUri:
    (v: string | null, scheme = '0225') =>
    (x: string) =>
      sub(
        x,
        /(<ram:SellerTradeParty>(?:(?!<\/ram:SellerTradeParty>)[\s\S])*?)<ram:URIUniversalCommunication>\s*<ram:URIID[^>]*>[^<]*<\/ram:URIID>\s*<\/ram:URIUniversalCommunication>/,
        v === null
          ? '$1'
          : `$1<ram:URIUniversalCommunication><ram:URIID schemeID="${scheme}">${v}</ram:URIID></ram:URIUniversalCommunication>`,
      ),
  buyerUri:
    (v: string | null, scheme = '0225') =>
    (x: string) =>
      sub(
        x,
        /(<ram:BuyerTradeParty>(?:(?!<\/ram:BuyerTradeParty>)[\s\S])*?)<ram:URIUniversalCommunication>\s*<ram:URIID[^>]*>[^<]*<\/ram:URIID>\s*<\/ram:URIUniversalCommunication>/,
        v === null
          ? '$1'
          : `$1<ram:URIUniversalCommunication><ram:URIID schemeID="${scheme}">${v}</ram:URIID></ram:URIUniversalCommunication>`,
      ),
  lineCategory: (v: string) => (x: string) =>
    sub(
      x,
      /(<ram:SpecifiedLineTradeSettlement>\s*<ram:ApplicableTradeTax>[\s\S]*?<ram:CategoryCode>)[^<]*/,
      `$1${v}`,
    ),
  lineRate: (v: string) => (x: string) =>
    sub(
      x,
      /(<ram:SpecifiedLineTradeSettlement>\s*<ram:ApplicableTradeTax>[\s\S]*?<ram:RateApplicablePercent>)[^<]*/,
      `$1${v}`,
    ),
  lineTotal: (v: string) => (x: string) =>
    sub(x, /(<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>)[^<]*/, `$1${v}`),
  quantity: (v: string) => (x: string) => sub(x, /(<ram:BilledQuantity[^>]*>)[^<]*/, `$1${v}`),
  netPrice: (v: string) => (x: string) =>
    sub(x, /(<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>)[^<]*/, `$1${v}`),
  addAgreementDoc: (inner: string) => (x: string) =>
    sub(
      x,
      /(<ram:ApplicableHeaderTradeAgreement>)/,
      `$1<ram:AdditionalReferencedDocument>${inner}</ram:AdditionalReferencedDocument>`,
    ),
  currency: (v: string) => (x: string) => sub(x, /(<ram:InvoiceCurrencyCode>)[^<]*/, `$1${v}`),
  addPreceding: (id: string, date: string) => (x: string) =>
    sub(
      x,
      /(<\/ram:ApplicableHeaderTradeSettlement>)/,
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${id}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>$1`,
    ),
  addCharacteristic: (inner: string) => (x: string) =>
    sub(
      x,
      /(<ram:SpecifiedTradeProduct>(?:(?!<\/ram:SpecifiedTradeProduct>)[\s\S])*?)(<\/ram:SpecifiedTradeProduct>)/,
      `$1<ram:ApplicableProductCharacteristic>${inner}</ram:ApplicableProductCharacteristic>$2`,
    ),
};

export const CII: Mutation[] = (
  [
    { name: 'number-36-chars', targets: ['BR-FR-01'], apply: C.docId('F'.padEnd(36, '1')) },
    { name: 'number-with-space', targets: ['BR-FR-02'], apply: C.docId('F 2025 0003') },
    { name: 'number-with-dot', targets: ['BR-FR-02'], apply: C.docId('F2025.0003') },
    { name: 'issue-date-feb-30', targets: ['BR-FR-03'], apply: C.issueDate('20250230') },
    { name: 'issue-date-1999', targets: ['BR-FR-03'], apply: C.issueDate('19991231') },
    { name: 'issue-date-leap-ok', targets: [], apply: C.issueDate('20280229') },
    { name: 'due-date-before-issue', targets: ['BR-FR-CO-07'], apply: C.dueDate('20000101') },
    { name: 'due-date-2100', targets: ['BR-FR-03'], apply: C.dueDate('21000101') },
    { name: 'type-326', targets: ['BR-FR-04'], apply: C.type('326') },
    { name: 'type-389-self-billed-no-bar', targets: [], apply: C.type('389') },
    { name: 'type-384-corrective', targets: ['BR-FR-CO-04'], apply: C.type('384') },
    { name: 'type-381-credit-note', targets: ['BR-FR-CO-05'], apply: C.type('381') },
    { name: 'type-262-global-discount', targets: ['BR-FR-CO-03'], apply: C.type('262') },
    { name: 'bt23-missing', targets: ['BR-FR-08'], apply: C.dropBt23 },
    { name: 'bt23-A1', targets: ['BR-FR-08'], apply: C.bt23('A1') },
    { name: 'bt23-B4-deposit-386', targets: ['BR-FR-CO-08'], apply: chain(C.bt23('B4'), C.type('386')) },
    { name: 'bt23-S2-already-paid', targets: ['BR-FR-CO-09'], apply: C.bt23('S2') },
    { name: 'bt23-S8-self-billed', targets: ['BR-FR-MV-13'], apply: chain(C.bt23('S8'), C.type('389')) },
    { name: 'bt23-S9-not-self-billed', targets: ['BR-FR-BD-13'], apply: chain(C.bt23('S9'), C.type('380')) },
    { name: 'drop-PMT', targets: ['BR-FR-05'], apply: C.dropNote('PMT') },
    { name: 'drop-PMD', targets: ['BR-FR-05'], apply: C.dropNote('PMD') },
    { name: 'drop-AAB', targets: ['BR-FR-05'], apply: C.dropNote('AAB') },
    { name: 'duplicate-PMD', targets: ['BR-FR-06'], apply: C.dupNote('PMD') },
    { name: 'two-TXD', targets: ['BR-FR-06'], apply: chain(C.addNote('TXD', 'A'), C.addNote('TXD', 'B')) },
    { name: 'bar-B2B', targets: [], apply: C.addNote('BAR', 'B2B') },
    { name: 'bar-B2G', targets: ['BR-FR-20'], apply: C.addNote('BAR', 'B2G') },
    {
      name: 'bar-B2B-and-B2C',
      targets: ['BR-FR-31'],
      apply: chain(C.addNote('BAR', 'B2B'), C.addNote('BAR', 'B2C')),
    },
    {
      name: 'seller-siret-coherent',
      targets: [],
      apply: C.addSellerGlobalId('0009', (x) => (C.sellerSiren(x) ? `${C.sellerSiren(x)}00017` : undefined)),
    },
    {
      name: 'seller-siret-luhn-broken',
      targets: [],
      apply: C.addSellerGlobalId('0009', (x) => (C.sellerSiren(x) ? `${C.sellerSiren(x)}00018` : undefined)),
    },
    {
      name: 'seller-siret-other-siren',
      targets: ['BR-FR-09'],
      apply: C.addSellerGlobalId('0009', '99999999900017'),
    },
    {
      name: 'seller-siret-13-digits',
      targets: ['BR-FR-09'],
      apply: C.addSellerGlobalId('0009', '1000000090001'),
    },
    { name: 'seller-siren-removed', targets: ['BR-FR-10'], apply: C.sellerLegalId(null) },
    { name: 'seller-siren-8-digits', targets: ['BR-FR-10', 'BR-FR-32'], apply: C.sellerLegalId('10000000') },
    {
      name: 'buyer-siren-removed-b2b',
      targets: ['BR-FR-11'],
      apply: chain(C.buyerLegalId(null), C.addNote('BAR', 'B2B')),
    },
    {
      name: 'buyer-siret-other-siren',
      targets: ['BR-FR-09'],
      apply: C.addBuyerGlobalId('0009', '99999999900017'),
    },
    { name: 'buyer-uri-removed', targets: ['BR-FR-12'], apply: C.buyerUri(null) },
    { name: 'seller-uri-removed', targets: ['BR-FR-13'], apply: C.sellerUri(null) },
    { name: 'seller-uri-slash', targets: ['BR-FR-23'], apply: C.sellerUri('100000009/COMPTA') },
    { name: 'buyer-uri-130', targets: ['BR-FR-25'], apply: C.buyerUri('a'.repeat(130), 'EM') },
    {
      name: 'buyer-uri-other-siren-b2b',
      targets: ['BR-FR-21'],
      apply: chain(C.buyerUri('999999999'), C.addNote('BAR', 'B2B')),
    },
    {
      name: 'self-billed-seller-email-b2b',
      targets: ['BR-FR-22'],
      apply: chain(C.type('389'), C.sellerUri('v@vendeur.fr', 'EM'), C.addNote('BAR', 'B2B')),
    },
    {
      name: 'routing-code-space',
      targets: ['BR-FR-24'],
      apply: C.addSellerGlobalId('0224', 'SERVICE COMPTA'),
    },
    { name: 'routing-code-101', targets: ['BR-FR-26'], apply: C.addSellerGlobalId('0224', 'R'.repeat(101)) },
    { name: 'line-category-L', targets: ['BR-FR-15'], apply: C.lineCategory('L') },
    {
      name: 'line-category-removed',
      targets: ['BR-FR-15'],
      apply: (x) =>
        sub(
          x,
          /(<ram:SpecifiedLineTradeSettlement>\s*<ram:ApplicableTradeTax>[\s\S]*?)<ram:CategoryCode>[^<]*<\/ram:CategoryCode>/,
          '$1',
        ),
    },
    {
      name: 'breakdown-category-removed',
      targets: ['BR-FR-15'],
      apply: (x) =>
        sub(
          x,
          /(<ram:ApplicableHeaderTradeSettlement>(?:(?!<ram:ApplicableTradeTax>)[\s\S])*<ram:ApplicableTradeTax>(?:(?!<\/ram:ApplicableTradeTax>)[\s\S])*?)<ram:CategoryCode>[^<]*<\/ram:CategoryCode>/,
          '$1',
        ),
    },
    { name: 'line-rate-19', targets: ['BR-FR-16'], apply: C.lineRate('19.00') },
    { name: 'line-rate-3-decimals', targets: ['BR-FR-16', 'BR-FR-DEC-04'], apply: C.lineRate('20.005') },
    { name: 'line-rate-negative', targets: ['BR-FR-16', 'BR-FR-DEC-04'], apply: C.lineRate('-20.00') },
    { name: 'line-total-3-decimals', targets: ['BR-FR-DEC-01'], apply: C.lineTotal('8000.001') },
    { name: 'quantity-5-decimals', targets: ['BR-FR-DEC-02'], apply: C.quantity('200.00001') },
    { name: 'net-price-7-decimals', targets: ['BR-FR-DEC-03'], apply: C.netPrice('40.1234567') },
    { name: 'net-price-negative', targets: ['BR-FR-DEC-03'], apply: C.netPrice('-40.00') },
    {
      name: 'attachment-bad-code',
      targets: ['BR-FR-17'],
      apply: C.addAgreementDoc(
        '<ram:IssuerAssignedID>PJ1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>Facture PDF</ram:Name>',
      ),
    },
    {
      name: 'attachment-two-lisible',
      targets: ['BR-FR-18'],
      apply: chain(
        C.addAgreementDoc(
          '<ram:IssuerAssignedID>PJ1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>LISIBLE</ram:Name>',
        ),
        C.addAgreementDoc(
          '<ram:IssuerAssignedID>PJ2</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>LISIBLE</ram:Name>',
        ),
      ),
    },
    { name: 'currency-USD', targets: ['BR-FR-CO-12'], apply: C.currency('USD') },
    {
      name: 'vat-group-member',
      targets: ['BR-FR-CO-14', 'BR-FR-CO-15'],
      apply: (x) => (x.includes('schemeID="0231"') ? undefined : C.addSellerGlobalId('0231', '300000007')(x)),
    },
    { name: 'vat-group-short-siren', targets: ['BR-FR-32'], apply: C.addSellerGlobalId('0231', '3000') },
    {
      name: 'seller-duplicate-scheme',
      targets: ['BR-FR-CO-10'],
      apply: chain(C.addSellerGlobalId('0088', '111'), C.addSellerGlobalId('0088', '222')),
    },
    {
      name: 'preceding-bad-id-and-date',
      targets: ['BR-FR-02', 'BR-FR-03'],
      apply: C.addPreceding('F 1', '20250230'),
    },
    { name: 'preceding-long-id', targets: ['BR-FR-01'], apply: C.addPreceding('P'.repeat(40), '20250101') },
    {
      name: 'attribute-without-value',
      targets: ['BR-FR-28'],
      apply: C.addCharacteristic('<ram:Description>Couleur</ram:Description>'),
    },
    {
      name: 'attribute-blank-name',
      targets: ['BR-FR-27'],
      apply: C.addCharacteristic('<ram:Description> </ram:Description><ram:Value>rouge</ram:Value>'),
    },
    {
      name: 'invoiced-object-AFL-empty',
      targets: ['BR-FR-29'],
      apply: C.addAgreementDoc(
        '<ram:IssuerAssignedID></ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>AFL</ram:ReferenceTypeCode>',
      ),
    },
    { name: 'buyer-siren-id-8-digits', targets: ['BR-FR-32'], apply: C.addBuyerGlobalId('0002', '12345678') },
    {
      name: 'bar-B2B-buyer-siren-9',
      targets: [],
      apply: chain(C.addNote('BAR', 'B2B'), C.buyerUri('200000008_ACHATS')),
    },
    {
      name: 'type-501-self-billed-b2b',
      targets: ['BR-FR-22'],
      apply: chain(C.type('501'), C.sellerUri('vendeur@example.fr', 'EM'), C.addNote('BAR', 'B2B')),
    },
    { name: 'due-date-leap-day-2100', targets: ['BR-FR-03'], apply: C.dueDate('21000229') },
    { name: 'line-rate-5-5', targets: [], apply: C.lineRate('5.50') },
    { name: 'line-rate-trailing-zeros', targets: ['BR-FR-16', 'BR-FR-DEC-04'], apply: C.lineRate('20.000') },
  ] satisfies Omit<Mutation, 'syntax'>[]
).map((m): Mutation => ({ ...m, syntax: 'CII' }));
