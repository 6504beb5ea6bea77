/**
 * Source facts of a CII document (see @einv/core-model source-facts.ts): for each official rule that
 * judges XML nodes rather than business terms, the nodes its context selects in the CEN
 * EN 16931 CII schematron 1.3.16 (and the BR-FR one), with the value its test reads.
 *
 * Each site below transcribes the official context of its rule; the comment quotes it.
 */
import type { Finding, SourceFacts } from '@einv/core-model';
import { ancestorsAre, child, indicatorValue, type Site, SiteTable, type XmlElement } from '@einv/xml';
import { compileRuleContexts, SourceWalk } from '@einv/xml-check';
import { NAMESPACES } from './binding/path.js';
import { CII_RULE_CONTEXTS } from './generated/rule-contexts.js';

const RAM = NAMESPACES.ram as string;
const RSM = NAMESPACES.rsm as string;
const UDT = NAMESPACES.udt as string;

/** `ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator = true()|false()]` */
const chargeIndicatorIs =
  (charge: boolean) =>
  (el: XmlElement): boolean => {
    const indicator = child(el.parent ?? undefined, 'ChargeIndicator', RAM);
    return indicatorValue(child(indicator, 'Indicator', UDT)) === charge;
  };

const schemeID = { attribute: 'schemeID' } as const;

/** `[upper-case(ram:TypeCode) = 'VAT']` */
const isVatType = (tax: XmlElement): boolean => tax.children.some(isVatTypeCode);
/** 'VAT' as written (the usual text) answered without an upper-cased copy */
const isVatTypeCode = (c: XmlElement): boolean =>
  c.local === 'TypeCode' && c.ns === RAM && (c.text === 'VAT' || c.text.toUpperCase() === 'VAT');

/**
 * Where a ram:ApplicableTradeTax / ram:CategoryTradeTax is, for the VAT presence tests, with `+VAT`
 * when its type is VAT: one of eight constant tags (a string composed per tax node was allocated)
 */
function taxTag(el: XmlElement): string {
  const vat = isVatType(el);
  if (el.local === 'CategoryTradeTax') return vat ? 'allowance+VAT' : 'allowance';
  const parent = el.parent?.local;
  if (parent === 'SpecifiedLineTradeSettlement') return vat ? 'line+VAT' : 'line';
  if (parent === 'ApplicableHeaderTradeSettlement') return vat ? 'breakdown+VAT' : 'breakdown';
  return vat ? 'other+VAT' : 'other';
}

/** A line's settlement holding a VAT tax with a category code (the closures made once, not per line) */
const isVatWithCategory = (tax: XmlElement): boolean =>
  tax.local === 'ApplicableTradeTax' &&
  tax.ns === RAM &&
  isVatType(tax) &&
  child(tax, 'CategoryCode', RAM) !== undefined;
const hasVatCategory = (settlement: XmlElement): boolean =>
  settlement.local === 'SpecifiedLineTradeSettlement' &&
  settlement.ns === RAM &&
  settlement.children.some(isVatWithCategory);

