/**
 * Factur-X 1.09.2 profile code lists: each FX-SCH-A code-list assertion of the official profile
 * schematrons whose context is a term the model holds becomes a rule with the same id, run only
 * for the profiles it belongs to (validate({ profile })). The allowed values per profile are
 * generated (scripts/gen-facturx-profile-codes.mjs); the messages are ours.
 */
import type { Invoice, Profile } from '@einv/core-model';
import { defineRule, type RuleDefinition, type Text } from '../define.js';
import { FACTURX_CODE_ASSERTIONS } from './generated-codes.js';

/**
 * Where a field's values are: one model path, or a field of each item of a list, as the model path
 * itself (its names after `invoice.` are the keys read, each step stopping at null or undefined as
 * `?.` does). Declared rather than computed so the check visits the values without building an
 * array or a path per value: it runs for every line of the invoice, and a path is only needed for a
 * finding. Read by one function (`valueAt`) rather than a getter per field: each field is read
 * once per document, so ~30 getters stayed unoptimised for thousands of documents where one reader
 * called by all of them is optimised early.
 */
type Source =
  | {
      path: string;
      keys: readonly string[];
      /** The value given when the path holds anything (a SIRET is an identifier of scheme 0009) */
      ifPresent?: string;
    }
  | { list: string; keys: readonly string[]; field: string };

interface FieldSpec {
  bt: string;
  label: Text;
  sources: readonly Source[];
}

const keysOf = (path: string): readonly string[] => path.split('.').slice(1);
const one = (path: string): Source => ({ path, keys: keysOf(path) });
const present = (path: string, ifPresent: string): Source => ({ path, keys: keysOf(path), ifPresent });
const many = (list: string, field: string): Source => ({ list, keys: keysOf(list), field });

/** The value at `keys` from the invoice: `invoice.a?.b?.c` for keys a, b, c */
function valueAt(invoice: Invoice, keys: readonly string[]): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: a walk through the model by its keys
  let value: any = invoice;
  for (let k = 0; k < keys.length; k++) {
    if (value === undefined || value === null) return undefined;
    value = value[keys[k] as string];
  }
  return value;
}
const t = (en: string, fr: string): Text => ({ en, fr });

type Rejected = { path: string; value: string }[];
/** What `rejected` gives when every value is allowed (nearly always): shared, never written to */
const NONE: Rejected = [];

/** A source of one model path (`one`, `present`) rather than a list's field (`many`) */
function isOnePath(source: Source): source is Extract<Source, { path: string }> {
  return (source as { path?: string }).path !== undefined;
}

/**
 * The given values of the field (neither absent nor '') that `allowed` rejects, with their model
 * paths, in model order. Every value is read before any is reported, as a list of them was. The
 * list is only allocated for a rejected value: the rule runs for every document of its profiles.
 */
function rejected(spec: FieldSpec, invoice: Invoice, allowed: ReadonlySet<unknown>): Rejected {
  let out = NONE;
  // an index loop and a load of `path` rather than for-of and `in`: this runs in baseline code for
  // the first thousands of documents, where the iteration protocol was most of its time (0234)
  const sources = spec.sources;
  for (let k = 0; k < sources.length; k++) {
    const source = sources[k] as Source;
    if (isOnePath(source)) {
      const found = valueAt(invoice, source.keys);
      const value = source.ifPresent === undefined || found === undefined ? found : source.ifPresent;
      if (value !== undefined && value !== '' && !allowed.has(value)) {
        if (out === NONE) out = [];
        out.push({ path: source.path, value: value as string });
      }
      continue;
    }
    const items = valueAt(invoice, source.keys);
    if (items === undefined || items === null) continue;
    // JSON input only: the rule fails with EINV-RULE-ERROR saying what it said when it read lists with flatMap
    if (!Array.isArray(items)) throw new TypeError('(list ?? []).flatMap is not a function');
    const field = source.field;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      // a hole of a sparse array, as flatMap skips it (only an undefined slot can be one)
      if (item === undefined && !(i in items)) continue;
      // an item that is null or undefined throws here, with the message `item.field` gave
      const value: unknown = item[field];
      if (value !== undefined && value !== '' && !allowed.has(value)) {
        if (out === NONE) out = [];
        out.push({ path: `${source.list}[${i}].${field}`, value: value as string });
      }
    }
  }
  return out;
}

