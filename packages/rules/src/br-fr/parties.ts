/**
 * SIREN / SIRET and party identifiers: BR-FR-09 (SIRET coherent with SIREN; the contract's
 * advisory when the seller has no SIRET is in aliases.ts), BR-FR-10/11 (seller / buyer SIREN), BR-FR-32 (SIREN
 * format), BR-FR-CO-10 (identifier schemes), BR-FR-CO-15 (VAT-group tax representative).
 * The official checks are lexical: no Luhn key is verified (see decision 0070).
 */
import type { Identifier, Party } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { barValues, frRule, normalizeSpace, t } from './common.js';

export const SIREN_SCHEME = '0002';
export const SIRET_SCHEME = '0009';
export const VAT_GROUP_SCHEME = '0231';

/** The party's SIREN as the official rules read it: its legal registration id with scheme 0002 */
export function sirenOf(party: Party | undefined): string | undefined {
  const legal = party?.legalRegistrationId;
  return legal?.scheme === SIREN_SCHEME ? legal.id : undefined;
}

/** custom:check-siret-siren-coherence */
export const siretMatchesSiren = (siret: string, siren: string | undefined): boolean =>
  /^\d{14}$/.test(siret) && siren !== undefined && siret.slice(0, 9) === siren;

/** true when the party has no SIRET at all (absent or blank) */
export const hasNoSiret = (party: Party | undefined): boolean =>
  typeof party?.siret !== 'string' || party.siret.trim() === '';

/** Every party identifier with its path, the SIRET included under scheme 0009 */
function partyIdentifiers(party: Party | undefined, base: string): { path: string; id: Identifier }[] {
  const out: { path: string; id: Identifier }[] = [];
  if (party?.siret !== undefined)
    out.push({ path: `${base}.siret`, id: { id: party.siret, scheme: SIRET_SCHEME } });
  for (const [i, id] of (party?.identifiers ?? []).entries()) {
    out.push({ path: `${base}.identifiers[${i}]`, id });
  }
  return out;
}

const isBlank = (v: string | undefined) => (v ?? '').trim() === '';

