/**
 * EN 16931 conditions (BR-CO-03…09, BR-CO-18…26): mutually exclusive tax point terms, VAT
 * category on every line, reason pairs, VAT identifier prefixes, presence of a VAT breakdown,
 * periods with at least one date, allowance/charge reasons, and a way to identify the seller.
 *
 * BR-CO-05…08 are asserted as `true()` by the official schematron (reason code and reason text
 * cannot be compared mechanically): they are declared so the catalogue is complete and never fire.
 */
import type { AllowanceCharge, Line, Period } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { contextGroup, judgeSourceNodes, judgeSourcePresence } from '../source-context.js';
import { eachObject, en16931Rule, listOf, type Texts } from '../util/rule.js';
import { given, hasText, isObject, isPresent, list } from '../util/values.js';
import { reasonMissing } from './core-settlement.js';

const F = 'co';

/** Country prefixes the official BR-CO-09 tests accept (the CII and UBL lists differ by AN/SS) */
export const VAT_PREFIXES_CII =
  ' 1A AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XI YE YT ZA ZM ZW ';
export const VAT_PREFIXES_UBL =
  ' 1A AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XI YE YT ZA ZM ZW ';

/**
 * Every string of at most two characters that `contains(list, …)` accepts: `wrapped`, those found
 * between two spaces (CII's test), else every substring (UBL's). A set lookup per identifier
 * instead of a search through the list.
 */
function acceptedPrefixes(list: string, wrapped: boolean): ReadonlySet<string> {
  const accepted = new Set<string>();
  for (let i = 0; i <= list.length; i++) {
    for (let n = 0; n <= 2 && i + n <= list.length; n++) {
      const t = list.slice(i, i + n);
      if (!wrapped || (list[i - 1] === ' ' && list[i + n] === ' ')) accepted.add(t);
    }
  }
  return accepted;
}
const PREFIXES_CII = acceptedPrefixes(VAT_PREFIXES_CII, true);
const PREFIXES_UBL = acceptedPrefixes(VAT_PREFIXES_UBL, false);

/** Whether a VAT identifier starts with an accepted country prefix, as each syntax's test reads it */
export function hasCountryPrefix(vat: string, syntax: 'CII' | 'UBL' | undefined): boolean {
  const prefix = vat.slice(0, 2);
  // UBL tests contains(list, prefix) with no surrounding spaces; CII wraps the prefix in spaces
  return syntax === 'UBL' ? PREFIXES_UBL.has(prefix) : PREFIXES_CII.has(prefix);
}

function noDate(p: Period): boolean {
  return !isPresent(p.startDate) && !isPresent(p.endDate);
}

function reasonRule(
  id: string,
  scope: 'document' | 'line',
  kind: 'allowances' | 'charges',
  terms: string[],
  en: Texts,
  fr: Texts,
) {
  return en16931Rule(id, F, terms, en, fr, (inv, report) => {
    if (scope === 'document') {
      const items = listOf(inv[kind]);
      for (let j = 0; j < items.length; j++) {
        const ac = items[j];
        if (!isObject(ac)) continue;
        const field = reasonMissing(ac as AllowanceCharge);
        if (field) report(`invoice.${kind}[${j}]${field}`);
      }
      return;
    }
    const lines = listOf(inv.lines);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!isObject(line)) continue;
      const items = listOf((line as Line)[kind]);
      for (let j = 0; j < items.length; j++) {
        const ac = items[j];
        if (!isObject(ac)) continue;
        const field = reasonMissing(ac as AllowanceCharge);
        if (field) report(`invoice.lines[${i}].${kind}[${j}]${field}`);
      }
    }
  });
}

function sameTypeRule(id: string, terms: string[], en: string, fr: string): RuleDefinition {
  return en16931Rule(
    id,
    F,
    terms,
    [
      `The ${en} reason code and reason text must describe the same kind of ${en.split(' ').pop()}.`,
      'The code and the text of a reason must not contradict each other. The official schematron cannot test this (its assertion is always true) and neither does einv: the rule is listed for completeness and never fires.',
      'Use a reason text that matches the reason code.',
    ],
    [
      `Le code motif et le motif de la ${fr} doivent décrire la même chose.`,
      "Le code et le libellé d'un motif ne doivent pas se contredire. Le schematron officiel ne peut pas le vérifier (son assertion est toujours vraie) et einv non plus : la règle est listée par souci d'exhaustivité et ne se déclenche jamais.",
      'Utilisez un libellé de motif cohérent avec le code motif.',
    ],
    () => {},
  );
}

