/**
 * Source facts of a UBL document (see @einv/core-model source-facts.ts): for each official rule that
 * judges XML nodes rather than business terms, the nodes its context selects in the CEN
 * EN 16931 UBL schematron 1.3.16, with the value its test reads.
 *
 * Each site below transcribes the official context of its rule; the comment quotes it.
 */
import type { Finding, SourceFacts } from '@einv/core-model';
import { ancestorsAre, child, indicatorValue, type Site, SiteTable, type XmlElement } from '@einv/xml';
import { compileRuleContexts, SourceWalk } from '@einv/xml-check';
import { NS } from './binding/namespaces.js';
import { UBL_RULE_CONTEXTS } from './generated/rule-contexts.js';

const CBC = NS.cbc as string;

/** `cac:AllowanceCharge[cbc:ChargeIndicator = true()|false()]` */
const chargeIndicatorIs =
  (charge: boolean) =>
  (el: XmlElement): boolean =>
    indicatorValue(child(el.parent ?? undefined, 'ChargeIndicator', CBC)) === charge;

/** Within the seller or the payee, where UBL also accepts the SEPA creditor scheme (BR-CL-10) */
function sellerOrPayee(el: XmlElement): string | undefined {
  for (let a = el.parent; a; a = a.parent) {
    if (a.local === 'AccountingSupplierParty' || a.local === 'PayeeParty') return 'seller-or-payee';
  }
  return undefined;
}

/** The document element (ubl:Invoice, cn:CreditNote) */
const isRoot = (el: XmlElement | null | undefined): boolean => !!el && el.parent === null;

const schemeID = { attribute: 'schemeID' } as const;

/** XPath normalize-space() */
const normalizeSpace = (text: string): string => text.replace(/[ \t\r\n]+/g, ' ').trim();

/** `[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']` (a cbc:ID written `VAT` needs no normalizing) */
function isVatScheme(el: XmlElement): boolean {
  for (const scheme of el.children) {
    if (scheme.local !== 'TaxScheme' || scheme.ns !== NS.cac) continue;
    for (const id of scheme.children) {
      if (id.local !== 'ID' || id.ns !== CBC) continue;
      if (id.text === 'VAT' || normalizeSpace(id.text.toUpperCase()) === 'VAT') return true;
    }
  }
  return false;
}

/**
 * The value of an `exists(...)` test as a fact: '' when the element has a child that passes, undefined
 * when none does (the rule reads "present" and "absent", not a text)
 */
const presentWhen =
  (test: (c: XmlElement) => boolean) =>
  (el: XmlElement): '' | undefined =>
    el.children.some(test) ? '' : undefined;

/** A cbc child named one of `names` */
const cbcNamed =
  (...names: string[]) =>
  (c: XmlElement): boolean =>
    c.ns === CBC && names.includes(c.local);

/**
 * Where a tax category node is, for the VAT presence and identifier tests: `line` (a
 * cac:ClassifiedTaxCategory), `allowance:<false|true|>:<document|line>` (//cac:AllowanceCharge/cac:TaxCategory,
 * with its charge indicator and whose it is), `breakdown` (the document's
 * cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory) or `other` (any other cac:TaxCategory); each place
 * also as `<place>+VAT` for a category of the VAT scheme. The tags are constants, picked by their
 * index (categoryPlace), where a string was composed per category node and looked up in a Map for
 * its `+VAT` form (decision 0248)
 */
const PLACES = [
  'line',
  'allowance:false:document',
  'allowance:false:line',
  'allowance:true:document',
  'allowance:true:line',
  'allowance::document',
  'allowance::line',
  'breakdown',
  'other',
] as const;
const VAT_PLACES = PLACES.map((place) => `${place}+VAT`);
const LINE = 0;
const ALLOWANCE_FALSE = 1;
const ALLOWANCE_TRUE = 3;
const ALLOWANCE_OTHER = 5;
const BREAKDOWN = 7;
const OTHER = 8;

