/**
 * einv's advisory checks on public identifiers: published SIREN / SIRET / VAT numbers and IBANs that
 * are right, and one-character typing errors of them that are not. The values are public examples
 * (INSEE's SIRET example 732 829 320 00074, EDF's VAT number FR03552081317, the La Poste head
 * office 356 000 000 00048, the ECBS IBAN example FR76 3000 6000 0112 3456 7890 189).
 */
import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { validate } from '../validate.js';
import { buildAddress0225, parseAddress0225 } from './address-0225.js';
import { frenchVatNumber, isValidSiren, isValidSiret, parseFrenchVat } from './french-ids.js';

const french = (extra: Partial<Invoice['seller']> = {}): Invoice => ({
  number: 'F1',
  seller: { name: 'S', address: { country: 'FR' }, ...extra },
});
const advisories = (invoice: Invoice) =>
  validate(invoice, { frenchEdition: 'standard' }).warnings.filter((w) => w.rule.startsWith('EINV-'));
const ids = (invoice: Invoice) => advisories(invoice).map((w) => `${w.rule}@${w.path}`);

describe('French identifier keys', () => {
  it('accepts published SIRENs and SIRETs and refuses a changed digit', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('552081317')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
  });

  it('applies the La Poste exception: digit sum a multiple of 5, and only for SIREN 356000000', () => {
    expect(isValidSiret('35600000000048')).toBe(true); // head office, passes Luhn too
    // 3+5+6+0+0+0+0+0+0+0+0+0+1+0 = 15: a multiple of 5, and not Luhn-valid
    expect(isValidSiret('35600000000010')).toBe(true);
    expect(isValidSiret('35600000000011')).toBe(false);
    // the same digit sum under another SIREN is not excused
    expect(isValidSiret('73282932000010')).toBe(false);
  });

  it('computes and checks French VAT keys', () => {
    expect(frenchVatNumber('552081317')).toBe('FR03552081317');
    expect(frenchVatNumber('303265045')).toBe('FR40303265045');
    expect(parseFrenchVat('FR03552081317')).toEqual({ key: '03', siren: '552081317' });
    expect(parseFrenchVat('DE123456789')).toBeUndefined();
    expect(() => frenchVatNumber('12')).toThrow(/9 digits/);
  });
});

describe('scheme-0225 addresses', () => {
  it('parses the four forms', () => {
    expect(parseAddress0225('100000009')).toEqual({ form: 'SIREN', siren: '100000009' });
    expect(parseAddress0225('732829320_73282932000074')).toEqual({
      form: 'SIREN_SIRET',
      siren: '732829320',
      siret: '73282932000074',
    });
    expect(parseAddress0225('732829320_73282932000074_SERVICE-ACHATS')).toEqual({
      form: 'SIREN_SIRET_CODEROUTAGE',
      siren: '732829320',
      siret: '73282932000074',
      routingCode: 'SERVICE-ACHATS',
    });
    expect(parseAddress0225('100000009_STATUTS')).toEqual({
      form: 'SIREN_SUFFIXE',
      siren: '100000009',
      suffix: 'STATUTS',
    });
  });

  it('says which part is wrong', () => {
    expect(parseAddress0225('12345_X')).toEqual({ problem: expect.stringMatching(/9-digit SIREN/) });
    expect(parseAddress0225('732829321')).toEqual({ problem: expect.stringMatching(/check digit/) });
    expect(parseAddress0225('732829320_55208131700019')).toEqual({
      problem: expect.stringMatching(/does not start/),
    });
    expect(parseAddress0225('732829320_')).toEqual({ problem: expect.stringMatching(/nothing follows/) });
    expect(parseAddress0225('732829320_73282932000074_A_B')).toEqual({
      problem: expect.stringMatching(/one routing code/),
    });
  });

  it('builds what it parses, and refuses wrong parts by name', () => {
    for (const value of [
      '100000009',
      '732829320_73282932000074',
      '732829320_73282932000074_R1',
      '100000009_STATUTS',
    ]) {
      const parsed = parseAddress0225(value);
      if ('problem' in parsed) throw new Error(parsed.problem);
      expect(buildAddress0225(parsed)).toBe(value);
    }
    expect(() => buildAddress0225({ siren: '732829321' })).toThrow(/^siren:/);
    expect(() => buildAddress0225({ siren: '732829320', siret: '55208131700019' })).toThrow(/^siret:/);
    expect(() => buildAddress0225({ siren: '732829320', routingCode: 'R' })).toThrow(/^routingCode:/);
    expect(() => buildAddress0225({ siren: '732829320', suffix: 'a b' })).toThrow(/^suffix:/);
  });
});

