#!/usr/bin/env node
// Compiles the EXTENDED-CTC-FR 1.4.0.03 asserts that judge XML the model does not hold (decision 0125)
// into rule tables for packages/{cii,ubl}/src/check/generated/extended-ctc-fr-rules.ts, run by
// @einv/xml-check on the document itself, and lists their ids per syntax in
// packages/rules/src/extended-ctc-fr/generated-xml-judged-ids.ts (the model set leaves them out).
// Dev-time only:
//   node scripts/gen-extended-ctc-fr-xml-rules.mjs [path/to/shared] && npx biome format --write packages/rules/src/extended-ctc-fr
// What is kept from the official schematron (comments removed, as gen-extended-ctc-fr-ids.mjs does):
// each pattern's rules in order (a node is claimed by the first rule of a pattern whose context
// matches it, so the rules whose asserts einv judges on the model stay as bare contexts), each
// selected assert's id, flag and test, and the `let`s of its rule. Messages are our own (below).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { writeModule } from './gen-structure-xsd.mjs';
import { absolutize, splitUnion } from './lib/schematron-contexts.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCH = 'http://purl.oclc.org/dsdl/schematron';

/**
 * The official asserts judged on the XML: every one whose id matches. The VAT category rules of the
 * set count breakdowns per category, rate and exemption reason, with logistics fees (BT-X-272) and
 * the initial / revised readings; the others test elements or attributes the model does not hold.
 * BR-FREXT-12 is judged on the model (its test counts each GROUP line's children over every line:
 * quadratic on the XML).
 */
export const XML_JUDGED = [
  /^BR-(FREXT|FXEXT)-(S|Z|E|AE|IC|G|O|AF|AG)-\d+(ini|rev)?$/,
  /^BR-FREXT-54-[12]$/,
  /^BR-(FREXT|EXT)-CL-/,
  /^BR-CO-27$/,
  /^BR-F[RX]EXT-04$/,
  /^(CII|UBL)-(FREXT|EXT)-?(SR|CR|DT)-|^CII-FREXTDT-/,
];

/** VAT category names (the set's IC / AF / AG patterns judge categories K / L / M) */
const CATEGORY = {
  S: ['S (standard rated)', 'S (taux normal)'],
  Z: ['Z (zero rated)', 'Z (taux zéro)'],
  E: ['E (exempt)', 'E (exonéré)'],
  AE: ['AE (reverse charge)', 'AE (autoliquidation)'],
  IC: ['K (intra-community)', 'K (livraison intracommunautaire)'],
  G: ['G (export outside the EU)', 'G (exportation hors UE)'],
  O: ['O (not subject to VAT)', 'O (hors champ de la TVA)'],
  AF: ['L (Canary Islands IGIC)', 'L (IGIC des Canaries)'],
  AG: ['M (Ceuta and Melilla IPSI)', 'M (IPSI de Ceuta et Melilla)'],
};

const READING = {
  ini: [' (initial reading: grouped by category and rate)', ' (lecture initiale : par catégorie et taux)'],
  rev: [
    ' (revised reading: grouped by category, rate and exemption reason)',
    ' (lecture révisée : par catégorie, taux et motif d’exonération)',
  ],
};

