/**
 * Multi-vendor (BT-23 = S8/B8/M8) and bidirectional (S9/B9/M9) invoices: the rules that read only
 * EN 16931 terms (BR-FR-MV-13, BR-FR-BD-13). They stay fatal in the transition edition. The other
 * MV/BD rules read EXTENDED-CTC-FR line data (sub-line type, parent line, line seller, line
 * totals) that the einv model does not carry; they are listed in NOT_CHECKABLE_ON_MODEL.
 */
import type { RuleDefinition } from '../define.js';
import {
  BIDIRECTIONAL_FRAMEWORKS,
  frRule,
  isBusinessProcess,
  MULTI_VENDOR_FRAMEWORKS,
  normalizeSpace,
  SELF_BILLING_TYPES,
  t,
} from './common.js';

export const multiVendorRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-MV-13',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-3', 'BT-23'],
    message: t(
      'Multi-vendor invoice cannot be self-billed',
      'Une facture multi-vendeurs ne peut pas être une autofacture',
    ),
    explanation: t(
      'A multi-vendor invoice (framework S8, B8, M8) is issued by the platform operator for several sellers; its type cannot be a self-billing type (389, 261, 501, 500, 502, 471, 473).',
      'Une facture multi-vendeurs (cadre S8, B8, M8) est émise par l’opérateur pour plusieurs vendeurs ; son type ne peut pas être un type d’autofacturation (389, 261, 501, 500, 502, 471, 473).',
    ),
    fix: t(
      'Use an ordinary invoice or credit-note type (380, 381, 384…).',
      'Utilisez un type de facture ou d’avoir ordinaire (380, 381, 384…).',
    ),
    check(invoice, report) {
      if (!isBusinessProcess(invoice, MULTI_VENDOR_FRAMEWORKS) || invoice.typeCode === undefined) return;
      const type = normalizeSpace(invoice.typeCode);
      if (type === '' || SELF_BILLING_TYPES.has(type))
        report('invoice.typeCode', { value: invoice.typeCode });
    },
  }),
  frRule({
    id: 'BR-FR-BD-13',
    family: 'BD',
    fatalInTransition: true,
    terms: ['BT-3', 'BT-23'],
    message: t(
      'Bidirectional invoice must be self-billed',
      'Une facture bidirectionnelle doit être une autofacture',
    ),
    explanation: t(
      'A bidirectional invoice (framework S9, B9, M9) is issued by the buyer: its type must be a self-billing type (389, 261, 501, 500, 502, 471, 473).',
      'Une facture bidirectionnelle (cadre S9, B9, M9) est émise par l’acheteur : son type doit être un type d’autofacturation (389, 261, 501, 500, 502, 471, 473).',
    ),
    fix: t(
      'Use a self-billing type such as 389 (self-billed invoice) or 261 (self-billed credit note).',
      'Utilisez un type d’autofacturation comme 389 (autofacture) ou 261 (avoir autofacturé).',
    ),
    check(invoice, report) {
      if (!isBusinessProcess(invoice, BIDIRECTIONAL_FRAMEWORKS) || invoice.typeCode === undefined) return;
      if (!SELF_BILLING_TYPES.has(normalizeSpace(invoice.typeCode)))
        report('invoice.typeCode', { value: invoice.typeCode });
    },
  }),
];
