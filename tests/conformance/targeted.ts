/**
 * Targeted mutations: text edits aimed at the core rules that random mutations rarely reach
 * (parties, tax representative, payee, card, periods, allowances without reason, schemes…). Each
 * edit names the rule it aims at; it is applied to the first few documents of its syntax where its
 * anchor exists. Whatever fires is compared with the official validator like any other mutation.
 */
import type { Mutant } from './mutations.js';
import type { Syntax } from './support.js';

interface Edit {
  aim: string;
  syntax: Syntax;
  apply: (xml: string) => string | undefined;
}

/** Applies fn to the first `<tag …>…</tag>` block (tag with prefix, e.g. ram:SellerTradeParty) */
function inBlock(xml: string, tag: string, fn: (block: string) => string | undefined): string | undefined {
  const re = new RegExp(`<${tag}(\\s[^>]*)?>[\\s\\S]*?</${tag}>`);
  const m = re.exec(xml);
  if (!m) return undefined;
  const next = fn(m[0]);
  if (next === undefined || next === m[0]) return undefined;
  return xml.slice(0, m.index) + next + xml.slice(m.index + m[0].length);
}
const removeAll = (block: string, re: RegExp) => block.replace(re, '');
const insertAfter = (xml: string, anchor: RegExp, text: string) => {
  const m = anchor.exec(xml);
  return m ? xml.slice(0, m.index + m[0].length) + text + xml.slice(m.index + m[0].length) : undefined;
};
const insertBefore = (xml: string, anchor: RegExp, text: string) => {
  const m = anchor.exec(xml);
  return m ? xml.slice(0, m.index) + text + xml.slice(m.index) : undefined;
};
/** The edit only when the document has no element matching `present` (EN 16931 allows one such group) */
const unless = (xml: string, present: RegExp, edit: (x: string) => string | undefined) =>
  present.test(xml) ? undefined : edit(xml);
const currencyOf = (xml: string) => /<cbc:DocumentCurrencyCode[^>]*>([^<]+)</.exec(xml)?.[1]?.trim() ?? 'EUR';
const block = (tag: string) => new RegExp(`<${tag}(\\s[^>]*)?>[\\s\\S]*?</${tag}>`, 'g');

const CII_AC = (indicator: boolean, inner = '') =>
  `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${indicator}</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`;
const UBL_AC = (indicator: boolean, inner = '') =>
  `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator>${inner}</cac:AllowanceCharge>`;