/** The index in PLACES of a tax category node's place */
function categoryPlace(el: XmlElement): number {
  if (el.local === 'ClassifiedTaxCategory') return LINE;
  const parent = el.parent;
  if (parent?.local === 'AllowanceCharge') {
    // `allowance:false` / `allowance:true` as cbc:ChargeIndicator reads as a boolean, else `allowance`
    // and `:document` for the document's own (BR-O-03/04 look at those only), `:line` otherwise
    const charge = indicatorValue(child(parent, 'ChargeIndicator', CBC));
    const first = charge === false ? ALLOWANCE_FALSE : charge === true ? ALLOWANCE_TRUE : ALLOWANCE_OTHER;
    return isRoot(parent.parent) ? first : first + 1;
  }
  if (parent?.local === 'TaxSubtotal' && parent.parent?.local === 'TaxTotal' && isRoot(parent.parent.parent))
    return BREAKDOWN;
  return OTHER;
}

/**
 * `el`'s parent is named `a` and its grandparent `b` (or, with `c`, its great-grandparent `c`):
 * @einv/xml ancestorsAre without its list of names, which was an array allocated per call (per
 * cbc:Percent of the document, decision 0248)
 */
function parentsAre(el: XmlElement, a: string, b: string, c?: string): boolean {
  const parent = el.parent;
  if (parent?.local !== a) return false;
  const grandparent = parent.parent;
  if (grandparent?.local !== b) return false;
  return c === undefined || grandparent.parent?.local === c;
}

/** A cac:ClassifiedTaxCategory of the VAT scheme with a cbc:ID (BR-CO-04), one function for every line */
const isVatCategoryWithId = (c: XmlElement): boolean =>
  c.local === 'ClassifiedTaxCategory' &&
  c.ns === NS.cac &&
  isVatScheme(c) &&
  child(c, 'ID', CBC) !== undefined;

/** A line's cac:Item with a VAT category that has a cbc:ID (BR-CO-04) */
const isItemWithVatCategory = (item: XmlElement): boolean =>
  item.local === 'Item' && item.ns === NS.cac && item.children.some(isVatCategoryWithId);