/** Messages of the fixed ids: [en, fr] */
const FIXED = {
  'BR-FREXT-54-1': [
    'each item attribute (BG-32) must have a name (BT-160) or an attribute code (EXT-FR-FE-159)',
    'chaque attribut d’article (BG-32) doit avoir un nom (BT-160) ou un code d’attribut (EXT-FR-FE-159)',
  ],
  'BR-FREXT-54-2': [
    'each item attribute (BG-32) must have a value (BT-161) or a value quantity (EXT-FR-FE-160) with its unit code (EXT-FR-FE-161)',
    'chaque attribut d’article (BG-32) doit avoir une valeur (BT-161) ou une quantité (EXT-FR-FE-160) avec son code d’unité (EXT-FR-FE-161)',
  ],
  'BR-FXEXT-04': [
    'an item attribute code should come from UNTDED 6313 + the Factur-X extension list, for automated processing',
    'un code d’attribut d’article devrait venir de la liste UNTDED 6313 + extension Factur-X, pour un traitement automatique',
  ],
  'BR-FREXT-04': [
    'an item attribute code (EXT-FR-FE-159) must come from UNTDED 6313 + the Factur-X extension list',
    'un code d’attribut d’article (EXT-FR-FE-159) doit venir de la liste UNTDED 6313 + extension Factur-X',
  ],
  'BR-CO-27': [
    'a credit transfer (payment means 30 or 58) needs the IBAN or a proprietary account id (BT-84)',
    'un virement (moyen de paiement 30 ou 58) exige l’IBAN ou un identifiant de compte propriétaire (BT-84)',
  ],
  'BR-FREXT-CL-10': [
    'an identifier scheme (@schemeID) must be an ISO 6523 ICD code, or BY / SE',
    'un schéma d’identifiant (@schemeID) doit être un code ICD ISO 6523, ou BY / SE',
  ],
  'BR-FREXT-CL-19-GP': [
    'a gross price allowance reason code must be in UNCL 5189',
    'un code de motif de remise sur prix brut doit appartenir à l’UNCL 5189',
  ],
  'BR-FREXT-CL-20': [
    'a charge reason code (listID 7161 or none) must be in UNCL 7161',
    'un code de motif de charge (listID 7161 ou absent) doit appartenir à l’UNCL 7161',
  ],
  'BR-FREXT-CL-20-TAX': [
    'a tax charge reason code (listID 5153) must be in UNCL 5153, VAT excepted',
    'un code de motif de taxe (listID 5153) doit appartenir à l’UNCL 5153, hors TVA',
  ],
  'BR-FREXT-CL-20-LISTID': [
    'the list of a charge reason code (@listID), when given, must be 7161 or 5153',
    'la liste d’un code de motif de charge (@listID), si elle est donnée, doit être 7161 ou 5153',
  ],
  'BR-FREXT-CL-24': [
    'an attachment MIME code (@mimeCode) must be in the EXTENDED-CTC-FR MIME list',
    'le code MIME d’une pièce jointe (@mimeCode) doit appartenir à la liste MIME de l’EXTENDED-CTC-FR',
  ],
  'BR-FREXT-CL-27': [
    'a delivery terms code (INCOTERMS) must be in the restricted list',
    'un code de conditions de livraison (INCOTERMS) doit appartenir à la liste restreinte',
  ],
  'BR-EXT-CL-07': [
    'the reference type code of a contract reference must be in UNCL 1153',
    'le code de type de référence d’un contrat doit appartenir à l’UNCL 1153',
  ],
  'CII-FREXT-SR-106': [
    'line delivery terms (ram:ApplicableTradeDeliveryTerms) should carry only the INCOTERMS code and its location',
    'les conditions de livraison de ligne (ram:ApplicableTradeDeliveryTerms) ne devraient porter que le code INCOTERMS et son lieu',
  ],
  'CII-FREXT-SR-439': [
    'the line charge amount (ram:ChargeAmount) may occur at most once',
    'le montant du prix net de ligne (ram:ChargeAmount) ne peut apparaître qu’une fois',
  ],
  'CII-FREXT-SR-293': [
    'document delivery terms (ram:ApplicableTradeDeliveryTerms) should carry only the INCOTERMS code and its location',
    'les conditions de livraison du document (ram:ApplicableTradeDeliveryTerms) ne devraient porter que le code INCOTERMS et son lieu',
  ],
  'CII-FREXT-SR-366': [
    'the tax currency exchange (ram:TaxApplicableTradeCurrencyExchange) should carry only its currencies, rate and date',
    'le change de la devise de TVA (ram:TaxApplicableTradeCurrencyExchange) ne devrait porter que ses devises, son taux et sa date',
  ],
  'CII-EXT-DT-018': [
    'ram:TypeCode must not be present on this referenced document',
    'ram:TypeCode ne doit pas être présent sur ce document référencé',
  ],
  'CII-FREXT-DT-024': [
    'ram:ReferenceTypeCode is only used on an invoiced object (TypeCode 130) or a contract reference',
    'ram:ReferenceTypeCode ne s’emploie que sur un objet facturé (TypeCode 130) ou une référence de contrat',
  ],
  'CII-FREXTDT-027': [
    'ram:FormattedIssueDateTime must not be present on this referenced document',
    'ram:FormattedIssueDateTime ne doit pas être présent sur ce document référencé',
  ],
  'UBL-FREXT-CR-410': [
    'the delivery terms (cac:DeliveryTerms) should carry only the INCOTERMS code and the delivery location name',
    'les conditions de livraison (cac:DeliveryTerms) ne devraient porter que le code INCOTERMS et le nom du lieu de livraison',
  ],
  'CII-FREXT-CR-490': [
    'the tax exchange rate (cac:TaxExchangeRate) should carry only its currencies, rate and date',
    'le taux de change de la TVA (cac:TaxExchangeRate) ne devrait porter que ses devises, son taux et sa date',
  ],
  'UBL-FREXT-CR-645': [
    'line delivery terms (cac:DeliveryTerms) should carry only the INCOTERMS code and the delivery location name',
    'les conditions de livraison de ligne (cac:DeliveryTerms) ne devraient porter que le code INCOTERMS et le nom du lieu de livraison',
  ],
  'UBL-FREXT-SR-48': [
    'a line without sub-type or of sub-type DETAIL must have exactly one classified tax category; other lines at most one',
    'une ligne sans sous-type ou de sous-type DETAIL doit avoir exactement une catégorie de taxe ; les autres lignes au plus une',
  ],
};

