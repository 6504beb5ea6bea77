/**
 * The EXTENDED-CTC-FR test corpus: every Annexe B invoice (v1.2, v1.3) declaring EXTENDED-CTC-FR
 * (BT-24 set to its id where the example names Factur-X instead: the set applies to documents that
 * declare the profile), and deterministic mutations aimed at the rules the set rewrites or adds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EXTENDED_CTC_FR_ID } from '@einv/core-model';
import {
  chain,
  invoiceKind,
  type Mutation,
  stripComments,
  sub,
  type XmlSyntax,
} from '../br-fr/mutation-kit.js';
import { MUTATIONS as BR_FR_MUTATIONS } from '../br-fr/mutations.js';
import { sharedFiles, sharedPath } from '../support/shared.js';

export interface Doc {
  id: string;
  xml: string;
  syntax: XmlSyntax;
  root: 'Invoice' | 'CreditNote';
}

const CII_BT24 = /(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/;
const UBL_BT24 = /(<cbc:CustomizationID>)[^<]*/;

/** The document with BT-24 declaring EXTENDED-CTC-FR */
export function declareExtendedCtcFr(xml: string, syntax: XmlSyntax): string {
  return xml.replace(syntax === 'CII' ? CII_BT24 : UBL_BT24, `$1${EXTENDED_CTC_FR_ID}`);
}

/** The official examples that are EXTENDED-CTC-FR invoices as published (file names `_EXTENDED`) */
export const isExtendedExample = (id: string) => /_EXTENDED/.test(id);

