/**
 * EN 16931 core rules on the other parties and their identifiers: payee (BR-17), seller tax
 * representative (BR-18…20, BR-56), deliver-to address (BR-57), electronic addresses (BR-62, BR-63).
 *
 * BR-17 follows each syntax's official test: the payee needs a name and must differ from the
 * seller by name and identifier — CII compares with the seller name (BT-27) and legal id (BT-30),
 * UBL with the seller trading name (BT-28, cac:PartyName).
 */
import type { Party } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { judgeSourcePresence } from '../source-context.js';
import { en16931Rule } from '../util/rule.js';
import { hasText, isObject, isPresent, list } from '../util/values.js';

const F = 'core';

function sellerIds(seller: Party | undefined): string[] {
  const ids: string[] = [];
  if (!isObject(seller)) return ids;
  if (typeof seller.siret === 'string') ids.push(seller.siret);
  for (const id of list(seller.identifiers)) if (isObject(id) && typeof id.id === 'string') ids.push(id.id);
  return ids;
}

function electronicAddressRule(id: string, role: 'seller' | 'buyer', term: string, en: string, fr: string) {
  return en16931Rule(
    id,
    F,
    [`${term}-1`, term],
    [
      `The ${en} electronic address (${term}) has no scheme identifier.`,
      `An electronic address is only usable with its scheme (EAS code, e.g. 0225 for a French SIREN-based address, EM for e-mail).`,
      `Add the scheme of the ${en}'s electronic address.`,
    ],
    [
      `L'adresse électronique ${fr} (${term}) n'a pas d'identifiant de schéma.`,
      `Une adresse électronique n'est exploitable qu'avec son schéma (code EAS, par exemple 0225 pour une adresse fondée sur le SIREN, EM pour un courriel).`,
      `Ajoutez le schéma de l'adresse électronique ${fr}.`,
    ],
    (inv, report, ctx) => {
      const address = inv[role]?.electronicAddress;
      if (!isObject(address)) return;
      const ok = ctx.syntax === 'UBL' ? isPresent(address.scheme) : hasText(address.scheme);
      if (!ok) report(`invoice.${role}.electronicAddress.scheme`);
    },
  );
}

