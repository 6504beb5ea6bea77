/**
 * EN 16931 core rules on the document header, the parties' names and addresses, the totals group
 * and the presence of lines: BR-01…BR-16. Severities are the official ones (all fatal).
 *
 * Syntax notes (why `context.syntax` is read): the official BR-01 only makes sense on XML input,
 * because for a JSON invoice the writer supplies BT-24 from the profile; the UBL schematron checks
 * BR-09/BR-11 only inside an existing postal address while CII checks them from the root; BR-12…15
 * only run inside an existing totals group in XML, and always for JSON (a JSON invoice has totals
 * once complete() has run). JSON input follows the CII semantics, the syntax einv writes.
 */
import type { Invoice, Party, Totals } from '@einv/core-model';
import type { RuleContext, RuleDefinition } from '../define.js';
import { en16931Rule } from '../util/rule.js';
import { hasText, isObject, isPresent, list } from '../util/values.js';

const F = 'core';

function requireText(
  id: string,
  term: string,
  path: string,
  read: (inv: Invoice) => unknown,
  en: readonly [string, string, string],
  fr: readonly [string, string, string],
): RuleDefinition {
  return en16931Rule(id, F, [term], en, fr, (inv, report) => {
    if (!hasText(read(inv))) report(path);
  });
}

/** The totals group a BR-12…15 / BR-CO / BR-DEC rule runs in; undefined when it does not run */
export function totalsContext(inv: Invoice, context: RuleContext): Totals | undefined {
  const t = inv.totals;
  if (isObject(t)) return t;
  // XML: the group is absent or empty. With counted contexts (decision 0111) the rule runs only
  // where its official context (the totals element) exists, so the element is there, empty.
  return context.syntax && !context.source?.hasContexts ? undefined : {};
}

/**
 * The VAT accounting currency (BT-6) as the CII tests read `ram:TaxCurrencyCode`: its text, or ''
 * when the element is there but empty (the reader holds no value, the official test still sees the
 * element: `not(ram:TaxCurrencyCode)` is false and no amount has the currency ''); undefined when
 * absent. Other syntaxes and JSON: the model value.
 */
export function ciiTaxCurrency(inv: Invoice, context: RuleContext): unknown {
  if (context.syntax !== 'CII' || hasText(inv.taxCurrency)) return inv.taxCurrency;
  return context.source?.values('BR-CL-05')?.length ? '' : inv.taxCurrency;
}

function addressRule(id: string, role: 'seller' | 'buyer', group: string, en: string, fr: string) {
  return en16931Rule(
    id,
    F,
    [group],
    [
      `The ${en} postal address (${group}) is missing.`,
      `Every invoice carries the postal address of the ${en}; tax authorities use it to locate the party.`,
      `Add the ${en}'s address with at least its country code.`,
    ],
    [
      `L'adresse postale ${fr} (${group}) est absente.`,
      `Toute facture porte l'adresse postale ${fr} ; l'administration fiscale s'en sert pour situer la partie.`,
      `Ajoutez l'adresse ${fr}, au minimum avec son code pays.`,
    ],
    (inv, report) => {
      const party: Party | undefined = inv[role];
      if (!isObject(party?.address)) report(`invoice.${role}.address`);
    },
  );
}

function countryRule(id: string, role: 'seller' | 'buyer', term: string, en: string, fr: string) {
  return en16931Rule(
    id,
    F,
    [term],
    [
      `The ${en} postal address has no country code (${term}).`,
      `The country of the ${en} decides which VAT rules apply; it is an ISO 3166-1 alpha-2 code such as FR or DE.`,
      `Set the ${en}'s address country to a two-letter ISO code.`,
    ],
    [
      `L'adresse postale ${fr} n'a pas de code pays (${term}).`,
      `Le pays ${fr} détermine les règles de TVA applicables ; c'est un code ISO 3166-1 alpha-2 comme FR ou DE.`,
      `Renseignez le pays de l'adresse ${fr} avec un code ISO à deux lettres.`,
    ],
    (inv, report, ctx) => {
      const address = inv[role]?.address;
      if (ctx.syntax === 'UBL' && !isObject(address)) return;
      if (!hasText(address?.country)) report(`invoice.${role}.address.country`);
    },
  );
}

function totalRule(id: string, term: string, field: keyof Totals, en: string, fr: string) {
  return en16931Rule(
    id,
    F,
    [term],
    [
      `The ${en} (${term}) is missing from the document totals.`,
      `The document totals must state the ${en}; the receiver checks it against the lines.`,
      `Give the ${en} in the totals (einv computes it when the invoice is completed).`,
    ],
    [
      `Le ${fr} (${term}) est absent des totaux du document.`,
      `Les totaux du document doivent indiquer le ${fr} ; le destinataire le contrôle à partir des lignes.`,
      `Indiquez le ${fr} dans les totaux (einv le calcule lors de la complétion de la facture).`,
    ],
    (inv, report, ctx) => {
      const t = totalsContext(inv, ctx);
      if (t && !isPresent(t[field])) report(`invoice.totals.${field}`);
    },
  );
}

