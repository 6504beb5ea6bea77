/**
 * BR-FR-MV-* and BR-FR-BD-* cases on the EXTENDED-CTC-FR line structure (Line.frenchCtc): a clean
 * multi-vendor invoice (S8: one GROUP line of the seller, one DETAIL line below it) and a clean
 * bidirectional one (B9: one GROUP line per party), each changed to make one rule fire.
 */
import type { Invoice, Line } from '@einv/core-model';
import type { Case, Change } from './invoice-kit.js';

const line = (i: Invoice, n: number): Line => {
  const l = i.lines?.[n];
  if (!l) throw new Error(`fixture has line ${n}`);
  return l;
};
const group = (i: Invoice) => line(i, 0);
const detail = (i: Invoice) => line(i, 1);

/** The clean French invoice made multi-vendor: GROUP line 1 (the seller's own sub-invoice) and DETAIL line 2 */
export const multiVendor: Change = (i) => {
  i.businessProcessType = 'S8';
  const afl = i.number ?? '';
  const item = line(i, 0);
  i.lines = [
    {
      id: '1',
      description: 'Sous-total vendeur',
      netAmount: 100,
      frenchCtc: {
        subType: 'GROUP',
        seller: { name: 'Vendeur SARL', legalId: { id: '100000009', scheme: '0002' }, country: 'FR' },
        vatTotal: 20,
        subInvoiceNumber: afl,
        subInvoiceFramework: 'S1',
      },
    },
    {
      ...item,
      id: '2',
      vatExemptionReason: `#${afl}#`,
      frenchCtc: {
        subType: 'DETAIL',
        parentLineId: '1',
        seller: { legalId: { id: '100000009', scheme: '0002' } },
        subInvoiceNumber: afl,
      },
    },
  ];
  const v = i.vatBreakdown?.[0];
  if (v) v.exemptionReason = `#${afl}#`;
};

/** The clean French invoice made bidirectional (B9, self-billed): one GROUP line per party */
export const bidirectional: Change = (i) => {
  multiVendor(i);
  i.businessProcessType = 'B9';
  i.typeCode = '389';
  const buyerGroup: Line = structuredClone(group(i));
  buyerGroup.id = '3';
  buyerGroup.netAmount = 0;
  buyerGroup.frenchCtc = {
    ...buyerGroup.frenchCtc,
    seller: { name: 'Acheteur SA', legalId: { id: '200000008', scheme: '0002' }, country: 'FR' },
    subInvoiceNumber: 'B-1',
    vatTotal: 0,
  };
  i.lines?.push(buyerGroup);
};

const mv =
  (change: Change): Change =>
  (i) => {
    multiVendor(i);
    change(i);
  };
const bd =
  (change: Change): Change =>
  (i) => {
    bidirectional(i);
    change(i);
  };
const nothing: Change = () => {};

