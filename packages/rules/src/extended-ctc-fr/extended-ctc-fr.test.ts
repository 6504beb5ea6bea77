/**
 * The native EXTENDED-CTC-FR set (decision 0079): it replaces EN 16931 for a document declaring the
 * profile, counts only DETAIL (or untyped) lines, tolerates 0.01 per summed item, and its generated
 * id tables are those of the official schematrons.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { validate } from '../validate.js';
import { EXTENDED_CTC_FR_ASSERTED_IDS } from './generated-official-ids.js';
import { extendedCtcFrRules, isJudgedOnXml } from './index.js';

const seller = { name: 'Vendeur', vatNumber: 'BE0123456789', address: { country: 'BE' } };
const buyer = { name: 'Acheteur', address: { country: 'BE' } };

/** A group line (no quantity, price or category: not counted) over two counted lines */
function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    number: 'F-1',
    issueDate: '2026-11-24',
    typeCode: '380',
    currency: 'EUR',
    specificationIdentifier: 'urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr',
    dueDate: '2026-12-24',
    seller,
    buyer,
    lines: [
      { id: '1', description: 'Groupe', netAmount: 10, frenchCtc: { subType: 'GROUP' } },
      {
        id: '2',
        description: 'A',
        quantity: 1,
        unitCode: 'C62',
        unitPrice: 10,
        netAmount: 10,
        vatCategory: 'S',
        vatRate: 20,
        frenchCtc: { subType: 'DETAIL', parentLineId: '1' },
      },
      {
        id: '3',
        description: 'B',
        quantity: 2,
        unitCode: 'C62',
        unitPrice: 10,
        netAmount: 20,
        vatCategory: 'S',
        vatRate: 20,
      },
    ],
    vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 30, taxAmount: 6 }],
    totals: { lineNetTotal: 30, taxExclusiveAmount: 30, vatTotal: 6, taxInclusiveAmount: 36, amountDue: 36 },
    ...over,
  };
}

const ids = (inv: Invoice, syntax: 'CII' | 'UBL' = 'CII') =>
  [...validate(inv, { profile: 'EXTENDED-CTC-FR', syntax }).errors].map((f) => f.rule);

describe('EXTENDED-CTC-FR rule set', () => {
  it('replaces EN 16931 and names its version', () => {
    const r = validate(invoice(), { profile: 'EXTENDED-CTC-FR', syntax: 'CII' });
    expect(r.ruleSets.map((s) => `${s.name} ${s.version}`)).toEqual(['EXTENDED-CTC-FR 1.4.0.03']);
    expect(r.errors).toEqual([]);
  });

  it('the same invoice fails EN 16931 on the GROUP line and the sums, not EXTENDED-CTC-FR', () => {
    const en = validate(invoice(), { profile: 'EXTENDED', syntax: 'CII' }).errors.map((f) => f.rule);
    expect(en).toEqual(expect.arrayContaining(['BR-22', 'BR-CO-10']));
  });

  it('requires the quantity of counted lines only (BR-FREXT-BR-22 in CII, BR-FREXT-22 in UBL)', () => {
    const inv = invoice();
    delete inv.lines?.[1]?.quantity;
    expect(ids(inv)).toContain('BR-FREXT-BR-22');
    expect(ids(inv, 'UBL')).toContain('BR-FREXT-22');
    const path = validate(inv, { profile: 'EXTENDED-CTC-FR', syntax: 'CII' }).errors.find(
      (f) => f.rule === 'BR-FREXT-BR-22',
    )?.path;
    expect(path).toBe('invoice.lines[1].quantity');
  });

  it('sums counted lines with a tolerance of 0.01 per line (BR-FREXT-CO-10)', () => {
    expect(ids(invoice({ totals: { ...invoice().totals, lineNetTotal: 30.02 } }))).not.toContain(
      'BR-FREXT-CO-10',
    );
    expect(ids(invoice({ totals: { ...invoice().totals, lineNetTotal: 30.04 } }))).toContain(
      'BR-FREXT-CO-10',
    );
    // UBL counts only the summed lines: two, so 0.03 is too much there
    expect(ids(invoice({ totals: { ...invoice().totals, lineNetTotal: 30.03 } }), 'UBL')).toContain(
      'BR-FREXT-CO-10',
    );
  });

  it('checks the line structure: sub-type code, sub-type under a parent, an existing parent', () => {
    const bad = invoice();
    const lines = bad.lines ?? [];
    lines[1] = { ...lines[1], frenchCtc: { subType: 'SUBLINE', parentLineId: '9' } };
    lines[2] = { ...lines[2], frenchCtc: { parentLineId: '1' } };
    expect(ids(bad)).toEqual(expect.arrayContaining(['BR-FREXT-05', 'BR-FREXT-06', 'BR-FREXT-11']));
  });

  it('a GROUP line net amount restates the sum of its GROUP and DETAIL children (BR-FREXT-08)', () => {
    const off = invoice();
    const lines = off.lines ?? [];
    lines[0] = { ...lines[0], netAmount: 11 };
    expect(ids(off)).toContain('BR-FREXT-08');
    expect(ids(invoice())).not.toContain('BR-FREXT-08');
  });

  it('keeps BR-CO-25: an amount due needs a due date or payment terms', () => {
    // the due date left out (not set to undefined: the model's optional fields are absent or set)
    const undated = (over: Partial<Invoice> = {}) => {
      const { dueDate: _, ...rest } = invoice(over);
      return rest;
    };
    expect(ids(undated())).toContain('BR-CO-25');
    expect(ids(undated({ paymentTerms: '30 jours' }))).not.toContain('BR-CO-25');
  });

  it('keeps exactly the EN 16931 rules the official schematron of the syntax asserts', () => {
    const cii = new Set(extendedCtcFrRules('CII').map((r) => r.id));
    expect(cii.has('BR-CO-10')).toBe(false);
    expect(cii.has('BR-22')).toBe(false);
    expect(cii.has('BR-25')).toBe(true);
    for (const id of cii)
      if (!id.includes('FREXT') && id !== 'BR-CO-25') expect(EXTENDED_CTC_FR_ASSERTED_IDS.CII).toContain(id);
  });

  it('judges every official business-rule id, on the model or on the XML', () => {
    for (const syntax of ['CII', 'UBL'] as const) {
      const model = new Set(extendedCtcFrRules(syntax).map((r) => r.id));
      const unjudged = EXTENDED_CTC_FR_ASSERTED_IDS[syntax].filter(
        (id) => !model.has(id) && !isJudgedOnXml(id, syntax),
      );
      expect({ syntax, unjudged }).toEqual({ syntax, unjudged: [] });
      // and never both ways
      expect([...model].filter((id) => isJudgedOnXml(id, syntax))).toEqual([]);
    }
  });
});

describeIfShared('EXTENDED-CTC-FR generated id tables', () => {
  it('equal what scripts/gen-extended-ctc-fr-ids.mjs makes from the official schematrons', async () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const script = path.join(repo, 'scripts/gen-extended-ctc-fr-ids.mjs');
    const { assertedIds } = (await import(script)) as {
      assertedIds: (sch: string, prefix: string) => string[];
    };
    const sch = fs.readFileSync(
      sharedPath('br-fr/schematron-1.4.0.03/schematron/20260804_EXTENDED-CTC-FR-CII-V1.4.0.03.sch'),
      'utf8',
    );
    expect(assertedIds(sch, 'BR-')).toEqual([...EXTENDED_CTC_FR_ASSERTED_IDS.CII]);
  });
});
