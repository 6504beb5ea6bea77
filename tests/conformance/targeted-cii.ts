/** Targeted edits on CII documents, one per core rule random mutations rarely reach. */
import {
  block,
  CII_AC,
  type Edit,
  inBlock,
  insertAfter,
  insertBefore,
  removeAll,
  unless,
} from './targeted-helpers.js';

export const CII_EDITS: Edit[] = [
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
  {
    aim: 'BR-CO-09',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SellerTradeParty', (b) => b.replace(/(<ram:ID schemeID="VA">)\s*[A-Z]{2}/, '$1QQ')),
  },
  {
    aim: 'BR-50 BR-61 (account left empty)',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:PayeePartyCreditorFinancialAccount', (b) =>
        removeAll(b, /<ram:(IBANID|ProprietaryID)>[^<]*<\/ram:\1>/g),
      ),
  },
  {
    aim: 'BR-54',
    syntax: 'CII',
    apply: (x) =>
      inBlock(x, 'ram:SpecifiedTradeProduct', (b) =>
        b.replace(
          '</ram:Name>',
          '</ram:Name><ram:ApplicableProductCharacteristic><ram:Description>Colour</ram:Description></ram:ApplicableProductCharacteristic>',
        ),
      ),
  },
  // trailing zeros: 10.500 is 10.5 for a number, three decimals for the official string test
  {
    aim: 'BR-DEC-23 (trailing zero)',
    syntax: 'CII',
    apply: (x) => insertAfter(x, /<ram:LineTotalAmount>\d+\.\d\d(?=<)/, '0'),
  },
  {
    aim: 'BR-DEC-14 (trailing zero)',
    syntax: 'CII',
    apply: (x) => insertAfter(x, /<ram:GrandTotalAmount[^>]*>\d+\.\d\d(?=<)/, '0'),
  },
];