/** Our message for an official id, [en, fr] (throws for an id without one: a new release needs wording) */
function messageOf(id) {
  const m = /^BR-(?:FREXT|FXEXT)-(S|Z|E|AE|IC|G|O|AF|AG)-(\d+)(ini|rev)?$/.exec(id);
  if (m) {
    const [en, fr] = CATEGORY[m[1]];
    const [rEn, rFr] = READING[m[3]] ?? ['', ''];
    if (m[2] === '01')
      return [
        `an invoice with a counted line (sub-type DETAIL or none), an allowance or a charge of VAT category ${en} must have a VAT breakdown (BG-23) of that category`,
        `une facture avec une ligne comptée (sous-type DETAIL ou aucun), une remise ou une charge de catégorie de TVA ${fr} doit avoir une ventilation de TVA (BG-23) de cette catégorie`,
      ];
    if (m[2] === '08')
      return [
        `the taxable amount (BT-116) of the VAT breakdown of category ${en} must equal the counted lines' net amounts plus charges and logistics fees minus allowances of that category and rate, within 0.01 per amount${rEn}`,
        `la base imposable (BT-116) de la ventilation de TVA de catégorie ${fr} doit égaler les montants nets des lignes comptées, plus les charges et frais logistiques, moins les remises de cette catégorie et de ce taux, à 0,01 près par montant${rFr}`,
      ];
    if (m[2] === '09')
      return [
        `the VAT amount (BT-117) of the VAT breakdown of category ${en} must equal its taxable amount (BT-116) times its rate (BT-119), within the set's tolerance`,
        `le montant de TVA (BT-117) de la ventilation de catégorie ${fr} doit égaler sa base imposable (BT-116) multipliée par son taux (BT-119), à la tolérance du jeu près`,
      ];
  }
  if (FIXED[id]) return FIXED[id];
  throw new Error(`no message for ${id}`);
}

const norm = (s) => s.replace(/\s+/g, ' ').trim();

/**
 * A context as an absolute XPath: `(a | b)/c` (a parenthesized union first, which absolutize()
 * would put after `//`) is distributed into `a/c | b/c` first
 */
function contextOf(context) {
  const m = /^\((.*)\)(\/.*)?$/.exec(context);
  if (m && splitUnion(m[1]).length > 1 && !/^\(.*\)\s*\(/.test(context)) {
    return absolutize(
      splitUnion(m[1])
        .map((b) => `${b}${m[2] ?? ''}`)
        .join(' | '),
    );
  }
  return absolutize(context);
}

/** The official id of an assert: two have none, their message's [BR-…] names them */
const idOf = (a) => a.getAttribute('id') || /\[(BR-[^\]]+)\]/.exec(a.textContent)?.[1];

/** id → our messages and the official flag per syntax, filled by compile() */
const messages = {};

