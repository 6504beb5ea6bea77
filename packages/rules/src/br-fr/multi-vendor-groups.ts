/**
 * Multi-vendor / bidirectional rules on the top-level GROUP lines (one per sub-invoice): what they
 * must carry (MV-03, MV-14, BD-14), their amounts against their children and the VAT breakdown
 * (MV-05, MV-09, MV-10), the DETAIL exemption-reason tag (MV-08) and the sub-invoice numbers
 * (MV-11, MV-12). All fatal in every edition. Where the CII and UBL official tests differ, the
 * difference is kept (ctx.syntax); a JSON invoice is judged like UBL, the stricter reading.
 */
import type { Invoice, Line } from '@einv/core-model';
import type { Report, RuleDefinition } from '../define.js';
import { frRule, normalizeSpace, t } from './common.js';
import {
  childrenByParent,
  childrenOf,
  indexedLines,
  isBidirectional,
  isMultiVendor,
  isSpecialContract,
  isTopGroup,
  lineSellerLegalId,
  subInvoicePath,
  subInvoiceReference,
  subTypeOf,
  sumOf,
  withinTolerance,
} from './multi-vendor-structure.js';

const topGroups = (invoice: Invoice) => indexedLines(invoice).filter(({ line }) => isTopGroup(line));
const blank = (v: string | undefined) => normalizeSpace(v ?? '') === '';
const MULTI_VENDOR_CORRECTIONS = new Set(['384', '472', '381', '396', '503']);
const BIDIRECTIONAL_CORRECTIONS = new Set(['261', '471', '473', '502']);

/** MV-14 / BD-14: each top-level GROUP line of a corrective document names its preceding invoice */
function checkLinePrecedingInvoice(invoice: Invoice, report: Report): void {
  for (const { line, index } of topGroups(invoice)) {
    const preceding = line.frenchCtc?.precedingInvoice;
    if (preceding?.number === undefined)
      report(`invoice.lines[${index}].frenchCtc.precedingInvoice.number`, { value: undefined });
    if (preceding?.issueDate === undefined)
      report(`invoice.lines[${index}].frenchCtc.precedingInvoice.issueDate`, { value: undefined });
  }
}

/**
 * MV-12: reports each top-level GROUP line whose AFL number was written before it. The CII test
 * compares with every earlier ram:IssuerAssignedID of the document (lines come first in CII, so:
 * earlier lines' object, AFL, AVV and preceding-invoice references, and this line's preceding
 * invoice and AVV, written before its AFL); the UBL test with the AFL references of earlier lines.
 * One pass over the lines.
 */
function checkRepeatedSubInvoices(lines: Line[], cii: boolean, report: Report): void {
  const seen = new Set<string>();
  const add = (v: string | undefined) => {
    if (v !== undefined) seen.add(v);
  };
  lines.forEach((line, index) => {
    if (cii) {
      add(line.frenchCtc?.precedingInvoice?.number);
      add(subInvoiceReference(line, 'AVV'));
    }
    const afl = subInvoiceReference(line, 'AFL');
    if (isTopGroup(line) && afl !== undefined && seen.has(afl))
      report(subInvoicePath(line, index, 'AFL'), { value: afl });
    add(afl);
    const object = line.objectIdentifier;
    if (cii && object && !['AFL', 'AVV'].includes(object.scheme ?? '')) add(object.id);
  });
}

