/** BR-CL rules on line, allowance/charge and VAT category codes. */
import type { AllowanceCharge, Invoice } from '@einv/core-model';
import {
  ISO_3166_CII,
  ISO_3166_UBL,
  ISO_6523_ICD,
  UNECE_REC_20_21,
  UNTDID_5189,
  UNTDID_5305,
  UNTDID_7143,
  UNTDID_7161,
} from '../code-lists/index.js';
import type { RuleDefinition } from '../define.js';
import { Collector, codeListRule } from './cl-common.js';

function eachLine(invoice: Invoice, add: (c: Collector, i: number) => void): Collector {
  const c = new Collector();
  (invoice.lines ?? []).forEach((_, i) => {
    add(c, i);
  });
  return c;
}

function reasonCodes(c: Collector, base: string, list: AllowanceCharge[] | undefined): void {
  (list ?? []).forEach((ac, i) => {
    c.add(() => `${base}[${i}].reasonCode`, ac.reasonCode);
  });
}

function categories(c: Collector, base: string, list: Array<{ vatCategory?: string }> | undefined): void {
  (list ?? []).forEach((node, i) => {
    c.add(() => `${base}[${i}].vatCategory`, node.vatCategory);
  });
}

function breakdownCategories(c: Collector, invoice: Invoice): void {
  (invoice.vatBreakdown ?? []).forEach((entry, i) => {
    c.add(() => `invoice.vatBreakdown[${i}].category`, entry.category);
  });
}

export const lineCodeListRules: RuleDefinition[] = [
  codeListRule({
    id: 'BR-CL-13',
    terms: ['BT-158-1'],
    listName: 'UNTDID 7143',
    what: {
      en: 'the scheme of an item classification (BT-158-1)',
      fr: 'le schéma d’une classification d’article (BT-158-1)',
    },
    list: () => UNTDID_7143,
    values: (invoice) =>
      eachLine(invoice, (c, i) => {
        (invoice.lines?.[i]?.classifications ?? []).forEach((cl, j) => {
          c.add(() => `invoice.lines[${i}].classifications[${j}].scheme`, cl.scheme);
        });
      }).out,
  }),
  codeListRule({
    id: 'BR-CL-15',
    terms: ['BT-159'],
    listName: 'ISO 3166-1 alpha-2',
    what: { en: 'the item country of origin (BT-159)', fr: 'le pays d’origine de l’article (BT-159)' },
    list: (context) => (context.syntax === 'UBL' ? ISO_3166_UBL : ISO_3166_CII),
    values: (invoice) =>
      eachLine(invoice, (c, i) => {
        c.add(() => `invoice.lines[${i}].originCountry`, invoice.lines?.[i]?.originCountry);
      }).out,
  }),
  codeListRule({
    id: 'BR-CL-17',
    terms: ['BT-95', 'BT-102'],
    listName: 'UNTDID 5305 (EN 16931 subset)',
    what: {
      en: 'a VAT category code of an allowance or charge',
      fr: 'un code de catégorie de TVA de remise ou de frais',
    },
    list: () => UNTDID_5305,
    // In UBL the VAT breakdown's category is also a cac:TaxCategory (this rule); in CII it is an
    // ApplicableTradeTax (BR-CL-18).
    values: (invoice, context) => {
      const c = new Collector();
      categories(c, 'invoice.allowances', invoice.allowances);
      categories(c, 'invoice.charges', invoice.charges);
      if (context.syntax === 'UBL') breakdownCategories(c, invoice);
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-18',
    terms: ['BT-151', 'BT-118'],
    listName: 'UNTDID 5305 (EN 16931 subset)',
    what: {
      en: 'a VAT category code of a line or of the VAT breakdown',
      fr: 'un code de catégorie de TVA de ligne ou de ventilation',
    },
    list: () => UNTDID_5305,
    values: (invoice, context) => {
      const c = new Collector();
      categories(c, 'invoice.lines', invoice.lines);
      if (context.syntax !== 'UBL') breakdownCategories(c, invoice);
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-19',
    terms: ['BT-98', 'BT-140'],
    listName: 'UNTDID 5189',
    what: {
      en: 'an allowance reason code (BT-98, BT-140)',
      fr: 'un code de motif de remise (BT-98, BT-140)',
    },
    list: () => UNTDID_5189,
    values: (invoice) => {
      const c = new Collector();
      reasonCodes(c, 'invoice.allowances', invoice.allowances);
      (invoice.lines ?? []).forEach((line, i) => {
        reasonCodes(c, `invoice.lines[${i}].allowances`, line.allowances);
      });
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-20',
    terms: ['BT-105', 'BT-145'],
    listName: 'UNTDID 7161',
    what: { en: 'a charge reason code (BT-105, BT-145)', fr: 'un code de motif de frais (BT-105, BT-145)' },
    list: () => UNTDID_7161,
    values: (invoice) => {
      const c = new Collector();
      reasonCodes(c, 'invoice.charges', invoice.charges);
      (invoice.lines ?? []).forEach((line, i) => {
        reasonCodes(c, `invoice.lines[${i}].charges`, line.charges);
      });
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-21',
    terms: ['BT-157-1'],
    listName: 'ISO 6523 ICD',
    what: {
      en: 'the scheme of an item standard identifier (BT-157-1)',
      fr: 'le schéma de l’identifiant normalisé d’article (BT-157-1)',
    },
    list: () => ISO_6523_ICD,
    values: (invoice) =>
      eachLine(invoice, (c, i) => {
        c.add(() => `invoice.lines[${i}].standardItemId.scheme`, invoice.lines?.[i]?.standardItemId?.scheme);
      }).out,
  }),
  codeListRule({
    id: 'BR-CL-23',
    terms: ['BT-130', 'BT-150'],
    listName: 'UN/ECE Recommendation 20 and 21',
    what: { en: 'a unit of measure code (BT-130, BT-150)', fr: 'un code d’unité de mesure (BT-130, BT-150)' },
    list: () => UNECE_REC_20_21,
    values: (invoice) =>
      eachLine(invoice, (c, i) => {
        c.add(() => `invoice.lines[${i}].unitCode`, invoice.lines?.[i]?.unitCode);
        c.add(() => `invoice.lines[${i}].baseQuantityUnitCode`, invoice.lines?.[i]?.baseQuantityUnitCode);
      }).out,
  }),
];