describe('advisory rules in validate()', () => {
  it('stay silent on right identifiers', () => {
    const invoice = french({
      siret: '73282932000074',
      legalRegistrationId: { id: '732829320', scheme: '0002' },
      vatNumber: 'FR44732829320',
      electronicAddress: { id: '732829320_73282932000074', scheme: '0225' },
    });
    invoice.paymentMeans = {
      typeCode: '58',
      creditTransfers: [{ accountId: 'FR7630006000011234567890189', serviceProviderId: 'BNPAFRPPXXX' }],
    };
    expect(ids(invoice)).toEqual([]);
  });

  it('report each wrong identifier as a warning, with the value, and keep the verdict', () => {
    const invoice = french({
      siret: '73282932000075',
      legalRegistrationId: { id: '732829321', scheme: '0002' },
      vatNumber: 'FR00000000000',
      electronicAddress: { id: '732829320_55208131700019', scheme: '0225' },
    });
    invoice.buyer = {
      name: 'B',
      vatNumber: 'FR03552081317',
      legalRegistrationId: { id: '732829320', scheme: '0002' },
    };
    invoice.paymentMeans = {
      typeCode: '58',
      creditTransfers: [{ accountId: 'FR76 3000 6000 0112 3456 7890 188', serviceProviderId: 'BNPAXXPP' }],
    };
    const found = advisories(invoice);
    expect(found.map((w) => `${w.rule}@${w.path}`).sort()).toEqual([
      'EINV-BIC-SHAPE@invoice.paymentMeans.creditTransfers[0].serviceProviderId',
      'EINV-FR-0225-FORM@invoice.seller.electronicAddress.id',
      'EINV-FR-SIREN-KEY@invoice.seller.legalRegistrationId.id',
      'EINV-FR-SIRET-KEY@invoice.seller.siret',
      'EINV-FR-VAT-KEY@invoice.buyer.vatNumber',
      'EINV-FR-VAT-KEY@invoice.seller.vatNumber',
      'EINV-IBAN-KEY@invoice.paymentMeans.creditTransfers[0].accountId',
    ]);
    expect(found.every((w) => w.severity === 'warning')).toBe(true);
    expect(found.find((w) => w.path === 'invoice.seller.vatNumber')?.message).toMatch(/key should be 12/);
    expect(found.find((w) => w.path === 'invoice.buyer.vatNumber')?.message).toMatch(/SIREN 732829320/);
    expect(found.find((w) => w.rule === 'EINV-IBAN-KEY')?.message).toMatch(/mod-97/);
    const fr = validate(invoice, { frenchEdition: 'standard', lang: 'fr' }).warnings.find(
      (w) => w.rule === 'EINV-IBAN-KEY',
    );
    expect(fr?.message).toMatch(/clé mod 97/);
  });

  it('judge an account as an IBAN only when SEPA or shaped like one, and a BIC only when written like one', () => {
    const invoice = french();
    invoice.paymentMeans = {
      typeCode: '30',
      creditTransfers: [{ accountId: '12345678', serviceProviderId: 'SE:BANKGIRO' }],
    };
    expect(ids(invoice)).toEqual([]);
    invoice.paymentMeans.typeCode = '58';
    expect(ids(invoice)).toEqual(['EINV-IBAN-KEY@invoice.paymentMeans.creditTransfers[0].accountId']);
  });

  it('run only for invoices with a French seller or buyer, and can be left out by rule set', () => {
    const invoice: Invoice = { seller: { siret: '73282932000075', address: { country: 'DE' } } };
    expect(ids(invoice)).toEqual([]);
    invoice.buyer = { address: { country: 'FR' } };
    expect(ids(invoice)).toEqual(['EINV-FR-SIRET-KEY@invoice.seller.siret']);
    const result = validate(invoice, { ruleSets: ['EN16931'] });
    expect(result.warnings.filter((w) => w.rule.startsWith('EINV-'))).toEqual([]);
    expect(validate(invoice).ruleSets.map((r) => r.name)).toContain('EINV-ADVISORY');
    expect(
      validate(invoice, { frenchEdition: 'off' }).warnings.filter((w) => w.rule.startsWith('EINV-')),
    ).toEqual([]);
  });
});