const FIELDS: Record<string, FieldSpec> = {
  specificationIdentifier: {
    bt: 'BT-24',
    label: t('specification identifier (BT-24)', 'identifiant de spécification (BT-24)'),
    sources: [one('invoice.specificationIdentifier')],
  },
  typeCode: {
    bt: 'BT-3',
    label: t('invoice type code (BT-3)', 'code de type de facture (BT-3)'),
    sources: [one('invoice.typeCode')],
  },
  noteSubjectCode: {
    bt: 'BT-21',
    label: t('note subject code (BT-21)', 'code sujet de note (BT-21)'),
    sources: [many('invoice.notes', 'subjectCode')],
  },
  currency: {
    bt: 'BT-5',
    label: t('invoice currency (BT-5)', 'devise de facture (BT-5)'),
    sources: [one('invoice.currency')],
  },
  taxCurrency: {
    bt: 'BT-6',
    label: t('VAT accounting currency (BT-6)', 'devise de comptabilisation de la TVA (BT-6)'),
    sources: [one('invoice.taxCurrency')],
  },
  sellerCountry: {
    bt: 'BT-40',
    label: t('seller country code (BT-40)', 'code pays du vendeur (BT-40)'),
    sources: [one('invoice.seller.address.country')],
  },
  buyerCountry: {
    bt: 'BT-55',
    label: t('buyer country code (BT-55)', 'code pays de l’acheteur (BT-55)'),
    sources: [one('invoice.buyer.address.country')],
  },
  taxRepresentativeCountry: {
    bt: 'BT-69',
    label: t('tax representative country code (BT-69)', 'code pays du représentant fiscal (BT-69)'),
    sources: [one('invoice.taxRepresentative.address.country')],
  },
  deliveryCountry: {
    bt: 'BT-80',
    label: t('deliver-to country code (BT-80)', 'code pays de livraison (BT-80)'),
    sources: [one('invoice.delivery.address.country')],
  },
  sellerIdentifierScheme: {
    bt: 'BT-29-1',
    label: t('seller identifier scheme (BT-29-1)', 'schéma d’identifiant du vendeur (BT-29-1)'),
    sources: [
      // a SIRET is an identifier of scheme 0009
      present('invoice.seller.siret', '0009'),
      many('invoice.seller.identifiers', 'scheme'),
    ],
  },
  buyerIdentifierScheme: {
    bt: 'BT-46-1',
    label: t('buyer identifier scheme (BT-46-1)', 'schéma d’identifiant de l’acheteur (BT-46-1)'),
    sources: [present('invoice.buyer.siret', '0009'), many('invoice.buyer.identifiers', 'scheme')],
  },
  sellerLegalScheme: {
    bt: 'BT-30-1',
    label: t('seller legal registration scheme (BT-30-1)', 'schéma d’immatriculation du vendeur (BT-30-1)'),
    sources: [one('invoice.seller.legalRegistrationId.scheme')],
  },
  buyerLegalScheme: {
    bt: 'BT-47-1',
    label: t('buyer legal registration scheme (BT-47-1)', 'schéma d’immatriculation de l’acheteur (BT-47-1)'),
    sources: [one('invoice.buyer.legalRegistrationId.scheme')],
  },
  sellerEndpointScheme: {
    bt: 'BT-34-1',
    label: t(
      'seller electronic address scheme (BT-34-1)',
      'schéma d’adresse électronique du vendeur (BT-34-1)',
    ),
    sources: [one('invoice.seller.electronicAddress.scheme')],
  },
  buyerEndpointScheme: {
    bt: 'BT-49-1',
    label: t(
      'buyer electronic address scheme (BT-49-1)',
      'schéma d’adresse électronique de l’acheteur (BT-49-1)',
    ),
    sources: [one('invoice.buyer.electronicAddress.scheme')],
  },
  vatBreakdownCategory: {
    bt: 'BT-118',
    label: t('VAT category code (BT-118)', 'code de catégorie de TVA (BT-118)'),
    sources: [many('invoice.vatBreakdown', 'category')],
  },
  vatBreakdownExemptionCode: {
    bt: 'BT-121',
    label: t('VAT exemption reason code (BT-121)', 'code de motif d’exonération (BT-121)'),
    sources: [many('invoice.vatBreakdown', 'exemptionReasonCode')],
  },
  taxPointDateCode: {
    bt: 'BT-8',
    label: t('VAT point date code (BT-8)', 'code de date d’exigibilité de la TVA (BT-8)'),
    sources: [one('invoice.taxPointDateCode')],
  },
  paymentMeansType: {
    bt: 'BT-81',
    label: t('payment means type code (BT-81)', 'code de moyen de paiement (BT-81)'),
    sources: [one('invoice.paymentMeans.typeCode')],
  },
  allowanceVatCategory: {
    bt: 'BT-95',
    label: t('allowance VAT category (BT-95)', 'catégorie de TVA de la remise (BT-95)'),
    sources: [many('invoice.allowances', 'vatCategory')],
  },
  chargeVatCategory: {
    bt: 'BT-102',
    label: t('charge VAT category (BT-102)', 'catégorie de TVA des frais (BT-102)'),
    sources: [many('invoice.charges', 'vatCategory')],
  },
  allowanceReasonCode: {
    bt: 'BT-98',
    label: t('allowance reason code (BT-98)', 'code de motif de remise (BT-98)'),
    sources: [many('invoice.allowances', 'reasonCode')],
  },
  chargeReasonCode: {
    bt: 'BT-105',
    label: t('charge reason code (BT-105)', 'code de motif des frais (BT-105)'),
    sources: [many('invoice.charges', 'reasonCode')],
  },
  lineUnitCode: {
    bt: 'BT-130',
    label: t('invoiced quantity unit code (BT-130)', 'code d’unité de la quantité facturée (BT-130)'),
    sources: [many('invoice.lines', 'unitCode')],
  },
  lineVatCategory: {
    bt: 'BT-151',
    label: t('line VAT category (BT-151)', 'catégorie de TVA de la ligne (BT-151)'),
    sources: [many('invoice.lines', 'vatCategory')],
  },
};

