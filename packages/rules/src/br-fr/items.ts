/** Item attributes (BR-FR-27, -28) and invoiced-object identifiers AFL / AVV (BR-FR-29, -30). */
import type { Identifier } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { frRule, normalizeSpace, t } from './common.js';
import { checkSubInvoiceReferences } from './source-nodes.js';

const SUB_INVOICE_SCHEMES = new Set(['AFL', 'AVV']);
const blankSubInvoiceRef = (id: Identifier | undefined): boolean =>
  id !== undefined &&
  id.scheme !== undefined &&
  SUB_INVOICE_SCHEMES.has(id.scheme) &&
  normalizeSpace(id.id ?? '') === '';

export const itemRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-27',
    family: 'FR',
    terms: ['BG-32', 'BT-160'],
    message: t('Item attribute without a name', 'Attribut d’article sans nom'),
    explanation: t(
      'Each item attribute (BG-32) needs a non-empty name (BT-160) or attribute code.',
      'Chaque attribut d’article (BG-32) a besoin d’un nom (BT-160) ou d’un code d’attribut non vide.',
    ),
    fix: t(
      'Give the attribute a name, e.g. "Colour".',
      'Donnez un nom à l’attribut, par exemple « Couleur ».',
    ),
    check(invoice, report, ctx) {
      // The official UBL rule context (ubl:Invoice/cac:Item/…) matches no UBL node (decision 0072).
      if (ctx.syntax === 'UBL') return;
      (invoice.lines ?? []).forEach((line, i) => {
        (line.attributes ?? []).forEach((a, j) => {
          if (typeof a.name !== 'string' || normalizeSpace(a.name) === '')
            report(`invoice.lines[${i}].attributes[${j}].name`, { value: a.name });
        });
      });
    },
  }),
  frRule({
    id: 'BR-FR-28',
    family: 'FR',
    terms: ['BG-32', 'BT-161'],
    message: t('Item attribute without a value', 'Attribut d’article sans valeur'),
    explanation: t(
      'Each item attribute carries exactly one value: a text value (BT-161) or a measured value with its unit.',
      'Chaque attribut d’article porte exactement une valeur : une valeur texte (BT-161) ou une mesure avec son unité.',
    ),
    fix: t('Give the attribute a value.', 'Donnez une valeur à l’attribut.'),
    check(invoice, report) {
      (invoice.lines ?? []).forEach((line, i) => {
        (line.attributes ?? []).forEach((a, j) => {
          if (typeof a.value !== 'string') report(`invoice.lines[${i}].attributes[${j}].value`);
        });
      });
    },
  }),
  frRule({
    id: 'BR-FR-29',
    family: 'FR',
    terms: ['BT-18', 'BT-18-1'],
    message: t(
      'Invoiced object identifier with scheme AFL or AVV is empty',
      'Identifiant d’objet facturé de schéma AFL ou AVV vide',
    ),
    explanation: t(
      'The sub-invoice references AFL and AVV (invoiced object identifier BT-18) appear at most once each and carry a value.',
      'Les références de sous-facture AFL et AVV (identifiant d’objet facturé BT-18) apparaissent au plus une fois chacune et portent une valeur.',
    ),
    fix: t(
      'Give the AFL / AVV reference a value, or remove it.',
      'Donnez une valeur à la référence AFL / AVV, ou retirez-la.',
    ),
    check(invoice, report, ctx) {
      // XML input: every AFL / AVV reference (the model keeps one BT-18, decision 0107)
      if (checkSubInvoiceReferences(ctx, report)) return;
      if (blankSubInvoiceRef(invoice.invoicedObjectIdentifier))
        report('invoice.invoicedObjectIdentifier', { value: invoice.invoicedObjectIdentifier?.scheme });
    },
  }),
  frRule({
    id: 'BR-FR-30',
    family: 'FR',
    terms: ['BT-128', 'BT-128-1'],
    message: t(
      'Line object identifier with scheme AFL or AVV is empty',
      'Identifiant d’objet de ligne de schéma AFL ou AVV vide',
    ),
    explanation: t(
      'At line level too (BT-128) the sub-invoice references AFL and AVV appear at most once each and carry a value.',
      'Au niveau de la ligne aussi (BT-128), les références de sous-facture AFL et AVV apparaissent au plus une fois chacune et portent une valeur.',
    ),
    fix: t(
      'Give the line AFL / AVV reference a value, or remove it.',
      'Donnez une valeur à la référence AFL / AVV de la ligne, ou retirez-la.',
    ),
    check(invoice, report, ctx) {
      // The official CII rule reads a path that CII never has (decision 0072): it fires in UBL only.
      if (ctx.syntax === 'CII') return;
      (invoice.lines ?? []).forEach((line, i) => {
        if (blankSubInvoiceRef(line.objectIdentifier))
          report(`invoice.lines[${i}].objectIdentifier`, { value: line.objectIdentifier?.scheme });
      });
    },
  }),
];
