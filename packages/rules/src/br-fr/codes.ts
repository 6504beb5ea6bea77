/** Code lists: document type (BR-FR-04), billing framework (BR-FR-08), VAT categories and rates (BR-FR-15/16), attachments (BR-FR-17/18). */
import type { Invoice, Line } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { judgeSourceNodes } from '../source-context.js';
import {
  ATTACHMENT_CODES,
  BILLING_MODES,
  DOCUMENT_TYPE_CODES,
  frRule,
  isValidDecimal,
  normalizeSpace,
  t,
  VAT_CATEGORIES,
  VAT_RATES,
} from './common.js';
import { checkRateStrings } from './source-nodes.js';

/** Every VAT category / rate place of the model: document allowances and charges, VAT breakdown, lines */
function vatPlaces(invoice: Invoice): {
  path: string;
  category: string | undefined;
  rate: number | undefined;
  bt: [string, string];
  line?: Line;
}[] {
  const out: {
    path: string;
    category: string | undefined;
    rate: number | undefined;
    bt: [string, string];
    line?: Line;
  }[] = [];
  for (const [i, a] of (invoice.allowances ?? []).entries()) {
    out.push({
      path: `invoice.allowances[${i}]`,
      category: a.vatCategory,
      rate: a.vatRate,
      bt: ['BT-95', 'BT-96'],
    });
  }
  for (const [i, c] of (invoice.charges ?? []).entries()) {
    out.push({
      path: `invoice.charges[${i}]`,
      category: c.vatCategory,
      rate: c.vatRate,
      bt: ['BT-102', 'BT-103'],
    });
  }
  for (const [i, v] of (invoice.vatBreakdown ?? []).entries()) {
    out.push({
      path: `invoice.vatBreakdown[${i}]`,
      category: v.category,
      rate: v.rate,
      bt: ['BT-118', 'BT-119'],
    });
  }
  for (const [i, l] of (invoice.lines ?? []).entries()) {
    out.push({
      path: `invoice.lines[${i}]`,
      category: l.vatCategory,
      rate: l.vatRate,
      bt: ['BT-151', 'BT-152'],
      line: l,
    });
  }
  return out;
}

/**
 * BR-FR-15 (CII): a line ram:ApplicableTradeTax without CategoryCode fails, except on GROUP and
 * INFORMATION sub-lines. The model shows the element through what it holds (rate, exemption
 * reason, a tax scheme other than VAT); a tax element with nothing else in it is not seen.
 */
function lineTaxWithoutCategory(line: Line | undefined): boolean {
  if (line === undefined) return false;
  const sub = line.frenchCtc?.subType;
  if (sub === 'GROUP' || sub === 'INFORMATION') return false;
  return line.vatRate !== undefined || line.vatExemptionReason !== undefined || line.taxScheme !== undefined;
}

const categoryField = (path: string) =>
  path.startsWith('invoice.vatBreakdown') ? 'category' : 'vatCategory';
const rateField = (path: string) => (path.startsWith('invoice.vatBreakdown') ? 'rate' : 'vatRate');