export const coConditionRules: RuleDefinition[] = [
  en16931Rule(
    'BR-CO-03',
    F,
    ['BT-7', 'BT-8'],
    [
      'The VAT point date (BT-7) and the VAT point date code (BT-8) are both given; use only one.',
      'The date on which VAT becomes due is either stated as a date or described by a code (invoice date, delivery date, payment date), never both.',
      'Keep either the VAT point date or its code.',
    ],
    [
      "La date d'exigibilité de la TVA (BT-7) et son code (BT-8) sont tous deux indiqués ; n'en gardez qu'un.",
      "La date d'exigibilité de la TVA est soit donnée comme une date, soit décrite par un code (date de facture, de livraison, de paiement), jamais les deux.",
      "Conservez soit la date d'exigibilité, soit son code.",
    ],
    (inv, report, ctx) => {
      if (!hasText(inv.taxPointDate) || !hasText(inv.taxPointDateCode)) return;
      // CII holds both terms in each VAT breakdown, and its schematron fires once per breakdown
      if (ctx.syntax === 'CII') {
        eachObject(inv.vatBreakdown, (_b, k) => report(`invoice.vatBreakdown[${k}]`));
        return;
      }
      report('invoice.taxPointDateCode');
    },
  ),
  en16931Rule(
    'BR-CO-04',
    F,
    ['BT-151'],
    [
      'An invoice line has no VAT category code (BT-151).',
      'Every line belongs to a VAT category (S standard, Z zero, E exempt, AE reverse charge, K intra-EU, G export, O out of scope…).',
      'Set the VAT category of the line.',
    ],
    [
      "Une ligne de facture n'a pas de code de catégorie de TVA (BT-151).",
      'Chaque ligne relève d’une catégorie de TVA (S normale, Z taux zéro, E exonérée, AE autoliquidation, K intracommunautaire, G export, O hors champ…).',
      'Renseignez la catégorie de TVA de la ligne.',
    ],
    (inv, report, ctx) => {
      // XML: every line element, whose VAT category may be any of its cac:ClassifiedTaxCategory /
      // ram:ApplicableTradeTax (the model holds one)
      if (
        judgeSourcePresence(ctx, 'BR-CO-04', report, (at) =>
          /\.lines\[\d+\]$/.test(at) ? `${at}.vatCategory` : at,
        )
      )
        return;
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        // a category of another tax scheme (taxScheme set by the reader) is not a VAT category
        if (!given((line as Line).vatCategory, ctx.syntax) || (line as Line).taxScheme !== undefined)
          report(`invoice.lines[${i}].vatCategory`);
      }
    },
  ),
  sameTypeRule('BR-CO-05', ['BT-97', 'BT-98'], 'document allowance', 'remise de document'),
  sameTypeRule('BR-CO-06', ['BT-104', 'BT-105'], 'document charge', 'charge de document'),
  sameTypeRule('BR-CO-07', ['BT-139', 'BT-140'], 'line allowance', 'remise de ligne'),
  sameTypeRule('BR-CO-08', ['BT-144', 'BT-145'], 'line charge', 'charge de ligne'),
  en16931Rule(
    'BR-CO-09',
    F,
    ['BT-31', 'BT-48', 'BT-63'],
    [
      'A VAT identifier does not start with a country prefix (ISO 3166-1 alpha-2, or EL for Greece).',
      'VAT identifiers of the seller, the buyer and the tax representative begin with the code of the country that issued them, e.g. FR12345678901.',
      'Write the VAT identifier with its country prefix.',
    ],
    [
      'Un numéro de TVA ne commence pas par un préfixe pays (ISO 3166-1 alpha-2, ou EL pour la Grèce).',
      "Les numéros de TVA du vendeur, de l'acheteur et du représentant fiscal commencent par le code du pays émetteur, par exemple FR12345678901.",
      'Écrivez le numéro de TVA avec son préfixe pays.',
    ],
    (inv, report, ctx) => {
      // XML: every VAT identifier node the official context selects (a party may carry two)
      if (judgeSourceNodes(ctx, 'BR-CO-09', report, (vat) => hasCountryPrefix(vat, ctx.syntax))) return;
      const check = (vat: unknown, path: string, bt: string) => {
        if (typeof vat === 'string' && !hasCountryPrefix(vat, ctx.syntax)) report(path, { bt, value: vat });
      };
      check(inv.seller?.vatNumber, 'invoice.seller.vatNumber', 'BT-31');
      check(inv.buyer?.vatNumber, 'invoice.buyer.vatNumber', 'BT-48');
      check(inv.taxRepresentative?.vatNumber, 'invoice.taxRepresentative.vatNumber', 'BT-63');
    },
  ),
  en16931Rule(
    'BR-CO-18',
    F,
    ['BG-23'],
    [
      'The invoice has no VAT breakdown (BG-23).',
      'Every invoice sums its VAT by category and rate in at least one VAT breakdown, even when no VAT is due.',
      'Add the VAT breakdown (einv computes it when the invoice is completed).',
    ],
    [
      "La facture n'a aucune ventilation de TVA (BG-23).",
      'Toute facture totalise sa TVA par catégorie et taux dans au moins une ventilation, même sans TVA due.',
      'Ajoutez la ventilation de TVA (einv la calcule lors de la complétion).',
    ],
    (inv, report, ctx) => {
      // UBL XML: exists(cac:TaxTotal/cac:TaxSubtotal), whichever currency the TaxTotal is in (the
      // model's breakdown comes from the one in the invoice currency)
      const subtotals = ctx.syntax === 'UBL' ? ctx.source?.values('BR-CO-14/subtotal') : undefined;
      if (subtotals) {
        if (subtotals.length === 0) report('invoice.vatBreakdown');
        return;
      }
      if (list(inv.vatBreakdown).length > 0) return;
      // The CII schematron asserts it once per invoice line
      if (ctx.syntax === 'CII') {
        eachObject(inv.lines, (_l, i) => report(`invoice.lines[${i}]`));
        return;
      }
      report('invoice.vatBreakdown');
    },
  ),
  en16931Rule(
    'BR-CO-19',
    F,
    ['BG-14', 'BT-73', 'BT-74'],
    [
      'The invoicing period (BG-14) has neither a start date (BT-73) nor an end date (BT-74).',
      'An invoicing period is only meaningful with at least one of its dates.',
      'Give the start date, the end date or both, or remove the period.',
    ],
    [
      "La période de facturation (BG-14) n'a ni date de début (BT-73) ni date de fin (BT-74).",
      "Une période de facturation n'a de sens qu'avec au moins une de ses dates.",
      'Indiquez la date de début, de fin ou les deux, ou retirez la période.',
    ],
    (inv, report, ctx) => {
      // UBL XML: every document cac:InvoicePeriod (the model holds the first), its value '' when it
      // has a start date, an end date or a description code, undefined when none
      const nodes = ctx.syntax === 'UBL' ? ctx.source?.values('BR-CO-19') : undefined;
      if (nodes) {
        for (const n of nodes)
          if (n.value === undefined) report('invoice.invoicingPeriod', { xpath: n.xpath, line: n.line });
        return;
      }
      const p = inv.invoicingPeriod;
      if (!isObject(p) || !noDate(p)) return;
      // UBL carries the VAT point date code (BT-8) in the same element and accepts it alone
      if (ctx.syntax === 'UBL' && isPresent(inv.taxPointDateCode)) return;
      report('invoice.invoicingPeriod');
    },
  ),
  en16931Rule(
    'BR-CO-20',
    F,
    ['BG-26', 'BT-134', 'BT-135'],
    [
      'A line period (BG-26) has neither a start date (BT-134) nor an end date (BT-135).',
      'A line period is only meaningful with at least one of its dates.',
      'Give the start date, the end date or both, or remove the line period.',
    ],
    [
      "Une période de ligne (BG-26) n'a ni date de début (BT-134) ni date de fin (BT-135).",
      "Une période de ligne n'a de sens qu'avec au moins une de ses dates.",
      'Indiquez la date de début, de fin ou les deux, ou retirez la période de ligne.',
    ],
    (inv, report, ctx) => {
      // UBL XML: every line cac:InvoicePeriod (source facts), also one the model keeps no period for
      if (ctx.syntax === 'UBL' && judgeSourcePresence(ctx, 'BR-CO-20', report)) return;
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        const p = (line as Line).period;
        if (isObject(p) && noDate(p)) report(`invoice.lines[${i}].period`);
      }
    },
  ),
  reasonRule(
    'BR-CO-21',
    'document',
    'allowances',
    ['BT-97', 'BT-98'],
    [
      'A document level allowance gives neither a reason (BT-97) nor a reason code (BT-98).',
      'Same requirement as BR-33, stated as a condition: a reason, a code, or both.',
      'Give a reason text, a UNTDID 5189 code, or both.',
    ],
    [
      "Une remise de document n'indique ni motif (BT-97) ni code motif (BT-98).",
      'Même exigence que BR-33, exprimée comme une condition : un motif, un code, ou les deux.',
      'Indiquez un motif, un code UNTDID 5189, ou les deux.',
    ],
  ),
  reasonRule(
    'BR-CO-22',
    'document',
    'charges',
    ['BT-104', 'BT-105'],
    [
      'A document level charge gives neither a reason (BT-104) nor a reason code (BT-105).',
      'Same requirement as BR-38, stated as a condition: a reason, a code, or both.',
      'Give a reason text, a UNTDID 7161 code, or both.',
    ],
    [
      "Une charge de document n'indique ni motif (BT-104) ni code motif (BT-105).",
      'Même exigence que BR-38, exprimée comme une condition : un motif, un code, ou les deux.',
      'Indiquez un motif, un code UNTDID 7161, ou les deux.',
    ],
  ),
  reasonRule(
    'BR-CO-23',
    'line',
    'allowances',
    ['BT-139', 'BT-140'],
    [
      'A line allowance gives neither a reason (BT-139) nor a reason code (BT-140).',
      'Same requirement as BR-42, stated as a condition: a reason, a code, or both.',
      'Give a reason text, a UNTDID 5189 code, or both.',
    ],
    [
      "Une remise de ligne n'indique ni motif (BT-139) ni code motif (BT-140).",
      'Même exigence que BR-42, exprimée comme une condition : un motif, un code, ou les deux.',
      'Indiquez un motif, un code UNTDID 5189, ou les deux.',
    ],
  ),
  reasonRule(
    'BR-CO-24',
    'line',
    'charges',
    ['BT-144', 'BT-145'],
    [
      'A line charge gives neither a reason (BT-144) nor a reason code (BT-145).',
      'Same requirement as BR-44, stated as a condition: a reason, a code, or both.',
      'Give a reason text, a UNTDID 7161 code, or both.',
    ],
    [
      "Une charge de ligne n'indique ni motif (BT-144) ni code motif (BT-145).",
      'Même exigence que BR-44, exprimée comme une condition : un motif, un code, ou les deux.',
      'Indiquez un motif, un code UNTDID 7161, ou les deux.',
    ],
  ),
  en16931Rule(
    'BR-CO-26',
    F,
    ['BT-29', 'BT-30', 'BT-31'],
    [
      'The seller has no identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31).',
      'The buyer identifies the supplier automatically through at least one of these identifiers; for a French seller that is the SIRET/SIREN and the VAT number.',
      'Give the seller’s SIRET, SIREN or VAT identifier.',
    ],
    [
      "Le vendeur n'a ni identifiant (BT-29), ni numéro d'immatriculation (BT-30), ni numéro de TVA (BT-31).",
      "L'acheteur identifie automatiquement le fournisseur par au moins un de ces identifiants ; pour un vendeur français, le SIRET/SIREN et le numéro de TVA.",
      'Indiquez le SIRET, le SIREN ou le numéro de TVA du vendeur.',
    ],
    (inv, report, ctx) => {
      const s = contextGroup(inv.seller, ctx, 'BR-CO-26');
      if (!s) return;
      const has = (v: unknown) => given(v, ctx.syntax);
      if (has(s.siret) || has(s.vatNumber) || has(s.legalRegistrationId?.id)) return;
      for (const id of list(s.identifiers)) {
        if (isObject(id) && has(id.id) && !(ctx.syntax === 'UBL' && id.scheme === 'SEPA')) return;
      }
      report('invoice.seller');
    },
  ),
];
