/**
 * EN 16931 core rules on invoice lines (BG-25) and what they contain: identifier, quantity, unit,
 * net amount, item name and price (BR-21…28), line period (BR-30), line allowances and charges
 * (BR-41…44), item attributes (BR-54), item identifier and classification schemes (BR-64, BR-65).
 * Each rule reports once per offending line (or allowance, attribute…), as the schematron does.
 */
import type { AllowanceCharge, Classification, ItemAttribute, Line } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { en16931Rule, listOf, type Texts } from '../util/rule.js';
import { hasText, isObject, isPresent, missingDates, periodInverted } from '../util/values.js';

const F = 'core';

/**
 * A rule that reports every line whose `field` fails `holds`. `holds` reads the field itself: the
 * eight rules share this function's closure, and so its inline caches, where a keyed load
 * `line[field]` saw seven keys and went megamorphic (V8's generic keyed load, its largest caller in a
 * 1,000-line validation, session 20) and handed the test a new heap number for every numeric field
 * read; each `holds` loads one named field and tests it inline (decision 0278). `exists`: the rule is
 * the official exists() on the element (see below).
 */
function lineRule(
  id: string,
  term: string,
  field: keyof Line,
  exists: boolean,
  holds: (line: Line) => boolean,
  en: Texts,
  fr: Texts,
) {
  // The official presence tests are exists() on the element: an element the reader found but could
  // not read as a number (an empty <BilledQuantity/>) is absent from the model, yet given for them.
  // eachObject written out: eight rules run this per document, without a callback made per run
  return en16931Rule(id, F, [term], en, fr, (inv, report, context) => {
    const lines: unknown = inv.lines;
    if (!Array.isArray(lines)) return;
    for (let i = 0; i < lines.length; i++) {
      const line: unknown = lines[i];
      if (!isObject(line) || holds(line as Line)) continue;
      const path = `invoice.lines[${i}].${field}`;
      if (exists && context.source?.unreadable(path)) continue;
      report(path);
    }
  });
}

function lineAllowanceRule(
  id: string,
  kind: 'allowances' | 'charges',
  terms: string[],
  test: (ac: AllowanceCharge) => string | undefined,
  en: Texts,
  fr: Texts,
) {
  return en16931Rule(id, F, terms, en, fr, (inv, report, ctx) => {
    const lines = listOf(inv.lines);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!isObject(line)) continue;
      const items = listOf((line as Line)[kind]);
      for (let j = 0; j < items.length; j++) {
        const ac = items[j];
        if (!isObject(ac)) continue;
        const field = test(ac as AllowanceCharge);
        if (!field) continue;
        const path = `invoice.lines[${i}].${kind}[${j}]${field}`;
        // exists() officially: an element the reader saw but could not read (an empty amount) is given
        if (!ctx.source?.unreadable(path)) report(path);
      }
    }
  });
}

/** `.reason` when neither a reason nor a reason code is given (BR-42/44, BR-CO-23/24) */
export function missingReason(ac: AllowanceCharge): string | undefined {
  return isPresent(ac.reason) || isPresent(ac.reasonCode) ? undefined : '.reason';
}

