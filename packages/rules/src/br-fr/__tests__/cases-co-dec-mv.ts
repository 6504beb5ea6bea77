/** BR-FR-CO-*, DEC-*, MV-13 and BD-13 cases (see cases.ts) */
import { type Case, line0 } from './invoice-kit.js';

export const CASES_CO_DEC_MV: Case[] = [
  {
    id: 'BR-FR-CO-03',
    when: 'a 262 credit note has no contract reference',
    fires: (i) => {
      i.typeCode = '262';
    },
    passes: (i) => {
      i.typeCode = '262';
      i.contractReference = 'C-1';
      i.invoicingPeriod = { startDate: '2026-01-01', endDate: '2026-06-30' };
    },
  },
  {
    id: 'BR-FR-CO-04',
    when: 'a 384 corrective invoice has no preceding invoice',
    fires: (i) => {
      i.typeCode = '384';
    },
    passes: (i) => {
      i.typeCode = '384';
      i.precedingInvoices = [{ number: 'F2026-000', issueDate: '2026-09-01' }];
    },
  },
  {
    id: 'BR-FR-CO-05',
    when: 'a 381 credit note has a preceding invoice without date',
    fires: (i) => {
      i.typeCode = '381';
      i.precedingInvoices = [{ number: 'F2026-000' }];
    },
    passes: (i) => {
      i.typeCode = '381';
      i.precedingInvoices = [{ number: 'F2026-000', issueDate: '2026-09-01' }];
    },
  },
  {
    id: 'BR-FR-CO-07',
    when: 'the due date precedes the issue date',
    fires: (i) => {
      i.dueDate = '2026-09-14';
    },
    passes: (i) => {
      i.dueDate = '2026-09-14';
      i.typeCode = '386';
    },
  },
  {
    id: 'BR-FR-CO-08',
    when: 'a B4 final invoice has deposit type 386',
    fires: (i) => {
      i.businessProcessType = 'B4';
      i.typeCode = '386';
    },
    passes: (i) => {
      i.businessProcessType = 'B4';
    },
  },
  {
    id: 'BR-FR-CO-09',
    when: 'an S2 already-paid invoice still has an amount due',
    fires: (i) => {
      i.businessProcessType = 'S2';
    },
    passes: (i) => {
      i.businessProcessType = 'S2';
      i.totals = { ...i.totals, prepaidAmount: 120, amountDue: 0 };
    },
  },
  {
    id: 'BR-FR-CO-10',
    when: 'a seller identifier has no scheme (JSON input)',
    fires: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: 'X1' }];
    },
    passes: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: 'X1', scheme: '0224' }];
    },
  },
  {
    id: 'BR-FR-CO-10',
    when: 'a buyer uses scheme 0224 twice',
    fires: (i) => {
      if (i.buyer)
        i.buyer.identifiers = [
          { id: 'A', scheme: '0224' },
          { id: 'B', scheme: '0224' },
        ];
    },
    passes: (i) => {
      if (i.buyer)
        i.buyer.identifiers = [
          { id: 'A', scheme: '0224' },
          { id: 'B', scheme: '0088' },
        ];
    },
  },
  {
    id: 'BR-FR-CO-12',
    when: 'a USD invoice has no EUR VAT total',
    fires: (i) => {
      i.currency = 'USD';
    },
    passes: (i) => {
      i.currency = 'USD';
      i.taxCurrency = 'EUR';
      i.totals = { ...i.totals, vatTotalInTaxCurrency: 18.5 };
    },
  },
  {
    id: 'BR-FR-CO-14',
    when: 'a VAT-group member has no TXD note',
    fires: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: '300000007', scheme: '0231' }];
    },
    passes: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: '300000007', scheme: '0231' }];
      i.notes?.push({ subjectCode: 'TXD', text: 'MEMBRE_ASSUJETTI_UNIQUE' });
    },
  },
  {
    id: 'BR-FR-CO-15',
    when: 'a VAT-group member has no tax representative',
    fires: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: '300000007', scheme: '0231' }];
    },
    passes: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: '300000007', scheme: '0231' }];
      i.taxRepresentative = { name: 'Groupe TVA', vatNumber: 'FR12300000007' };
    },
  },
  {
    id: 'BR-FR-DEC-01',
    when: 'the VAT total has 3 decimals',
    fires: (i) => {
      if (i.totals) i.totals.vatTotal = 20.005;
    },
    passes: (i) => {
      if (i.totals) i.totals.vatTotal = -20.05;
    },
  },
  {
    id: 'BR-FR-DEC-02',
    when: 'a quantity has 5 decimals',
    fires: (i) => {
      line0(i).quantity = 1.12345;
    },
    passes: (i) => {
      line0(i).quantity = -1.1234;
    },
  },
  {
    id: 'BR-FR-DEC-03',
    when: 'a unit price is negative',
    fires: (i) => {
      line0(i).unitPrice = -5;
    },
    passes: (i) => {
      line0(i).unitPrice = 5.123456;
    },
  },
  {
    id: 'BR-FR-DEC-03',
    when: 'a unit price has 7 decimals',
    fires: (i) => {
      line0(i).unitPrice = 0.1234567;
    },
    passes: (i) => {
      i.businessProcessType = 'S9';
      line0(i).unitPrice = -5;
    },
  },
  {
    id: 'BR-FR-DEC-04',
    when: 'a VAT rate is negative',
    fires: (i) => {
      line0(i).vatRate = -20;
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-DEC-04',
    when: 'a VAT rate has 3 decimals',
    fires: (i) => {
      const v = i.vatBreakdown?.[0];
      if (v) v.rate = 5.505;
    },
    passes: (i) => {
      const v = i.vatBreakdown?.[0];
      if (v) v.rate = 19.6;
    },
  },
  {
    id: 'BR-FR-MV-13',
    when: 'a multi-vendor invoice (S8) is self-billed (389)',
    fires: (i) => {
      i.businessProcessType = 'S8';
      i.typeCode = '389';
    },
    passes: (i) => {
      i.businessProcessType = 'S8';
    },
  },
  {
    id: 'BR-FR-BD-13',
    when: 'a bidirectional invoice (B9) is not self-billed',
    fires: (i) => {
      i.businessProcessType = 'B9';
    },
    passes: (i) => {
      i.businessProcessType = 'B9';
      i.typeCode = '389';
    },
  },
];
