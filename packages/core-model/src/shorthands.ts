/**
 * Shorthands of the JSON invoice (decision 0136): what users otherwise work out by hand, named once
 * and expanded by complete() into the business terms they stand for. They are not EN 16931 terms
 * and no syntax carries them; readers never set them.
 *
 * - `vatExemption: { code, reason? }` (invoice or line): a VATEX code (BT-121) from which the VAT
 *   category (BT-151 / BT-95), a rate of 0 and the mandatory mention (BT-120) follow.
 * - `operationCategory: 'goods' | 'services' | 'mixed'`: the reform's operation category, written
 *   as the first letter of BT-23 (B1, S1, M1: framework 1, the plain invoice).
 * Given values always win: a shorthand fills only what the invoice leaves empty.
 */
import type { AllowanceCharge, Invoice, Line, VatExemption } from './model.js';

export type OperationCategory = 'goods' | 'services' | 'mixed';
export const OPERATION_CATEGORIES: readonly OperationCategory[] = ['goods', 'services', 'mixed'];
const BT23_LETTER: Record<OperationCategory, string> = { goods: 'B', services: 'S', mixed: 'M' };

/** BT-23 of an operation category: the letter with framework 1 ("dépôt d'une facture") */
export function businessProcessTypeOf(category: OperationCategory): string {
  return `${BT23_LETTER[category]}1`;
}

interface ExemptionEntry {
  /** UNTDID 5305 VAT category the code belongs to */
  category: string;
  mention: { fr: string; en: string };
}

/**
 * The VATEX codes (CEF VATEX list, as in the EN 16931 1.3.16 and Factur-X 1.09.2 code lists) whose
 * category is not E, and the exemptions French invoices use most, each with the mention the law asks
 * for (CGI ann. II art. 242 nonies A; ../shared/br-fr/french-mentions.md).
 */
export const KNOWN_VAT_EXEMPTIONS: Readonly<Record<string, ExemptionEntry>> = {
  'VATEX-FR-FRANCHISE': {
    category: 'E',
    mention: {
      fr: 'TVA non applicable, art. 293 B du CGI',
      en: 'VAT not applicable, art. 293 B of the French tax code (CGI): VAT franchise',
    },
  },
  'VATEX-EU-AE': { category: 'AE', mention: { fr: 'Autoliquidation', en: 'Reverse charge' } },
  'VATEX-FR-AE': { category: 'AE', mention: { fr: 'Autoliquidation', en: 'Reverse charge' } },
  'VATEX-EU-IC': {
    category: 'K',
    mention: {
      fr: 'Exonération de TVA, article 262 ter, I du CGI (livraison intracommunautaire)',
      en: 'Intra-Community supply, exempt from VAT (article 138 of Council Directive 2006/112/EC)',
    },
  },
  'VATEX-EU-G': {
    category: 'G',
    mention: {
      fr: 'Exonération de TVA, article 262 I du CGI (exportation)',
      en: 'Export outside the EU, exempt from VAT (article 146 of Council Directive 2006/112/EC)',
    },
  },
  'VATEX-EU-O': { category: 'O', mention: { fr: 'Non soumis à la TVA', en: 'Not subject to VAT' } },
  'VATEX-EU-D': {
    category: 'E',
    mention: { fr: 'Régime particulier – Agences de voyages', en: 'Margin scheme – Travel agents' },
  },
  'VATEX-EU-F': {
    category: 'E',
    mention: { fr: "Régime particulier – Biens d'occasion", en: 'Margin scheme – Second-hand goods' },
  },
  'VATEX-EU-I': {
    category: 'E',
    mention: { fr: "Régime particulier – Objets d'art", en: 'Margin scheme – Works of art' },
  },
  'VATEX-EU-J': {
    category: 'E',
    mention: {
      fr: "Régime particulier – Objets de collection et d'antiquité",
      en: 'Margin scheme – Collectors’ items and antiques',
    },
  },
};

/** VATEX-EU-132-1A → article 132, paragraph 1, point (a) of the VAT directive */
const EU_ARTICLE = /^VATEX-EU-(\d+)(?:-(\d+)([A-Z]*))?$/;

/**
 * The VAT category and mention of a VATEX code, in the invoice's language (`fr` for a French seller).
 * Every code not listed above is an exemption (category E); a code of the directive gets its article
 * as the mention, any other code gets none (give `reason`: the code alone satisfies BR-E-10, but French
 * law wants the legal reference written out).
 */
