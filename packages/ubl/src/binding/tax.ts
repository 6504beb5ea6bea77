/**
 * VAT totals and breakdown. UBL writes BT-110 and BT-111 as two cac:TaxTotal elements told apart
 * only by the currencyID of their TaxAmount: the one in the invoice currency (BT-5) carries BT-110
 * and the VAT breakdown (BG-23); the one in the VAT accounting currency (BT-6) carries BT-111.
 */
import type { XmlElement } from '@einv/xml';
import { amount, categoryScheme, decimal, group, term } from './build.js';
import type { GroupNode, ReadScope } from './types.js';

/** currencyID of the TaxAmount of a cac:TaxTotal, undefined when absent */
export function taxTotalCurrency(el: XmlElement): string | undefined {
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (c.local === 'TaxAmount') return c.attrs.currencyID?.trim();
  }
  return undefined;
}

/**
 * The TaxTotal in the invoice currency. When the document does not say which currency it uses
 * (fragments), a TaxTotal that is not in the VAT accounting currency is taken as this one.
 */
export function isDocumentCurrencyTotal(el: XmlElement, scope: ReadScope): boolean {
  const currency = taxTotalCurrency(el);
  if (currency !== undefined && currency === scope.documentCurrency) return true;
  if (currency !== undefined && currency === scope.taxCurrency) return false;
  return currency === undefined || scope.documentCurrency === undefined;
}

export function isTaxCurrencyTotal(el: XmlElement, scope: ReadScope): boolean {
  const currency = taxTotalCurrency(el);
  return currency !== undefined && currency === scope.taxCurrency && currency !== scope.documentCurrency;
}

const vatBreakdown: GroupNode = group(
  'cac:TaxSubtotal',
  [
    amount('cbc:TaxableAmount', 'BT-116', 'taxableAmount', { required: true }),
    amount('cbc:TaxAmount', 'BT-117', 'taxAmount', { required: true }),
    group(
      'cac:TaxCategory',
      [
        term('cbc:ID', 'BT-118', 'category'),
        decimal('cbc:Percent', 'BT-119', 'rate'),
        term('cbc:TaxExemptionReasonCode', 'BT-121', 'exemptionReasonCode'),
        term('cbc:TaxExemptionReason', 'BT-120', 'exemptionReason'),
        categoryScheme(),
      ],
      { required: true },
    ),
  ],
  { bt: 'BG-23', field: '/vatBreakdown', many: true },
);

/**
 * The official rules read the subtotals of EVERY cac:TaxTotal as the VAT breakdown (BR-CO-18,
 * BR-S-08…, BR-45…), whichever currency its TaxAmount is in; so the TaxTotals that do not carry
 * BT-110 are read for their breakdown too, which the writer never puts there (decision 0186).
 */
const readOnlyBreakdown: GroupNode = { ...vatBreakdown, writeWhen: () => false };

export const taxTotals: GroupNode[] = [
  group(
    'cac:TaxTotal',
    [amount('cbc:TaxAmount', 'BT-110', '/totals.vatTotal', { required: true }), vatBreakdown],
    {
      match: isDocumentCurrencyTotal,
      note: 'TaxAmount/@currencyID = BT-5',
    },
  ),
  group(
    'cac:TaxTotal',
    [
      amount('cbc:TaxAmount', 'BT-111', '/totals.vatTotalInTaxCurrency', { currency: 'tax', required: true }),
      readOnlyBreakdown,
    ],
    {
      match: isTaxCurrencyTotal,
      writeWhen: (inv) => inv.taxCurrency !== undefined && inv.taxCurrency !== inv.currency,
      note: 'TaxAmount/@currencyID = BT-6',
    },
  ),
  // A TaxTotal in neither currency (BT-5 changed, or a wrong currencyID): the official rules still
  // read its TaxSubtotals as the VAT breakdown (BR-CO-18, BR-S-01…), but its TaxAmount is not BT-110
  // (BR-CO-15 counts TaxAmount[@currencyID = BT-5]); the reader reports that TaxAmount as ignored.
  group('cac:TaxTotal', [readOnlyBreakdown], {
    match: (el, scope) => !isDocumentCurrencyTotal(el, scope) && !isTaxCurrencyTotal(el, scope),
    writeWhen: () => false,
    note: 'TaxAmount/@currencyID neither BT-5 nor BT-6: read for its breakdown only, never written',
  }),
];