export const coreLineRules: RuleDefinition[] = [
  lineRule(
    'BR-21',
    'BT-126',
    'id',
    false,
    (line) => hasText(line.id),
    [
      'An invoice line has no line identifier (BT-126).',
      'Each line carries an identifier, unique within the invoice, so it can be referred to.',
      'Number the lines (1, 2, 3…).',
    ],
    [
      "Une ligne de facture n'a pas d'identifiant (BT-126).",
      "Chaque ligne porte un identifiant, unique dans la facture, pour qu'on puisse y faire référence.",
      'Numérotez les lignes (1, 2, 3…).',
    ],
  ),
  lineRule(
    'BR-22',
    'BT-129',
    'quantity',
    true,
    (line) => isPresent(line.quantity),
    [
      'An invoice line has no invoiced quantity (BT-129).',
      'Each line states how much of the item is invoiced.',
      'Give the quantity of the line.',
    ],
    [
      "Une ligne de facture n'a pas de quantité facturée (BT-129).",
      "Chaque ligne indique la quantité facturée de l'article.",
      'Indiquez la quantité de la ligne.',
    ],
  ),
  lineRule(
    'BR-23',
    'BT-130',
    'unitCode',
    true,
    (line) => isPresent(line.unitCode),
    [
      'An invoice line has no unit of measure for its quantity (BT-130).',
      'A quantity means nothing without its unit (UN/ECE Rec. 20 code, e.g. C62 for one piece, HUR for an hour).',
      'Set the unit code of the line.',
    ],
    [
      "Une ligne de facture n'a pas d'unité de mesure pour sa quantité (BT-130).",
      "Une quantité n'a de sens qu'avec son unité (code UN/ECE Rec. 20, par exemple C62 pour une pièce, HUR pour une heure).",
      "Renseignez le code d'unité de la ligne.",
    ],
  ),
  lineRule(
    'BR-24',
    'BT-131',
    'netAmount',
    true,
    (line) => isPresent(line.netAmount),
    [
      'An invoice line has no net amount (BT-131).',
      'The line net amount is quantity × net price, less line allowances, plus line charges; the totals add these up.',
      'Give the line net amount (einv computes it when the invoice is completed).',
    ],
    [
      "Une ligne de facture n'a pas de montant net (BT-131).",
      'Le montant net de ligne vaut quantité × prix net, moins les remises et plus les charges de ligne ; les totaux les additionnent.',
      'Indiquez le montant net de la ligne (einv le calcule lors de la complétion).',
    ],
  ),
  lineRule(
    'BR-25',
    'BT-153',
    'description',
    false,
    (line) => hasText(line.description),
    [
      'An invoice line has no item name (BT-153).',
      'Each line names what is sold; French law also requires a precise description of goods and services.',
      'Give the item name of the line.',
    ],
    [
      "Une ligne de facture n'a pas de nom d'article (BT-153).",
      'Chaque ligne nomme ce qui est vendu ; le droit français exige aussi une désignation précise des biens et services.',
      "Indiquez le nom de l'article de la ligne.",
    ],
  ),
  lineRule(
    'BR-26',
    'BT-146',
    'unitPrice',
    true,
    (line) => isPresent(line.unitPrice),
    [
      'An invoice line has no item net price (BT-146).',
      'Each line states the net unit price of its item.',
      'Give the net price of the line.',
    ],
    [
      "Une ligne de facture n'a pas de prix net (BT-146).",
      "Chaque ligne indique le prix unitaire net de l'article.",
      'Indiquez le prix net de la ligne.',
    ],
  ),
  lineRule(
    'BR-27',
    'BT-146',
    'unitPrice',
    false,
    (line) => typeof line.unitPrice === 'number' && line.unitPrice >= 0,
    [
      'The item net price (BT-146) is negative or missing.',
      'A price is never negative; a reduction is written as a negative quantity, an allowance or a credit note.',
      'Use a price of zero or more and express the reduction another way.',
    ],
    [
      'Le prix net (BT-146) est négatif ou absent.',
      "Un prix n'est jamais négatif ; une réduction s'exprime par une quantité négative, une remise ou un avoir.",
      'Utilisez un prix positif ou nul et exprimez la réduction autrement.',
    ],
  ),
  lineRule(
    'BR-28',
    'BT-148',
    'grossPrice',
    false,
    (line) => !isPresent(line.grossPrice) || (typeof line.grossPrice === 'number' && line.grossPrice >= 0),
    [
      'The item gross price (BT-148) is negative.',
      'The gross price is the price before the price discount; like the net price it cannot be negative.',
      'Use a gross price of zero or more.',
    ],
    [
      'Le prix brut (BT-148) est négatif.',
      'Le prix brut est le prix avant rabais ; comme le prix net, il ne peut pas être négatif.',
      'Utilisez un prix brut positif ou nul.',
    ],
  ),
  en16931Rule(
    'BR-30',
    F,
    ['BT-135', 'BT-134'],
    [
      'The line period ends (BT-135) before it starts (BT-134).',
      'When a line gives both dates of its period, the end date is on or after the start date.',
      'Swap or correct the dates of the line period.',
    ],
    [
      'La période de la ligne se termine (BT-135) avant de commencer (BT-134).',
      'Quand une ligne donne les deux dates de sa période, la date de fin est égale ou postérieure à la date de début.',
      'Corrigez ou inversez les dates de la période de la ligne.',
    ],
    (inv, report, ctx) => {
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        const p = (line as Line).period;
        if (
          isObject(p) &&
          periodInverted(p.startDate, p.endDate, ctx.syntax, missingDates(ctx, `invoice.lines[${i}].period`))
        ) {
          report(`invoice.lines[${i}].period.endDate`);
        }
      }
    },
  ),
  lineAllowanceRule(
    'BR-41',
    'allowances',
    ['BT-136', 'BG-27'],
    (ac) => (isPresent(ac.amount) ? undefined : '.amount'),
    [
      'A line allowance (BG-27) has no amount (BT-136).',
      'A line allowance says how much is taken off the line.',
      'Give the amount of the line allowance.',
    ],
    [
      "Une remise de ligne (BG-27) n'a pas de montant (BT-136).",
      'Une remise de ligne indique le montant déduit de la ligne.',
      'Indiquez le montant de la remise de ligne.',
    ],
  ),
  lineAllowanceRule(
    'BR-42',
    'allowances',
    ['BT-139', 'BT-140'],
    missingReason,
    [
      'A line allowance has neither a reason (BT-139) nor a reason code (BT-140).',
      'The buyer must be able to see why a line allowance is granted.',
      'Give a reason text or a UNTDID 5189 reason code.',
    ],
    [
      "Une remise de ligne n'a ni motif (BT-139) ni code motif (BT-140).",
      "L'acheteur doit pouvoir comprendre pourquoi une remise de ligne est accordée.",
      'Indiquez un motif ou un code motif UNTDID 5189.',
    ],
  ),
  lineAllowanceRule(
    'BR-43',
    'charges',
    ['BT-141', 'BG-28'],
    (ac) => (isPresent(ac.amount) ? undefined : '.amount'),
    [
      'A line charge (BG-28) has no amount (BT-141).',
      'A line charge says how much is added to the line.',
      'Give the amount of the line charge.',
    ],
    [
      "Une charge de ligne (BG-28) n'a pas de montant (BT-141).",
      'Une charge de ligne indique le montant ajouté à la ligne.',
      'Indiquez le montant de la charge de ligne.',
    ],
  ),
  lineAllowanceRule(
    'BR-44',
    'charges',
    ['BT-144', 'BT-145'],
    missingReason,
    [
      'A line charge has neither a reason (BT-144) nor a reason code (BT-145).',
      'The buyer must be able to see why a line charge is added.',
      'Give a reason text or a UNTDID 7161 reason code.',
    ],
    [
      "Une charge de ligne n'a ni motif (BT-144) ni code motif (BT-145).",
      "L'acheteur doit pouvoir comprendre pourquoi une charge de ligne est ajoutée.",
      'Indiquez un motif ou un code motif UNTDID 7161.',
    ],
  ),
  en16931Rule(
    'BR-54',
    F,
    ['BG-32', 'BT-160', 'BT-161'],
    [
      'An item attribute (BG-32) lacks its name (BT-160) or its value (BT-161).',
      'An item attribute is a name–value pair such as Colour = Red; one without the other says nothing.',
      'Give both the name and the value of the attribute, or remove it.',
    ],
    [
      "Un attribut d'article (BG-32) n'a pas de nom (BT-160) ou pas de valeur (BT-161).",
      "Un attribut d'article est un couple nom–valeur, comme Couleur = Rouge ; l'un sans l'autre ne dit rien.",
      "Indiquez le nom et la valeur de l'attribut, ou retirez-le.",
    ],
    (inv, report) => {
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        const attributes = listOf((line as Line).attributes);
        for (let k = 0; k < attributes.length; k++) {
          const a = attributes[k];
          if (!isObject(a)) continue;
          const attribute = a as ItemAttribute;
          if (!isPresent(attribute.name) || !isPresent(attribute.value))
            report(`invoice.lines[${i}].attributes[${k}]`);
        }
      }
    },
  ),
  en16931Rule(
    'BR-64',
    F,
    ['BT-157-1', 'BT-157'],
    [
      'The item standard identifier (BT-157) has no scheme identifier.',
      'A standard item identifier (such as a GTIN) is only meaningful with its scheme (ISO 6523 ICD, e.g. 0160 for GTIN).',
      'Add the scheme of the standard identifier.',
    ],
    [
      "L'identifiant normalisé de l'article (BT-157) n'a pas d'identifiant de schéma.",
      "Un identifiant normalisé (comme un GTIN) n'a de sens qu'avec son schéma (ICD ISO 6523, par exemple 0160 pour le GTIN).",
      "Ajoutez le schéma de l'identifiant normalisé.",
    ],
    (inv, report, ctx) => {
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        const sid = (line as Line).standardItemId;
        if (!isObject(sid)) continue;
        const ok = ctx.syntax === 'UBL' ? isPresent(sid.scheme) : hasText(sid.scheme);
        if (!ok) report(`invoice.lines[${i}].standardItemId.scheme`);
      }
    },
  ),
  en16931Rule(
    'BR-65',
    F,
    ['BT-158-1', 'BT-158'],
    [
      'An item classification identifier (BT-158) has no scheme identifier.',
      'A classification code (CPV, UNSPSC, HS…) is only meaningful with its list identifier (UNTDID 7143).',
      'Add the scheme of the classification code.',
    ],
    [
      "Un code de classification d'article (BT-158) n'a pas d'identifiant de schéma.",
      "Un code de classification (CPV, UNSPSC, SH…) n'a de sens qu'avec l'identifiant de sa liste (UNTDID 7143).",
      'Ajoutez le schéma du code de classification.',
    ],
    (inv, report, ctx) => {
      const lines = listOf(inv.lines);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!isObject(line)) continue;
        const classifications = listOf((line as Line).classifications);
        for (let k = 0; k < classifications.length; k++) {
          const c = classifications[k];
          if (!isObject(c)) continue;
          // officially a classification without its code is silent: `or not(ram:ClassCode)` in CII,
          // the UBL context is cbc:ItemClassificationCode itself
          const classification = c as Classification;
          if (!isPresent(classification.id)) continue;
          const ok = ctx.syntax === 'UBL' ? isPresent(classification.scheme) : hasText(classification.scheme);
          if (!ok) report(`invoice.lines[${i}].classifications[${k}].scheme`);
        }
      }
    },
  ),
];