function codeRule(a: (typeof FACTURX_CODE_ASSERTIONS)[number]): RuleDefinition {
  const spec = FIELDS[a.field];
  if (!spec) throw new Error(`no model field for ${a.id} (${a.field})`);
  const profiles = Object.keys(a.values) as Profile[];
  const where = profiles.join(', ');
  // the allowed values per profile as sets, built on first use (the unit code list is long); the
  // last profile asked is kept apart: a run of documents nearly always asks the same one
  const sets = new Map<Profile, ReadonlySet<unknown>>();
  let lastProfile: Profile | undefined;
  let lastSet: ReadonlySet<unknown> | undefined;
  const allowedSet = (profile: Profile): ReadonlySet<unknown> | undefined => {
    if (profile === lastProfile) return lastSet;
    let set = sets.get(profile);
    if (!set) {
      const values = a.values[profile];
      if (!values) return undefined;
      set = new Set(values);
      sets.set(profile, set);
    }
    lastProfile = profile;
    lastSet = set;
    return set;
  };
  return defineRule({
    id: a.id,
    ruleSet: 'FACTUR-X',
    family: 'FX-CODE',
    severity: 'fatal',
    profiles,
    terms: [spec.bt],
    message: t(
      `The ${spec.label.en} has a value the Factur-X profile does not allow`,
      `Le ${spec.label.fr} a une valeur que le profil Factur-X n’autorise pas`,
    ),
    explanation: t(
      `Each Factur-X 1.09.2 profile (${where}) lists the values allowed for the ${spec.label.en}; this value is not on the list of the profile the invoice claims.`,
      `Chaque profil Factur-X 1.09.2 (${where}) liste les valeurs permises pour le ${spec.label.fr} ; cette valeur n’est pas dans la liste du profil annoncé par la facture.`,
    ),
    fix: t(
      `Use a value of the profile's list for the ${spec.label.en}, or a profile that allows it.`,
      `Utilisez une valeur de la liste du profil pour le ${spec.label.fr}, ou un profil qui l’autorise.`,
    ),
    check(invoice, report, ctx) {
      const allowed = ctx.profile ? allowedSet(ctx.profile) : undefined;
      if (!allowed) return;
      const found = rejected(spec, invoice, allowed);
      for (let i = 0; i < found.length; i++) {
        const { path, value } = found[i] as { path: string; value: string };
        report(path, { value });
      }
    },
  });
}

export const codeRules: RuleDefinition[] = FACTURX_CODE_ASSERTIONS.map(codeRule);