export const coreDocumentRules: RuleDefinition[] = [
  en16931Rule(
    'BR-01',
    F,
    ['BT-24'],
    [
      'The specification identifier (BT-24) is missing.',
      'An XML invoice names the specification it follows (for example urn:cen.eu:en16931:2017) so the receiver knows which rules apply. einv writers fill it from the profile, so it is only checked on XML input.',
      'Add the specification identifier (GuidelineSpecifiedDocumentContextParameter in CII, CustomizationID in UBL).',
    ],
    [
      "L'identifiant de spécification (BT-24) est absent.",
      "Une facture XML désigne la spécification qu'elle suit (par exemple urn:cen.eu:en16931:2017) pour que le destinataire sache quelles règles appliquer. Les générateurs d'einv le renseignent d'après le profil : il n'est contrôlé que sur une entrée XML.",
      "Ajoutez l'identifiant de spécification (GuidelineSpecifiedDocumentContextParameter en CII, CustomizationID en UBL).",
    ],
    (inv, report, ctx) => {
      if (ctx.syntax && !hasText(inv.specificationIdentifier)) report('invoice.specificationIdentifier');
    },
  ),
  requireText(
    'BR-02',
    'BT-1',
    'invoice.number',
    (inv) => inv.number,
    [
      'The invoice number (BT-1) is missing.',
      'Each invoice carries a number that identifies it uniquely in the seller’s sequence.',
      'Give the invoice its number.',
    ],
    [
      'Le numéro de facture (BT-1) est absent.',
      'Chaque facture porte un numéro qui l’identifie de façon unique dans la séquence du vendeur.',
      'Attribuez un numéro à la facture.',
    ],
  ),
  requireText(
    'BR-03',
    'BT-2',
    'invoice.issueDate',
    (inv) => inv.issueDate,
    [
      'The invoice issue date (BT-2) is missing.',
      'The issue date fixes when the invoice was made out; VAT and payment terms depend on it.',
      'Set the issue date (YYYY-MM-DD).',
    ],
    [
      "La date d'émission (BT-2) est absente.",
      "La date d'émission fixe le moment où la facture est établie ; la TVA et les délais de paiement en dépendent.",
      "Renseignez la date d'émission (AAAA-MM-JJ).",
    ],
  ),
  requireText(
    'BR-04',
    'BT-3',
    'invoice.typeCode',
    (inv) => inv.typeCode,
    [
      'The invoice type code (BT-3) is missing.',
      'The type code says what the document is: 380 commercial invoice, 381 credit note, 384 corrected invoice…',
      'Set the type code (UNTDID 1001), usually 380.',
    ],
    [
      'Le code de type de facture (BT-3) est absent.',
      'Le code de type indique la nature du document : 380 facture, 381 avoir, 384 facture rectificative…',
      'Renseignez le code de type (UNTDID 1001), en général 380.',
    ],
  ),
  requireText(
    'BR-05',
    'BT-5',
    'invoice.currency',
    (inv) => inv.currency,
    [
      'The invoice currency code (BT-5) is missing.',
      'Every amount of the invoice is expressed in one currency, given as an ISO 4217 code.',
      'Set the currency, for example EUR.',
    ],
    [
      'Le code de devise de la facture (BT-5) est absent.',
      'Tous les montants de la facture sont exprimés dans une devise, donnée par un code ISO 4217.',
      'Renseignez la devise, par exemple EUR.',
    ],
  ),
  requireText(
    'BR-06',
    'BT-27',
    'invoice.seller.name',
    (inv) => inv.seller?.name,
    [
      'The seller name (BT-27) is missing.',
      'The seller is identified on the invoice by its registered name.',
      'Give the seller’s name.',
    ],
    [
      'Le nom du vendeur (BT-27) est absent.',
      'Le vendeur est désigné sur la facture par sa raison sociale.',
      'Indiquez le nom du vendeur.',
    ],
  ),
  requireText(
    'BR-07',
    'BT-44',
    'invoice.buyer.name',
    (inv) => inv.buyer?.name,
    [
      'The buyer name (BT-44) is missing.',
      'The buyer is identified on the invoice by its name.',
      'Give the buyer’s name.',
    ],
    [
      "Le nom de l'acheteur (BT-44) est absent.",
      "L'acheteur est désigné sur la facture par son nom.",
      "Indiquez le nom de l'acheteur.",
    ],
  ),
  addressRule('BR-08', 'seller', 'BG-5', 'seller', 'du vendeur'),
  countryRule('BR-09', 'seller', 'BT-40', 'seller', 'du vendeur'),
  addressRule('BR-10', 'buyer', 'BG-8', 'buyer', "de l'acheteur"),
  countryRule('BR-11', 'buyer', 'BT-55', 'buyer', "de l'acheteur"),
  totalRule(
    'BR-12',
    'BT-106',
    'lineNetTotal',
    'sum of line net amounts',
    'total des montants nets des lignes',
  ),
  totalRule('BR-13', 'BT-109', 'taxExclusiveAmount', 'total without VAT', 'montant total hors TVA'),
  totalRule('BR-14', 'BT-112', 'taxInclusiveAmount', 'total with VAT', 'montant total TTC'),
  totalRule('BR-15', 'BT-115', 'amountDue', 'amount due for payment', 'montant à payer'),
  en16931Rule(
    'BR-16',
    F,
    ['BG-25'],
    [
      'The invoice has no line (BG-25).',
      'An invoice states what is charged through at least one invoice line.',
      'Add at least one line with its item, quantity, price and VAT category.',
    ],
    [
      "La facture n'a aucune ligne (BG-25).",
      'Une facture décrit ce qui est facturé au moyen d’au moins une ligne.',
      'Ajoutez au moins une ligne avec article, quantité, prix et catégorie de TVA.',
    ],
    (inv, report) => {
      if (list(inv.lines).length === 0) report('invoice.lines');
    },
  ),
];
