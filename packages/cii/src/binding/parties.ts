/**
 * Parties: seller (BG-4), buyer (BG-7), seller tax representative (BG-11), payee (BG-10), and the
 * postal addresses and contacts they share. One function per shape, called with each party's terms.
 */
import { type Binding, field, group, repeated } from './types.js';

const AGREEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

/** BG-5 / BG-8 / BG-12 / BG-15: [BG, line 1, line 2, line 3, city, post code, subdivision, country] */
export function postalAddress(
  bts: readonly [string, string, string, string, string, string, string, string],
): Binding {
  const [bg, line1, line2, line3, city, postcode, subdivision, country] = bts;
  // keepEmpty: an emptied address is still there for the official BR-08/10/19 (exists) and BR-57
  return group(
    bg,
    'address',
    'ram:PostalTradeAddress',
    [
      field(postcode, 'postalCode', 'ram:PostcodeCode'),
      field(line1, 'street', 'ram:LineOne'),
      field(line2, 'additionalStreet', 'ram:LineTwo'),
      field(line3, 'addressLine3', 'ram:LineThree'),
      field(city, 'city', 'ram:CityName'),
      field(country, 'country', 'ram:CountryID'),
      field(subdivision, 'countrySubdivision', 'ram:CountrySubDivisionName'),
    ],
    { keepEmpty: true },
  );
}

/** An identifier written as ram:ID without a scheme, or ram:GlobalID with its schemeID */
export function identifierWithScheme(bt: string, key: string, container: string): Binding[] {
  const prefix = container === '' ? '' : `${container}/`;
  const hasScheme = (_: unknown, ctx: Record<string, unknown>) => schemeOf(ctx[key]) !== undefined;
  return [
    field(bt, `${key}.id`, `${prefix}ram:ID`, 'text', { writeWhen: (v, ctx) => !hasScheme(v, ctx) }),
    field(bt, `${key}.id`, `${prefix}ram:GlobalID`, 'text', { writeWhen: hasScheme }),
    field(`${bt}-1`, `${key}.scheme`, `${prefix}ram:GlobalID/@schemeID`),
  ];
}

function schemeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { scheme?: unknown }).scheme : undefined;
}

interface PartyTerms {
  bg: string;
  key: 'seller' | 'buyer';
  path: string;
  name: string;
  tradingName: string;
  identifier: string;
  legalId: string;
  vat: string;
  electronicAddress: string;
  address: readonly [string, string, string, string, string, string, string, string];
  contact: readonly [string, string, string, string];
  /** seller only: BT-32 and BT-33 */
  taxRegistration?: string;
  legalInformation?: string;
}

function tradeParty(t: PartyTerms): Binding {
  const [contactBg, contactName, phone, email] = t.contact;
  const entries: Binding[] = [
    repeated(t.identifier, 'identifiers', 'ram:ID', [field(t.identifier, 'id', '.')], {
      select: (item) => item.scheme === undefined,
      note: 'identifiers without a scheme',
    }),
    field(t.identifier, 'siret', "ram:GlobalID[@schemeID='0009']", 'text', {
      note: 'SIRET: the identifier with scheme 0009',
    }),
    repeated(
      t.identifier,
      'identifiers',
      "ram:GlobalID[@schemeID!='0009']",
      [field(t.identifier, 'id', '.'), field(`${t.identifier}-1`, 'scheme', '@schemeID')],
      {
        select: (item) => item.scheme !== undefined,
        note: 'identifiers with a scheme',
      },
    ),
    field(t.name, 'name', 'ram:Name'),
  ];
  if (t.legalInformation) entries.push(field(t.legalInformation, 'legalInformation', 'ram:Description'));
  entries.push(
    field(t.legalId, 'legalRegistrationId.id', 'ram:SpecifiedLegalOrganization/ram:ID'),
    field(`${t.legalId}-1`, 'legalRegistrationId.scheme', 'ram:SpecifiedLegalOrganization/ram:ID/@schemeID'),
    field(t.tradingName, 'tradingName', 'ram:SpecifiedLegalOrganization/ram:TradingBusinessName'),
    group(contactBg, 'contact', 'ram:DefinedTradeContact', [
      field(contactName, 'name', 'ram:PersonName'),
      field(contactName, 'name', 'ram:DepartmentName', 'text', {
        writeWhen: () => false,
        alsoKey: 'department',
        note: 'read when there is no PersonName; beside a PersonName, kept as the contact department (EXTENDED)',
      }),
      field(phone, 'phone', 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
      field(email, 'email', 'ram:EmailURIUniversalCommunication/ram:URIID'),
    ]),
    postalAddress(t.address),
    // keepEmpty: BR-62/63 test the scheme of the first ram:URIUniversalCommunication whenever one
    // exists, also without its ram:URIID
    group(
      '',
      'electronicAddress',
      'ram:URIUniversalCommunication',
      [
        field(t.electronicAddress, 'id', 'ram:URIID'),
        field(`${t.electronicAddress}-1`, 'scheme', 'ram:URIID/@schemeID'),
      ],
      { keepEmpty: true },
    ),
    field(t.vat, 'vatNumber', "ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']/ram:ID"),
  );
  if (t.taxRegistration)
    entries.push(
      field(
        t.taxRegistration,
        'taxRegistrationId',
        "ram:SpecifiedTaxRegistration[ram:ID/@schemeID='FC']/ram:ID",
      ),
    );
  return group(t.bg, t.key, t.path, entries);
}

export const parties: Binding[] = [
  tradeParty({
    bg: 'BG-4',
    key: 'seller',
    path: `${AGREEMENT}/ram:SellerTradeParty`,
    name: 'BT-27',
    tradingName: 'BT-28',
    identifier: 'BT-29',
    legalId: 'BT-30',
    vat: 'BT-31',
    taxRegistration: 'BT-32',
    legalInformation: 'BT-33',
    electronicAddress: 'BT-34',
    address: ['BG-5', 'BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40'],
    contact: ['BG-6', 'BT-41', 'BT-42', 'BT-43'],
  }),
  tradeParty({
    bg: 'BG-7',
    key: 'buyer',
    path: `${AGREEMENT}/ram:BuyerTradeParty`,
    name: 'BT-44',
    tradingName: 'BT-45',
    identifier: 'BT-46',
    legalId: 'BT-47',
    vat: 'BT-48',
    electronicAddress: 'BT-49',
    address: ['BG-8', 'BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55'],
    contact: ['BG-9', 'BT-56', 'BT-57', 'BT-58'],
  }),
  // keepEmpty: an emptied party is still the context of the official BR-17 / BR-18…20, BR-56
  group(
    'BG-11',
    'taxRepresentative',
    `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`,
    [
      field('BT-62', 'name', 'ram:Name'),
      postalAddress(['BG-12', 'BT-64', 'BT-65', 'BT-164', 'BT-66', 'BT-67', 'BT-68', 'BT-69']),
      field('BT-63', 'vatNumber', "ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']/ram:ID"),
    ],
    { keepEmpty: true },
  ),
  group(
    'BG-10',
    'payee',
    `${SETTLEMENT}/ram:PayeeTradeParty`,
    [
      ...identifierWithScheme('BT-60', 'identifier', ''),
      field('BT-59', 'name', 'ram:Name'),
      field('BT-61', 'legalRegistrationId.id', 'ram:SpecifiedLegalOrganization/ram:ID'),
      field('BT-61-1', 'legalRegistrationId.scheme', 'ram:SpecifiedLegalOrganization/ram:ID/@schemeID'),
    ],
    { keepEmpty: true },
  ),
];
