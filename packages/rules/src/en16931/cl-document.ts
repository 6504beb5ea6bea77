/** BR-CL rules on document-level codes: type, currencies, dates, references, notes, payment, VAT, attachments. */
import {
  ISO_4217,
  isCode,
  MIME_CODES,
  UNTDID_1001,
  UNTDID_1001_UBL_CREDIT_NOTE,
  UNTDID_1001_UBL_INVOICE,
  UNTDID_1153,
  UNTDID_4451_CII,
  UNTDID_4451_UBL,
  UNTDID_4461,
  VAT_POINT_DATE_CODE_CII,
  VAT_POINT_DATE_CODE_UBL,
  VATEX,
} from '../code-lists/index.js';
import type { RuleDefinition } from '../define.js';
import { Collector, codeListRule } from './cl-common.js';

const single = (path: string, value: string | undefined) => new Collector().add(path, value).out;

export const documentCodeListRules: RuleDefinition[] = [
  codeListRule({
    id: 'BR-CL-01',
    terms: ['BT-3'],
    listName: 'UNTDID 1001 (invoice and credit note subsets)',
    what: { en: 'the invoice type code (BT-3)', fr: 'le code de type de facture (BT-3)' },
    // UBL has one list for cbc:InvoiceTypeCode and one for cbc:CreditNoteTypeCode (the source node's
    // tag). The model does not say which root a document had: without source facts the union of both
    // subsets, which is the CII list, applies (decision 0060).
    list: (_context, tag) =>
      tag === 'InvoiceTypeCode'
        ? UNTDID_1001_UBL_INVOICE
        : tag === 'CreditNoteTypeCode'
          ? UNTDID_1001_UBL_CREDIT_NOTE
          : UNTDID_1001,
    values: (invoice) => single('invoice.typeCode', invoice.typeCode),
  }),
  codeListRule({
    id: 'BR-CL-03',
    terms: ['BT-5', 'BT-6'],
    listName: 'ISO 4217',
    what: { en: 'the currency of an amount (its currencyID)', fr: 'la devise d’un montant (son currencyID)' },
    list: () => ISO_4217,
    // In the XML each amount carries its own currencyID: the reader collects them (source facts)
    // and they are judged here. A JSON invoice keeps one currency per document (BT-5, and BT-6 for
    // BT-111), checked by BR-CL-04 and BR-CL-05: checking them again here would report one wrong
    // code twice (decision 0060), so without source facts this rule has nothing to judge.
    values: () => [],
  }),
  codeListRule({
    id: 'BR-CL-04',
    terms: ['BT-5'],
    listName: 'ISO 4217',
    what: { en: 'the invoice currency code (BT-5)', fr: 'le code devise de la facture (BT-5)' },
    list: () => ISO_4217,
    values: (invoice) => single('invoice.currency', invoice.currency),
  }),
  codeListRule({
    id: 'BR-CL-05',
    terms: ['BT-6'],
    listName: 'ISO 4217',
    what: {
      en: 'the VAT accounting currency code (BT-6)',
      fr: 'le code devise de comptabilisation de la TVA (BT-6)',
    },
    list: () => ISO_4217,
    values: (invoice) => single('invoice.taxCurrency', invoice.taxCurrency),
  }),
  codeListRule({
    id: 'BR-CL-06',
    terms: ['BT-8'],
    listName: 'UNTDID 2005 / 2475 (subset)',
    what: { en: 'the VAT point date code (BT-8)', fr: 'le code de date d’exigibilité de la TVA (BT-8)' },
    // CII spells BT-8 with UNTDID 2475 (5, 29, 72), UBL with UNTDID 2005 (3, 35, 432); a JSON
    // invoice may use either spelling.
    list: (context) =>
      context.syntax === 'UBL'
        ? VAT_POINT_DATE_CODE_UBL
        : context.syntax === 'CII'
          ? VAT_POINT_DATE_CODE_CII
          : new Set([...VAT_POINT_DATE_CODE_CII, ...VAT_POINT_DATE_CODE_UBL]),
    values: (invoice) => single('invoice.taxPointDateCode', invoice.taxPointDateCode),
  }),
  codeListRule({
    id: 'BR-CL-07',
    terms: ['BT-18-1', 'BT-128-1'],
    listName: 'UNTDID 1153',
    what: {
      en: 'the scheme of an object identifier (BT-18-1, BT-128-1)',
      fr: 'le schéma d’un identifiant d’objet (BT-18-1, BT-128-1)',
    },
    list: () => UNTDID_1153,
    values: (invoice) => {
      const c = new Collector().add(
        'invoice.invoicedObjectIdentifier.scheme',
        invoice.invoicedObjectIdentifier?.scheme,
      );
      (invoice.lines ?? []).forEach((line, i) => {
        c.add(`invoice.lines[${i}].objectIdentifier.scheme`, line.objectIdentifier?.scheme);
      });
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-08',
    terms: ['BT-21'],
    listName: 'UNTDID 4451',
    what: { en: 'the invoice note subject code (BT-21)', fr: 'le code sujet de la note (BT-21)' },
    list: (context) => (context.syntax === 'UBL' ? UNTDID_4451_UBL : UNTDID_4451_CII),
    values: (invoice) => {
      const c = new Collector();
      (invoice.notes ?? []).forEach((note, i) => {
        c.add(`invoice.notes[${i}].subjectCode`, note.subjectCode);
      });
      return c.out;
    },
    // UBL carries the code inside the note text (#AAI#…) and only judges three-letter codes.
    accepts: (list, value, context) =>
      context.syntax === 'UBL'
        ? value.length !== 3 || list.has(value)
        : list.has(value.trim()) && !/\s/.test(value.trim()),
  }),
  codeListRule({
    id: 'BR-CL-16',
    terms: ['BT-81'],
    listName: 'UNTDID 4461',
    what: { en: 'the payment means type code (BT-81)', fr: 'le code du moyen de paiement (BT-81)' },
    list: () => UNTDID_4461,
    values: (invoice) => single('invoice.paymentMeans.typeCode', invoice.paymentMeans?.typeCode),
  }),
  codeListRule({
    id: 'BR-CL-22',
    terms: ['BT-121'],
    listName: 'VATEX',
    what: {
      en: 'the VAT exemption reason code (BT-121)',
      fr: 'le code de motif d’exonération de TVA (BT-121)',
    },
    list: () => VATEX,
    // The official test upper-cases the value before looking it up.
    accepts: (list, value) => isCode(list, value.toUpperCase()),
    values: (invoice) => {
      const c = new Collector();
      (invoice.vatBreakdown ?? []).forEach((entry, i) => {
        c.add(`invoice.vatBreakdown[${i}].exemptionReasonCode`, entry.exemptionReasonCode);
      });
      return c.out;
    },
  }),
  codeListRule({
    id: 'BR-CL-24',
    terms: ['BT-125-1'],
    listName: 'MIME (EN 16931 subset)',
    what: {
      en: 'the MIME code of an attached document (BT-125-1)',
      fr: 'le code MIME d’un document joint (BT-125-1)',
    },
    list: () => MIME_CODES,
    values: (invoice) => {
      const c = new Collector();
      (invoice.attachments ?? []).forEach((a, i) => {
        c.add(`invoice.attachments[${i}].mimeCode`, a.mimeCode);
      });
      return c.out;
    },
    // The official test compares the attribute as is (no whitespace normalisation).
    accepts: (list, value) => list.has(value),
  }),
];