export const CASES_MV_BD: Case[] = [
  {
    id: 'BR-FR-MV-01',
    when: 'a line of a multi-vendor invoice has no sub-type',
    fires: mv((i) => {
      delete detail(i).frenchCtc?.subType;
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-01',
    when: 'a CII line of a multi-vendor invoice has an empty sub-type (CII tests the element it finds)',
    syntax: 'CII',
    fires: mv((i) => {
      const fr = detail(i).frenchCtc;
      if (fr) fr.subType = ' ';
    }),
    passes: mv((i) => {
      delete detail(i).frenchCtc?.subType;
    }),
  },
  {
    id: 'BR-FR-MV-02',
    when: 'a multi-vendor invoice has no GROUP line without parent',
    fires: mv((i) => {
      const fr = group(i).frenchCtc;
      if (fr) fr.parentLineId = '9';
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-BD-02',
    when: 'both GROUP lines of a bidirectional invoice belong to the seller',
    fires: bd((i) => {
      const fr = line(i, 2).frenchCtc;
      if (fr?.seller) fr.seller.legalId = { id: '100000009', scheme: '0002' };
    }),
    passes: bd(nothing),
  },
  {
    id: 'BR-FR-MV-03',
    when: 'the GROUP line of a multi-vendor invoice has no line seller name',
    fires: mv((i) => {
      delete group(i).frenchCtc?.seller?.name;
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-03',
    when: 'the GROUP line sub-invoice framework (AVV) is S8',
    syntax: 'CII',
    fires: mv((i) => {
      const fr = group(i).frenchCtc;
      if (fr) fr.subInvoiceFramework = 'S8';
    }),
    // CII checks an AVV reference only when the line has one
    passes: mv((i) => {
      delete group(i).frenchCtc?.subInvoiceFramework;
    }),
  },
  {
    id: 'BR-FR-MV-03',
    when: 'a UBL GROUP line has no VAT total in the accounting currency BT-6',
    syntax: 'UBL',
    fires: mv((i) => {
      i.taxCurrency = 'USD';
    }),
    passes: mv((i) => {
      i.taxCurrency = 'USD';
      const fr = group(i).frenchCtc;
      if (fr) fr.vatTotalInTaxCurrency = 22;
    }),
  },
  {
    id: 'BR-FR-MV-05',
    when: 'the GROUP line net amount is not the sum of its DETAIL lines',
    fires: mv((i) => {
      group(i).netAmount = 150;
    }),
    passes: mv((i) => {
      // INFORMATION lines are not counted
      i.lines?.push({ id: '3', netAmount: 50, frenchCtc: { subType: 'INFORMATION', parentLineId: '1' } });
    }),
  },
  {
    id: 'BR-FR-MV-06',
    when: 'a DETAIL line names another seller than its GROUP line',
    fires: mv((i) => {
      const fr = detail(i).frenchCtc;
      if (fr) fr.seller = { legalId: { id: '300000007' } };
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-07',
    when: 'a DETAIL line names another sub-invoice than its GROUP line',
    fires: mv((i) => {
      const fr = detail(i).frenchCtc;
      if (fr) fr.subInvoiceNumber = 'OTHER';
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-08',
    when: 'a DETAIL line exemption reason does not start with #<AFL>#',
    fires: mv((i) => {
      detail(i).vatExemptionReason = 'Prestation de conseil';
    }),
    passes: mv((i) => {
      detail(i).vatExemptionReason = `#${i.number}#Prestation de conseil`;
    }),
  },
  {
    id: 'BR-FR-MV-09',
    when: 'the GROUP line VAT total differs from its tagged VAT breakdown',
    fires: mv((i) => {
      const fr = group(i).frenchCtc;
      if (fr) fr.vatTotal = 25;
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-10',
    when: 'the GROUP line total with VAT is not net plus VAT',
    fires: mv((i) => {
      const fr = group(i).frenchCtc;
      if (fr) fr.totalWithVat = 130;
    }),
    passes: mv((i) => {
      const fr = group(i).frenchCtc;
      if (fr) fr.totalWithVat = 120;
    }),
  },
  {
    id: 'BR-FR-MV-11',
    when: 'no GROUP line of the seller has the invoice number as sub-invoice number',
    fires: mv((i) => {
      for (const l of i.lines ?? []) if (l.frenchCtc) l.frenchCtc.subInvoiceNumber = 'SUB-1';
      const v = i.vatBreakdown?.[0];
      if (v) v.exemptionReason = '#SUB-1#';
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-12',
    when: 'two GROUP lines share one sub-invoice number',
    fires: mv((i) => {
      const again = structuredClone(group(i));
      again.id = '3';
      again.netAmount = 0;
      if (again.frenchCtc)
        again.frenchCtc.seller = { name: 'Autre', legalId: { id: '300000007' }, country: 'FR' };
      i.lines?.push(again);
    }),
    passes: mv(nothing),
  },
  {
    id: 'BR-FR-MV-14',
    when: 'a multi-vendor credit note (381) has a GROUP line without preceding invoice',
    fires: mv((i) => {
      i.typeCode = '381';
    }),
    passes: mv((i) => {
      i.typeCode = '381';
      const fr = group(i).frenchCtc;
      if (fr) fr.precedingInvoice = { number: 'F2026-000', issueDate: '2026-09-01' };
    }),
  },
  {
    id: 'BR-FR-BD-14',
    when: 'a bidirectional self-billed credit note (261) has a GROUP line without preceding invoice date',
    fires: bd((i) => {
      i.typeCode = '261';
      for (const l of i.lines ?? [])
        if (l.frenchCtc && l.frenchCtc.parentLineId === undefined)
          l.frenchCtc.precedingInvoice = { number: 'F0' };
    }),
    passes: bd((i) => {
      i.typeCode = '261';
      for (const l of i.lines ?? [])
        if (l.frenchCtc && l.frenchCtc.parentLineId === undefined)
          l.frenchCtc.precedingInvoice = { number: 'F0', issueDate: '2026-09-01' };
    }),
  },
];
