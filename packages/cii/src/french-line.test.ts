/**
 * EXTENDED-CTC-FR line data (Line.frenchCtc) in CII: read from the official multi-vendor and
 * sub-line examples (Annexe B UC10, UC11, UC12) and written back in the EXTENDED profile.
 */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import { readCii } from './read.js';
import { writeCii } from './write.js';

const DIR = ['br-fr', 'examples', 'annexe-b-v1.3', 'Facture Sous Ligne et Multi-Vendeur'];
const uc10 = () =>
  fs.readFileSync(
    sharedPath(...DIR, '_Multi-Vendeur', 'UC10_F202600004_MULTI-VENDEUR_CII_Commentee_EXTENDED.xml'),
  );

describeIfShared('CII French CTC line data on the official examples', () => {
  it('reads the GROUP line of UC10: sub-type, line seller, line VAT total, total with VAT, AFL and AVV', () => {
    const { invoice } = readCii(uc10());
    const group = invoice.lines?.[0];
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
      totalWithVat: 1200,
      subInvoiceNumber: 'F202600004',
      subInvoiceFramework: 'S1',
    });
  });

  it('reads a DETAIL line of UC10: parent line, line seller legal id, line VAT exemption reason', () => {
    const { invoice } = readCii(uc10());
    const detail = invoice.lines?.[1];
    expect(detail?.frenchCtc).toEqual({
      parentLineId: '1',
      subType: 'DETAIL',
      seller: { legalId: { id: '100000009', scheme: '0002' } },
      subInvoiceNumber: 'F202600004',
      taxPointDateCode: '72',
    });
    expect(detail?.vatExemptionReason).toBe('#F202600004#');
  });

  it('writes the French line data back in EXTENDED (read → write → read keeps every line)', () => {
    const first = readCii(uc10()).invoice;
    const { xml, warnings } = writeCii(first, { profile: 'EXTENDED' });
    const again = readCii(xml).invoice;
    expect(again.lines?.map((l) => l.frenchCtc)).toEqual(first.lines?.map((l) => l.frenchCtc));
    expect(again.lines?.map((l) => l.objectIdentifier)).toEqual(first.lines?.map((l) => l.objectIdentifier));
    expect(warnings.filter((w) => w.path?.includes('frenchCtc'))).toEqual([]);
  });

  it('drops the French line data in EN16931 with a warning naming the EXT-FR term', () => {
    const { warnings } = writeCii(readCii(uc10()).invoice, { profile: 'EN16931' });
    const dropped = new Set(warnings.filter((w) => w.rule === 'CII-PROFILE').map((w) => w.bt));
    for (const id of ['EXT-FR-FE-163', 'EXT-FR-FE-167', 'EXT-FR-FE-181']) expect(dropped).toContain(id);
  });
});

describeIfShared(
  'CII French CTC line data on every multi-vendor / sub-line example (UC10, UC11, UC12)',
  () => {
    const files = [
      ['_Multi-Vendeur', 'UC10_F202600004_MULTI-VENDEUR_CII_Commentee_EXTENDED.xml'],
      ['_Multi-Vendeur', 'UC11_F202600022_MULTI-VENDEUR_CII_Commentee_EXTENDED..xml'],
      ['_Sous-ligne', 'UC12_F202600025_SOUS-LIGNE_CII_Commentee_EXTENDED.xml'],
    ] as const;
    for (const [dir, name] of files) {
      it(`${name.slice(0, 4)}: every sub-type and parent line of the XML is in the model, and none is left unread`, () => {
        const xml = fs.readFileSync(sharedPath(...DIR, dir, name), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
        const { invoice, diagnostics } = readCii(xml);
        const subTypes = [...xml.matchAll(/<ram:LineStatusReasonCode>([^<]*)</g)].map((m) => m[1]);
        const parents = [...xml.matchAll(/<ram:ParentLineID>([^<]*)</g)].map((m) => m[1]);
        expect(subTypes.length).toBeGreaterThan(0);
        expect(invoice.lines?.flatMap((l) => l.frenchCtc?.subType ?? [])).toEqual(subTypes);
        expect(invoice.lines?.flatMap((l) => l.frenchCtc?.parentLineId ?? [])).toEqual(parents);
        const unread = diagnostics.filter((d) => d.rule === 'CII-UNREAD').map((d) => d.message);
        for (const el of ['LineStatusReasonCode', 'ParentLineID', 'ItemSellerTradeParty', 'ExemptionReason'])
          expect(
            unread.filter((m) => m.includes(`IncludedSupplyChainTradeLineItem/`) && m.includes(el)),
          ).toEqual([]);
      });
    }
  },
);

describe('CII French CTC line data without the official examples', () => {
  it('writes AFL once when BT-128 and frenchCtc.subInvoiceNumber hold the same reference', () => {
    const { xml } = writeCii(
      {
        number: 'F1',
        lines: [
          {
            id: '1',
            netAmount: 10,
            objectIdentifier: { id: 'F1', scheme: 'AFL' },
            frenchCtc: { subType: 'GROUP', subInvoiceNumber: 'F1' },
          },
        ],
      },
      { profile: 'EXTENDED' },
    );
    expect(xml.match(/<ram:ReferenceTypeCode>AFL</g)?.length).toBe(1);
    expect(xml).toContain('<ram:LineStatusReasonCode>GROUP</ram:LineStatusReasonCode>');
  });
});
