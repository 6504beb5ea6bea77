/**
 * writeUbl: the einv Invoice model → UBL 2.1 Invoice, or CreditNote for the credit-note type codes.
 * Element order follows the UBL 2.1 XSD (the binding table is in that order); amounts carry
 * currencyID; values are written as given (amounts with at least 2 decimals). Nothing is invented:
 * a value the schema requires but the model lacks is a warning.
 */
import { declaresExtendedCtcFr, type Finding, type Invoice } from '@einv/core-model';
import { CREDIT_NOTE_TYPE_CODES, UBL_CREDIT_NOTE_BINDING, UBL_INVOICE_BINDING } from './binding/document.js';
import { NS } from './binding/namespaces.js';
import type { DocumentType } from './binding/types.js';
import type { ModelObject } from './engine/paths.js';
import { type WriteState, writeNodes } from './engine/write.js';
import { prepareUblPaymentSchedule } from './payment-schedule.js';

/** BT-24 written when the invoice does not name a specification */
export const DEFAULT_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

export interface WriteUblResult {
  xml: string;
  warnings: Finding[];
}

/** Invoice or CreditNote, decided by BT-3 */
export function ublDocumentType(typeCode: unknown): DocumentType {
  return typeof typeCode === 'string' && CREDIT_NOTE_TYPE_CODES.has(typeCode.trim())
    ? 'CreditNote'
    : 'Invoice';
}

/** A code the model should hold as a string; anything else counts as absent */
function code(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() || undefined : undefined;
}

export function writeUbl(invoice: Invoice): WriteUblResult {
  try {
    return writeDocument(invoice);
  } catch (e) {
    // Defensive: a bug (or a value of a type the model does not allow) must come back as a finding
    const message = `The UBL writer failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`;
    return {
      xml: '',
      warnings: [{ rule: 'UBL-WRITE-INTERNAL', severity: 'fatal', path: 'invoice', message }],
    };
  }
}

function writeDocument(invoice: Invoice): WriteUblResult {
  const documentType = ublDocumentType(invoice.typeCode);
  const binding = documentType === 'CreditNote' ? UBL_CREDIT_NOTE_BINDING : UBL_INVOICE_BINDING;
  const root: ModelObject = { ...invoice };
  if (invoice.specificationIdentifier === undefined) root.specificationIdentifier = DEFAULT_CUSTOMIZATION_ID;
  const warnings: Finding[] = [];
  prepareUblPaymentSchedule(invoice, root, warnings);
  const state: WriteState = {
    root,
    documentType,
    currency: code(invoice.currency),
    taxCurrency: code(invoice.taxCurrency),
    extendedCtcFr: declaresExtendedCtcFr(invoice.specificationIdentifier),
    warnings,
    out: [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      `<${documentType} xmlns="${NS[documentType]}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`,
    ],
  };
  writeNodes(binding.children, root, 'invoice', state);
  warnUnwrittenLineTotals(invoice, state.warnings);
  warnUnwrittenExtendedDetails(invoice, state.warnings);
  state.out.push(`</${documentType}>\n`);
  const xml = state.out.join('');
  return { xml, warnings: state.warnings };
}

/**
 * EXT-FR-FE-184 (the line total with VAT of a French multi-vendor GROUP line) has no UBL 2.1
 * element (TaxInclusiveLineExtensionAmount is UBL 2.3): said, not dropped silently.
 */
function warnUnwrittenLineTotals(invoice: Invoice, warnings: Finding[]): void {
  (invoice.lines ?? []).forEach((line, i) => {
    const value = line.frenchCtc?.totalWithVat;
    if (value === undefined) return;
    warnings.push({
      rule: 'UBL-WRITE-SKIPPED',
      severity: 'warning',
      path: `invoice.lines[${i}].frenchCtc.totalWithVat`,
      message:
        'EXT-FR-FE-184 (line total with VAT) has no UBL 2.1 element and is not written (BR-FR-MV-10 reads it in CII only).',
      bt: 'EXT-FR-FE-184',
      value,
    });
  });
}

/**
 * The CII EXTENDED details the model keeps beside an EN 16931 term (decision 0126) have no UBL 2.1
 * place in the EN 16931 binding: said, not dropped silently
 */
function warnUnwrittenExtendedDetails(invoice: Invoice, warnings: Finding[]): void {
  const skipped = (path: string, bt: string, what: string, value: unknown) => {
    if (typeof value !== 'string') return;
    warnings.push({
      rule: 'UBL-WRITE-SKIPPED',
      severity: 'warning',
      path,
      bt,
      message: `${what} (a CII EXTENDED detail beside ${bt}) has no place in UBL and is not written.`,
      value,
    });
  };
  skipped(
    'invoice.seller.contact.department',
    'BT-41',
    'The seller contact department',
    invoice.seller?.contact?.department,
  );
  skipped(
    'invoice.buyer.contact.department',
    'BT-56',
    'The buyer contact department',
    invoice.buyer?.contact?.department,
  );
  const transfers = invoice.paymentMeans?.creditTransfers;
  for (const [i, t] of (Array.isArray(transfers) ? transfers : []).entries())
    skipped(
      `invoice.paymentMeans.creditTransfers[${i}].proprietaryId`,
      'BT-84',
      'The proprietary account id',
      t?.proprietaryId,
    );
  for (const [i, line] of (invoice.lines ?? []).entries())
    skipped(
      `invoice.lines[${i}].noteSubjectCode`,
      'BT-127',
      'The line note subject code',
      line?.noteSubjectCode,
    );
}