const CII_SITES: Site[] = [
  // //ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA'], test on substring(.,1,2): every VAT
  // identifier of every party, also a second one of a party
  {
    key: 'BR-CO-09',
    ns: RAM,
    elements: ['ID'],
    parent: 'SpecifiedTaxRegistration',
    when: (el) => el.attrs.schemeID === 'VA',
  },
  // rsm:ExchangedDocument/ram:TypeCode
  { key: 'BR-CL-01', ns: RAM, elements: ['TypeCode'], parent: 'ExchangedDocument' },
  // ram:TaxTotalAmount[@currencyID]
  {
    key: 'BR-CL-03',
    ns: RAM,
    elements: ['TaxTotalAmount'],
    withAttribute: 'currencyID',
    value: { attribute: 'currencyID' },
  },
  // ram:InvoiceCurrencyCode, ram:TaxCurrencyCode, ram:DueDateTypeCode, ram:ReferenceTypeCode, ram:SubjectCode
  { key: 'BR-CL-04', ns: RAM, elements: ['InvoiceCurrencyCode'] },
  { key: 'BR-CL-05', ns: RAM, elements: ['TaxCurrencyCode'] },
  { key: 'BR-CL-06', ns: RAM, elements: ['DueDateTypeCode'] },
  { key: 'BR-CL-07', ns: RAM, elements: ['ReferenceTypeCode'] },
  { key: 'BR-CL-08', ns: RAM, elements: ['SubjectCode'] },
  // //ram:GlobalID[@schemeID][not(ancestor::ram:SpecifiedTradeProduct) and not(ancestor::ram:ShipToTradeParty)]
  {
    key: 'BR-CL-10',
    ns: RAM,
    elements: ['GlobalID'],
    withAttribute: 'schemeID',
    notWithin: ['SpecifiedTradeProduct', 'ShipToTradeParty'],
    value: schemeID,
  },
  // ram:ID[@schemeID][not(ancestor::ram:SpecifiedTaxRegistration)]
  {
    key: 'BR-CL-11',
    ns: RAM,
    elements: ['ID'],
    withAttribute: 'schemeID',
    notWithin: ['SpecifiedTaxRegistration'],
    value: schemeID,
  },
  // ram:ClassCode[@listID]
  {
    key: 'BR-CL-13',
    ns: RAM,
    elements: ['ClassCode'],
    withAttribute: 'listID',
    value: { attribute: 'listID' },
  },
  // ram:CountryID; ram:OriginTradeCountry/ram:ID
  { key: 'BR-CL-14', ns: RAM, elements: ['CountryID'] },
  { key: 'BR-CL-15', ns: RAM, elements: ['ID'], parent: 'OriginTradeCountry' },
  // ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode
  { key: 'BR-CL-16', ns: RAM, elements: ['TypeCode'], parent: 'SpecifiedTradeSettlementPaymentMeans' },
  // ram:CategoryTradeTax/ram:CategoryCode; ram:ApplicableTradeTax/ram:CategoryCode
  { key: 'BR-CL-17', ns: RAM, elements: ['CategoryCode'], parent: 'CategoryTradeTax' },
  { key: 'BR-CL-18', ns: RAM, elements: ['CategoryCode'], parent: 'ApplicableTradeTax' },
  // ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator = false()|true()]/ram:ReasonCode
  {
    key: 'BR-CL-19',
    ns: RAM,
    elements: ['ReasonCode'],
    parent: 'SpecifiedTradeAllowanceCharge',
    when: chargeIndicatorIs(false),
  },
  {
    key: 'BR-CL-20',
    ns: RAM,
    elements: ['ReasonCode'],
    parent: 'SpecifiedTradeAllowanceCharge',
    when: chargeIndicatorIs(true),
  },
  // ram:SpecifiedTradeProduct/ram:GlobalID[@schemeID]
  {
    key: 'BR-CL-21',
    ns: RAM,
    elements: ['GlobalID'],
    parent: 'SpecifiedTradeProduct',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // ram:ExemptionReasonCode
  { key: 'BR-CL-22', ns: RAM, elements: ['ExemptionReasonCode'] },
  // ram:BasisQuantity[@unitCode] | ram:BilledQuantity[@unitCode]
  {
    key: 'BR-CL-23',
    ns: RAM,
    elements: ['BasisQuantity', 'BilledQuantity'],
    withAttribute: 'unitCode',
    value: { attribute: 'unitCode' },
  },
  // ram:AttachmentBinaryObject[@mimeCode]
  {
    key: 'BR-CL-24',
    ns: RAM,
    elements: ['AttachmentBinaryObject'],
    withAttribute: 'mimeCode',
    value: { attribute: 'mimeCode' },
  },
  // ram:URIUniversalCommunication/ram:URIID[@schemeID]
  {
    key: 'BR-CL-25',
    ns: RAM,
    elements: ['URIID'],
    parent: 'URIUniversalCommunication',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID[@schemeID]
  {
    key: 'BR-CL-26',
    ns: RAM,
    elements: ['GlobalID'],
    parent: 'ShipToTradeParty',
    grandparent: 'ApplicableHeaderTradeDelivery',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // //ram:AdditionalReferencedDocument, test normalize-space(ram:IssuerAssignedID) != ''
  {
    key: 'BR-52',
    ns: RAM,
    elements: ['AdditionalReferencedDocument'],
    value: { child: 'IssuerAssignedID', ns: RAM },
  },
  // //ram:SpecifiedTradeSettlementPaymentMeans[ram:TypeCode='30' or ram:TypeCode='58']/ram:PayeePartyCreditorFinancialAccount,
  // tests normalize-space(ram:IBANID) != '' or normalize-space(ram:ProprietaryID) != '' (BR-50) and
  // (ram:IBANID) or (ram:ProprietaryID) (BR-61): the account identifiers' texts joined, undefined
  // when the account has neither element (the model's BG-17 also holds a BIC without an account)
  {
    key: 'BR-50',
    ns: RAM,
    elements: ['PayeePartyCreditorFinancialAccount'],
    parent: 'SpecifiedTradeSettlementPaymentMeans',
    when: (el) => {
      const codes = (el.parent?.children ?? []).filter((c) => c.local === 'TypeCode' && c.ns === RAM);
      return codes.some((c) => c.text === '30' || c.text === '58');
    },
    value: {
      read: (el) => {
        const ids = el.children.filter(
          (c) => (c.local === 'IBANID' || c.local === 'ProprietaryID') && c.ns === RAM,
        );
        return ids.length > 0 ? ids.map((c) => c.text).join(' ') : undefined;
      },
    },
  },
  // //ram:SpecifiedTradeSettlementPaymentMeans, test (ram:TypeCode): every payment means element,
  // also a second one (the model merges them into one BG-16)
  {
    key: 'BR-49',
    ns: RAM,
    elements: ['SpecifiedTradeSettlementPaymentMeans'],
    value: { child: 'TypeCode', ns: RAM },
  },
  // //ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:CategoryCode='S'],
  // //ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[…] and //ram:CategoryTradeTax[…] of
  // the VAT "01" presence tests (BR-S-01…BR-O-01, which count nodes of any tax type): every tax node
  // with its ram:CategoryCode as written, tagged with where it is (`line`, `breakdown`, `allowance`,
  // `other`) and `+VAT` when `upper-case(ram:TypeCode) = 'VAT'` (the contexts of the 05 rate rules);
  // a line's second ram:ApplicableTradeTax is a node the model does not hold
  {
    key: 'VAT-CATEGORY',
    ns: RAM,
    elements: ['ApplicableTradeTax', 'CategoryTradeTax'],
    value: { child: 'CategoryCode', ns: RAM },
    tag: taxTag,
  },
  // //rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/
  // ram:ApplicableTradeTax[ram:CategoryCode = 'S'][upper-case(ram:TypeCode) = 'VAT'] (BR-S-05 … BR-O-05,
  // a test on ram:RateApplicablePercent): every line tax node with its rate as written, tagged with
  // its category code as written when its type is VAT (untagged otherwise: no 05 rule selects it)
  {
    key: 'VAT-LINE-RATE',
    ns: RAM,
    elements: ['ApplicableTradeTax'],
    parent: 'SpecifiedLineTradeSettlement',
    grandparent: 'IncludedSupplyChainTradeLineItem',
    value: { child: 'RateApplicablePercent', ns: RAM },
    tag: (el) => (isVatType(el) ? child(el, 'CategoryCode', RAM)?.text : undefined),
  },
  // //ram:IncludedSupplyChainTradeLineItem, test (ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax
  // [upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode) (BR-CO-04): '' when one of the line's VAT
  // taxes has a category code (even empty), undefined when none; the model holds one tax per line
  {
    key: 'BR-CO-04',
    ns: RAM,
    elements: ['IncludedSupplyChainTradeLineItem'],
    value: {
      read: (line) => (line.children.some(hasVatCategory) ? '' : undefined),
    },
  },
];

// ---- French rules (BR-FR 1.4, XP Z12-012): the contexts of the official FNFE-MPE CII schematron ----

/**
 * The VAT rates BR-FR-16 and BR-FR-DEC-04 read, as written: RateApplicablePercent of a header
 * allowance or charge (BT-96/103), of a VAT breakdown (BT-119) and of a line (BT-152).
 */
const frenchRate = (el: XmlElement): boolean => {
  // ancestorsAre(el, …) for each of the three places, with the parent and grandparent read once (it
  // runs twice for every rate of every line, and ancestorsAre's list of names is an array per call)
  const parent = el.parent;
  const grandparent = parent?.parent;
  if (parent?.local === 'CategoryTradeTax')
    return (
      grandparent?.local === 'SpecifiedTradeAllowanceCharge' &&
      grandparent.parent?.local === 'ApplicableHeaderTradeSettlement'
    );
  if (parent?.local !== 'ApplicableTradeTax') return false;
  if (grandparent?.local === 'ApplicableHeaderTradeSettlement') return true;
  return (
    grandparent?.local === 'SpecifiedLineTradeSettlement' &&
    grandparent.parent?.local === 'IncludedSupplyChainTradeLineItem'
  );
};

const referenceType = (el: XmlElement): string | undefined => child(el, 'ReferenceTypeCode', RAM)?.text;

const QDT = NAMESPACES.qdt as string;
/** …/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/<el> */
const linePreceding = (el: XmlElement, ...inner: string[]): boolean =>
  ancestorsAre(
    el,
    ...inner,
    'InvoiceReferencedDocument',
    'SpecifiedLineTradeSettlement',
    'IncludedSupplyChainTradeLineItem',
  );

const FRENCH_SITES: Site[] = [
  // The line preceding invoice (EXT-FR-FE-136 number, 137 type code, 138 date) that BR-FR-01/02,
  // BR-FR-04 and BR-FR-03 test, keyed by the term their official assertions are named after
  {
    key: 'EXT-FR-FE-136',
    ns: RAM,
    elements: ['IssuerAssignedID'],
    parent: 'InvoiceReferencedDocument',
    when: (el) => linePreceding(el),
  },
  {
    key: 'EXT-FR-FE-137',
    ns: RAM,
    elements: ['TypeCode'],
    parent: 'InvoiceReferencedDocument',
    when: (el) => linePreceding(el),
  },
  {
    key: 'EXT-FR-FE-138',
    ns: QDT,
    elements: ['DateTimeString'],
    parent: 'FormattedIssueDateTime',
    when: (el) => linePreceding(el, 'FormattedIssueDateTime'),
  },
  // …/ram:RateApplicablePercent, test on string(.) (BR-FR-16) and normalize-space(.) (BR-FR-DEC-04)
  { key: 'BR-FR-16', ns: RAM, elements: ['RateApplicablePercent'], when: frenchRate },
  { key: 'BR-FR-DEC-04', ns: RAM, elements: ['RateApplicablePercent'], when: frenchRate },
  // ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL'|'AVV']
  // (at most one of each; IssuerAssignedID not blank), tagged with the reference type
  {
    key: 'BR-FR-29',
    ns: RAM,
    elements: ['AdditionalReferencedDocument'],
    parent: 'ApplicableHeaderTradeAgreement',
    when: (el) => {
      const type = referenceType(el);
      return type === 'AFL' || type === 'AVV';
    },
    value: { child: 'IssuerAssignedID', ns: RAM },
    tag: referenceType,
  },
];

const TABLE = new SiteTable([...CII_SITES, ...FRENCH_SITES]);

/**
 * The official contexts of the EN 16931 CII rules and the sites above, counted and collected in one
 * walk of the document (decision 0177); compiled on first use
 */
let walk: SourceWalk | undefined;
const sourceWalk = (): SourceWalk => {
  walk ??= new SourceWalk(compileRuleContexts(CII_RULE_CONTEXTS), TABLE);
  return walk;
};

/** Diagnostics of the reader that mean "the element is there, its value is not readable" */
const UNREADABLE = new Set(['CII-DECIMAL', 'CII-DATE']);

/** The source facts of a CII document whose root is rsm:CrossIndustryInvoice */
export function ciiSourceFacts(
  root: XmlElement,
  diagnostics: readonly Finding[],
  lexical: ReadonlyMap<string, string>,
): SourceFacts {
  return walkCiiSource(root, diagnostics, lexical).facts;
}

/** The source facts, and the number of leaves of the document their walk counted (for unread.ts) */
export function walkCiiSource(
  root: XmlElement,
  diagnostics: readonly Finding[],
  lexical: ReadonlyMap<string, string>,
): { facts: SourceFacts; leaves: number } {
  const unreadable = new Set<string>();
  for (const d of diagnostics) if (UNREADABLE.has(d.rule)) unreadable.add(d.path);
  // the sites only under the CII root (values {} otherwise); the contexts always
  const { values, contexts, leaves } = sourceWalk().run(root, root.ns === RSM);
  return { facts: { root: root.local, values, unreadable, lexical, contexts }, leaves };
}