export function vatExemptionOf(code: string, lang: 'fr' | 'en'): { category: string; mention?: string } {
  const known = KNOWN_VAT_EXEMPTIONS[code];
  if (known) return { category: known.category, mention: known.mention[lang] };
  const eu = EU_ARTICLE.exec(code);
  if (!eu) return { category: 'E' };
  const [, article, paragraph, point] = eu;
  const where =
    lang === 'fr'
      ? `article ${article}${paragraph ? `, paragraphe ${paragraph}` : ''}${point ? `, point ${point.toLowerCase()})` : ''} de la directive 2006/112/CE`
      : `article ${article}${paragraph ? `, section ${paragraph}` : ''}${point ? ` (${point.toLowerCase()})` : ''} of Council Directive 2006/112/EC`;
  return {
    category: 'E',
    mention: lang === 'fr' ? `Exonération de TVA, ${where}` : `Exempt based on ${where}`,
  };
}

const isExemption = (v: unknown): v is VatExemption =>
  typeof v === 'object' && v !== null && typeof (v as VatExemption).code === 'string';

/** A line's own VAT is unset: no category and no positive rate */
const vatUnset = (x: { vatCategory?: unknown; vatRate?: unknown }) =>
  x.vatCategory === undefined && (x.vatRate === undefined || x.vatRate === 0);

function exemptLine(line: Line, exemption: VatExemption, lang: 'fr' | 'en'): Line {
  const { category, mention } = vatExemptionOf(exemption.code, lang);
  const out: Line = Object.assign({}, line);
  out.vatCategory ??= category;
  // "not subject to VAT" has no rate at all (BR-O-05); every other exempt category has 0
  if (out.vatCategory !== 'O') out.vatRate ??= 0;
  out.vatExemptionReasonCode ??= exemption.code;
  const reason = exemption.reason ?? mention;
  if (reason !== undefined) out.vatExemptionReason ??= reason;
  return out;
}

function exemptAllowanceCharges(
  list: AllowanceCharge[] | undefined,
  exemption: VatExemption,
  lang: 'fr' | 'en',
): AllowanceCharge[] | undefined {
  if (!Array.isArray(list)) return list;
  const { category } = vatExemptionOf(exemption.code, lang);
  return list.map((ac) =>
    ac !== null && typeof ac === 'object' && vatUnset(ac)
      ? { ...ac, vatCategory: category, ...(category === 'O' ? {} : { vatRate: 0 }) }
      : ac,
  );
}

/**
 * The invoice with its shorthands expanded into business terms: BT-23 from `operationCategory`;
 * each line's `vatExemption`, else the invoice's for lines (and document allowances and charges)
 * without a VAT category or positive rate, into BT-151, BT-152 = 0 and the reason text and code
 * complete() carries to the VAT breakdown (BT-120, BT-121). Returns the input itself when it has none.
 */
export function expandShorthands(invoice: Invoice): Invoice {
  const { operationCategory, vatExemption } = invoice;
  const lineExemptions =
    Array.isArray(invoice.lines) && invoice.lines.some((l) => isExemption(l?.vatExemption));
  if (operationCategory === undefined && !isExemption(vatExemption) && !lineExemptions) return invoice;
  const out: Invoice = { ...invoice };
  if (
    out.businessProcessType === undefined &&
    typeof operationCategory === 'string' &&
    operationCategory in BT23_LETTER
  ) {
    out.businessProcessType = businessProcessTypeOf(operationCategory);
  }
  const lang = invoice.seller?.address?.country === 'FR' ? 'fr' : 'en';
  const general = isExemption(vatExemption) ? vatExemption : undefined;
  if (Array.isArray(invoice.lines)) {
    out.lines = invoice.lines.map((line) => {
      if (line === null || typeof line !== 'object') return line;
      if (isExemption(line.vatExemption)) return exemptLine(line, line.vatExemption, lang);
      return general && vatUnset(line) ? exemptLine(line, general, lang) : line;
    });
  }
  if (general) {
    const allowances = exemptAllowanceCharges(invoice.allowances, general, lang);
    if (allowances) out.allowances = allowances;
    const charges = exemptAllowanceCharges(invoice.charges, general, lang);
    if (charges) out.charges = charges;
  }
  return out;
}
