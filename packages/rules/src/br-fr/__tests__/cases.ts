import { CASES_20_32 } from './cases-20-32.js';
import { CASES_CO_DEC_MV } from './cases-co-dec-mv.js';
import { CASES_MV_BD } from './cases-mv-bd.js';
import { type Case, line0, setNotes, without } from './invoice-kit.js';

export const CASES: Case[] = [
  {
    id: 'BR-FR-01',
    when: 'the invoice number has 36 characters',
    fires: (i) => {
      i.number = 'A'.repeat(36);
    },
    passes: (i) => {
      i.number = 'A'.repeat(35);
    },
  },
  {
    id: 'BR-FR-01',
    when: 'a UBL invoice number has a space (UBL also checks characters)',
    syntax: 'UBL',
    fires: (i) => {
      i.number = 'F 1';
    },
    passes: (i) => {
      i.number = 'F-1';
    },
  },
  {
    id: 'BR-FR-02',
    when: 'the invoice number contains a space',
    fires: (i) => {
      i.number = 'F 2026 001';
    },
    passes: (i) => {
      i.number = 'F-2026_001/A+B';
    },
  },
  {
    id: 'BR-FR-02',
    when: 'a preceding-invoice reference contains a dot',
    fires: (i) => {
      i.precedingInvoices = [{ number: 'F.1' }];
    },
    passes: (i) => {
      i.precedingInvoices = [{ number: 'F1' }];
    },
  },
  {
    id: 'BR-FR-03',
    when: 'the issue date is 29 February of a common year',
    fires: (i) => {
      i.issueDate = '2026-02-29';
    },
    passes: (i) => {
      i.issueDate = '2028-02-29';
    },
  },
  {
    id: 'BR-FR-03',
    when: 'the delivery date is in 1999',
    fires: (i) => {
      i.delivery = { date: '1999-12-31' };
    },
    passes: (i) => {
      i.delivery = { date: '2000-01-01' };
    },
  },
  {
    id: 'BR-FR-03',
    when: 'a line period end is 31 April',
    fires: (i) => {
      line0(i).period = { endDate: '2026-04-31' };
    },
    passes: (i) => {
      line0(i).period = { endDate: '2026-04-30' };
    },
  },
  {
    id: 'BR-FR-04',
    when: 'the type code is 326 (partial invoice)',
    fires: (i) => {
      i.typeCode = '326';
    },
    passes: (i) => {
      i.typeCode = '386';
    },
  },
  { id: 'BR-FR-05', when: 'the PMT note is missing', fires: without('PMT'), passes: () => {} },
  { id: 'BR-FR-05', when: 'the AAB note is missing', fires: without('AAB'), passes: () => {} },
  {
    id: 'BR-FR-05',
    when: 'a UBL invoice has no #PMD# note',
    syntax: 'UBL',
    fires: without('PMD'),
    passes: () => {},
  },
  {
    id: 'BR-FR-06',
    when: 'the PMD note appears twice',
    fires: (i) => {
      i.notes?.push({ subjectCode: 'PMD', text: 'encore' });
    },
    passes: (i) => {
      i.notes?.push({ subjectCode: 'REG', text: 'SARL' });
    },
  },
  {
    id: 'BR-FR-06',
    when: 'two notes start with #TXD# (JSON input)',
    fires: (i) => {
      i.notes?.push({ text: '#TXD#A' }, { text: '#TXD#B' });
    },
    passes: (i) => {
      i.notes?.push({ text: '#TXD#A' });
    },
  },
  {
    id: 'BR-FR-08',
    when: 'the framework is missing',
    fires: (i) => {
      delete i.businessProcessType;
    },
    passes: (i) => {
      i.businessProcessType = 'M4';
    },
  },
  {
    id: 'BR-FR-08',
    when: 'the framework is A1',
    fires: (i) => {
      i.businessProcessType = 'A1';
    },
    passes: (i) => {
      i.businessProcessType = 'B7';
    },
  },
  {
    id: 'BR-FR-09',
    when: 'the seller SIRET does not start with the seller SIREN',
    fires: (i) => {
      if (i.seller) i.seller.siret = '10000000800010';
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-09',
    when: 'the buyer SIRET has 13 digits',
    fires: (i) => {
      if (i.buyer) i.buyer.siret = '2000000080001';
    },
    passes: (i) => {
      delete i.buyer?.siret;
    },
  },
  {
    id: 'BR-FR-09',
    when: 'the payee SIRET has 15 digits',
    fires: (i) => {
      i.payee = { identifier: { id: '300000007000199', scheme: '0009' } };
    },
    passes: (i) => {
      i.payee = { identifier: { id: '30000000700019', scheme: '0009' } };
    },
  },
  {
    id: 'BR-FR-10',
    when: 'the seller legal id uses scheme 0009',
    fires: (i) => {
      if (i.seller) i.seller.legalRegistrationId = { id: '100000009', scheme: '0009' };
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-10',
    when: 'the seller SIREN has 8 digits',
    fires: (i) => {
      if (i.seller) i.seller.legalRegistrationId = { id: '10000000', scheme: '0002' };
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-11',
    when: 'a B2B invoice has no buyer SIREN',
    fires: (i) => {
      delete i.buyer?.legalRegistrationId;
    },
    passes: (i) => {
      delete i.buyer?.legalRegistrationId;
      setNotes(
        i,
        (i.notes ?? []).map((n) => (n.subjectCode === 'BAR' ? { ...n, text: 'B2C' } : n)),
      );
    },
  },
  {
    id: 'BR-FR-12',
    when: 'the buyer electronic address is missing',
    fires: (i) => {
      delete i.buyer?.electronicAddress;
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-13',
    when: 'the seller electronic address is blank',
    fires: (i) => {
      if (i.seller) i.seller.electronicAddress = { id: '  ', scheme: 'EM' };
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-15',
    when: 'a line uses VAT category L',
    fires: (i) => {
      line0(i).vatCategory = 'L';
    },
    passes: (i) => {
      line0(i).vatCategory = 'AE';
    },
  },
  {
    id: 'BR-FR-15',
    when: 'the VAT breakdown uses category B',
    fires: (i) => {
      const v = i.vatBreakdown?.[0];
      if (v) v.category = 'B';
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-15',
    when: 'a CII VAT breakdown has no category code',
    syntax: 'CII',
    fires: (i) => {
      const v = i.vatBreakdown?.[0];
      if (v) delete v.category;
    },
    passes: (i) => {
      // a GROUP sub-line may have a tax element without category
      delete line0(i).vatCategory;
      line0(i).frenchCtc = { subType: 'GROUP' };
    },
  },
  {
    id: 'BR-FR-15',
    when: 'a CII DETAIL line has a VAT rate but no category code',
    syntax: 'CII',
    fires: (i) => {
      delete line0(i).vatCategory;
      line0(i).frenchCtc = { subType: 'DETAIL' };
    },
    passes: (i) => {
      delete line0(i).vatCategory;
      line0(i).frenchCtc = { subType: 'INFORMATION' };
    },
  },
  {
    id: 'BR-FR-15',
    when: 'a UBL line has no VAT category code (UBL only checks a given code)',
    syntax: 'UBL',
    fires: (i) => {
      line0(i).vatCategory = 'M';
    },
    passes: (i) => {
      delete line0(i).vatCategory;
    },
  },
  {
    id: 'BR-FR-16',
    when: 'a line VAT rate is 19',
    fires: (i) => {
      line0(i).vatRate = 19;
    },
    passes: (i) => {
      line0(i).vatRate = 5.5;
    },
  },
  {
    id: 'BR-FR-16',
    when: 'a document charge VAT rate is 7.5',
    fires: (i) => {
      i.charges = [{ amount: 10, vatCategory: 'S', vatRate: 7.5 }];
    },
    passes: (i) => {
      i.charges = [{ amount: 10, vatCategory: 'S', vatRate: 2.1 }];
    },
  },
  {
    id: 'BR-FR-17',
    when: 'an attachment is described "Facture PDF"',
    fires: (i) => {
      i.attachments = [{ id: 'A1', description: 'Facture PDF' }];
    },
    passes: (i) => {
      i.attachments = [{ id: 'A1', description: 'BON_COMMANDE' }];
    },
  },
  {
    id: 'BR-FR-18',
    when: 'two attachments are described LISIBLE',
    fires: (i) => {
      i.attachments = [{ description: 'LISIBLE' }, { description: 'LISIBLE' }];
    },
    passes: (i) => {
      i.attachments = [{ description: 'LISIBLE' }, { description: 'RIB' }];
    },
  },
  ...CASES_20_32,
  ...CASES_CO_DEC_MV,
  ...CASES_MV_BD,
];