const EDITS: Edit[] = [
  // ---- CII
  {
    aim: 'BR-08',
    syntax: 'CII',
    apply: (x) => inBlock(x, 'ram:SellerTradeParty', (b) => removeAll(b, block('ram:PostalTradeAddress'))),
  },
  {
    aim: 'BR-10',
    syntax: 'CII',
    apply: (x) => inBlock(x, 'ram:BuyerTradeParty', (b) => removeAll(b, block('ram:PostalTradeAddress'))),
  },
  {
    aim: 'BR-62',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SellerTradeParty', (b) => b.replace(/(<ram:URIID)\s+schemeID="[^"]*"/, '$1')),
  },
  {
    aim: 'BR-63',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:BuyerTradeParty', (b) => b.replace(/(<ram:URIID)\s+schemeID="[^"]*"/, '$1')),
  },
  {
    aim: 'BR-64',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SpecifiedTradeProduct', (b) => b.replace(/(<ram:GlobalID)\s+schemeID="[^"]*"/, '$1')),
  },
  { aim: 'BR-65', syntax: 'CII', apply: (x) => x.replace(/(<ram:ClassCode)\s+listID="[^"]*"/, '$1') },
  {
    aim: 'BR-28',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:GrossPriceProductTradePrice', (b) => b.replace(/(<ram:ChargeAmount[^>]*>)\s*/, '$1-')),
  },
  {
    aim: 'BR-CO-26',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SellerTradeParty', (b) =>
        removeAll(
          b,
          /<ram:(ID|GlobalID)(\s[^>]*)?>[^<]*<\/ram:\1>|<ram:SpecifiedLegalOrganization>[\s\S]*?<\/ram:SpecifiedLegalOrganization>|<ram:SpecifiedTaxRegistration>[\s\S]*?<\/ram:SpecifiedTaxRegistration>/g,
        ),
      ),
  },
  {
    aim: 'BR-18 BR-19 BR-20 BR-56 (tax representative without name, address, VAT id)',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /SellerTaxRepresentativeTradeParty/, (y) =>
        insertAfter(
          y,
          /<\/ram:BuyerTradeParty>/,
          '<ram:SellerTaxRepresentativeTradeParty><ram:Name> </ram:Name></ram:SellerTaxRepresentativeTradeParty>',
        ),
      ),
  },
  {
    aim: 'BR-17 (payee without name)',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /PayeeTradeParty/, (y) =>
        insertAfter(
          y,
          /<\/ram:InvoiceCurrencyCode>/,
          '<ram:PayeeTradeParty><ram:ID>PAYEE-1</ram:ID></ram:PayeeTradeParty>',
        ),
      ),
  },
  {
    aim: 'BR-17 (payee named like the seller)',
    syntax: 'CII',
    apply: (x) => {
      const name = /<ram:SellerTradeParty>[\s\S]*?<ram:Name>([^<]*)<\/ram:Name>/.exec(x)?.[1];
      if (name === undefined) return undefined;
      return unless(x, /PayeeTradeParty/, (y) =>
        insertAfter(
          y,
          /<\/ram:InvoiceCurrencyCode>/,
          `<ram:PayeeTradeParty><ram:Name>${name}</ram:Name></ram:PayeeTradeParty>`,
        ),
      );
    },
  },
  {
    aim: 'BR-51',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /FinancialCard/, (y) =>
        inBlock(y, 'ram:SpecifiedTradeSettlementPaymentMeans', (b) =>
          b.replace(
            /(<ram:TypeCode>[^<]*<\/ram:TypeCode>)/,
            '$1<ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234567890123456</ram:ID></ram:ApplicableTradeSettlementFinancialCard>',
          ),
        ),
      ),
  },
  {
    aim: 'BR-53',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /TaxCurrencyCode/, (y) =>
        insertAfter(y, /<\/ram:InvoiceCurrencyCode>/, '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
      ),
  },
  {
    aim: 'BR-CO-03',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /TaxPointDate|DueDateTypeCode/, (y) =>
        inBlock(y, 'ram:ApplicableHeaderTradeSettlement', (h) =>
          inBlock(h, 'ram:ApplicableTradeTax', (b) =>
            b.replace(
              /(<\/ram:CategoryCode>)/,
              '$1<ram:TaxPointDate><udt:DateString format="102">20240101</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
            ),
          ),
        ),
      ),
  },
  {
    aim: 'BR-CO-19 (empty invoicing period)',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:ApplicableHeaderTradeSettlement', (h) =>
        /<ram:BillingSpecifiedPeriod>/.test(h)
          ? undefined
          : h.replace(
              '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
              '<ram:BillingSpecifiedPeriod></ram:BillingSpecifiedPeriod><ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
            ),
      ),
  },
  {
    aim: 'BR-CO-20 (empty line period)',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SpecifiedLineTradeSettlement', (b) =>
        /BillingSpecifiedPeriod/.test(b)
          ? undefined
          : b.replace(
              '<ram:SpecifiedLineTradeSettlement>',
              '<ram:SpecifiedLineTradeSettlement><ram:BillingSpecifiedPeriod></ram:BillingSpecifiedPeriod>',
            ),
      ),
  },
  {
    aim: 'BR-55',
    syntax: 'CII',
    apply: (x) =>
      insertAfter(
        x,
        /<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/,
        '<ram:InvoiceReferencedDocument><ram:FormattedIssueDateTime><qdt:DateTimeString xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" format="102">20240101</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
      ),
  },
  {
    aim: 'BR-57',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /ShipToTradeParty/, (y) =>
        insertAfter(
          y,
          /<ram:ApplicableHeaderTradeDelivery>/,
          '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CityName>Lyon</ram:CityName></ram:PostalTradeAddress></ram:ShipToTradeParty>',
        ),
      ),
  },
  {
    aim: 'BR-41 BR-42 BR-CO-23',
    syntax: 'CII',
    apply: (x) => insertAfter(x, /<ram:SpecifiedLineTradeSettlement>/, CII_AC(false)),
  },
  {
    aim: 'BR-43 BR-44 BR-CO-24',
    syntax: 'CII',
    apply: (x) => insertAfter(x, /<ram:SpecifiedLineTradeSettlement>/, CII_AC(true)),
  },
  {
    aim: 'BR-DEC-24 BR-DEC-25',
    syntax: 'CII',
    apply: (x) =>
      insertAfter(
        x,
        /<ram:SpecifiedLineTradeSettlement>/,
        CII_AC(
          false,
          '<ram:BasisAmount>10.001</ram:BasisAmount><ram:ActualAmount>1.001</ram:ActualAmount><ram:Reason>r</ram:Reason>',
        ),
      ),
  },
  {
    aim: 'BR-DEC-27 BR-DEC-28',
    syntax: 'CII',
    apply: (x) =>
      insertAfter(
        x,
        /<ram:SpecifiedLineTradeSettlement>/,
        CII_AC(
          true,
          '<ram:BasisAmount>10.001</ram:BasisAmount><ram:ActualAmount>1.001</ram:ActualAmount><ram:Reason>r</ram:Reason>',
        ),
      ),
  },
  {
    aim: 'BR-31 BR-32 BR-33',
    syntax: 'CII',
    apply: (x) => insertBefore(x, /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>/, CII_AC(false)),
  },
  {
    aim: 'BR-36 BR-37 BR-38',
    syntax: 'CII',
    apply: (x) => insertBefore(x, /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>/, CII_AC(true)),
  },
  {
    aim: 'BR-DEC-06',
    syntax: 'CII',
    apply: (x) =>
      insertBefore(
        x,
        /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>/,
        CII_AC(
          true,
          '<ram:BasisAmount>100.001</ram:BasisAmount><ram:ActualAmount>0</ram:ActualAmount><ram:Reason>r</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:CategoryTradeTax>',
        ),
      ),
  },
  {
    aim: 'BR-DEC-17',
    syntax: 'CII',
    apply: (x) =>
      unless(x, /RoundingAmount/, (y) =>
        insertBefore(y, /<ram:DuePayableAmount/, '<ram:RoundingAmount>0.001</ram:RoundingAmount>'),
      ),
  },
  // ---- UBL
  {
    aim: 'BR-08',
    syntax: 'UBL',
    apply: (x) => inBlock(x, 'cac:AccountingSupplierParty', (b) => removeAll(b, block('cac:PostalAddress'))),
  },
  {
    aim: 'BR-62',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:AccountingSupplierParty', (b) =>
        b.replace(/(<cbc:EndpointID)\s+schemeID="[^"]*"/, '$1'),
      ),
  },
  {
    aim: 'BR-63',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:AccountingCustomerParty', (b) =>
        b.replace(/(<cbc:EndpointID)\s+schemeID="[^"]*"/, '$1'),
      ),
  },
  {
    aim: 'BR-64',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:StandardItemIdentification', (b) => b.replace(/(<cbc:ID)\s+schemeID="[^"]*"/, '$1')),
  },
  {
    aim: 'BR-65',
    syntax: 'UBL',
    apply: (x) => x.replace(/(<cbc:ItemClassificationCode)\s+listID="[^"]*"/, '$1'),
  },
  {
    aim: 'BR-28',
    syntax: 'UBL',
    apply: (x) =>
      insertAfter(
        x,
        /<cbc:PriceAmount[^>]*>[^<]*<\/cbc:PriceAmount>/,
        UBL_AC(
          false,
          `<cbc:Amount currencyID="${currencyOf(x)}">1</cbc:Amount><cbc:BaseAmount currencyID="${currencyOf(x)}">-5</cbc:BaseAmount>`,
        ),
      ),
  },
  {
    aim: 'BR-CO-26',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:AccountingSupplierParty', (b) =>
        removeAll(
          b,
          /<cac:PartyIdentification>[\s\S]*?<\/cac:PartyIdentification>|<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>|<cbc:CompanyID(\s[^>]*)?>[^<]*<\/cbc:CompanyID>/g,
        ),
      ),
  },
  {
    aim: 'BR-18 BR-19 BR-56 (blank tax representative)',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /TaxRepresentativeParty/, (y) =>
        insertAfter(
          y,
          /<\/cac:AccountingCustomerParty>/,
          '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name> </cbc:Name></cac:PartyName></cac:TaxRepresentativeParty>',
        ),
      ),
  },
  {
    aim: 'BR-20 BR-56',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /TaxRepresentativeParty/, (y) =>
        insertAfter(
          y,
          /<\/cac:AccountingCustomerParty>/,
          '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName><cac:PostalAddress><cbc:CityName>Lyon</cbc:CityName></cac:PostalAddress></cac:TaxRepresentativeParty>',
        ),
      ),
  },
  {
    aim: 'BR-17 (payee without name)',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /PayeeParty/, (y) =>
        insertAfter(
          y,
          /<\/cac:AccountingCustomerParty>/,
          '<cac:PayeeParty><cac:PartyIdentification><cbc:ID>PAYEE-1</cbc:ID></cac:PartyIdentification></cac:PayeeParty>',
        ),
      ),
  },
  {
    aim: 'BR-51',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /CardAccount/, (y) =>
        inBlock(y, 'cac:PaymentMeans', (b) =>
          b.replace(
            /(<cbc:PaymentMeansCode[^>]*>[^<]*<\/cbc:PaymentMeansCode>)/,
            '$1<cac:CardAccount><cbc:PrimaryAccountNumberID>1234567890123456</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>',
          ),
        ),
      ),
  },
  {
    aim: 'BR-53',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /<cbc:TaxCurrencyCode/, (y) =>
        insertAfter(y, /<\/cbc:DocumentCurrencyCode>/, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'),
      ),
  },
  {
    aim: 'BR-CO-19 (empty invoicing period)',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /<cac:InvoicePeriod>/, (y) =>
        insertBefore(y, /<cac:AccountingSupplierParty>/, '<cac:InvoicePeriod></cac:InvoicePeriod>'),
      ),
  },
  {
    aim: 'BR-CO-20 (empty line period)',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /<cac:InvoicePeriod>/, (y) =>
        inBlock(y, 'cac:InvoiceLine', (b) =>
          b.replace(/(<\/cbc:LineExtensionAmount>)/, '$1<cac:InvoicePeriod></cac:InvoicePeriod>'),
        ),
      ),
  },
  {
    aim: 'BR-55',
    syntax: 'UBL',
    apply: (x) =>
      insertBefore(
        x,
        /<cac:AccountingSupplierParty>/,
        '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
      ),
  },
  {
    aim: 'BR-57',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /<cac:Delivery>/, (y) =>
        insertBefore(
          y,
          /<cac:(PaymentMeans|PaymentTerms|AllowanceCharge|TaxTotal)>/,
          '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Lyon</cbc:CityName></cac:Address></cac:DeliveryLocation></cac:Delivery>',
        ),
      ),
  },
  { aim: 'BR-31 BR-32 BR-33', syntax: 'UBL', apply: (x) => insertBefore(x, /<cac:TaxTotal>/, UBL_AC(false)) },
  { aim: 'BR-36 BR-37 BR-38', syntax: 'UBL', apply: (x) => insertBefore(x, /<cac:TaxTotal>/, UBL_AC(true)) },
  {
    aim: 'BR-DEC-17',
    syntax: 'UBL',
    apply: (x) =>
      unless(x, /PayableRoundingAmount/, (y) =>
        insertBefore(
          y,
          /<cbc:PayableAmount/,
          `<cbc:PayableRoundingAmount currencyID="${currencyOf(x)}">0.001</cbc:PayableRoundingAmount>`,
        ),
      ),
  },
  {
    aim: 'BR-41 BR-42 BR-CO-23',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:InvoiceLine', (b) => b.replace(/(<\/cbc:LineExtensionAmount>)/, `$1${UBL_AC(false)}`)),
  },
  {
    aim: 'BR-43 BR-44 BR-CO-24',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:InvoiceLine', (b) => b.replace(/(<\/cbc:LineExtensionAmount>)/, `$1${UBL_AC(true)}`)),
  },
  {
    aim: 'BR-DEC-24 BR-DEC-25',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:InvoiceLine', (b) =>
        b.replace(
          /(<\/cbc:LineExtensionAmount>)/,
          `$1${UBL_AC(false, `<cbc:AllowanceChargeReason>r</cbc:AllowanceChargeReason><cbc:Amount currencyID="${currencyOf(x)}">1.001</cbc:Amount><cbc:BaseAmount currencyID="${currencyOf(x)}">10.001</cbc:BaseAmount>`)}`,
        ),
      ),
  },
];

/** Targeted mutants of the given documents: each edit on at most `perEdit` documents of its syntax */
export function targeted(
  bases: { id: string; xml: string; syntax: Syntax }[],
  perEdit: number,
): (Mutant & { syntax: Syntax })[] {
  const out: (Mutant & { syntax: Syntax })[] = [];
  EDITS.forEach((edit, e) => {
    let used = 0;
    for (const base of bases) {
      if (used >= perEdit) break;
      if (base.syntax !== edit.syntax) continue;
      const xml = edit.apply(base.xml);
      if (xml === undefined || xml === base.xml) continue;
      used++;
      out.push({ id: `${base.id}~t${e}`, xml, what: `targets ${edit.aim}`, syntax: base.syntax });
    }
  });
  return out;
}