export const corePartyRules: RuleDefinition[] = [
  en16931Rule(
    'BR-17',
    F,
    ['BT-59', 'BG-10'],
    [
      'The payee (BG-10) needs a name (BT-59) and must be a different party from the seller.',
      'A payee is only given when someone other than the seller receives the payment; it is then named, and its name and identifiers differ from the seller’s.',
      'Name the payee, or remove the payee group when the seller is paid directly.',
    ],
    [
      'Le bénéficiaire du paiement (BG-10) doit avoir un nom (BT-59) et être distinct du vendeur.',
      'Un bénéficiaire n’est indiqué que lorsqu’une autre partie que le vendeur reçoit le paiement ; il est alors nommé et ses nom et identifiants diffèrent de ceux du vendeur.',
      'Nommez le bénéficiaire, ou retirez ce groupe si le vendeur est payé directement.',
    ],
    (inv, report, ctx) => {
      const payee = inv.payee;
      if (!isObject(payee)) return;
      const seller = inv.seller;
      const name = payee.name;
      let bad = !isPresent(name);
      const sellerName = ctx.syntax === 'UBL' ? seller?.tradingName : seller?.name;
      if (!bad && typeof name === 'string' && name === sellerName) bad = true;
      const payeeId = payee.identifier?.id;
      if (!bad && typeof payeeId === 'string' && sellerIds(seller).includes(payeeId)) bad = true;
      if (!bad && ctx.syntax !== 'UBL') {
        const legal = payee.legalRegistrationId?.id;
        if (typeof legal === 'string' && legal === seller?.legalRegistrationId?.id) bad = true;
      }
      if (bad) report(isPresent(name) ? 'invoice.payee' : 'invoice.payee.name');
    },
  ),
  en16931Rule(
    'BR-18',
    F,
    ['BT-62', 'BG-11'],
    [
      'The seller tax representative (BG-11) has no name (BT-62).',
      'When the seller acts through a tax representative, that representative is named on the invoice.',
      'Give the tax representative’s name.',
    ],
    [
      "Le représentant fiscal du vendeur (BG-11) n'a pas de nom (BT-62).",
      'Lorsque le vendeur agit par un représentant fiscal, celui-ci est nommé sur la facture.',
      'Indiquez le nom du représentant fiscal.',
    ],
    (inv, report) => {
      const rep = inv.taxRepresentative;
      if (isObject(rep) && !hasText(rep.name)) report('invoice.taxRepresentative.name');
    },
  ),
  en16931Rule(
    'BR-19',
    F,
    ['BG-12', 'BG-11'],
    [
      'The seller tax representative (BG-11) has no postal address (BG-12).',
      'A tax representative is identified by its name and its postal address.',
      'Add the tax representative’s address with its country code.',
    ],
    [
      "Le représentant fiscal du vendeur (BG-11) n'a pas d'adresse postale (BG-12).",
      'Un représentant fiscal est identifié par son nom et son adresse postale.',
      "Ajoutez l'adresse du représentant fiscal avec son code pays.",
    ],
    (inv, report) => {
      const rep = inv.taxRepresentative;
      if (isObject(rep) && !isObject(rep.address)) report('invoice.taxRepresentative.address');
    },
  ),
  en16931Rule(
    'BR-20',
    F,
    ['BT-69', 'BG-12'],
    [
      'The seller tax representative address has no country code (BT-69).',
      'The country of the tax representative is part of its address.',
      'Set the tax representative’s country (ISO 3166-1 alpha-2).',
    ],
    [
      "L'adresse du représentant fiscal n'a pas de code pays (BT-69).",
      'Le pays du représentant fiscal fait partie de son adresse.',
      'Renseignez le pays du représentant fiscal (ISO 3166-1 alpha-2).',
    ],
    (inv, report, ctx) => {
      const rep = inv.taxRepresentative;
      if (!isObject(rep)) return;
      if (ctx.syntax === 'UBL' && !isObject(rep.address)) return;
      if (!hasText(rep.address?.country)) report('invoice.taxRepresentative.address.country');
    },
  ),
  en16931Rule(
    'BR-56',
    F,
    ['BT-63', 'BG-11'],
    [
      'The seller tax representative (BG-11) has no VAT identifier (BT-63).',
      'A tax representative exists to account for VAT on the seller’s behalf, so its VAT number is required.',
      'Give the tax representative’s VAT identifier, with its country prefix.',
    ],
    [
      "Le représentant fiscal du vendeur (BG-11) n'a pas de numéro de TVA (BT-63).",
      'Un représentant fiscal déclare la TVA pour le compte du vendeur : son numéro de TVA est donc obligatoire.',
      'Indiquez le numéro de TVA du représentant fiscal, avec son préfixe pays.',
    ],
    (inv, report, ctx) => {
      const rep = inv.taxRepresentative;
      if (!isObject(rep)) return;
      const ok = ctx.syntax === 'UBL' ? isPresent(rep.vatNumber) : hasText(rep.vatNumber);
      if (!ok) report('invoice.taxRepresentative.vatNumber');
    },
  ),
  en16931Rule(
    'BR-57',
    F,
    ['BT-80', 'BG-15'],
    [
      'The deliver-to address (BG-15) has no country code (BT-80).',
      'A delivery address must say in which country the goods were delivered; it can change where VAT is due.',
      'Set the country of the delivery address.',
    ],
    [
      "L'adresse de livraison (BG-15) n'a pas de code pays (BT-80).",
      "Une adresse de livraison indique le pays de livraison ; il peut changer le lieu d'imposition à la TVA.",
      "Renseignez le pays de l'adresse de livraison.",
    ],
    (inv, report, ctx) => {
      // UBL XML: every cac:Delivery/cac:DeliveryLocation/cac:Address (a repeated cac:Delivery, a
      // line's delivery), which the model merges into one address
      if (
        ctx.syntax === 'UBL' &&
        judgeSourcePresence(ctx, 'BR-57', report, (at) => (at.endsWith('.address') ? `${at}.country` : at))
      )
        return;
      const address = inv.delivery?.address;
      if (!isObject(address)) return;
      const ok = ctx.syntax === 'UBL' ? isPresent(address.country) : hasText(address.country);
      if (!ok) report('invoice.delivery.address.country');
    },
  ),
  electronicAddressRule('BR-62', 'seller', 'BT-34', 'seller', 'du vendeur'),
  electronicAddressRule('BR-63', 'buyer', 'BT-49', 'buyer', "de l'acheteur"),
];
