/**
 * Multi-vendor (BT-23 = S8/B8/M8) and bidirectional (S9/B9/M9) invoices. Every rule here stays
 * fatal in the transition edition. This file holds the rules on the BT-3 type (MV-13, BD-13) and
 * on the line structure (MV-01, MV-02, BD-02, MV-06, MV-07); multi-vendor-groups.ts holds those on
 * the content and amounts of the GROUP lines. The EXTENDED-CTC-FR line data comes from
 * Line.frenchCtc (see multi-vendor-structure.ts).
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
import { multiVendorGroupRules } from './multi-vendor-groups.js';
import {
  indexedLines,
  isBidirectional,
  isMultiVendor,
  isSpecialContract,
  isTopGroup,
  lineSellerLegalId,
  linesById,
  subInvoicePath,
  subInvoiceReference,
} from './multi-vendor-structure.js';

const typeRules: RuleDefinition[] = [
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

const structureRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-MV-01',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-126'],
    message: t(
      'Line of a multi-vendor or bidirectional invoice without sub-type',
      'Ligne de facture multi-vendeurs ou bidirectionnelle sans sous-type',
    ),
    explanation: t(
      'In a multi-vendor (S8, B8, M8) or bidirectional (S9, B9, M9) invoice every line says what it is (EXT-FR-FE-163): GROUP (head of a sub-invoice), DETAIL (an invoiced item) or INFORMATION. The CII rule tests a sub-type element that is there but empty; the UBL rule also requires it.',
      'Dans une facture multi-vendeurs (S8, B8, M8) ou bidirectionnelle (S9, B9, M9), chaque ligne indique sa nature (EXT-FR-FE-163) : GROUP (tête de sous-facture), DETAIL (article facturé) ou INFORMATION. La règle CII contrôle un sous-type présent mais vide ; la règle UBL l’exige en plus.',
    ),
    fix: t(
      'Give every line its sub-type: CII ram:LineStatusReasonCode, UBL cbc:DocumentStatusCode of the line billing reference to this invoice.',
      'Donnez à chaque ligne son sous-type : ram:LineStatusReasonCode en CII, cbc:DocumentStatusCode de la référence de facturation de la ligne vers cette facture en UBL.',
    ),
    check(invoice, report, ctx) {
      if (!isSpecialContract(invoice)) return;
      for (const { line, index } of indexedLines(invoice)) {
        const sub = line.frenchCtc?.subType;
        // CII: the context is the LineStatusReasonCode element itself, so only an empty one fails
        if (
          ctx.syntax === 'CII'
            ? sub !== undefined && normalizeSpace(sub) === ''
            : normalizeSpace(sub ?? '') === ''
        )
          report(`invoice.lines[${index}].frenchCtc.subType`, { value: sub });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-02',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BG-25'],
    message: t(
      'Multi-vendor invoice without a top-level GROUP line',
      'Facture multi-vendeurs sans ligne GROUP de premier niveau',
    ),
    explanation: t(
      'A multi-vendor invoice (S8, B8, M8) gathers the lines of each seller under a GROUP line without parent line (EXT-FR-FE-162/163); there must be at least one.',
      'Une facture multi-vendeurs (S8, B8, M8) regroupe les lignes de chaque vendeur sous une ligne GROUP sans ligne parente (EXT-FR-FE-162/163) ; il en faut au moins une.',
    ),
    fix: t(
      'Add a GROUP line (no parent line id) for each seller and attach its lines to it.',
      'Ajoutez une ligne GROUP (sans identifiant de ligne parente) par vendeur et rattachez-lui ses lignes.',
    ),
    check(invoice, report) {
      if (!isMultiVendor(invoice)) return;
      if (!(invoice.lines ?? []).some(isTopGroup)) report('invoice.lines', { value: 0 });
    },
  }),
  frRule({
    id: 'BR-FR-BD-02',
    family: 'BD',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-30', 'BT-47'],
    message: t(
      'Bidirectional invoice needs two GROUP lines: one for the seller, one for the buyer',
      'Une facture bidirectionnelle demande deux lignes GROUP : une pour le vendeur, une pour l’acheteur',
    ),
    explanation: t(
      'A bidirectional invoice (S9, B9, M9) has exactly two top-level GROUP lines: one whose line seller legal id (EXT-FR-FE-167) is the seller’s (BT-30), one whose line seller legal id is the buyer’s (BT-47).',
      'Une facture bidirectionnelle (S9, B9, M9) a exactement deux lignes GROUP de premier niveau : l’une dont l’identifiant légal du vendeur à la ligne (EXT-FR-FE-167) est celui du vendeur (BT-30), l’autre celui de l’acheteur (BT-47).',
    ),
    fix: t(
      'Write one GROUP line for each party, with its SIREN as line seller legal registration id.',
      'Écrivez une ligne GROUP par partie, avec son SIREN comme identifiant légal du vendeur à la ligne.',
    ),
    check(invoice, report) {
      if (!isBidirectional(invoice)) return;
      const groups = (invoice.lines ?? []).filter(isTopGroup);
      if (groups.length !== 2) report('invoice.lines', { value: groups.length });
      // XPath `=` compares the identifiers as written; an absent party id matches nothing
      const owned = (id: string | undefined) =>
        id === undefined ? 0 : groups.filter((g) => g.frenchCtc?.seller?.legalId?.id === id).length;
      if (owned(invoice.seller?.legalRegistrationId?.id) !== 1)
        report('invoice.seller.legalRegistrationId', {
          value: invoice.seller?.legalRegistrationId?.id,
          bt: 'BT-30',
        });
      if (owned(invoice.buyer?.legalRegistrationId?.id) !== 1)
        report('invoice.buyer.legalRegistrationId', {
          value: invoice.buyer?.legalRegistrationId?.id,
          bt: 'BT-47',
        });
    },
  }),
  frRule({
    id: 'BR-FR-MV-06',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-126'],
    message: t(
      'Line seller legal id missing or different from its parent line',
      'Identifiant légal du vendeur à la ligne absent ou différent de la ligne parente',
    ),
    explanation: t(
      'In a multi-vendor or bidirectional invoice every line names the legal registration id of its seller (EXT-FR-FE-167), and a child line names the same seller as its parent line.',
      'Dans une facture multi-vendeurs ou bidirectionnelle, chaque ligne porte l’identifiant légal de son vendeur (EXT-FR-FE-167), et une ligne enfant porte le même vendeur que sa ligne parente.',
    ),
    fix: t(
      'Give every line the SIREN of its seller, the same as on its GROUP line.',
      'Donnez à chaque ligne le SIREN de son vendeur, le même que sur sa ligne GROUP.',
    ),
    check(invoice, report) {
      if (!isSpecialContract(invoice)) return;
      const byId = linesById(invoice);
      for (const { line, index } of indexedLines(invoice)) {
        const own = lineSellerLegalId(line);
        const parentId = line.frenchCtc?.parentLineId;
        const parent = parentId === undefined ? undefined : byId.get(parentId);
        const ok =
          own !== '' &&
          (parentId === undefined || (parent !== undefined && own === lineSellerLegalId(parent)));
        if (!ok) report(`invoice.lines[${index}].frenchCtc.seller.legalId`, { value: own });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-07',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-128'],
    message: t(
      'Line sub-invoice number (AFL) missing or different from its parent line',
      'Numéro de sous-facture (AFL) de la ligne absent ou différent de la ligne parente',
    ),
    explanation: t(
      'In a multi-vendor or bidirectional invoice every line names the sub-invoice it belongs to (BT-128 with scheme AFL, type 130), and a child line names the same sub-invoice as its parent line.',
      'Dans une facture multi-vendeurs ou bidirectionnelle, chaque ligne indique la sous-facture à laquelle elle appartient (BT-128 de schéma AFL, type 130), et une ligne enfant indique la même sous-facture que sa ligne parente.',
    ),
    fix: t(
      'Add to every line an object reference of scheme AFL holding its sub-invoice number, the same as on its GROUP line.',
      'Ajoutez à chaque ligne une référence d’objet de schéma AFL portant son numéro de sous-facture, le même que sur sa ligne GROUP.',
    ),
    check(invoice, report) {
      if (!isSpecialContract(invoice)) return;
      const byId = linesById(invoice);
      for (const { line, index } of indexedLines(invoice)) {
        const own = normalizeSpace(subInvoiceReference(line, 'AFL') ?? '');
        const parentId = line.frenchCtc?.parentLineId;
        const parent = parentId === undefined ? undefined : byId.get(parentId);
        const parentAfl = parent ? normalizeSpace(subInvoiceReference(parent, 'AFL') ?? '') : '';
        if (!(own !== '' && (parentId === undefined || own === parentAfl)))
          report(subInvoicePath(line, index, 'AFL'), { value: own });
      }
    },
  }),
];

export const multiVendorRules: RuleDefinition[] = [...typeRules, ...structureRules, ...multiVendorGroupRules];