export function loadExamples(): Doc[] {
  const dirs = ['br-fr/examples/annexe-b-v1.3', 'br-fr/examples/annexe-b-v1.2'];
  const docs: Doc[] = [];
  for (const dir of dirs) {
    for (const file of sharedFiles(dir, (n) => n.endsWith('.xml'))) {
      const raw = stripComments(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
      const kind = invoiceKind(raw);
      if (!kind) continue;
      const id = path.relative(sharedPath('br-fr/examples'), file);
      docs.push({ id, xml: declareExtendedCtcFr(raw, kind.syntax), ...kind });
    }
  }
  return docs;
}

// ------------------------------------------------ mutations aimed at the EXTENDED-CTC-FR rules
const CII_LINE = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/;
const UBL_LINE = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/;

/** Edits the first line block matching `re` that `select` accepts */
function firstLine(re: RegExp, select: (b: string) => boolean, edit: (b: string) => string | undefined) {
  return (xml: string): string | undefined => {
    for (const m of xml.matchAll(new RegExp(re.source, 'g'))) {
      if (!select(m[0])) continue;
      const changed = edit(m[0]);
      if (changed === undefined || changed === m[0]) return undefined;
      const at = m.index ?? 0;
      return xml.slice(0, at) + changed + xml.slice(at + m[0].length);
    }
    return undefined;
  };
}
const ciiSub = (code: string) => (b: string) => new RegExp(`<ram:LineStatusReasonCode>${code}<`).test(b);
const ciiPlain = (b: string) => !/<ram:LineStatusReasonCode>/.test(b);
const ublSub = (code: string) => (b: string) => new RegExp(`<cbc:DocumentStatusCode>${code}<`).test(b);

const EXTENDED: Mutation[] = [
  // BR-FREXT-BR-22 / BR-FREXT-22: a counted line without quantity; a GROUP line without is fine
  {
    name: 'frext-detail-no-quantity',
    syntax: 'CII',
    targets: ['BR-FREXT-BR-22'],
    apply: firstLine(CII_LINE, ciiSub('DETAIL'), (b) =>
      sub(b, /<ram:BilledQuantity[^>]*>[^<]*<\/ram:BilledQuantity>/, ''),
    ),
  },
  {
    name: 'frext-plain-no-quantity',
    syntax: 'CII',
    targets: ['BR-FREXT-BR-22'],
    apply: firstLine(CII_LINE, ciiPlain, (b) =>
      sub(b, /<ram:BilledQuantity[^>]*>[^<]*<\/ram:BilledQuantity>/, ''),
    ),
  },
  {
    name: 'frext-group-no-quantity',
    syntax: 'CII',
    targets: [],
    apply: firstLine(CII_LINE, ciiSub('GROUP'), (b) =>
      sub(b, /<ram:BilledQuantity[^>]*>[^<]*<\/ram:BilledQuantity>/, ''),
    ),
  },
  {
    name: 'frext-detail-no-net-price',
    syntax: 'CII',
    targets: ['BR-FREXT-BR-26'],
    apply: firstLine(CII_LINE, ciiSub('DETAIL'), (b) =>
      sub(b, /<ram:NetPriceProductTradePrice>[\s\S]*?<\/ram:NetPriceProductTradePrice>/, ''),
    ),
  },
  {
    name: 'frext-detail-no-vat-category',
    syntax: 'CII',
    targets: ['BR-FREXT-CO-04'],
    apply: firstLine(CII_LINE, ciiPlain, (b) =>
      sub(b, /(<ram:ApplicableTradeTax>[\s\S]*?)<ram:CategoryCode>[^<]*<\/ram:CategoryCode>/, '$1'),
    ),
  },
  {
    name: 'frext-line-total-off',
    syntax: 'CII',
    targets: ['BR-FREXT-CO-10'],
    apply: (x) =>
      sub(
        x,
        /(<ram:SpecifiedTradeSettlementHeaderMonetarySummation>\s*<ram:LineTotalAmount>)(\d+)/,
        (_m, a, n) => `${a}${Number(n) + 1}`,
      ),
  },
  {
    name: 'frext-tax-basis-off',
    syntax: 'CII',
    targets: ['BR-FREXT-CO-13', 'BR-FREXT-CO-15'],
    apply: (x) => sub(x, /(<ram:TaxBasisTotalAmount>)(\d+)/, (_m, a, n) => `${a}${Number(n) + 1}`),
  },
  {
    name: 'frext-subtype-unknown',
    syntax: 'CII',
    targets: ['BR-FREXT-05'],
    apply: firstLine(CII_LINE, ciiSub('DETAIL'), (b) =>
      sub(b, /<ram:LineStatusReasonCode>DETAIL</, '<ram:LineStatusReasonCode>SUBLINE<'),
    ),
  },
  {
    name: 'frext-parent-unknown',
    syntax: 'CII',
    targets: ['BR-FREXT-11'],
    apply: firstLine(
      CII_LINE,
      (b) => /<ram:ParentLineID>/.test(b),
      (b) => sub(b, /<ram:ParentLineID>[^<]*</, '<ram:ParentLineID>NO-SUCH-LINE<'),
    ),
  },
  {
    name: 'frext-due-without-date-or-terms',
    syntax: 'CII',
    targets: ['BR-CO-25'],
    apply: chain((x) =>
      sub(x, /<ram:SpecifiedTradePaymentTerms>[\s\S]*?<\/ram:SpecifiedTradePaymentTerms>/, ''),
    ),
  },
  {
    name: 'frext-detail-no-quantity',
    syntax: 'UBL',
    targets: ['BR-FREXT-22'],
    apply: firstLine(UBL_LINE, ublSub('DETAIL'), (b) =>
      sub(b, /<cbc:InvoicedQuantity[^>]*>[^<]*<\/cbc:InvoicedQuantity>/, ''),
    ),
  },
  {
    name: 'frext-subtype-unknown',
    syntax: 'UBL',
    targets: ['BR-FREXT-05'],
    apply: firstLine(UBL_LINE, ublSub('DETAIL'), (b) =>
      sub(b, /<cbc:DocumentStatusCode>DETAIL</, '<cbc:DocumentStatusCode>SUBLINE<'),
    ),
  },
  {
    name: 'frext-line-total-off',
    syntax: 'UBL',
    targets: ['BR-FREXT-CO-10'],
    apply: (x) =>
      sub(x, /(<cbc:LineExtensionAmount currencyID="[A-Z]+">)(\d+)/, (_m, a, n) => `${a}${Number(n) + 1}`),
  },
  {
    name: 'frext-due-without-date-or-terms',
    syntax: 'UBL',
    targets: ['BR-CO-25'],
    apply: chain(
      (x) => sub(x, /<cbc:DueDate>[^<]*<\/cbc:DueDate>/, ''),
      (x) => x.replace(/<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>/g, ''),
    ),
  },
];

/** Adds `amount` to the number the first match of `re` ends with (group 1: what precedes it) */
const bump = (re: RegExp, amount: number) => (x: string) =>
  sub(x, re, (_m, a, n) => `${a}${(Number(n) + amount).toFixed(2)}`);

/**
 * Aimed at the asserts judged on the XML (decision 0125): VAT breakdowns per category and rate,
 * item attributes, code lists, BR-CO-27 and the EXTENDED syntax rules
 */
const ON_XML: Mutation[] = [
  {
    name: 'frext-vat-basis-off',
    syntax: 'CII',
    targets: ['BR-FXEXT-S-08', 'BR-FXEXT-S-08ini', 'BR-FXEXT-S-08rev'],
    apply: bump(
      /(<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>[^<]*<\/ram:CalculatedAmount>\s*<ram:TypeCode>VAT<\/ram:TypeCode>\s*<ram:BasisAmount>)([\d.]+)/,
      5,
    ),
  },
  {
    name: 'frext-vat-amount-off',
    syntax: 'CII',
    targets: ['BR-FXEXT-S-09'],
    apply: bump(/(<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>)([\d.]+)/, 3),
  },
  {
    name: 'frext-vat-breakdown-missing',
    syntax: 'CII',
    targets: ['BR-FREXT-S-01'],
    apply: (x) => {
      const header =
        /<ram:ApplicableHeaderTradeSettlement>[\s\S]*<\/ram:ApplicableHeaderTradeSettlement>/.exec(x);
      if (!header) return undefined;
      const cut = header[0].replace(
        /<ram:ApplicableTradeTax>(?:(?!<\/ram:ApplicableTradeTax>)[\s\S])*?<ram:CategoryCode>S<\/ram:CategoryCode>[\s\S]*?<\/ram:ApplicableTradeTax>/g,
        '',
      );
      return cut === header[0] ? undefined : x.replace(header[0], cut);
    },
  },
  {
    name: 'frext-attribute-no-value',
    syntax: 'CII',
    targets: ['BR-FREXT-54-2'],
    apply: (x) =>
      sub(x, /(<ram:ApplicableProductCharacteristic>[\s\S]*?)<ram:Value>[^<]*<\/ram:Value>/, '$1'),
  },
  {
    name: 'frext-attribute-code-unknown',
    syntax: 'CII',
    targets: ['BR-FXEXT-04'],
    apply: (x) =>
      sub(
        x,
        /<ram:ApplicableProductCharacteristic>/,
        '<ram:ApplicableProductCharacteristic><ram:TypeCode>QQQQ</ram:TypeCode>',
      ),
  },
  {
    name: 'frext-scheme-unknown',
    syntax: 'CII',
    targets: ['BR-FREXT-CL-10'],
    apply: (x) => sub(x, /<ram:GlobalID schemeID="[^"]*">/, '<ram:GlobalID schemeID="9999">'),
  },
  {
    name: 'frext-no-account',
    syntax: 'CII',
    targets: ['BR-CO-27'],
    apply: (x) =>
      sub(
        x,
        /(<ram:PayeePartyCreditorFinancialAccount>[\s\S]*?)<ram:(IBANID|ProprietaryID)>[^<]*<\/ram:\2>/,
        '$1',
      ),
  },
  {
    name: 'frext-net-price-twice',
    syntax: 'CII',
    targets: ['CII-FREXT-SR-439'],
    apply: (x) =>
      sub(x, /(<ram:NetPriceProductTradePrice>\s*)(<ram:ChargeAmount>[^<]*<\/ram:ChargeAmount>)/, '$1$2$2'),
  },
  {
    name: 'frext-delivery-terms',
    syntax: 'CII',
    targets: ['BR-FREXT-CL-27', 'CII-FREXT-SR-293'],
    apply: (x) =>
      sub(
        x,
        /<\/ram:ApplicableHeaderTradeAgreement>/,
        '<ram:ApplicableTradeDeliveryTerms><ram:DeliveryTypeCode>ZZZ</ram:DeliveryTypeCode><ram:Description>x</ram:Description></ram:ApplicableTradeDeliveryTerms></ram:ApplicableHeaderTradeAgreement>',
      ),
  },
  {
    name: 'frext-tax-exchange-extra',
    syntax: 'CII',
    targets: ['CII-FREXT-SR-366'],
    apply: (x) =>
      sub(
        x,
        /(<ram:ApplicableHeaderTradeSettlement>[\s\S]*?<ram:InvoiceCurrencyCode>[^<]*<\/ram:InvoiceCurrencyCode>)/,
        '$1<ram:TaxApplicableTradeCurrencyExchange><ram:SourceCurrencyCode>EUR</ram:SourceCurrencyCode><ram:TargetCurrencyCode>USD</ram:TargetCurrencyCode><ram:MarketID>X</ram:MarketID></ram:TaxApplicableTradeCurrencyExchange>',
      ),
  },
  {
    name: 'frext-group-child-without-amount',
    syntax: 'CII',
    targets: ['BR-FREXT-12'],
    // a child line made a GROUP without a net amount: its parent GROUP's amount no longer adds up
    apply: firstLine(
      CII_LINE,
      (b) => ciiSub('DETAIL')(b) && /<ram:ParentLineID>/.test(b),
      (b) =>
        sub(
          b.replace('<ram:LineStatusReasonCode>DETAIL<', '<ram:LineStatusReasonCode>GROUP<'),
          /<ram:SpecifiedTradeSettlementLineMonetarySummation>[\s\S]*?<\/ram:SpecifiedTradeSettlementLineMonetarySummation>/,
          '',
        ),
    ),
  },
  {
    name: 'frext-vat-basis-off',
    syntax: 'UBL',
    targets: ['BR-FREXT-S-08', 'BR-FREXT-S-08ini', 'BR-FREXT-S-08rev'],
    apply: bump(/(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="[A-Z]+">)([\d.]+)/, 5),
  },
  {
    name: 'frext-line-two-tax-categories',
    syntax: 'UBL',
    targets: ['UBL-FREXT-SR-48'],
    apply: firstLine(UBL_LINE, ublSub('DETAIL'), (b) =>
      sub(b, /(<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>)/, '$1$1'),
    ),
  },
  {
    name: 'frext-delivery-terms',
    syntax: 'UBL',
    targets: ['BR-FREXT-CL-27', 'UBL-FREXT-CR-410'],
    apply: (x) =>
      sub(
        x,
        /(<cac:PaymentMeans>)/,
        '<cac:DeliveryTerms><cbc:ID>ZZZ</cbc:ID><cbc:SpecialTerms>x</cbc:SpecialTerms></cac:DeliveryTerms>$1',
      ),
  },
  {
    name: 'frext-scheme-unknown',
    syntax: 'UBL',
    targets: ['BR-FREXT-CL-10'],
    apply: (x) => sub(x, /(<cac:PartyIdentification>\s*<cbc:ID) schemeID="[^"]*">/, '$1 schemeID="9999">'),
  },
];

/** The EXTENDED-CTC-FR mutations, then every BR-FR mutation (which the set must not misjudge either) */
export const MUTATIONS: readonly Mutation[] = [...EXTENDED, ...ON_XML, ...BR_FR_MUTATIONS];

/** Each mutation on up to `perMutation` examples of its syntax, rotating; EXTENDED examples first */
export function buildCorpus(examples: Doc[], perMutation: number, only?: string): Doc[] {
  const out: Doc[] = [...examples];
  const ordered = [...examples].sort(
    (a, b) => Number(isExtendedExample(b.id)) - Number(isExtendedExample(a.id)),
  );
  MUTATIONS.forEach((m, k) => {
    if (only && !m.name.includes(only)) return;
    const bases = ordered.filter((d) => d.syntax === m.syntax && (!m.root || d.root === m.root));
    let applied = 0;
    for (let j = 0; j < bases.length && applied < perMutation; j++) {
      const base = bases[m.name.startsWith('frext-') ? j : (k + j) % bases.length];
      if (!base) continue;
      const xml = m.apply(base.xml);
      if (xml === undefined || xml === base.xml) continue;
      out.push({ id: `${base.id}#${m.name}`, xml, syntax: base.syntax, root: base.root });
      applied++;
    }
  });
  return out;
}
