/**
 * Electronic addresses (BT-34 / BT-49) and routing codes (scheme 0224): BR-FR-12, -13 (present),
 * BR-FR-21, -22 (built on the SIREN for B2B), BR-FR-23, -25 (characters, length) and BR-FR-24, -26.
 */
import type { Identifier, Invoice, Party } from '@einv/core-model';
import type { RuleDefinition, Syntax } from '../define.js';
import { barValues, frRule, isValidSchemeIdFormat, normalizeSpace, SELF_BILLING_TYPES, t } from './common.js';

const ELECTRONIC_ADDRESS_SCHEME = '0225';
const ROUTING_CODE_SCHEME = '0224';

/** SIREN as read by BR-FR-21/22: CII takes the legal id whatever its scheme, UBL only scheme 0002 */
function routingSiren(party: Party | undefined, syntax: Syntax | undefined): string {
  const legal = party?.legalRegistrationId;
  if (!legal) return '';
  if (syntax === 'UBL' && legal.scheme !== '0002') return '';
  return legal.id;
}

/** The address must start with the SIREN and use scheme 0225 */
const builtOnSiren = (address: Identifier | undefined, siren: string): boolean =>
  (address?.id ?? '').startsWith(siren) && address?.scheme === ELECTRONIC_ADDRESS_SCHEME;

const isSelfBilled = (invoice: Invoice) =>
  invoice.typeCode !== undefined && SELF_BILLING_TYPES.has(invoice.typeCode);

function addresses(invoice: Invoice): { path: string; address: Identifier; bt: string }[] {
  const out: { path: string; address: Identifier; bt: string }[] = [];
  if (invoice.seller?.electronicAddress)
    out.push({
      path: 'invoice.seller.electronicAddress',
      address: invoice.seller.electronicAddress,
      bt: 'BT-34',
    });
  if (invoice.buyer?.electronicAddress)
    out.push({
      path: 'invoice.buyer.electronicAddress',
      address: invoice.buyer.electronicAddress,
      bt: 'BT-49',
    });
  return out;
}

function routingCodes(invoice: Invoice): { path: string; id: string; bt: string }[] {
  const out: { path: string; id: string; bt: string }[] = [];
  for (const [party, base, bt] of [
    [invoice.seller, 'invoice.seller', 'BT-29'],
    [invoice.buyer, 'invoice.buyer', 'BT-46'],
  ] as const) {
    (party?.identifiers ?? []).forEach((id, i) => {
      if (id.scheme === ROUTING_CODE_SCHEME) out.push({ path: `${base}.identifiers[${i}]`, id: id.id, bt });
    });
  }
  return out;
}

