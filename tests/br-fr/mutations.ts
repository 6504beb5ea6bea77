/**
 * Deterministic mutations of the official Annexe B invoices (CII and UBL XML), each aimed at one
 * or more BR-FR rules. A mutation returns undefined when the document has nothing to mutate.
 * String-level edits on comment-free XML: the oracle and our reader see the same bytes.
 */
export type XmlSyntax = 'CII' | 'UBL';
export interface Mutation {
  name: string;
  syntax: XmlSyntax;
  /** BR-FR rules the mutation is meant to trigger (documentation; the oracle decides) */
  targets: string[];
  /** restrict to UBL Invoice or CreditNote roots */
  root?: 'Invoice' | 'CreditNote';
  apply: (xml: string) => string | undefined;
}

export const stripComments = (xml: string): string => xml.replace(/<!--[\s\S]*?-->/g, '');

/** Replaces the first match; undefined when there is none */
function sub(xml: string, re: RegExp, by: string | ((...m: string[]) => string)): string | undefined {
  if (!re.test(xml)) return undefined;
  return typeof by === 'string'
    ? xml.replace(re, by)
    : xml.replace(re, (...m: unknown[]) => by(...(m as string[])));
}
const chain =
  (...steps: ((x: string) => string | undefined)[]) =>
  (xml: string): string | undefined => {
    let out: string | undefined = xml;
    for (const s of steps) {
      if (out === undefined) return undefined;
      out = s(out);
    }
    return out;
  };

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

const CII: Mutation[] = (
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

const UBL: Mutation[] = (
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

export const MUTATIONS: Mutation[] = [...CII, ...UBL];