export const codeRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-04',
    family: 'FR',
    terms: ['BT-3'],
    message: t('Document type code not accepted in France', 'Code de type de document non accepté en France'),
    explanation: t(
      'The French reform accepts only the document types 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502 and 503 (UNTDID 1001).',
      'La réforme française n’accepte que les types de document 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502 et 503 (UNTDID 1001).',
    ),
    fix: t(
      'Use one of the accepted type codes, e.g. 380 for an invoice or 381 for a credit note.',
      'Utilisez l’un des codes acceptés, par exemple 380 pour une facture ou 381 pour un avoir.',
    ),
    check(invoice, report, ctx) {
      if (invoice.typeCode !== undefined && !DOCUMENT_TYPE_CODES.has(invoice.typeCode))
        report('invoice.typeCode', { value: invoice.typeCode });
      // the type code of a line preceding invoice (EXT-FR-FE-137), which only XML carries
      judgeSourceNodes(ctx, 'EXT-FR-FE-137', report, (v) => DOCUMENT_TYPE_CODES.has(v));
    },
  }),
  frRule({
    id: 'BR-FR-08',
    family: 'FR',
    terms: ['BT-23'],
    message: t(
      'Billing framework (BT-23) missing or not in the French list',
      'Cadre de facturation (BT-23) absent ou hors de la liste française',
    ),
    explanation: t(
      'BT-23 carries the French billing framework: B (goods), S (services) or M (both) followed by the situation digit, e.g. S1, B2, M4, S8, B9. It is mandatory.',
      'BT-23 porte le cadre de facturation : B (biens), S (services) ou M (mixte) suivi du chiffre de situation, par exemple S1, B2, M4, S8, B9. Il est obligatoire.',
    ),
    fix: t(
      'Set the business process type to a framework code such as B1 (goods) or S1 (services).',
      'Renseignez le type de processus avec un code de cadre, par exemple B1 (biens) ou S1 (services).',
    ),
    check(invoice, report) {
      const v = invoice.businessProcessType;
      if (v === undefined || !BILLING_MODES.has(v)) report('invoice.businessProcessType', { value: v });
    },
  }),
  frRule({
    id: 'BR-FR-15',
    family: 'FR',
    terms: ['BT-95', 'BT-102', 'BT-118', 'BT-151'],
    message: t('VAT category code not accepted in France', 'Code de catégorie de TVA non accepté en France'),
    explanation: t(
      'French invoices use the VAT categories S, E, AE, K, G, O and Z only; L (Canary Islands) and M (Ceuta and Melilla) are refused.',
      'Les factures françaises n’utilisent que les catégories de TVA S, E, AE, K, G, O et Z ; L (Canaries) et M (Ceuta et Melilla) sont refusées.',
    ),
    fix: t('Use one of S, E, AE, K, G, O or Z.', 'Utilisez l’une des catégories S, E, AE, K, G, O ou Z.'),
    check(invoice, report, ctx) {
      for (const p of vatPlaces(invoice)) {
        // CII: a VAT breakdown without category code fails too (the element is there, its
        // CategoryCode is not), and so does a line tax without one unless the line is a GROUP /
        // INFORMATION sub-line (Line.frenchCtc, decision 0110).
        const missingInCii =
          ctx.syntax === 'CII' &&
          p.category === undefined &&
          (p.path.startsWith('invoice.vatBreakdown') || lineTaxWithoutCategory(p.line));
        if (missingInCii || (p.category !== undefined && !VAT_CATEGORIES.has(p.category)))
          report(`${p.path}.${categoryField(p.path)}`, { value: p.category, bt: p.bt[0] });
      }
    },
  }),
  frRule({
    id: 'BR-FR-16',
    family: 'FR',
    terms: ['BT-96', 'BT-103', 'BT-119', 'BT-152'],
    message: t('VAT rate is not a French VAT rate', 'Le taux de TVA n’est pas un taux français'),
    explanation: t(
      'A VAT rate, when given, must be one of the French rates 0, 0.9, 1.05, 1.75, 2.1, 5.5, 7, 8.5, 9.2, 9.6, 10, 13, 19.6, 20 or 20.6, with at most two decimals.',
      'Un taux de TVA, s’il est indiqué, doit être l’un des taux français 0, 0,9, 1,05, 1,75, 2,1, 5,5, 7, 8,5, 9,2, 9,6, 10, 13, 19,6, 20 ou 20,6, avec au plus deux décimales.',
    ),
    fix: t(
      'Correct the rate, written as a percentage without the % sign (e.g. 20 or 5.5).',
      'Corrigez le taux, exprimé en pourcentage sans le signe % (par exemple 20 ou 5.5).',
    ),
    check(invoice, report, ctx) {
      // XML input: the rates as written (decision 0107); JSON: the model's numbers
      if (checkRateStrings(ctx, report)) return;
      for (const p of vatPlaces(invoice)) {
        if (p.rate === undefined) continue;
        if (!VAT_RATES.has(p.rate) || !isValidDecimal(p.rate, 2))
          report(`${p.path}.${rateField(p.path)}`, { value: p.rate, bt: p.bt[1] });
      }
    },
  }),
  frRule({
    id: 'BR-FR-17',
    family: 'FR',
    terms: ['BT-123'],
    message: t(
      'Attachment description is not a French attachment code',
      'La description de la pièce jointe n’est pas un code français',
    ),
    explanation: t(
      'The description of a supporting document (BT-123) must be one of RIB, LISIBLE, FEUILLE_DE_STYLE, PJA, BORDEREAU_SUIVI, DOCUMENT_ANNEXE, BON_LIVRAISON, BON_COMMANDE, BORDEREAU_SUIVI_VALIDATION, ETAT_ACOMPTE, FACTURE_PAIEMENT_DIRECT or RECAPITULATIF_COTRAITANCE.',
      'La description d’une pièce justificative (BT-123) doit être l’un des codes RIB, LISIBLE, FEUILLE_DE_STYLE, PJA, BORDEREAU_SUIVI, DOCUMENT_ANNEXE, BON_LIVRAISON, BON_COMMANDE, BORDEREAU_SUIVI_VALIDATION, ETAT_ACOMPTE, FACTURE_PAIEMENT_DIRECT ou RECAPITULATIF_COTRAITANCE.',
    ),
    fix: t(
      'Replace the description by the matching code, e.g. LISIBLE for the readable copy.',
      'Remplacez la description par le code correspondant, par exemple LISIBLE pour la version lisible.',
    ),
    check(invoice, report) {
      (invoice.attachments ?? []).forEach((a, i) => {
        const code = normalizeSpace(a.description ?? '');
        if (code !== '' && !ATTACHMENT_CODES.has(code))
          report(`invoice.attachments[${i}].description`, { value: a.description });
      });
    },
  }),
  frRule({
    id: 'BR-FR-18',
    family: 'FR',
    terms: ['BT-123'],
    message: t(
      'More than one attachment is described LISIBLE',
      'Plus d’une pièce jointe est décrite LISIBLE',
    ),
    explanation: t(
      'An invoice carries at most one human-readable copy, the attachment described LISIBLE.',
      'Une facture porte au plus une version lisible, la pièce jointe décrite LISIBLE.',
    ),
    fix: t(
      'Keep a single LISIBLE attachment; describe the others with another code.',
      'Ne gardez qu’une pièce jointe LISIBLE ; décrivez les autres avec un autre code.',
    ),
    check(invoice, report) {
      const count = (invoice.attachments ?? []).filter((a) => a.description === 'LISIBLE').length;
      if (count > 1) report('invoice.attachments', { value: count });
    },
  }),
];