export const multiVendorGroupRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-MV-03',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-128'],
    message: t(
      'GROUP line incomplete: line seller, line VAT total or sub-invoice references missing',
      'Ligne GROUP incomplète : vendeur à la ligne, TVA de la ligne ou références de sous-facture manquants',
    ),
    explanation: t(
      'Each top-level GROUP line of a multi-vendor or bidirectional invoice describes its sub-invoice: line seller name, legal registration id and country (EXT-FR-FE-164/167/177), line VAT total in the invoice currency (EXT-FR-FE-181) and in the VAT accounting currency when BT-6 is given (EXT-FR-FE-182), the sub-invoice number (BT-128 scheme AFL) and the sub-invoice framework (BT-128 scheme AVV, not S8, B8 or M8). The CII rule checks an AFL or AVV reference only when there is one.',
      'Chaque ligne GROUP de premier niveau d’une facture multi-vendeurs ou bidirectionnelle décrit sa sous-facture : nom, identifiant légal et pays du vendeur à la ligne (EXT-FR-FE-164/167/177), TVA de la ligne dans la devise de facture (EXT-FR-FE-181) et dans la devise de comptabilisation si BT-6 est présent (EXT-FR-FE-182), numéro de sous-facture (BT-128 de schéma AFL) et cadre de la sous-facture (BT-128 de schéma AVV, ni S8, ni B8, ni M8). La règle CII ne contrôle une référence AFL ou AVV que si elle est présente.',
    ),
    fix: t(
      'Complete the GROUP line with its seller, its VAT total and its AFL and AVV references.',
      'Complétez la ligne GROUP avec son vendeur, sa TVA et ses références AFL et AVV.',
    ),
    check(invoice, report, ctx) {
      if (!isSpecialContract(invoice)) return;
      const cii = ctx.syntax === 'CII';
      for (const { line, index } of topGroups(invoice)) {
        const at = `invoice.lines[${index}].frenchCtc`;
        const fr = line.frenchCtc;
        if (blank(fr?.seller?.name)) report(`${at}.seller.name`, { value: fr?.seller?.name });
        if (lineSellerLegalId(line) === '')
          report(`${at}.seller.legalId`, { value: fr?.seller?.legalId?.id });
        if (blank(fr?.seller?.country)) report(`${at}.seller.country`, { value: fr?.seller?.country });
        if (fr?.vatTotal === undefined) report(`${at}.vatTotal`, { value: undefined });
        if (invoice.taxCurrency !== undefined && fr?.vatTotalInTaxCurrency === undefined)
          report(`${at}.vatTotalInTaxCurrency`, { value: undefined });
        const afl = subInvoiceReference(line, 'AFL');
        if ((cii ? afl !== undefined : true) && blank(afl))
          report(subInvoicePath(line, index, 'AFL'), { value: afl });
        const avv = subInvoiceReference(line, 'AVV');
        const badAvv = blank(avv) || ['M8', 'S8', 'B8'].includes(avv ?? '');
        if ((cii ? avv !== undefined : true) && badAvv)
          report(subInvoicePath(line, index, 'AVV'), { value: avv });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-05',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-131'],
    message: t(
      'GROUP line net amount is not the sum of its lines',
      'Le montant net de la ligne GROUP n’est pas la somme de ses lignes',
    ),
    explanation: t(
      'The net amount (BT-131) of a top-level GROUP line equals the sum of the net amounts of its child lines, INFORMATION lines excluded, within 0.01 per child line. A GROUP line without counted children must have a zero amount.',
      'Le montant net (BT-131) d’une ligne GROUP de premier niveau est égal à la somme des montants nets de ses lignes enfants, hors lignes INFORMATION, à 0,01 près par ligne enfant. Une ligne GROUP sans enfant compté doit avoir un montant nul.',
    ),
    fix: t(
      'Recompute the GROUP line amount from its DETAIL lines, or attach the missing lines to it.',
      'Recalculez le montant de la ligne GROUP à partir de ses lignes DETAIL, ou rattachez-lui les lignes manquantes.',
    ),
    check(invoice, report) {
      if (!isSpecialContract(invoice)) return;
      const byParent = childrenByParent(invoice);
      for (const { line, index } of topGroups(invoice)) {
        const children = childrenOf(byParent, normalizeSpace(line.id ?? ''), (s) => s !== 'INFORMATION');
        const counted = children.filter((c) => c.netAmount !== undefined);
        const sum = sumOf(counted.map((c) => c.netAmount));
        if (!withinTolerance(line.netAmount, sum, 0.01 * counted.length))
          report(`invoice.lines[${index}].netAmount`, { value: line.netAmount });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-08',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-128'],
    message: t(
      'DETAIL line VAT exemption reason does not start with #sub-invoice number#',
      'La raison d’exonération de TVA de la ligne DETAIL ne commence pas par #numéro de sous-facture#',
    ),
    explanation: t(
      'In a multi-vendor or bidirectional invoice the VAT exemption reason of each DETAIL line (EXT-FR-FE-178) starts with its sub-invoice number between hashes, e.g. #F202600004#, so that the VAT breakdown of each sub-invoice can be told apart.',
      'Dans une facture multi-vendeurs ou bidirectionnelle, la raison d’exonération de TVA de chaque ligne DETAIL (EXT-FR-FE-178) commence par son numéro de sous-facture entre dièses, par exemple #F202600004#, pour distinguer la ventilation de TVA de chaque sous-facture.',
    ),
    fix: t(
      'Write the line exemption reason as #<AFL number># followed by the reason, if any.',
      'Écrivez la raison d’exonération de la ligne sous la forme #<numéro AFL># suivi de la raison éventuelle.',
    ),
    check(invoice, report) {
      if (!isSpecialContract(invoice)) return;
      for (const { line, index } of indexedLines(invoice)) {
        if (subTypeOf(line) !== 'DETAIL') continue;
        const afl = normalizeSpace(subInvoiceReference(line, 'AFL') ?? '');
        const reason = line.vatExemptionReason;
        if (blank(reason) || afl === '' || !(reason ?? '').startsWith(`#${afl}#`))
          report(`invoice.lines[${index}].vatExemptionReason`, { value: reason });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-09',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-117', 'BT-120'],
    message: t(
      'GROUP line VAT total differs from its sub-invoice VAT breakdown',
      'La TVA de la ligne GROUP diffère de la ventilation de TVA de sa sous-facture',
    ),
    explanation: t(
      'The VAT total of a top-level GROUP line (EXT-FR-FE-181) equals, within 0.01, the sum of the VAT amounts (BT-117) of the VAT breakdown entries whose exemption reason (BT-120) starts with #<its sub-invoice number>#.',
      'La TVA d’une ligne GROUP de premier niveau (EXT-FR-FE-181) est égale, à 0,01 près, à la somme des montants de TVA (BT-117) des ventilations dont la raison d’exonération (BT-120) commence par #<son numéro de sous-facture>#.',
    ),
    fix: t(
      'Tag each VAT breakdown entry with #<AFL number># in its exemption reason and make the GROUP line VAT total their sum.',
      'Marquez chaque ventilation de TVA avec #<numéro AFL># dans sa raison d’exonération et faites de la TVA de la ligne GROUP leur somme.',
    ),
    check(invoice, report) {
      if (!isSpecialContract(invoice)) return;
      for (const { line, index } of topGroups(invoice)) {
        const prefix = `#${normalizeSpace(subInvoiceReference(line, 'AFL') ?? '')}#`;
        const vat = sumOf(
          (invoice.vatBreakdown ?? [])
            .filter((v) => v.taxScheme === undefined && (v.exemptionReason ?? '').startsWith(prefix))
            .map((v) => v.taxAmount),
        );
        if (!withinTolerance(line.frenchCtc?.vatTotal, vat, 0.01))
          report(`invoice.lines[${index}].frenchCtc.vatTotal`, { value: line.frenchCtc?.vatTotal });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-10',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-131'],
    message: t(
      'GROUP line total with VAT is not its net amount plus its VAT',
      'Le total TTC de la ligne GROUP n’est pas son montant net plus sa TVA',
    ),
    explanation: t(
      'When a top-level GROUP line gives its total with VAT (EXT-FR-FE-184), it equals its net amount (BT-131) plus its VAT total (EXT-FR-FE-181), within 0.01 per DETAIL child line.',
      'Quand une ligne GROUP de premier niveau donne son total TTC (EXT-FR-FE-184), il est égal à son montant net (BT-131) plus sa TVA (EXT-FR-FE-181), à 0,01 près par ligne DETAIL enfant.',
    ),
    fix: t(
      'Correct the GROUP line total with VAT, or remove it.',
      'Corrigez le total TTC de la ligne GROUP, ou retirez-le.',
    ),
    check(invoice, report, ctx) {
      if (!isSpecialContract(invoice)) return;
      const byParent = childrenByParent(invoice);
      // 1.4.0.04 (fix04) counts the GROUP sub-lines in the tolerance too
      const counted = ctx.frenchVersion === '1.4.0.04' ? ['DETAIL', 'GROUP'] : ['DETAIL'];
      for (const { line, index } of topGroups(invoice)) {
        const total = line.frenchCtc?.totalWithVat;
        if (total === undefined) continue;
        const details = childrenOf(byParent, line.id ?? '', (s) => counted.includes(s)).length;
        const net = line.netAmount;
        const vat = line.frenchCtc?.vatTotal;
        const expected = net === undefined || vat === undefined ? undefined : sumOf([net, vat]);
        if (!withinTolerance(total, expected, 0.01 * details))
          report(`invoice.lines[${index}].frenchCtc.totalWithVat`, { value: total });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-11',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-1', 'BT-30', 'BT-128'],
    message: t(
      'The main seller’s sub-invoice must carry the invoice number',
      'La sous-facture du vendeur principal doit porter le numéro de la facture',
    ),
    explanation: t(
      'Among the top-level GROUP lines whose line seller is the invoice seller (legal id = BT-30), exactly one has the invoice number (BT-1) as sub-invoice number (BT-128 scheme AFL).',
      'Parmi les lignes GROUP de premier niveau dont le vendeur à la ligne est le vendeur de la facture (identifiant légal = BT-30), exactement une a le numéro de facture (BT-1) comme numéro de sous-facture (BT-128 de schéma AFL).',
    ),
    fix: t(
      'Give the seller’s own GROUP line the invoice number as AFL reference, and the other sub-invoices their own numbers.',
      'Donnez à la ligne GROUP du vendeur lui-même le numéro de facture comme référence AFL, et aux autres sous-factures leur propre numéro.',
    ),
    check(invoice, report, ctx) {
      if (!isSpecialContract(invoice)) return;
      const sellerId = invoice.seller?.legalRegistrationId?.id;
      if (sellerId === undefined) return;
      const number = invoice.number;
      // UBL normalises the line seller id before comparing; CII compares it as written
      const sameSeller = (l: Line) =>
        ctx.syntax === 'CII'
          ? l.frenchCtc?.seller?.legalId?.id === sellerId
          : lineSellerLegalId(l) === sellerId;
      const own = topGroups(invoice).filter(({ line }) => sameSeller(line));
      const numbered = own.filter(({ line }) => subInvoiceReference(line, 'AFL') === number).length;
      for (const { line, index } of own) {
        const afl = normalizeSpace(subInvoiceReference(line, 'AFL') ?? '');
        const ok = numbered === 1 || (numbered === 0 && afl === number) || (numbered > 1 && afl !== number);
        if (!ok) report(subInvoicePath(line, index, 'AFL'), { value: afl });
      }
    },
  }),
  frRule({
    id: 'BR-FR-MV-12',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-23', 'BT-128'],
    message: t(
      'Two GROUP lines share a sub-invoice number',
      'Deux lignes GROUP partagent un numéro de sous-facture',
    ),
    explanation: t(
      'Each top-level GROUP line heads its own sub-invoice: its sub-invoice number (BT-128 scheme AFL) appears on no earlier sub-invoice. The CII rule compares it with every identifier written before it in the document.',
      'Chaque ligne GROUP de premier niveau ouvre sa propre sous-facture : son numéro de sous-facture (BT-128 de schéma AFL) n’apparaît sur aucune sous-facture antérieure. La règle CII le compare à tous les identifiants écrits avant lui dans le document.',
    ),
    fix: t('Give each sub-invoice its own number.', 'Donnez à chaque sous-facture son propre numéro.'),
    check(invoice, report, ctx) {
      if (!isSpecialContract(invoice)) return;
      checkRepeatedSubInvoices(invoice.lines ?? [], ctx.syntax === 'CII', report);
    },
  }),
  frRule({
    id: 'BR-FR-MV-14',
    family: 'MV',
    fatalInTransition: true,
    terms: ['BT-3', 'BT-23'],
    message: t(
      'GROUP line of a multi-vendor correction without its preceding invoice',
      'Ligne GROUP d’une correction multi-vendeurs sans sa facture antérieure',
    ),
    explanation: t(
      'A multi-vendor corrective invoice or credit note (384, 472, 381, 396, 503) names, on each top-level GROUP line, the sub-invoice it corrects: preceding invoice number (EXT-FR-FE-136) and date (EXT-FR-FE-138).',
      'Une facture rectificative ou un avoir multi-vendeurs (384, 472, 381, 396, 503) indique, sur chaque ligne GROUP de premier niveau, la sous-facture corrigée : numéro (EXT-FR-FE-136) et date (EXT-FR-FE-138) de la facture antérieure.',
    ),
    fix: t(
      'Add the preceding invoice number and date to each GROUP line.',
      'Ajoutez le numéro et la date de la facture antérieure à chaque ligne GROUP.',
    ),
    check(invoice, report) {
      if (!isMultiVendor(invoice) || !MULTI_VENDOR_CORRECTIONS.has(invoice.typeCode ?? '')) return;
      checkLinePrecedingInvoice(invoice, report);
    },
  }),
  frRule({
    id: 'BR-FR-BD-14',
    family: 'BD',
    fatalInTransition: true,
    terms: ['BT-3', 'BT-23'],
    message: t(
      'GROUP line of a bidirectional correction without its preceding invoice',
      'Ligne GROUP d’une correction bidirectionnelle sans sa facture antérieure',
    ),
    explanation: t(
      'A bidirectional corrective invoice or credit note (261, 471, 473, 502) names, on each top-level GROUP line, the invoice it corrects: preceding invoice number (EXT-FR-FE-136) and date (EXT-FR-FE-138).',
      'Une facture rectificative ou un avoir bidirectionnel (261, 471, 473, 502) indique, sur chaque ligne GROUP de premier niveau, la facture corrigée : numéro (EXT-FR-FE-136) et date (EXT-FR-FE-138) de la facture antérieure.',
    ),
    fix: t(
      'Add the preceding invoice number and date to each GROUP line.',
      'Ajoutez le numéro et la date de la facture antérieure à chaque ligne GROUP.',
    ),
    check(invoice, report) {
      if (!isBidirectional(invoice) || !BIDIRECTIONAL_CORRECTIONS.has(invoice.typeCode ?? '')) return;
      checkLinePrecedingInvoice(invoice, report);
    },
  }),
];