/** One generated table: the patterns with a judged assert, every rule context of each kept */
export function compile(schFile) {
  const text = fs.readFileSync(schFile, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const ns = {};
  for (const n of Array.from(doc.getElementsByTagNameNS(SCH, 'ns')))
    ns[n.getAttribute('prefix')] = n.getAttribute('uri');
  const patterns = [];
  let count = 0;
  for (const p of Array.from(doc.getElementsByTagNameNS(SCH, 'pattern'))) {
    const rules = [];
    let judged = 0;
    for (const r of Array.from(p.getElementsByTagNameNS(SCH, 'rule'))) {
      const asserts = [];
      for (const a of Array.from(r.getElementsByTagNameNS(SCH, 'assert'))) {
        const id = idOf(a);
        if (!id || !XML_JUDGED.some((re) => re.test(id))) continue;
        // no flag (one CII assert) is reported as fatal, as the official runner does
        const flag = a.getAttribute('flag') === 'warning' ? 'warning' : 'fatal';
        asserts.push([id, flag, norm(a.getAttribute('test')), messageOf(id)[0]]);
      }
      const lets = asserts.length
        ? Array.from(r.getElementsByTagNameNS(SCH, 'let')).map((l) => [
            l.getAttribute('name'),
            norm(l.getAttribute('value')),
          ])
        : [];
      judged += asserts.length;
      const rule = [contextOf(norm(r.getAttribute('context'))), asserts];
      if (lets.length) rule.push(lets);
      rules.push(rule);
    }
    count += judged;
    // the contexts after the last judged rule can claim nothing that matters
    while (rules.length && rules[rules.length - 1][1].length === 0) rules.pop();
    if (judged) patterns.push({ ns, rules });
  }
  const ids = new Set();
  for (const p of patterns) for (const [, asserts] of p.rules) for (const [id] of asserts) ids.add(id);
  for (const id of ids) {
    const [, flag] = patterns.flatMap((p) => p.rules.flatMap((r) => r[1])).find((a) => a[0] === id);
    const [en, fr] = messageOf(id);
    messages[id] ??= { en, fr, flag: {} };
    messages[id].flag[schFile.includes('-CII-') ? 'CII' : 'UBL'] = flag;
  }
  return { patterns, count, ids: [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const shared = path.resolve(process.argv[2] ?? path.join(repo, '../shared'));
  const judged = {};
  for (const [pkg, syntax] of [
    ['cii', 'CII'],
    ['ubl', 'UBL'],
  ]) {
    const sch = path.join(
      shared,
      `br-fr/schematron-1.4.0.03/schematron/20260804_EXTENDED-CTC-FR-${syntax}-V1.4.0.03.sch`,
    );
    const { patterns, count, ids } = compile(sch);
    judged[syntax] = ids;
    const out = path.join(repo, `packages/${pkg}/src/check/generated/extended-ctc-fr-rules.ts`);
    const size = writeModule(
      out,
      'scripts/gen-extended-ctc-fr-xml-rules.mjs from the EXTENDED-CTC-FR 1.4.0.03 schematron',
      `${syntax}_EXTENDED_CTC_FR_RULES_DATA`,
      'string',
      '',
      JSON.stringify(patterns),
    );
    console.log(
      `wrote ${path.relative(repo, out)}: ${count} asserts in ${patterns.length} patterns (${size} bytes)`,
    );
  }
  const list = (ids) => `[${ids.map((id) => `'${id}'`).join(', ')}]`;
  const ids = path.join(repo, 'packages/rules/src/extended-ctc-fr/generated-xml-judged-ids.ts');
  fs.writeFileSync(
    ids,
    [
      '// Generated by scripts/gen-extended-ctc-fr-xml-rules.mjs from the official EXTENDED-CTC-FR 1.4.0.03',
      '// schematrons. Do not edit: run the script again.',
      '',
      '/** The official ids judged on the XML by the generated tables of @einv/cii and @einv/ubl (decision 0125) */',
      'export const EXTENDED_CTC_FR_XML_JUDGED_IDS = {',
      `  CII: ${list(judged.CII)},`,
      `  UBL: ${list(judged.UBL)},`,
      '} as const;',
      '',
      '/** Our message (en, fr) and the official flag per syntax of each XML-judged id */',
      `export const EXTENDED_CTC_FR_XML_JUDGED_RULES: Readonly<Record<string, { en: string; fr: string; flag: { CII?: 'fatal' | 'warning'; UBL?: 'fatal' | 'warning' } }>> = ${JSON.stringify(
        Object.fromEntries(
          Object.entries(messages).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })),
        ),
      )};`,
      '',
    ].join('\n'),
  );
  console.log(`wrote ${path.relative(repo, ids)}`);
}
