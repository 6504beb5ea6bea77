import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../../fixtures/load.js';
import { buildStatus, StatusBuildError } from './build.js';
import {
  OFFICIAL_FR_LABELS,
  OFFICIAL_STATUS_NAMES,
  REASONS_BY_STATUS,
  STATUS_CODES,
} from './generated/codes.js';
import {
  ACTION_LABELS,
  CHARACTERISTIC_LABELS,
  REASON_LABELS,
  STATUS_LABELS,
  statusLabel,
  statusLabelSource,
} from './labels.js';
import type { StatusMessage } from './model.js';
import { readCdar } from './read.js';
import { STATUS_TERMS } from './terms.js';
import { validateCdar } from './validate.js';
import { writeCdar } from './write.js';

const invoice = () => loadFixture('fr-b2b-simple').invoice;
const AT = new Date(Date.UTC(2026, 9, 1, 10, 0, 0));

/** Details that satisfy each status's requirements */
function detailsFor(status: string) {
  return {
    at: AT,
    ...(REASONS_BY_STATUS[status] ? { reason: { code: REASONS_BY_STATUS[status]?.[0] as string } } : {}),
    ...(status === '212' ? { collected: [{ amount: '1200.00', vatRate: '20.00' }] } : {}),
  };
}

describe('buildStatus', () => {
  it('builds a message that passes BR-FR-CDV (both releases) for every official status code', () => {
    for (const status of STATUS_CODES) {
      const message = buildStatus(invoice(), status, detailsFor(status));
      for (const frenchVersion of ['1.4.0.03', '1.4.0.04'] as const) {
        const report = validateCdar(message, { frenchVersion });
        expect({ status, frenchVersion, errors: report.errors }).toEqual({
          status,
          frenchVersion,
          errors: [],
        });
      }
      const ref = message.references?.[0];
      expect(ref?.invoiceNumber).toBe(invoice().number);
      expect(ref?.issueDate).toEqual({ value: invoice().issueDate?.replace(/-/g, ''), format: '102' });
      expect(ref?.processCode).toBe(status);
    }
  });

  it('212 Encaissée carries the amount and VAT rate collected, and refuses without them naming the field', () => {
    const m = buildStatus(invoice(), '212', { at: AT, collected: [{ amount: 1200, vatRate: 20 }] });
    expect(m.references?.[0]?.details?.[0]?.characteristics).toEqual([
      { typeCode: 'MEN', changed: 'false', amount: { value: '1200', currency: 'EUR' }, percent: '20' },
    ]);
    expect(() => buildStatus(invoice(), '212', { at: AT })).toThrow(
      /amount and VAT rate collected.*details\.collected/,
    );
    try {
      buildStatus(invoice(), '212', { at: AT, collected: [{ amount: '10.00', vatRate: '' }] });
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(StatusBuildError);
      expect((e as StatusBuildError).field).toBe('details.collected[0].vatRate');
    }
  });

  it('refuses an unknown status, a missing or disallowed reason, a missing address, naming the field', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as StatusBuildError).field;
      }
      return undefined;
    };
    expect(field(() => buildStatus(invoice(), '299'))).toBe('status');
    expect(field(() => buildStatus(invoice(), '210'))).toBe('details.reason');
    expect(field(() => buildStatus(invoice(), '210', { reason: { code: 'NON_TRANSMISE' } }))).toBe(
      'details.reason.code',
    );
    const noAddress = invoice();
    const { electronicAddress: _a, ...sellerWithoutAddress } = noAddress.seller ?? {};
    noAddress.seller = sellerWithoutAddress;
    expect(field(() => buildStatus(noAddress, '205'))).toBe('invoice.seller.electronicAddress');
    const noSiren = invoice();
    const { siret: _s, legalRegistrationId: _l, ...sellerWithoutSiren } = noSiren.seller ?? {};
    noSiren.seller = sellerWithoutSiren;
    expect(field(() => buildStatus(noSiren, '205'))).toBe('invoice.seller.legalRegistrationId');
  });
});

