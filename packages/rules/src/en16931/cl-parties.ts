/** BR-CL rules on party codes: identifier schemes, countries, electronic address schemes. */
import type { Identifier, Invoice } from '@einv/core-model';
import {
  EAS,
  ISO_3166_CII,
  ISO_3166_UBL,
  ISO_6523_ICD,
  isCode,
  SELLER_PAYEE_EXTRA_SCHEMES_UBL,
} from '../code-lists/index.js';
import type { RuleContext, RuleDefinition } from '../define.js';
import { Collector, codeListRule } from './cl-common.js';

const countryList = (context: RuleContext) => (context.syntax === 'UBL' ? ISO_3166_UBL : ISO_3166_CII);

function identifierSchemes(c: Collector, base: string, ids: Identifier[] | undefined): void {
  (ids ?? []).forEach((id, i) => {
    c.add(`${base}[${i}].scheme`, id.scheme);
  });
}

export const partyCodeListRules: RuleDefinition[] = [
  codeListRule({
    id: 'BR-CL-10',
    terms: ['BT-29-1', 'BT-46-1', 'BT-60-1'],
    listName: 'ISO 6523 ICD',
    what: {
      en: 'the scheme of a party identifier (BT-29-1, BT-46-1, BT-60-1)',
      fr: 'le schéma d’un identifiant de partie (BT-29-1, BT-46-1, BT-60-1)',
    },
    list: () => ISO_6523_ICD,
    values: (invoice: Invoice) => {
      const c = new Collector();
      identifierSchemes(c, 'invoice.seller.identifiers', invoice.seller?.identifiers);
      identifierSchemes(c, 'invoice.buyer.identifiers', invoice.buyer?.identifiers);
      c.add('invoice.payee.identifier.scheme', invoice.payee?.identifier?.scheme);
      return c.out;
    },
    // UBL also accepts SEPA (creditor identifier) for the seller and the payee.
    accepts: (list, value, context, place) =>
      isCode(list, value) ||
      (context.syntax === 'UBL' &&
        (place.tag === 'seller-or-payee' ||
          (place.path !== undefined && !place.path.startsWith('invoice.buyer'))) &&
        isCode(SELLER_PAYEE_EXTRA_SCHEMES_UBL, value)),
  }),
  codeListRule({
    id: 'BR-CL-11',
    terms: ['BT-30-1', 'BT-47-1', 'BT-61-1'],
    listName: 'ISO 6523 ICD',
    what: {
      en: 'the scheme of a legal registration identifier (BT-30-1, BT-47-1, BT-61-1)',
      fr: 'le schéma d’un identifiant d’immatriculation (BT-30-1, BT-47-1, BT-61-1)',
    },
    list: () => ISO_6523_ICD,
    values: (invoice) =>
      new Collector()
        .add('invoice.seller.legalRegistrationId.scheme', invoice.seller?.legalRegistrationId?.scheme)
        .add('invoice.buyer.legalRegistrationId.scheme', invoice.buyer?.legalRegistrationId?.scheme)
        .add('invoice.payee.legalRegistrationId.scheme', invoice.payee?.legalRegistrationId?.scheme).out,
  }),
  codeListRule({
    id: 'BR-CL-14',
    terms: ['BT-40', 'BT-55', 'BT-69', 'BT-80'],
    listName: 'ISO 3166-1 alpha-2',
    what: {
      en: 'a country code (BT-40, BT-55, BT-69, BT-80)',
      fr: 'un code pays (BT-40, BT-55, BT-69, BT-80)',
    },
    list: countryList,
    values: (invoice) =>
      new Collector()
        .add('invoice.seller.address.country', invoice.seller?.address?.country)
        .add('invoice.buyer.address.country', invoice.buyer?.address?.country)
        .add('invoice.taxRepresentative.address.country', invoice.taxRepresentative?.address?.country)
        .add('invoice.delivery.address.country', invoice.delivery?.address?.country).out,
  }),
  codeListRule({
    id: 'BR-CL-25',
    terms: ['BT-34-1', 'BT-49-1'],
    listName: 'CEF EAS',
    what: {
      en: 'the scheme of an electronic address (BT-34-1, BT-49-1)',
      fr: 'le schéma d’une adresse électronique (BT-34-1, BT-49-1)',
    },
    list: () => EAS,
    values: (invoice) =>
      new Collector()
        .add('invoice.seller.electronicAddress.scheme', invoice.seller?.electronicAddress?.scheme)
        .add('invoice.buyer.electronicAddress.scheme', invoice.buyer?.electronicAddress?.scheme).out,
  }),
  codeListRule({
    id: 'BR-CL-26',
    terms: ['BT-71-1'],
    listName: 'ISO 6523 ICD',
    what: {
      en: 'the scheme of the deliver-to location identifier (BT-71-1)',
      fr: 'le schéma de l’identifiant du lieu de livraison (BT-71-1)',
    },
    list: () => ISO_6523_ICD,
    values: (invoice) =>
      new Collector().add('invoice.delivery.locationId.scheme', invoice.delivery?.locationId?.scheme).out,
  }),
];
