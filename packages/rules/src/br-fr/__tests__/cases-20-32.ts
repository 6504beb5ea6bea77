/** BR-FR-20 … BR-FR-32 cases (see cases.ts) */
import type { ItemAttribute } from '@einv/core-model';
import { type Case, line0, setNotes } from './invoice-kit.js';

export const CASES_20_32: Case[] = [
  {
    id: 'BR-FR-20',
    when: 'the BAR note says B2G',
    fires: (i) => {
      i.notes?.push({ subjectCode: 'BAR', text: 'B2G' });
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-20',
    when: 'a UBL BAR note says B2G',
    syntax: 'UBL',
    fires: (i) => {
      setNotes(i, [...(i.notes ?? []).filter((n) => n.subjectCode !== 'BAR'), { text: '#BAR#B2G' }]);
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-21',
    when: 'the buyer electronic address of a B2B invoice is another SIREN',
    fires: (i) => {
      if (i.buyer) i.buyer.electronicAddress = { id: '300000007', scheme: '0225' };
    },
    passes: (i) => {
      if (i.buyer) i.buyer.electronicAddress = { id: '200000008_ACHATS', scheme: '0225' };
    },
  },
  {
    id: 'BR-FR-21',
    when: 'the buyer electronic address of a B2B invoice is an e-mail',
    fires: (i) => {
      if (i.buyer) i.buyer.electronicAddress = { id: 'achats@acheteur.fr', scheme: 'EM' };
    },
    passes: (i) => {
      i.typeCode = '389';
      if (i.buyer) i.buyer.electronicAddress = { id: 'achats@acheteur.fr', scheme: 'EM' };
    },
  },
  {
    id: 'BR-FR-22',
    when: 'a self-billed B2B invoice has a seller e-mail address',
    fires: (i) => {
      i.typeCode = '389';
      if (i.seller) i.seller.electronicAddress = { id: 'v@vendeur.fr', scheme: 'EM' };
    },
    passes: (i) => {
      i.typeCode = '389';
    },
  },
  {
    id: 'BR-FR-23',
    when: 'a 0225 address contains a slash',
    fires: (i) => {
      if (i.seller) i.seller.electronicAddress = { id: '100000009/COMPTA', scheme: '0225' };
    },
    passes: (i) => {
      if (i.seller) i.seller.electronicAddress = { id: '100000009_COMPTA.FR', scheme: '0225' };
    },
  },
  {
    id: 'BR-FR-24',
    when: 'a routing code contains a space',
    fires: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: 'SERVICE COMPTA', scheme: '0224' }];
    },
    passes: (i) => {
      if (i.seller) i.seller.identifiers = [{ id: 'SERVICE_COMPTA', scheme: '0224' }];
    },
  },
  {
    id: 'BR-FR-25',
    when: 'an electronic address has 126 characters',
    fires: (i) => {
      if (i.seller) i.seller.electronicAddress = { id: 'a'.repeat(126), scheme: 'EM' };
    },
    passes: (i) => {
      if (i.seller) i.seller.electronicAddress = { id: 'a'.repeat(125), scheme: 'EM' };
    },
  },
  {
    id: 'BR-FR-26',
    when: 'a routing code has 101 characters',
    fires: (i) => {
      if (i.buyer) i.buyer.identifiers = [{ id: 'R'.repeat(101), scheme: '0224' }];
    },
    passes: (i) => {
      if (i.buyer) i.buyer.identifiers = [{ id: 'R'.repeat(100), scheme: '0224' }];
    },
  },
  {
    id: 'BR-FR-27',
    when: 'an item attribute has a blank name',
    fires: (i) => {
      line0(i).attributes = [{ name: ' ', value: 'rouge' }];
    },
    passes: (i) => {
      line0(i).attributes = [{ name: 'Couleur', value: 'rouge' }];
    },
  },
  {
    id: 'BR-FR-27',
    when: 'a UBL item attribute has a blank name (the official UBL rule never reads it)',
    syntax: 'UBL',
    fires: () => {
      throw new Error('skip');
    },
    passes: (i) => {
      line0(i).attributes = [{ name: ' ', value: 'rouge' }];
    },
  },
  {
    id: 'BR-FR-28',
    when: 'an item attribute has no value',
    fires: (i) => {
      line0(i).attributes = [{ name: 'Couleur' } as ItemAttribute];
    },
    passes: (i) => {
      line0(i).attributes = [{ name: 'Couleur', value: '' }];
    },
  },
  {
    id: 'BR-FR-29',
    when: 'the AFL invoiced object identifier is empty',
    fires: (i) => {
      i.invoicedObjectIdentifier = { id: ' ', scheme: 'AFL' };
    },
    passes: (i) => {
      i.invoicedObjectIdentifier = { id: 'F1', scheme: 'AFL' };
    },
  },
  {
    id: 'BR-FR-30',
    when: 'a line AVV object identifier is empty',
    fires: (i) => {
      line0(i).objectIdentifier = { id: '', scheme: 'AVV' };
    },
    passes: (i) => {
      line0(i).objectIdentifier = { id: 'X', scheme: 'AVV' };
    },
  },
  {
    id: 'BR-FR-30',
    when: 'a CII line AVV identifier is empty (the official CII rule never reads it)',
    syntax: 'CII',
    fires: () => {
      throw new Error('skip');
    },
    passes: (i) => {
      line0(i).objectIdentifier = { id: '', scheme: 'AVV' };
    },
  },
  {
    id: 'BR-FR-31',
    when: 'two BAR notes are given',
    fires: (i) => {
      i.notes?.push({ subjectCode: 'BAR', text: 'B2C' });
    },
    passes: (i) => {
      i.notes?.push({ subjectCode: 'BAR', text: 'B2X' });
    },
  },
  {
    id: 'BR-FR-31',
    when: 'a UBL invoice has two #BAR# values',
    syntax: 'UBL',
    fires: (i) => {
      i.notes?.push({ text: '#BAR#B2C' });
    },
    passes: () => {},
  },
  {
    id: 'BR-FR-32',
    when: 'a buyer identifier with scheme 0002 has 8 digits',
    fires: (i) => {
      if (i.buyer) i.buyer.identifiers = [{ id: '12345678', scheme: '0002' }];
    },
    passes: (i) => {
      if (i.buyer) i.buyer.identifiers = [{ id: '123456789', scheme: '0002' }];
    },
  },
];