export const partyRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-09',
    family: 'FR',
    terms: ['BT-29', 'BT-30', 'BT-46', 'BT-47', 'BT-60', 'BT-61', 'BT-71'],
    message: t(
      'SIRET is not 14 digits starting with the SIREN of the same party',
      'Le SIRET ne compte pas 14 chiffres commençant par le SIREN de la même partie',
    ),
    explanation: t(
      'A SIRET (identifier with scheme 0009) identifies one establishment of a company: 14 digits whose first 9 are the company SIREN. For the seller and buyer the SIREN is their legal registration id with scheme 0002. On a JSON invoice whose seller gives no SIRET at all, einv adds a warning recommending it, since French platforms route and check invoices by SIREN/SIRET.',
      'Un SIRET (identifiant de schéma 0009) désigne un établissement d’une entreprise : 14 chiffres dont les 9 premiers sont le SIREN. Pour le vendeur et l’acheteur, le SIREN est leur identifiant légal de schéma 0002. Sur une facture JSON dont le vendeur ne donne aucun SIRET, einv ajoute un avertissement qui le recommande, car les plateformes françaises acheminent et contrôlent les factures par SIREN/SIRET.',
    ),
    fix: t(
      'Give the seller SIRET (14 digits) and its SIREN (the first 9 digits) as legal registration id with scheme 0002.',
      'Indiquez le SIRET du vendeur (14 chiffres) et son SIREN (les 9 premiers chiffres) comme identifiant légal de schéma 0002.',
    ),
    check(invoice, report) {
      const seller = invoice.seller;
      // A seller without any SIRET is not this rule's business on a document; the contract's advisory
      // for JSON invoices is added by withContractFindings (aliases.ts, decision 0112).
      if (
        !hasNoSiret(seller) &&
        seller?.siret !== undefined &&
        !siretMatchesSiren(seller.siret, sirenOf(seller))
      )
        report('invoice.seller.siret', { value: seller.siret, bt: 'BT-29' });
      const buyer = invoice.buyer;
      if (buyer?.siret !== undefined && !siretMatchesSiren(buyer.siret, sirenOf(buyer)))
        report('invoice.buyer.siret', { value: buyer.siret, bt: 'BT-46' });
      const payee = invoice.payee;
      if (payee?.identifier?.scheme === SIRET_SCHEME) {
        const siret = payee.identifier.id;
        const legal =
          payee.legalRegistrationId?.scheme === SIREN_SCHEME && payee.legalRegistrationId.id !== ''
            ? payee.legalRegistrationId.id
            : siret.slice(0, 9);
        if (!siretMatchesSiren(siret, legal))
          report('invoice.payee.identifier', { value: siret, bt: 'BT-60' });
      }
      const loc = invoice.delivery?.locationId;
      if (loc?.scheme === SIRET_SCHEME && !siretMatchesSiren(loc.id, loc.id.slice(0, 9)))
        report('invoice.delivery.locationId', { value: loc.id, bt: 'BT-71' });
    },
  }),
  frRule({
    id: 'BR-FR-10',
    family: 'FR',
    terms: ['BT-30'],
    message: t(
      'Seller SIREN (legal registration id, scheme 0002, 9 digits) is missing or malformed',
      'Le SIREN du vendeur (identifiant légal, schéma 0002, 9 chiffres) est absent ou mal formé',
    ),
    explanation: t(
      'The seller SIREN is a mandatory mention in France: the seller legal registration identifier (BT-30) with scheme 0002, exactly 9 digits.',
      'Le SIREN du vendeur est une mention obligatoire en France : l’identifiant légal du vendeur (BT-30) de schéma 0002, exactement 9 chiffres.',
    ),
    fix: t(
      'Set seller.legalRegistrationId to { id: "<9-digit SIREN>", scheme: "0002" }.',
      'Renseignez seller.legalRegistrationId avec { id: "<SIREN à 9 chiffres>", scheme: "0002" }.',
    ),
    check(invoice, report) {
      const siren = sirenOf(invoice.seller);
      if (siren === undefined || !/^\d{9}$/.test(normalizeSpace(siren)))
        report('invoice.seller.legalRegistrationId', { value: invoice.seller?.legalRegistrationId?.id });
    },
  }),
  frRule({
    id: 'BR-FR-11',
    family: 'FR',
    terms: ['BT-47', 'BT-22'],
    message: t('B2B invoice without the buyer SIREN', 'Facture B2B sans le SIREN de l’acheteur'),
    explanation: t(
      'When the expected processing (BAR note) is B2B, the buyer SIREN is mandatory: legal registration id (BT-47) with scheme 0002 and 9 digits.',
      'Quand le traitement attendu (note BAR) est B2B, le SIREN de l’acheteur est obligatoire : identifiant légal (BT-47) de schéma 0002 à 9 chiffres.',
    ),
    fix: t(
      'Set buyer.legalRegistrationId to { id: "<9-digit SIREN>", scheme: "0002" }.',
      'Renseignez buyer.legalRegistrationId avec { id: "<SIREN à 9 chiffres>", scheme: "0002" }.',
    ),
    check(invoice, report, ctx) {
      if (!barValues(invoice, ctx).includes('B2B')) return;
      const siren = sirenOf(invoice.buyer);
      const value = siren === undefined ? undefined : ctx.syntax === 'CII' ? siren : normalizeSpace(siren);
      if (value === undefined || !/^\d{9}$/.test(value))
        report('invoice.buyer.legalRegistrationId', { value: siren });
    },
  }),
  frRule({
    id: 'BR-FR-32',
    family: 'FR',
    terms: ['BT-30', 'BT-47', 'BT-61', 'BT-29', 'BT-46', 'BT-60'],
    message: t(
      'SIREN identifier (scheme 0002 or 0231) is not exactly 9 digits',
      'L’identifiant SIREN (schéma 0002 ou 0231) ne compte pas exactement 9 chiffres',
    ),
    explanation: t(
      'Every identifier with scheme 0002 (SIREN) or 0231 (SIREN of a VAT group) is exactly 9 digits.',
      'Tout identifiant de schéma 0002 (SIREN) ou 0231 (SIREN d’un assujetti unique) compte exactement 9 chiffres.',
    ),
    fix: t(
      'Write the 9 digits of the SIREN, without spaces or letters.',
      'Écrivez les 9 chiffres du SIREN, sans espaces ni lettres.',
    ),
    check(invoice, report, ctx) {
      const nine = (v: string) => /^\d{9}$/.test(normalizeSpace(v));
      const legal: [string, Identifier | undefined][] = [
        ['invoice.seller.legalRegistrationId', invoice.seller?.legalRegistrationId],
        ['invoice.buyer.legalRegistrationId', invoice.buyer?.legalRegistrationId],
        ['invoice.payee.legalRegistrationId', invoice.payee?.legalRegistrationId],
      ];
      for (const [path, id] of legal)
        if (id?.scheme === SIREN_SCHEME && !nine(id.id)) report(path, { value: id.id });
      const ids: { path: string; id: Identifier }[] = [
        ...partyIdentifiers(invoice.seller, 'invoice.seller'),
        ...partyIdentifiers(invoice.buyer, 'invoice.buyer'),
      ];
      if (invoice.payee?.identifier)
        ids.push({ path: 'invoice.payee.identifier', id: invoice.payee.identifier });
      // UBL BT-71 is a DeliveryLocation id, not a PartyIdentification: the UBL rule does not read it.
      if (invoice.delivery?.locationId && ctx.syntax !== 'UBL')
        ids.push({ path: 'invoice.delivery.locationId', id: invoice.delivery.locationId });
      for (const { path, id } of ids) {
        if ((id.scheme === SIREN_SCHEME || id.scheme === VAT_GROUP_SCHEME) && !nine(id.id))
          report(path, { value: id.id });
      }
    },
  }),
  frRule({
    id: 'BR-FR-CO-10',
    family: 'CO',
    terms: ['BT-29-1', 'BT-46-1', 'BT-60-1', 'BT-71-1'],
    message: t(
      'Party identifier without a scheme, or the same scheme used twice for one party',
      'Identifiant de partie sans schéma, ou même schéma utilisé deux fois pour une partie',
    ),
    explanation: t(
      'Each identifier of a party must say its scheme (ISO 6523 ICD, e.g. 0009 SIRET, 0224 routing code), and a party may use each scheme only once.',
      'Chaque identifiant d’une partie doit indiquer son schéma (ICD ISO 6523, par exemple 0009 SIRET, 0224 code de routage), et une partie n’utilise chaque schéma qu’une fois.',
    ),
    fix: t(
      'Add the scheme to every identifier and remove duplicates.',
      'Ajoutez le schéma à chaque identifiant et supprimez les doublons.',
    ),
    check(invoice, report, ctx) {
      // In CII an identifier without scheme is a ram:ID, outside the official check; UBL and JSON are checked.
      const checkMissing = ctx.syntax !== 'CII';
      const checkParty = (ids: { path: string; id: Identifier }[], base: string) => {
        if (checkMissing)
          for (const { path, id } of ids) if (isBlank(id.scheme)) report(path, { value: id.id });
        const schemes = ids.map((i) => i.id.scheme).filter((s): s is string => !isBlank(s));
        if (new Set(schemes).size !== schemes.length) report(base, { value: schemes });
      };
      checkParty(partyIdentifiers(invoice.seller, 'invoice.seller'), 'invoice.seller.identifiers');
      checkParty(partyIdentifiers(invoice.buyer, 'invoice.buyer'), 'invoice.buyer.identifiers');
      if (invoice.payee?.identifier)
        checkParty([{ path: 'invoice.payee.identifier', id: invoice.payee.identifier }], 'invoice.payee');
      if (invoice.delivery?.locationId)
        checkParty(
          [{ path: 'invoice.delivery.locationId', id: invoice.delivery.locationId }],
          'invoice.delivery',
        );
    },
  }),
  frRule({
    id: 'BR-FR-CO-15',
    family: 'CO',
    terms: ['BT-29-1', 'BG-11', 'BT-63'],
    message: t(
      'VAT-group member without a tax representative carrying the group VAT number',
      'Membre d’un assujetti unique sans représentant fiscal portant le numéro de TVA du groupe',
    ),
    explanation: t(
      'When the seller is a member of a VAT group (identifier scheme 0231), the seller tax representative block (BG-11) carries the VAT identifier of the group (BT-63).',
      'Quand le vendeur est membre d’un assujetti unique (identifiant de schéma 0231), le bloc représentant fiscal du vendeur (BG-11) porte le numéro de TVA du groupe (BT-63).',
    ),
    fix: t(
      'Add taxRepresentative with the VAT number of the VAT group.',
      'Ajoutez taxRepresentative avec le numéro de TVA de l’assujetti unique.',
    ),
    check(invoice, report) {
      const isMember = (invoice.seller?.identifiers ?? []).some((i) => i.scheme === VAT_GROUP_SCHEME);
      if (isMember && isBlank(invoice.taxRepresentative?.vatNumber))
        report('invoice.taxRepresentative', { bt: 'BT-63' });
    },
  }),
];
