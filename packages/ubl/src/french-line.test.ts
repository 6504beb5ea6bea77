/**
 * EXTENDED-CTC-FR line data (Line.frenchCtc) in UBL: read from the official multi-vendor example
 * (Annexe B UC10) and written back by writeUbl.
 */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import { readUbl } from './read-ubl.js';
import { writeUbl } from './write-ubl.js';

const DIR = ['br-fr', 'examples', 'annexe-b-v1.3', 'Facture Sous Ligne et Multi-Vendeur'];
const uc10 = () =>
  fs.readFileSync(
    sharedPath(...DIR, '_Multi-Vendeur', 'UC10_F202600004_MULTI-VENDEUR_UBL_Commentee_EXTENDED.xml'),
    'utf8',
  );

describeIfShared('UBL French CTC line data on the official examples', () => {
  it('reads the GROUP line of UC10: sub-type, line seller, line VAT total, AFL (AVV is its first reference, BT-128)', () => {
    const { invoice } = readUbl(uc10());
    const group = invoice.lines?.[0];
    expect(group?.objectIdentifier).toEqual({ id: 'S1', scheme: 'AVV' });
    expect(group?.frenchCtc).toEqual({
      subType: 'GROUP',
      seller: {
        name: 'LE VENDEUR',
        globalId: { id: '587451236587', scheme: '0088' },
        legalId: { id: '100000009', scheme: '0002' },
        country: 'FR',
        vatId: 'FR88100000009',
      },
      vatTotal: 200,
      subInvoiceNumber: 'F202600004',
    });
  });

  it('reads a DETAIL line of UC10: parent line, line seller legal id, line VAT exemption reason', () => {
    const { invoice } = readUbl(uc10());
    const detail = invoice.lines?.[1];
    expect(detail?.frenchCtc).toEqual({
      parentLineId: '1',
      subType: 'DETAIL',
      seller: { legalId: { id: '100000009', scheme: '0002' } },
      taxPointDateCode: '432',
    });
    expect(detail?.objectIdentifier).toEqual({ id: 'F202600004', scheme: 'AFL' });
    expect(detail?.vatExemptionReason).toBe('#F202600004#');
  });

  it('writes the French line data back (read → write → read keeps every line)', () => {
    const first = readUbl(uc10()).invoice;
    const { xml, warnings } = writeUbl(first);
    const again = readUbl(xml).invoice;
    expect(again.lines?.map((l) => l.frenchCtc)).toEqual(first.lines?.map((l) => l.frenchCtc));
    expect(again.lines?.map((l) => l.objectIdentifier)).toEqual(first.lines?.map((l) => l.objectIdentifier));
    expect(warnings.filter((w) => w.path?.includes('frenchCtc'))).toEqual([]);
  });
});

describeIfShared(
  'UBL French CTC line data on every multi-vendor / sub-line example (UC10, UC11, UC12)',
  () => {
    const files = [
      ['_Multi-Vendeur', 'UC10_F202600004_MULTI-VENDEUR_UBL_Commentee_EXTENDED.xml'],
      ['_Multi-Vendeur', 'UC11_F202600022_MULTI-VENDEUR_UBL_Commentee_EXTENDED..xml'],
      ['_Sous-ligne', 'UC12_F202600025_SOUS-LIGNE_UBL_Commentee_EXTENDED.xml'],
    ] as const;
    for (const [dir, name] of files) {
      it(`${name.slice(0, 4)}: every sub-type and parent line of the XML is in the model`, () => {
        const xml = fs.readFileSync(sharedPath(...DIR, dir, name), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
        const { invoice } = readUbl(xml);
        const subTypes = [...xml.matchAll(/<cbc:DocumentStatusCode>([^<]*)</g)].map((m) => m[1]);
        const parents = [...xml.matchAll(/<cac:BillingReferenceLine>\s*<cbc:ID>([^<]*)</g)].map((m) => m[1]);
        expect(subTypes.length).toBeGreaterThan(0);
        expect(invoice.lines?.flatMap((l) => l.frenchCtc?.subType ?? [])).toEqual(subTypes);
        expect(invoice.lines?.flatMap((l) => l.frenchCtc?.parentLineId ?? [])).toEqual(parents);
      });
    }
  },
);

describe('UBL French CTC line data without the official examples', () => {
  it('writes the sub-type and parent line in a BillingReference to the invoice itself, and a line preceding invoice', () => {
    const { xml } = writeUbl({
      number: 'F1',
      issueDate: '2026-01-01',
      typeCode: '380',
      currency: 'EUR',
      lines: [
        {
          id: '2',
          netAmount: 10,
          frenchCtc: {
            subType: 'DETAIL',
            parentLineId: '1',
            precedingInvoice: { number: 'F0', issueDate: '2025-12-01' },
            vatTotal: 2,
          },
        },
      ],
    });
    const back = readUbl(xml).invoice.lines?.[0]?.frenchCtc;
    expect(back).toEqual({
      subType: 'DETAIL',
      parentLineId: '1',
      precedingInvoice: { number: 'F0', issueDate: '2025-12-01' },
      vatTotal: 2,
    });
  });
});

describe('UBL French CTC line data that UBL 2.1 cannot hold', () => {
  it('warns that the line total with VAT (EXT-FR-FE-184) is not written', () => {
    const { xml, warnings } = writeUbl({
      number: 'F1',
      currency: 'EUR',
      lines: [{ id: '1', netAmount: 10, frenchCtc: { subType: 'GROUP', vatTotal: 2, totalWithVat: 12 } }],
    });
    expect(xml).not.toContain('>12.00<');
    expect(warnings).toContainEqual(
      expect.objectContaining({
        rule: 'UBL-WRITE-SKIPPED',
        path: 'invoice.lines[0].frenchCtc.totalWithVat',
        bt: 'EXT-FR-FE-184',
      }),
    );
  });
});