export const addressRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-12',
    family: 'FR',
    terms: ['BT-49'],
    message: t(
      'Buyer electronic address (BT-49) is missing',
      'L’adresse électronique de l’acheteur (BT-49) est absente',
    ),
    explanation: t(
      'French platforms deliver the invoice to the buyer electronic address; it is mandatory.',
      'Les plateformes françaises remettent la facture à l’adresse électronique de l’acheteur ; elle est obligatoire.',
    ),
    fix: t(
      'Set buyer.electronicAddress, e.g. { id: "<SIREN>", scheme: "0225" }.',
      'Renseignez buyer.electronicAddress, par exemple { id: "<SIREN>", scheme: "0225" }.',
    ),
    check(invoice, report, ctx) {
      const id = invoice.buyer?.electronicAddress?.id ?? '';
      if ((ctx.syntax === 'CII' ? id : normalizeSpace(id)) === '') report('invoice.buyer.electronicAddress');
    },
  }),
  frRule({
    id: 'BR-FR-13',
    family: 'FR',
    terms: ['BT-34'],
    message: t(
      'Seller electronic address (BT-34) is missing',
      'L’adresse électronique du vendeur (BT-34) est absente',
    ),
    explanation: t(
      'The seller electronic address identifies the sender on the French platforms; it is mandatory.',
      'L’adresse électronique du vendeur identifie l’émetteur sur les plateformes françaises ; elle est obligatoire.',
    ),
    fix: t(
      'Set seller.electronicAddress, e.g. { id: "<SIREN>", scheme: "0225" }.',
      'Renseignez seller.electronicAddress, par exemple { id: "<SIREN>", scheme: "0225" }.',
    ),
    check(invoice, report, ctx) {
      const id = invoice.seller?.electronicAddress?.id ?? '';
      if ((ctx.syntax === 'CII' ? id : normalizeSpace(id)) === '') report('invoice.seller.electronicAddress');
    },
  }),
  frRule({
    id: 'BR-FR-21',
    family: 'FR',
    terms: ['BT-49', 'BT-49-1', 'BT-47', 'BT-3'],
    message: t(
      'B2B invoice: the buyer electronic address must start with the buyer SIREN and use scheme 0225',
      'Facture B2B : l’adresse électronique de l’acheteur doit commencer par son SIREN et utiliser le schéma 0225',
    ),
    explanation: t(
      'For a B2B invoice that is not self-billed, the buyer electronic address is built on the buyer SIREN (scheme 0225: SIREN, optionally followed by a SIRET or routing suffix).',
      'Pour une facture B2B qui n’est pas une autofacture, l’adresse électronique de l’acheteur est construite sur son SIREN (schéma 0225 : SIREN, éventuellement suivi d’un suffixe SIRET ou de routage).',
    ),
    fix: t(
      'Use the buyer SIREN (optionally with a suffix) as electronic address, scheme 0225.',
      'Utilisez le SIREN de l’acheteur (éventuellement suffixé) comme adresse électronique, schéma 0225.',
    ),
    check(invoice, report, ctx) {
      if (!barValues(invoice, ctx).includes('B2B') || isSelfBilled(invoice)) return;
      const address = invoice.buyer?.electronicAddress;
      if (!builtOnSiren(address, routingSiren(invoice.buyer, ctx.syntax)))
        report('invoice.buyer.electronicAddress', { value: address?.id });
    },
  }),
  frRule({
    id: 'BR-FR-22',
    family: 'FR',
    terms: ['BT-34', 'BT-34-1', 'BT-30', 'BT-3'],
    message: t(
      'Self-billed invoice: the seller electronic address must start with the seller SIREN and use scheme 0225',
      'Autofacture : l’adresse électronique du vendeur doit commencer par son SIREN et utiliser le schéma 0225',
    ),
    explanation: t(
      'When the buyer issues the invoice for the seller (self-billing), the seller electronic address is built on the seller SIREN with scheme 0225.',
      'Quand l’acheteur émet la facture pour le vendeur (autofacturation), l’adresse électronique du vendeur est construite sur son SIREN, schéma 0225.',
    ),
    fix: t(
      'Use the seller SIREN (optionally with a suffix) as electronic address, scheme 0225.',
      'Utilisez le SIREN du vendeur (éventuellement suffixé) comme adresse électronique, schéma 0225.',
    ),
    check(invoice, report, ctx) {
      if (!isSelfBilled(invoice)) return;
      const bar = barValues(invoice, ctx);
      // UBL up to 1.4.0.03: any expected processing; CII, JSON and UBL 1.4.0.04 (fix04): B2B only
      const anyBar = ctx.syntax === 'UBL' && ctx.frenchVersion !== '1.4.0.04';
      if (anyBar ? bar.length === 0 : !bar.includes('B2B')) return;
      const address = invoice.seller?.electronicAddress;
      if (!builtOnSiren(address, routingSiren(invoice.seller, ctx.syntax)))
        report('invoice.seller.electronicAddress', { value: address?.id });
    },
  }),
  frRule({
    id: 'BR-FR-23',
    family: 'FR',
    terms: ['BT-34', 'BT-49'],
    message: t(
      'Electronic address (scheme 0225) contains characters other than A-Z a-z 0-9 + - _ .',
      'L’adresse électronique (schéma 0225) contient des caractères autres que A-Z a-z 0-9 + - _ .',
    ),
    explanation: t(
      'French electronic addresses (scheme 0225) use only letters, digits and the signs + - _ and dot.',
      'Les adresses électroniques françaises (schéma 0225) n’utilisent que lettres, chiffres et les signes + - _ et point.',
    ),
    fix: t(
      'Remove spaces, slashes and other signs from the address.',
      'Retirez espaces, barres obliques et autres signes de l’adresse.',
    ),
    check(invoice, report) {
      for (const a of addresses(invoice)) {
        if (a.address.scheme === ELECTRONIC_ADDRESS_SCHEME && !isValidSchemeIdFormat(a.address.id))
          report(a.path, { value: a.address.id, bt: a.bt });
      }
    },
  }),
  frRule({
    id: 'BR-FR-24',
    family: 'FR',
    terms: ['BT-29', 'BT-46'],
    message: t(
      'Routing code (scheme 0224) contains characters other than A-Z a-z 0-9 + - _ .',
      'Le code de routage (schéma 0224) contient des caractères autres que A-Z a-z 0-9 + - _ .',
    ),
    explanation: t(
      'Routing codes (identifiers with scheme 0224) use the same characters as electronic addresses.',
      'Les codes de routage (identifiants de schéma 0224) utilisent les mêmes caractères que les adresses électroniques.',
    ),
    fix: t(
      'Remove spaces and other signs from the routing code.',
      'Retirez les espaces et autres signes du code de routage.',
    ),
    check(invoice, report) {
      for (const r of routingCodes(invoice))
        if (!isValidSchemeIdFormat(r.id)) report(r.path, { value: r.id, bt: r.bt });
    },
  }),
  frRule({
    id: 'BR-FR-25',
    family: 'FR',
    terms: ['BT-34', 'BT-49'],
    message: t(
      'Electronic address longer than 125 characters',
      'Adresse électronique de plus de 125 caractères',
    ),
    explanation: t(
      'An electronic address, whatever its scheme, has at most 125 characters.',
      'Une adresse électronique, quel que soit son schéma, compte au plus 125 caractères.',
    ),
    fix: t('Shorten the electronic address.', 'Raccourcissez l’adresse électronique.'),
    check(invoice, report) {
      for (const a of addresses(invoice))
        if (a.address.id.length > 125) report(a.path, { value: a.address.id, bt: a.bt });
    },
  }),
  frRule({
    id: 'BR-FR-26',
    family: 'FR',
    terms: ['BT-29', 'BT-46'],
    message: t(
      'Routing code (scheme 0224) longer than 100 characters',
      'Code de routage (schéma 0224) de plus de 100 caractères',
    ),
    explanation: t(
      'A routing code has at most 100 characters.',
      'Un code de routage compte au plus 100 caractères.',
    ),
    fix: t('Shorten the routing code.', 'Raccourcissez le code de routage.'),
    check(invoice, report) {
      for (const r of routingCodes(invoice)) if (r.id.length > 100) report(r.path, { value: r.id, bt: r.bt });
    },
  }),
];
