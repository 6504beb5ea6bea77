import type { Invoice, Profile } from '@einv/core-model';
import { GUIDELINE_IDS } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { validate } from '../validate.js';
import { FACTURX_CODE_ASSERTIONS } from './generated-codes.js';
import { rules } from './index.js';

const base = (): Invoice => ({
  number: 'F1',
  issueDate: '2026-01-15',
  typeCode: '380',
  currency: 'EUR',
  seller: { name: 'S', address: { country: 'FR' } },
  buyer: { name: 'B', address: { country: 'FR' } },
});

/** Puts `value` where the assertion's field lives */
function withField(field: string, value: string): Invoice {
  const i = base();
  const seller = i.seller ?? {};
  const buyer = i.buyer ?? {};
  switch (field) {
    case 'specificationIdentifier':
      i.specificationIdentifier = value;
      break;
    case 'typeCode':
      i.typeCode = value;
      break;
    case 'noteSubjectCode':
      i.notes = [{ subjectCode: value, text: 'x' }];
      break;
    case 'currency':
      i.currency = value;
      break;
    case 'taxCurrency':
      i.taxCurrency = value;
      break;
    case 'sellerCountry':
      seller.address = { country: value };
      break;
    case 'buyerCountry':
      buyer.address = { country: value };
      break;
    case 'taxRepresentativeCountry':
      i.taxRepresentative = { name: 'R', address: { country: value } };
      break;
    case 'deliveryCountry':
      i.delivery = { address: { country: value } };
      break;
    case 'sellerIdentifierScheme':
      seller.identifiers = [{ id: '1', scheme: value }];
      break;
    case 'buyerIdentifierScheme':
      buyer.identifiers = [{ id: '1', scheme: value }];
      break;
    case 'sellerLegalScheme':
      seller.legalRegistrationId = { id: '1', scheme: value };
      break;
    case 'buyerLegalScheme':
      buyer.legalRegistrationId = { id: '1', scheme: value };
      break;
    case 'sellerEndpointScheme':
      seller.electronicAddress = { id: 'a', scheme: value };
      break;
    case 'buyerEndpointScheme':
      buyer.electronicAddress = { id: 'a', scheme: value };
      break;
    case 'vatBreakdownCategory':
      i.vatBreakdown = [{ category: value }];
      break;
    case 'vatBreakdownExemptionCode':
      i.vatBreakdown = [{ category: 'E', exemptionReasonCode: value }];
      break;
    case 'taxPointDateCode':
      i.taxPointDateCode = value;
      break;
    case 'paymentMeansType':
      i.paymentMeans = { typeCode: value };
      break;
    case 'allowanceVatCategory':
      i.allowances = [{ amount: 1, vatCategory: value }];
      break;
    case 'chargeVatCategory':
      i.charges = [{ amount: 1, vatCategory: value }];
      break;
    case 'allowanceReasonCode':
      i.allowances = [{ amount: 1, reasonCode: value }];
      break;
    case 'chargeReasonCode':
      i.charges = [{ amount: 1, reasonCode: value }];
      break;
    case 'lineUnitCode':
      i.lines = [{ id: '1', unitCode: value }];
      break;
    case 'lineVatCategory':
      i.lines = [{ id: '1', vatCategory: value }];
      break;
    default:
      throw new Error(`no setter for ${field}`);
  }
  return i;
}

function fired(ruleId: string, invoice: Invoice, profile: Profile): boolean {
  const rule = rules.find((r) => r.id === ruleId);
  if (!rule) throw new Error(ruleId);
  let hit = false;
  rule.check(
    invoice,
    () => {
      hit = true;
    },
    { syntax: undefined, lang: 'en', profile },
  );
  return hit;
}

describe('Factur-X 1.09.2 profile code-list rules', () => {
  it('there is one rule per generated FX-SCH-A assertion, with unique ids', () => {
    expect(rules.map((r) => r.id)).toEqual(FACTURX_CODE_ASSERTIONS.map((a) => a.id));
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });

  for (const a of FACTURX_CODE_ASSERTIONS) {
    const [profile, allowed] = Object.entries(a.values)[0] as [Profile, readonly string[]];
    const good = allowed[0] ?? '';
    it(`${a.id} fires when the ${a.field} is not on the ${profile} list`, () => {
      expect(fired(a.id, withField(a.field, 'NOT-A-CODE'), profile)).toBe(true);
    });
    it(`${a.id} does not fire when the ${a.field} is "${good}" (${profile})`, () => {
      expect(fired(a.id, withField(a.field, good), profile)).toBe(false);
    });
  }

  it('each profile accepts its own guideline id and refuses the EN 16931 one where the schematron does', () => {
    const guidelineRules = FACTURX_CODE_ASSERTIONS.filter((a) => a.field === 'specificationIdentifier');
    for (const a of guidelineRules) {
      for (const [profile, allowed] of Object.entries(a.values) as [Profile, readonly string[]][]) {
        expect(allowed).toContain(GUIDELINE_IDS[profile]);
        expect(fired(a.id, withField('specificationIdentifier', GUIDELINE_IDS[profile]), profile)).toBe(
          false,
        );
      }
    }
    const minimum = guidelineRules.find((a) => a.values.MINIMUM);
    expect(
      minimum && fired(minimum.id, withField('specificationIdentifier', GUIDELINE_IDS.EN16931), 'MINIMUM'),
    ).toBe(true);
  });

  it('validate() runs the rules of the profile it is given and only those', () => {
    const inv = withField('specificationIdentifier', GUIDELINE_IDS.EN16931);
    const minimum = validate(inv, { profile: 'MINIMUM', ruleSets: ['FACTUR-X'] });
    expect(minimum.errors.map((f) => f.rule)).toContain('FX-SCH-A-000026');
    expect(minimum.errors.find((f) => f.rule === 'FX-SCH-A-000026')?.path).toBe(
      'invoice.specificationIdentifier',
    );
    const en = validate(inv, { profile: 'EN16931', ruleSets: ['FACTUR-X'] });
    expect(en.errors.filter((f) => f.rule.startsWith('FX-SCH-A'))).toEqual([]);
  });
});