describe('readCdar / writeCdar', () => {
  /** A message with every term of the catalogue filled */
  const full: StatusMessage = {
    businessProcess: 'REGULATED',
    guideline: 'urn.cpro.gouv.fr:1p0:CDV:invoice',
    id: 'M-1',
    name: 'N',
    issueDateTime: { value: '20261001100000', format: '204' },
    sender: { ids: [{ value: '0003', scheme: '0238' }], name: 'PA', role: 'WK' },
    issuer: { ids: [{ value: '200000008', scheme: '0002' }], name: 'ACHETEUR', role: 'BY' },
    recipients: [
      {
        ids: [{ value: '100000009', scheme: '0002' }],
        name: 'VENDEUR',
        role: 'SE',
        uri: { value: '100000009', scheme: '0225' },
      },
    ],
    multipleReferences: 'false',
    typeCode: '23',
    statusDateTime: { value: '20261001100000', format: '204' },
    references: [
      {
        invoiceNumber: 'F1',
        statusCode: '46',
        typeCode: '380',
        receiptDateTime: { value: '20260930100000', format: '204' },
        referenceTypeCode: 'urn.cpro.gouv.fr:1p0:CDV:invoice',
        issueDate: { value: '20260915', format: '102' },
        processCode: '207',
        process: 'En litige',
        issuer: { ids: [{ value: '100000009', scheme: '0002' }], role: 'SE' },
        recipient: { role: 'BY' },
        details: [
          {
            statusCode: '207',
            reasonCode: 'TX_TVA_ERR',
            reason: 'Taux de TVA erroné',
            actionCode: 'NIN',
            action: 'Émettre une nouvelle facture',
            sequence: '1',
            notes: [{ content: 'note', subject: 'AHN' }],
            characteristics: [
              {
                id: 'BT-152',
                typeCode: 'DIV',
                changed: 'true',
                name: 'Taux TVA',
                location: '/rsm:CrossIndustryInvoice',
                amount: { value: '10.00', currency: 'EUR' },
                dateTime: { value: '20260915', format: '102' },
                percent: '10.00',
              },
            ],
          },
        ],
      },
    ],
  };

  it('round-trips a message with every term, and every catalogue term is written at its XML path', () => {
    const xml = writeCdar(full);
    const back = readCdar(xml);
    expect(back.diagnostics).toEqual([]);
    expect(back.message).toEqual(full);
    const root = back.root;
    expect(root).toBeDefined();
    for (const term of STATUS_TERMS) {
      const steps = term.xpath.split('/').slice(2);
      let nodes = root ? [root] : [];
      for (const step of steps) nodes = nodes.flatMap((n) => n.children.filter((c) => c.name === step));
      expect({ term: term.id, found: nodes.length > 0 }).toEqual({ term: term.id, found: true });
    }
    expect(validateCdar(xml).errors).toEqual([]);
  });

  it('says what is wrong with a document that is not a status message, and reports unread elements', () => {
    const notCdar = readCdar('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(notCdar.message).toBeUndefined();
    expect(notCdar.diagnostics[0]?.rule).toBe('CDAR-ROOT');
    expect(readCdar('<a><b></a>').diagnostics[0]?.rule).toBe('XML-SYNTAX');
    const extra = writeCdar(full).replace(
      '<ram:Name>N</ram:Name>',
      '<ram:Name>N</ram:Name><ram:Purpose>x</ram:Purpose>',
    );
    const r = readCdar(extra);
    expect(r.diagnostics.map((d) => [d.rule, d.xpath])).toEqual([
      ['CDAR-UNREAD', '/rsm:CrossDomainAcknowledgementAndResponse/rsm:ExchangedDocument/ram:Purpose'],
    ]);
    const report = validateCdar('<x/>');
    expect(report.valid).toBe(false);
    expect(report.errors[0]?.rule).toBe('CDAR-ROOT');
  });

  it('names each failed rule with its release and severity (transition: warnings)', () => {
    const bad = writeCdar({ ...full, typeCode: '999' });
    expect(validateCdar(bad).errors.map((e) => e.rule)).toContain('BR-FR-CDV-09_MDT-77');
    expect(validateCdar(bad).ruleSets).toEqual([{ name: 'BR-FR-CDV', version: '1.4.0.04 (standard)' }]);
    const transition = validateCdar(bad, { frenchEdition: 'transition' });
    expect(transition.valid).toBe(true);
    expect(transition.warnings.map((w) => w.rule)).toContain('BR-FR-CDV-09_MDT-77');
    expect(transition.ruleSets).toEqual([{ name: 'BR-FR-CDV', version: '1.4.0.02 (transition)' }]);
    expect(validateCdar(bad, { frenchEdition: 'off' }).ruleSets).toEqual([]);
  });
});

describe('robustness', () => {
  it('judges a message with 50,000 reasons in one pass (absolute paths read once per document)', () => {
    const base = writeCdar(buildStatus(invoice(), '210', { at: AT, reason: { code: 'DOUBLON' } }));
    const many = base.replace(
      /<ram:ReasonCode>DOUBLON<\/ram:ReasonCode>/,
      '<ram:ReasonCode>BOGUS</ram:ReasonCode>'.repeat(50_000),
    );
    const report = validateCdar(many);
    expect(report.errors.filter((e) => e.rule === 'BR-FR-CDV-CL-09_MDT-113')).toHaveLength(50_000);
  }, 60_000);

  it('refuses an invalid date', () => {
    expect(() => buildStatus(invoice(), '205', { at: new Date('nope') })).toThrow(/details\.at/);
  });
});

describe('code labels', () => {
  it('labels every official code in fr and en', () => {
    for (const table of [STATUS_LABELS, REASON_LABELS, ACTION_LABELS, CHARACTERISTIC_LABELS]) {
      for (const l of Object.values(table)) {
        expect(l.fr.length).toBeGreaterThan(0);
        expect(l.en.length).toBeGreaterThan(0);
      }
    }
    expect(STATUS_LABELS['212']).toMatchObject({ fr: 'Encaissée', source: 'official' });
    expect(STATUS_LABELS['213']).toMatchObject({ fr: 'Rejetée', source: 'official' });
    expect(STATUS_LABELS['501']).toMatchObject({ fr: 'Irrecevable', source: 'official' });
  });

  it('says per code where a label comes from: official French, einv wording, or none', () => {
    expect(statusLabelSource('212', 'fr')).toBe('official');
    // every English label is einv's translation
    expect(statusLabelSource('212', 'en')).toBe('einv');
    // no official artefact einv holds names 209 or 250
    expect(STATUS_LABELS['209']).toMatchObject({ source: 'einv' });
    expect(statusLabelSource('250', 'fr')).toBe('none');
    expect(statusLabel('250', 'fr')).toBe('250');
    expect(statusLabelSource('999', 'fr')).toBe('none');
    const sources = (t: Record<string, { source: string }>) => Object.values(t).map((l) => l.source);
    // the official labels are exactly those the generator found in ../shared (generated/codes.ts)
    const officialStatuses = new Set([
      ...Object.keys(OFFICIAL_STATUS_NAMES),
      ...Object.keys(OFFICIAL_FR_LABELS.status),
    ]);
    expect(sources(STATUS_LABELS).filter((s) => s === 'official')).toHaveLength(officialStatuses.size);
    expect(sources(REASON_LABELS).filter((s) => s === 'official')).toHaveLength(
      Object.keys(OFFICIAL_FR_LABELS.reason).length,
    );
  });
});
