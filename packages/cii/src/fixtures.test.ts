/**
 * Our own fixtures (fixtures/invoices, completed with complete()) written as CII:
 *  - the official CEN EN 16931 validator (1.3.16 XSLT + Factur-X EN16931 schematron) reports no
 *    fatal assertion on what writeCii produces;
 *  - XSD-valid for EN16931;
 *  - the round trip write → read gives back the completed model.
 */
import { complete } from '@einv/core-model';
import { expect, it } from '@jest/globals';
import { loadFixture, loadFixtures } from '../../../fixtures/load.js';
import { runOracle } from '../../../tests/support/oracle.js';
import { describeIfShared } from '../../../tests/support/shared.js';
import { xsdErrors } from './__tests__/xsd.js';
import { readCii, writeCii } from './index.js';

const fixtures = loadFixtures({ small: true }).map((f) => ({ name: f.name, invoice: complete(f.invoice) }));

it('finds our fixtures', () => {
  expect(fixtures.length).toBeGreaterThan(5);
});

it('round-trips every completed fixture through CII (EN16931) without loss or warning', () => {
  for (const { name, invoice } of fixtures) {
    const { xml, warnings } = writeCii(invoice);
    expect({ name, warnings }).toEqual({ name, warnings: [] });
    const back = readCii(xml);
    // A line's vatExemptionReason(Code) is an input helper: complete() has carried it to the VAT
    // breakdown (BT-120/121) of the line's category. CII also holds the reason on the line
    // (ram:ExemptionReason, EXT-FR-FE-178, read by the French multi-vendor rules); not the code.
    const lines = invoice.lines?.map(({ vatExemptionReasonCode, ...line }) => {
      const carried = invoice.vatBreakdown?.find((b) => b.category === line.vatCategory);
      if (line.vatExemptionReason !== undefined)
        expect(carried?.exemptionReason).toBe(line.vatExemptionReason);
      if (vatExemptionReasonCode !== undefined)
        expect(carried?.exemptionReasonCode).toBe(vatExemptionReasonCode);
      return line;
    });
    const expected = {
      ...invoice,
      specificationIdentifier: 'urn:cen.eu:en16931:2017',
      ...(lines ? { lines } : {}),
    };
    expect({ name, invoice: back.invoice }).toEqual({ name, invoice: expected });
  }
});

it('round-trips the 10,000-line fixture (linear time: locations are computed per parent, not per element)', () => {
  const large = complete(loadFixture('large-10000-lines').invoice);
  const { xml, warnings } = writeCii(large);
  expect(warnings).toEqual([]);
  const back = readCii(xml);
  expect(back.invoice.lines).toHaveLength(10000);
  expect(back.invoice).toEqual({ ...large, specificationIdentifier: 'urn:cen.eu:en16931:2017' });
  expect(back.locations['invoice.lines[9999].quantity']?.xpath).toContain(
    'IncludedSupplyChainTradeLineItem[10000]',
  );
});

describeIfShared('writeCii output judged by the official validators', () => {
  it('is XSD-valid (Factur-X 1.09.2 EN16931) for every fixture', () => {
    const invalid = fixtures
      .map(({ name, invoice }) => ({ name, errors: xsdErrors(writeCii(invoice).xml, 'EN16931') }))
      .filter((r) => r.errors.length > 0);
    expect(invalid).toEqual([]);
  });

  it('gets no fatal assertion from the official CEN schematron (+ Factur-X EN16931)', async () => {
    const docs = fixtures.map(({ name, invoice }) => ({ id: name, xml: writeCii(invoice).xml }));
    const results = await runOracle(docs, { facturx: true });
    expect(results).toHaveLength(docs.length);
    const fatal = results.map((r) => ({
      id: r.id,
      error: r.error,
      fatal: r.failed.filter((a) => a.flag === 'fatal').map((a) => `${a.id}: ${a.text}`),
    }));
    expect(fatal.filter((r) => r.error || r.fatal.length > 0)).toEqual([]);
  });
});
