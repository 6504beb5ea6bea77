/**
 * Parties: seller (BG-4), buyer (BG-7), payee (BG-10), seller tax representative (BG-11).
 * Contract mapping: Party.siret = PartyIdentification/ID[@schemeID='0009'];
 * legalRegistrationId = PartyLegalEntity/CompanyID (+schemeID); vatNumber =
 * PartyTaxScheme[TaxScheme/ID='VAT']/CompanyID; the seller's tax registration (BT-32) =
 * PartyTaxScheme with another TaxScheme (written as FC).
 */
import { fixed, group, identifier, term, vatScheme } from './build.js';
import type { GroupNode, Node } from './types.js';

type Role = 'seller' | 'buyer';

const BT: Record<Role, Record<string, string>> = {
  seller: {
    party: 'BG-4',
    endpoint: 'BT-34',
    id: 'BT-29',
    tradingName: 'BT-28',
    address: 'BG-5',
    vat: 'BT-31',
    name: 'BT-27',
    legal: 'BT-30',
    contact: 'BG-6',
    contactName: 'BT-41',
    phone: 'BT-42',
    email: 'BT-43',
    street: 'BT-35',
    street2: 'BT-36',
    city: 'BT-37',
    zip: 'BT-38',
    sub: 'BT-39',
    line3: 'BT-162',
    country: 'BT-40',
  },
  buyer: {
    party: 'BG-7',
    endpoint: 'BT-49',
    id: 'BT-46',
    tradingName: 'BT-45',
    address: 'BG-8',
    vat: 'BT-48',
    name: 'BT-44',
    legal: 'BT-47',
    contact: 'BG-9',
    contactName: 'BT-56',
    phone: 'BT-57',
    email: 'BT-58',
    street: 'BT-50',
    street2: 'BT-51',
    city: 'BT-52',
    zip: 'BT-53',
    sub: 'BT-54',
    line3: 'BT-163',
    country: 'BT-55',
  },
};

/** BT numbers of one postal address group, in the order street, street2, city, zip, subdivision, line 3, country */
export function addressGroup(el: string, field: string, bts: readonly string[], groupBt: string): GroupNode {
  const [street, street2, city, zip, sub, line3, country] = bts;
  return group(
    el,
    [
      term('cbc:StreetName', street ?? '', 'street'),
      term('cbc:AdditionalStreetName', street2 ?? '', 'additionalStreet'),
      term('cbc:CityName', city ?? '', 'city'),
      term('cbc:PostalZone', zip ?? '', 'postalCode'),
      term('cbc:CountrySubentity', sub ?? '', 'countrySubdivision'),
      group('cac:AddressLine', [term('cbc:Line', line3 ?? '', 'addressLine3', { required: true })]),
      group('cac:Country', [term('cbc:IdentificationCode', country ?? '', 'country')]),
    ],
    { bt: groupBt, field },
  );
}

/** BT-90 lives on the payee when there is one, else on the seller (EN 16931 UBL binding) */
const creditorOnSeller = (inv: Record<string, unknown>): boolean => inv.payee === undefined;
const creditorOnPayee = (inv: Record<string, unknown>): boolean => inv.payee !== undefined;

function partyIdentifications(role: Role): Node[] {
  const b = BT[role];
  const nodes: Node[] = [
    group(
      'cac:PartyIdentification',
      [term('cbc:ID', b.id ?? '', 'siret', { attrs: [{ name: 'schemeID', fixed: '0009' }] })],
      { note: 'SIRET: schemeID 0009' },
    ),
  ];
  if (role === 'seller') {
    nodes.push(
      group(
        'cac:PartyIdentification',
        [
          term('cbc:ID', 'BT-90', '/paymentMeans.directDebit.creditorId', {
            attrs: [{ name: 'schemeID', fixed: 'SEPA' }],
          }),
        ],
        { writeWhen: creditorOnSeller, note: 'schemeID SEPA = bank assigned creditor identifier' },
      ),
    );
  }
  nodes.push(
    group(
      'cac:PartyIdentification',
      [term('cbc:ID', b.id ?? '', 'id', { attrs: [{ name: 'schemeID', field: 'scheme', bt: `${b.id}-1` }] })],
      {
        field: 'identifiers',
        many: true,
        fallback: true,
      },
    ),
  );
  return nodes;
}