const UBL_SITES: Site[] = [
  // cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode (each with its own list)
  {
    key: 'BR-CL-01',
    ns: CBC,
    elements: ['InvoiceTypeCode', 'CreditNoteTypeCode'],
    tag: (el) => el.local,
  },
  // cbc:Amount | cbc:BaseAmount | … | cbc:PayableAmount, test on @currencyID (no [@currencyID]: a missing one fails)
  {
    key: 'BR-CL-03',
    ns: CBC,
    elements: [
      'Amount',
      'BaseAmount',
      'PriceAmount',
      'TaxAmount',
      'TaxableAmount',
      'LineExtensionAmount',
      'TaxExclusiveAmount',
      'TaxInclusiveAmount',
      'AllowanceTotalAmount',
      'ChargeTotalAmount',
      'PrepaidAmount',
      'PayableRoundingAmount',
      'PayableAmount',
    ],
    value: { attribute: 'currencyID' },
  },
  // cbc:DocumentCurrencyCode; cbc:TaxCurrencyCode; cac:InvoicePeriod/cbc:DescriptionCode
  { key: 'BR-CL-04', ns: CBC, elements: ['DocumentCurrencyCode'] },
  { key: 'BR-CL-05', ns: CBC, elements: ['TaxCurrencyCode'] },
  { key: 'BR-CL-06', ns: CBC, elements: ['DescriptionCode'], parent: 'InvoicePeriod' },
  // cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']/cbc:ID[@schemeID] | cac:DocumentReference[…]/cbc:ID[@schemeID]
  {
    key: 'BR-CL-07',
    ns: CBC,
    elements: ['ID'],
    withAttribute: 'schemeID',
    when: (el) =>
      (el.parent?.local === 'AdditionalDocumentReference' || el.parent?.local === 'DocumentReference') &&
      child(el.parent ?? undefined, 'DocumentTypeCode', CBC)?.text === '130',
    value: schemeID,
  },
  // cac:PartyIdentification/cbc:ID[@schemeID]
  {
    key: 'BR-CL-10',
    ns: CBC,
    elements: ['ID'],
    parent: 'PartyIdentification',
    withAttribute: 'schemeID',
    value: schemeID,
    tag: sellerOrPayee,
  },
  // cac:PartyLegalEntity/cbc:CompanyID[@schemeID]
  {
    key: 'BR-CL-11',
    ns: CBC,
    elements: ['CompanyID'],
    parent: 'PartyLegalEntity',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // cac:CommodityClassification/cbc:ItemClassificationCode[@listID]
  {
    key: 'BR-CL-13',
    ns: CBC,
    elements: ['ItemClassificationCode'],
    parent: 'CommodityClassification',
    withAttribute: 'listID',
    value: { attribute: 'listID' },
  },
  // cac:Country/cbc:IdentificationCode; cac:OriginCountry/cbc:IdentificationCode
  { key: 'BR-CL-14', ns: CBC, elements: ['IdentificationCode'], parent: 'Country' },
  { key: 'BR-CL-15', ns: CBC, elements: ['IdentificationCode'], parent: 'OriginCountry' },
  // cac:PaymentMeans/cbc:PaymentMeansCode
  { key: 'BR-CL-16', ns: CBC, elements: ['PaymentMeansCode'], parent: 'PaymentMeans' },
  // cac:TaxCategory/cbc:ID; cac:ClassifiedTaxCategory/cbc:ID
  { key: 'BR-CL-17', ns: CBC, elements: ['ID'], parent: 'TaxCategory' },
  { key: 'BR-CL-18', ns: CBC, elements: ['ID'], parent: 'ClassifiedTaxCategory' },
  // cac:AllowanceCharge[cbc:ChargeIndicator = false()|true()]/cbc:AllowanceChargeReasonCode
  {
    key: 'BR-CL-19',
    ns: CBC,
    elements: ['AllowanceChargeReasonCode'],
    parent: 'AllowanceCharge',
    when: chargeIndicatorIs(false),
  },
  {
    key: 'BR-CL-20',
    ns: CBC,
    elements: ['AllowanceChargeReasonCode'],
    parent: 'AllowanceCharge',
    when: chargeIndicatorIs(true),
  },
  // cac:StandardItemIdentification/cbc:ID[@schemeID]
  {
    key: 'BR-CL-21',
    ns: CBC,
    elements: ['ID'],
    parent: 'StandardItemIdentification',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // cbc:TaxExemptionReasonCode
  { key: 'BR-CL-22', ns: CBC, elements: ['TaxExemptionReasonCode'] },
  // cbc:InvoicedQuantity[@unitCode] | cbc:BaseQuantity[@unitCode] | cbc:CreditedQuantity[@unitCode]
  {
    key: 'BR-CL-23',
    ns: CBC,
    elements: ['InvoicedQuantity', 'BaseQuantity', 'CreditedQuantity'],
    withAttribute: 'unitCode',
    value: { attribute: 'unitCode' },
  },
  // cbc:EmbeddedDocumentBinaryObject[@mimeCode]
  {
    key: 'BR-CL-24',
    ns: CBC,
    elements: ['EmbeddedDocumentBinaryObject'],
    withAttribute: 'mimeCode',
    value: { attribute: 'mimeCode' },
  },
  // cbc:EndpointID[@schemeID]; cac:DeliveryLocation/cbc:ID[@schemeID]
  { key: 'BR-CL-25', ns: CBC, elements: ['EndpointID'], withAttribute: 'schemeID', value: schemeID },
  {
    key: 'BR-CL-26',
    ns: CBC,
    elements: ['ID'],
    parent: 'DeliveryLocation',
    withAttribute: 'schemeID',
    value: schemeID,
  },
  // /ubl:Invoice/cac:TaxTotal, test xs:decimal(cbc:TaxAmount) = round(sum(cac:TaxSubtotal/xs:decimal(
  // cbc:TaxAmount)) * 10 * 10) div 100 or not(cac:TaxSubtotal): the totals and their subtotals, grouped
  {
    key: 'BR-CO-14',
    ns: NS.cac as string,
    elements: ['TaxTotal'],
    when: (el) => isRoot(el.parent),
    value: { child: 'TaxAmount', ns: CBC },
    owner: (el) => el,
  },
  {
    key: 'BR-CO-14/subtotal',
    ns: NS.cac as string,
    elements: ['TaxSubtotal'],
    when: (el) => el.parent?.local === 'TaxTotal' && isRoot(el.parent.parent),
    value: { child: 'TaxAmount', ns: CBC },
    owner: (el) => el.parent,
  },
  // //cac:PartyTaxScheme[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT'], test on
  // substring(cbc:CompanyID,1,2): every VAT identifier of every party, also a second one of a party
  {
    key: 'BR-CO-09',
    ns: NS.cac as string,
    elements: ['PartyTaxScheme'],
    when: (el) =>
      child(child(el, 'TaxScheme', NS.cac as string), 'ID', CBC)
        ?.text.trim()
        .replace(/\s+/g, ' ')
        .toUpperCase() === 'VAT',
    value: { child: 'CompanyID', ns: CBC },
  },
  // cac:AdditionalDocumentReference, test normalize-space(cbc:ID) != ''
  {
    key: 'BR-52',
    ns: NS.cac as string,
    elements: ['AdditionalDocumentReference'],
    value: { child: 'ID', ns: CBC },
  },
  // //cac:TaxCategory, //cac:ClassifiedTaxCategory, //cac:AllowanceCharge/cac:TaxCategory and
  // cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory of the VAT "01" presence tests (BR-S-01…BR-O-01):
  // every category node with its cbc:ID as written, tagged with where it is and its tax scheme
  {
    key: 'VAT-CATEGORY',
    ns: NS.cac as string,
    elements: ['TaxCategory', 'ClassifiedTaxCategory'],
    value: { child: 'ID', ns: CBC },
    tag: (el) => (isVatScheme(el) ? VAT_PLACES : PLACES)[categoryPlace(el)] as string,
  },
  // /ubl:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator = false()|true()], test
  // exists(cac:TaxCategory[cac:TaxScheme/…='VAT']/cbc:ID) (BR-32, BR-37): '' when one of its
  // categories has it, undefined when none; tagged with the indicator
  {
    key: 'BR-32/37',
    ns: NS.cac as string,
    elements: ['AllowanceCharge'],
    when: (el) => isRoot(el.parent),
    value: {
      read: presentWhen(
        (c) =>
          c.local === 'TaxCategory' && c.ns === NS.cac && isVatScheme(c) && child(c, 'ID', CBC) !== undefined,
      ),
    },
    tag: (el) => String(indicatorValue(child(el, 'ChargeIndicator', CBC)) ?? ''),
  },
  // every $taxcurrency in cbc:TaxCurrencyCode satisfies exists(//cac:TaxTotal/cbc:TaxAmount[@currencyID
  // = $taxcurrency]) (BR-53): the currencies of every TaxTotal's amount, the codes are BR-CL-05's
  {
    key: 'BR-53',
    ns: CBC,
    elements: ['TaxAmount'],
    parent: 'TaxTotal',
    value: { attribute: 'currencyID' },
  },
  // cac:InvoiceLine/cac:InvoicePeriod | cac:CreditNoteLine/cac:InvoicePeriod, test exists(cbc:StartDate)
  // or exists(cbc:EndDate) (BR-CO-20): '' when it has one, undefined when none (the model keeps no
  // line period without a date since the line period also carries EXT-FR-FE-180)
  {
    key: 'BR-CO-20',
    ns: NS.cac as string,
    elements: ['InvoicePeriod'],
    when: (el) => el.parent?.local === 'InvoiceLine' || el.parent?.local === 'CreditNoteLine',
    value: { read: presentWhen(cbcNamed('StartDate', 'EndDate')) },
  },
  // cac:InvoicePeriod of the document, test exists(cbc:StartDate) or exists(cbc:EndDate) or
  // exists(cbc:DescriptionCode): '' when it has one of them, undefined when none (also a second one)
  {
    key: 'BR-CO-19',
    ns: NS.cac as string,
    elements: ['InvoicePeriod'],
    when: (el) => isRoot(el.parent),
    value: { read: presentWhen(cbcNamed('StartDate', 'EndDate', 'DescriptionCode')) },
  },
  // cac:PaymentMeans[cbc:PaymentMeansCode='30' or cbc:PaymentMeansCode='58']/cac:PayeeFinancialAccount,
  // test normalize-space(cbc:ID) != '': every account (the model merges the payment means)
  {
    key: 'BR-50',
    ns: NS.cac as string,
    elements: ['PayeeFinancialAccount'],
    parent: 'PaymentMeans',
    when: (el) =>
      (el.parent?.children ?? []).some(
        (c) => c.local === 'PaymentMeansCode' && c.ns === CBC && (c.text === '30' || c.text === '58'),
      ),
    value: { child: 'ID', ns: CBC },
  },
  // cac:PaymentMeans, test (exists(cac:PayeeFinancialAccount/cbc:ID) and normalize-space(code) is 30
  // or 58) or it is neither: the first account identifier (undefined when none), tagged with the code
  {
    key: 'BR-61',
    ns: NS.cac as string,
    elements: ['PaymentMeans'],
    value: {
      read: (el) => {
        for (const account of el.children) {
          if (account.local !== 'PayeeFinancialAccount' || account.ns !== NS.cac) continue;
          const id = child(account, 'ID', CBC);
          if (id) return id.text;
        }
        return undefined;
      },
    },
    tag: (el) => normalizeSpace(child(el, 'PaymentMeansCode', CBC)?.text ?? ''),
  },
  // cac:PaymentMeans, test exists(cbc:PaymentMeansCode): every payment means, also a second one
  {
    key: 'BR-49',
    ns: NS.cac as string,
    elements: ['PaymentMeans'],
    value: { child: 'PaymentMeansCode', ns: CBC },
  },
  // cac:InvoiceLine | cac:CreditNoteLine, test
  // (cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/(normalize-space(upper-case(cbc:ID))='VAT')]/cbc:ID)
  // (BR-CO-04): '' when one of the line's VAT categories has a cbc:ID (even empty), undefined when
  // none; the model holds one category per line, the line may have several
  {
    key: 'BR-CO-04',
    ns: NS.cac as string,
    elements: ['InvoiceLine', 'CreditNoteLine'],
    value: {
      read: presentWhen(isItemWithVatCategory),
    },
  },
  // cac:Delivery/cac:DeliveryLocation/cac:Address, test exists(cac:Country/cbc:IdentificationCode)
  // (BR-57): every such address, the document's and the lines' (the model merges a repeated
  // cac:Delivery into one deliver-to address)
  {
    key: 'BR-57',
    ns: NS.cac as string,
    elements: ['Address'],
    parent: 'DeliveryLocation',
    grandparent: 'Delivery',
    value: {
      read: presentWhen(
        (c) => c.local === 'Country' && c.ns === NS.cac && child(c, 'IdentificationCode', CBC) !== undefined,
      ),
    },
  },
];

// ---- French rules (BR-FR 1.4, XP Z12-012): the contexts of the official FNFE-MPE UBL schematron ----

/** ubl:Invoice/cac:InvoiceLine/cac:BillingReference/cac:InvoiceDocumentReference/<el> (and the CreditNote form) */
const linePreceding = (el: XmlElement): boolean =>
  (ancestorsAre(el, 'InvoiceDocumentReference', 'BillingReference', 'InvoiceLine') ||
    ancestorsAre(el, 'InvoiceDocumentReference', 'BillingReference', 'CreditNoteLine')) &&
  isRoot(el.parent?.parent?.parent?.parent);

/** ubl:Invoice/cac:InvoiceLine/[cac:BillingReference/]cac:DocumentReference/<el> (and the CreditNote form) */
function lineDocumentReference(el: XmlElement, ...between: string[]): boolean {
  const onInvoiceLine = ancestorsAre(el, 'DocumentReference', ...between, 'InvoiceLine');
  if (!onInvoiceLine && !ancestorsAre(el, 'DocumentReference', ...between, 'CreditNoteLine')) return false;
  // the line element sits 2 + between.length levels up; its parent must be the root
  let line: XmlElement | null = el;
  for (let i = 0; i < 2 + between.length; i++) line = line?.parent ?? null;
  return isRoot(line?.parent);
}

const FRENCH_SITES: Site[] = [
  // The line preceding invoice (EXT-FR-FE-136 number, 137 type code, 138 date) that BR-FR-01/02,
  // BR-FR-04 and BR-FR-03 test, keyed by the term their official assertions are named after
  {
    key: 'EXT-FR-FE-136',
    ns: CBC,
    elements: ['ID'],
    parent: 'InvoiceDocumentReference',
    when: linePreceding,
  },
  {
    key: 'EXT-FR-FE-137',
    ns: CBC,
    elements: ['DocumentTypeCode'],
    parent: 'InvoiceDocumentReference',
    when: linePreceding,
  },
  {
    key: 'EXT-FR-FE-138',
    ns: CBC,
    elements: ['IssueDate'],
    parent: 'InvoiceDocumentReference',
    when: linePreceding,
  },
  // cac:AllowanceCharge/cac:TaxCategory, cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory,
  // cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory: test on cbc:Percent when it exists
  {
    key: 'BR-FR-16',
    ns: CBC,
    elements: ['Percent'],
    when: (el) =>
      parentsAre(el, 'TaxCategory', 'AllowanceCharge') ||
      parentsAre(el, 'TaxCategory', 'TaxSubtotal', 'TaxTotal') ||
      parentsAre(el, 'ClassifiedTaxCategory', 'Item', 'InvoiceLine'),
  },
  // …/cbc:Percent of the same three, the line one under any cac:Item
  {
    key: 'BR-FR-DEC-04',
    ns: CBC,
    elements: ['Percent'],
    when: (el) =>
      parentsAre(el, 'TaxCategory', 'AllowanceCharge') ||
      parentsAre(el, 'TaxCategory', 'TaxSubtotal', 'TaxTotal') ||
      parentsAre(el, 'ClassifiedTaxCategory', 'Item'),
  },
  // ubl:Invoice/cac:AdditionalDocumentReference/cbc:ID[@schemeID='AFL'|'AVV'], tagged with the scheme
  {
    key: 'BR-FR-29',
    ns: CBC,
    elements: ['ID'],
    parent: 'AdditionalDocumentReference',
    when: (el) => isRoot(el.parent?.parent) && (el.attrs.schemeID === 'AFL' || el.attrs.schemeID === 'AVV'),
    tag: (el) => el.attrs.schemeID,
  },
  // The transition edition (1.4.0.02) reads the line preceding invoice elsewhere: BR-FR-02 and
  // BR-FR-03 test ubl:Invoice/cac:InvoiceLine/cac:DocumentReference/cbc:ID and cbc:IssueDate,
  // BR-FR-01 …/cac:InvoiceLine/cac:BillingReference/cac:DocumentReference/cbc:ID
  {
    key: 'BR-FR-02/transition',
    ns: CBC,
    elements: ['ID'],
    parent: 'DocumentReference',
    when: (el) => lineDocumentReference(el),
  },
  {
    key: 'BR-FR-03/transition',
    ns: CBC,
    elements: ['IssueDate'],
    parent: 'DocumentReference',
    when: (el) => lineDocumentReference(el),
  },
  {
    key: 'BR-FR-01/transition',
    ns: CBC,
    elements: ['ID'],
    parent: 'DocumentReference',
    when: (el) => lineDocumentReference(el, 'BillingReference'),
  },
];

const TABLE = new SiteTable([...UBL_SITES, ...FRENCH_SITES]);

/**
 * The official contexts of the EN 16931 UBL rules and the sites above, counted and collected in one
 * walk of the document (decision 0177); compiled on first use
 */
let walk: SourceWalk | undefined;
const sourceWalk = (): SourceWalk => {
  walk ??= new SourceWalk(compileRuleContexts(UBL_RULE_CONTEXTS), TABLE);
  return walk;
};

/** Diagnostics of the reader that mean "the element is there, its value is not readable" */
const UNREADABLE = new Set(['UBL-READ-NUMBER', 'UBL-READ-DATE']);

/** The source facts of a UBL Invoice or CreditNote */
export function ublSourceFacts(
  root: XmlElement,
  diagnostics: readonly Finding[],
  lexical: ReadonlyMap<string, string>,
): SourceFacts {
  const unreadable = new Set<string>();
  for (const d of diagnostics) if (UNREADABLE.has(d.rule)) unreadable.add(d.path);
  const { values, contexts } = sourceWalk().run(root, true);
  return { root: root.local, values, unreadable, lexical, contexts };
}
