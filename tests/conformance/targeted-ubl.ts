/** Targeted edits on UBL documents, one per core rule random mutations rarely reach. */
import {
  block,
  currencyOf,
  type Edit,
  inBlock,
  insertAfter,
  insertBefore,
  removeAll,
  UBL_AC,
  unless,
} from './targeted-helpers.js';

export const UBL_EDITS: Edit[] = [
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
  {
    aim: 'BR-CO-09',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:AccountingSupplierParty', (b) =>
        inBlock(b, 'cac:PartyTaxScheme', (t) => t.replace(/(<cbc:CompanyID[^>]*>)\s*[A-Z]{2}/, '$1QQ')),
      ),
  },
  {
    aim: 'BR-50 BR-61 (account left empty)',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:PayeeFinancialAccount', (b) =>
        b.replace(/<cbc:ID(\s[^>]*)?>[^<]*<\/cbc:ID>/, '<cbc:ID></cbc:ID>'),
      ),
  },
  {
    aim: 'BR-54',
    syntax: 'UBL',
    apply: (x) =>
      inBlock(x, 'cac:Item', (b) =>
        b
          .replace('</cbc:Name>', '</cbc:Name>')
          .replace(
            /(<\/cac:Item>)$/,
            '<cac:AdditionalItemProperty><cbc:Name>Colour</cbc:Name></cac:AdditionalItemProperty>$1',
          ),
      ),
  },
  // trailing zeros: 10.500 is 10.5 for a number, three decimals for the official string test
  {
    aim: 'BR-DEC-18 (trailing zero)',
    syntax: 'UBL',
    apply: (x) => insertAfter(x, /<cbc:PayableAmount[^>]*>\d+\.\d\d(?=<)/, '0'),
  },
  {
    aim: 'BR-DEC-23 (trailing zero)',
    syntax: 'UBL',
    apply: (x) =>
      insertAfter(
        x,
        /<cac:(?:Invoice|CreditNote)Line>[\s\S]*?<cbc:LineExtensionAmount[^>]*>\d+\.\d\d(?=<)/,
        '0',
      ),
  },
];