function partyNodes(role: Role): Node[] {
  const b = BT[role];
  const nodes: Node[] = [
    identifier('cbc:EndpointID', b.endpoint ?? '', 'electronicAddress', `${b.endpoint}-1`),
    ...partyIdentifications(role),
    group('cac:PartyName', [term('cbc:Name', b.tradingName ?? '', 'tradingName', { required: true })]),
    addressGroup(
      'cac:PostalAddress',
      'address',
      [b.street, b.street2, b.city, b.zip, b.sub, b.line3, b.country].map((x) => x ?? ''),
      b.address ?? '',
    ),
    group('cac:PartyTaxScheme', [term('cbc:CompanyID', b.vat ?? '', 'vatNumber'), vatScheme()], {
      note: 'TaxScheme/ID = VAT',
    }),
  ];
  if (role === 'seller') {
    nodes.push(
      group(
        'cac:PartyTaxScheme',
        [
          term('cbc:CompanyID', 'BT-32', 'taxRegistrationId'),
          group('cac:TaxScheme', [fixed('cbc:ID', 'FC')]),
        ],
        {
          fallback: true,
          note: 'TaxScheme/ID other than VAT (written FC)',
        },
      ),
    );
  }
  const legal: Node[] = [
    term('cbc:RegistrationName', b.name ?? '', 'name'),
    identifier('cbc:CompanyID', b.legal ?? '', 'legalRegistrationId', `${b.legal}-1`),
  ];
  if (role === 'seller') legal.push(term('cbc:CompanyLegalForm', 'BT-33', 'legalInformation'));
  nodes.push(
    group('cac:PartyLegalEntity', legal),
    group(
      'cac:Contact',
      [
        term('cbc:Name', b.contactName ?? '', 'name'),
        term('cbc:Telephone', b.phone ?? '', 'phone'),
        term('cbc:ElectronicMail', b.email ?? '', 'email'),
      ],
      { bt: b.contact ?? '', field: 'contact' },
    ),
  );
  return nodes;
}

export const sellerParty: GroupNode = group(
  'cac:AccountingSupplierParty',
  [group('cac:Party', partyNodes('seller'), { required: true })],
  {
    bt: 'BG-4',
    field: 'seller',
    required: true,
  },
);

export const buyerParty: GroupNode = group(
  'cac:AccountingCustomerParty',
  [group('cac:Party', partyNodes('buyer'), { required: true })],
  {
    bt: 'BG-7',
    field: 'buyer',
    required: true,
  },
);

export const payeeParty: GroupNode = group(
  'cac:PayeeParty',
  [
    group(
      'cac:PartyIdentification',
      [
        term('cbc:ID', 'BT-90', '/paymentMeans.directDebit.creditorId', {
          attrs: [{ name: 'schemeID', fixed: 'SEPA' }],
        }),
      ],
      { writeWhen: creditorOnPayee, note: 'schemeID SEPA = bank assigned creditor identifier' },
    ),
    group('cac:PartyIdentification', [identifier('cbc:ID', 'BT-60', 'identifier', 'BT-60-1')], {
      fallback: true,
    }),
    group('cac:PartyName', [term('cbc:Name', 'BT-59', 'name', { required: true })]),
    group('cac:PartyLegalEntity', [identifier('cbc:CompanyID', 'BT-61', 'legalRegistrationId', 'BT-61-1')]),
  ],
  { bt: 'BG-10', field: 'payee' },
);

export const taxRepresentativeParty: GroupNode = group(
  'cac:TaxRepresentativeParty',
  [
    group('cac:PartyName', [term('cbc:Name', 'BT-62', 'name', { required: true })]),
    addressGroup(
      'cac:PostalAddress',
      'address',
      ['BT-64', 'BT-65', 'BT-66', 'BT-67', 'BT-68', 'BT-164', 'BT-69'],
      'BG-12',
    ),
    group('cac:PartyTaxScheme', [term('cbc:CompanyID', 'BT-63', 'vatNumber'), vatScheme()]),
  ],
  { bt: 'BG-11', field: 'taxRepresentative' },
);
