/** BR-O-01 … BR-O-10: Not subject to VAT (O). */
import { type Invoice, packedMap } from '@einv/core-model';
import { defineRule, type RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import {
  allowanceNodes,
  breakdownNodes,
  type CategorisedNode,
  chargeNodes,
  ciiSemantics,
  lineNodes,
  type VatCategory,
  withCategory,
} from './vat-common.js';
import { NO_VAT_IDS } from './vat-identifiers.js';
import { type CategoryNode, categoryNodes } from './vat-presence-ubl.js';
import { breakdownPresenceRule, identifierRules, RATE_ABSENT, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'O',
  family: 'O',
  name: { en: 'Not subject to VAT', fr: 'Hors champ de la TVA' },
};

const shapeRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'notSubject' }),
  ...identifierRules(CATEGORY, NO_VAT_IDS, { documentAllowancesOnly: true }),
  ...rateRules(CATEGORY, RATE_ABSENT),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedExact' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'required'),
];

/**
 * BR-O-11 … BR-O-14: an invoice with a "Not subject to VAT" breakdown holds no other VAT category.
 * UBL checks breakdowns, lines, allowances and charges one rule each, once per document; the CII
 * artefact fires once per O breakdown and pairs them (11 and 12 look at breakdowns and lines, 13
 * and 14 at allowances and charges).
 */
type AllNodes = (invoice: Invoice) => CategorisedNode[];
// packed in every tier (decision 0269): the BR-O rules' checks read the list after it is made
const breakdownsAsNodes: AllNodes = (invoice) =>
  packedMap(breakdownNodes(invoice), (b) => ({
    path: b.path,
    category: b.category,
    rate: undefined,
    amount: undefined,
    otherScheme: b.entry.taxScheme !== undefined,
  }));

function aloneRule(
  n: number,
  terms: string[],
  where: { en: string; fr: string },
  ubl: AllNodes,
  cii: AllNodes,
  ublCounted: (node: CategoryNode) => boolean,
): RuleDefinition {
  return defineRule({
    id: `BR-O-${n}`,
    ruleSet: 'EN16931',
    family: 'O',
    severity: 'fatal',
    terms,
    message: {
      en: `An invoice with a "Not subject to VAT" breakdown must not have ${where.en} with another VAT category.`,
      fr: `Une facture avec une ventilation « Hors champ de la TVA » ne doit contenir ${where.fr} d’une autre catégorie de TVA.`,
    },
    explanation: {
      en: 'A supply outside the scope of VAT cannot be mixed with taxable supplies on the same invoice: every VAT category must then be "O".',
      fr: 'Une opération hors champ de la TVA ne se mélange pas à des opérations imposables sur la même facture : toutes les catégories doivent alors être « O ».',
    },
    fix: {
      en: 'Issue separate invoices for the supplies outside the scope of VAT, or correct the VAT categories.',
      fr: 'Émettez une facture séparée pour les opérations hors champ de la TVA, ou corrigez les catégories.',
    },
    check: (invoice, report, context) => {
      const isCii = ciiSemantics(context);
      // UBL XML: on the category nodes (source facts), as the official test counts them
      const sourceNodes = isCii ? undefined : context.source?.values('VAT-CATEGORY');
      if (sourceNodes && context.source) {
        const nodes = categoryNodes(sourceNodes);
        // exists(cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[VAT]/cbc:ID[normalize-space(.) = 'O'])
        if (!nodes.some((node) => node.place === 'breakdown' && node.vat && node.code === 'O')) return;
        // count(…[normalize-space(cbc:ID) != 'O'][VAT]) = 0: a category without cbc:ID counts ('' != 'O')
        const first = nodes.find((node) => node.vat && ublCounted(node) && (node.code ?? '') !== 'O');
        if (first)
          report(context.source.pathAt(first.source.xpath), {
            value: first.code,
            xpath: first.source.xpath,
            line: first.source.line,
          });
        return;
      }
      // UBL selects only breakdowns and categories whose cac:TaxScheme is VAT, on both sides
      const entries = withCategory(breakdownNodes(invoice), 'O').filter(
        (entry) => isCii || entry.entry.taxScheme === undefined,
      );
      if (entries.length === 0) return;
      const others = (isCii ? cii : ubl)(invoice).filter(
        (node) => node.category !== undefined && node.category !== 'O' && (isCii || !node.otherScheme),
      );
      const first = others[0];
      if (!first) return;
      if (isCii) for (const entry of entries) report(`${entry.path}.category`, { value: first.category });
      else
        report(`${first.path}.${first.path.includes('vatBreakdown') ? 'category' : 'vatCategory'}`, {
          value: first.category,
        });
    },
  });
}

/**
 * `[...a, ...b]` (a hole read as undefined, as the spread did) by index: the spreads' iteration was
 * among the largest code TurboFan compiled while the rules warmed up (decision 0234)
 */
function joined(a: readonly CategorisedNode[], b: readonly CategorisedNode[]): CategorisedNode[] {
  const out: CategorisedNode[] = [];
  for (let k = 0; k < a.length; k++) out.push(a[k] as CategorisedNode);
  for (let k = 0; k < b.length; k++) out.push(b[k] as CategorisedNode);
  return out;
}
const breakdownsAndLines: AllNodes = (invoice) => joined(breakdownsAsNodes(invoice), lineNodes(invoice));
const allowancesAndCharges: AllNodes = (invoice) => joined(allowanceNodes(invoice), chargeNodes(invoice));

export const vatNotSubjectRules: RuleDefinition[] = [
  ...shapeRules,
  aloneRule(
    11,
    ['BT-118'],
    { en: 'a VAT breakdown', fr: 'aucune ventilation' },
    breakdownsAsNodes,
    breakdownsAndLines,
    // cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory
    (node) => node.place === 'breakdown',
  ),
  aloneRule(
    12,
    ['BT-151', 'BT-118'],
    { en: 'an invoice line', fr: 'aucune ligne' },
    lineNodes,
    breakdownsAndLines,
    // //cac:ClassifiedTaxCategory
    (node) => node.place === 'line',
  ),
  aloneRule(
    13,
    ['BT-95', 'BT-118'],
    { en: 'a document allowance', fr: 'aucune remise de document' },
    allowanceNodes,
    allowancesAndCharges,
    // //cac:AllowanceCharge[cbc:ChargeIndicator=false()]/cac:TaxCategory
    (node) => node.place === 'allowance' && node.charge === false,
  ),
  aloneRule(
    14,
    ['BT-102', 'BT-118'],
    { en: 'a document charge', fr: 'aucuns frais de document' },
    chargeNodes,
    allowancesAndCharges,
    // //cac:AllowanceCharge[cbc:ChargeIndicator=true()]/cac:TaxCategory
    (node) => node.place === 'allowance' && node.charge === true,
  ),
];
