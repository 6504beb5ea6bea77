/**
 * readUbl: UBL 2.1 Invoice / CreditNote → the einv Invoice model. Never throws: input that is not
 * well-formed XML or not a UBL invoice gives a fatal diagnostic and an empty invoice. Only what the
 * document says is read (no defaults); what the binding does not know is listed in diagnostics.
 */
import {
  declaresExtendedCtcFr,
  EXTENDED_CTC_FR,
  type Finding,
  type Invoice,
  LexicalForms,
  type LocationTable,
  NO_SOURCE_FACTS,
  type SourceFacts,
  type SourceLocations,
  withLocations,
} from '@einv/core-model';
import { child, type ParseOptions, parseXml, textOf, type XmlElement } from '@einv/xml';
import { UBL_CREDIT_NOTE_BINDING, UBL_INVOICE_BINDING } from './binding/document.js';
import { NS } from './binding/namespaces.js';
import { taxTotalCurrency } from './binding/tax.js';
import type { DocumentType } from './binding/types.js';
import { ModelLocations, ROOT_BASE } from './engine/locations.js';
import { isObject, type ModelObject } from './engine/paths.js';
import { type ReadState, readChildren, report } from './engine/read.js';
import { planOf } from './engine/read-plan.js';
import { readUblPaymentSchedule } from './payment-schedule.js';
import { ublSourceFacts } from './source-facts.js';

export interface ReadUblResult {
  invoice: Invoice;
  documentType: DocumentType;
  diagnostics: Finding[];
  /**
   * model path → where it was read in the XML (built when first read from `locationTable`, which
   * internal callers pass on instead: decision 0142)
   */
  locations: SourceLocations;
  readonly locationTable?: LocationTable;
  /** What the XML holds that the model cannot, for the rules that judge XML nodes (pass it to validate) */
  source: SourceFacts;
  /** EXTENDED-CTC-FR when BT-24 (cbc:CustomizationID) declares it (decision 0078) */
  documentProfile?: typeof EXTENDED_CTC_FR;
}

export function readUbl(xml: string | Uint8Array, opts: ParseOptions = {}): ReadUblResult {
  const parsed = parseXml(xml, opts);
  if (!parsed.ok) {
    const f: Finding = {
      rule: 'UBL-READ-XML',
      severity: 'fatal',
      path: 'invoice',
      message: `The document is not well-formed XML (${parsed.error.code}): ${parsed.error.message}`,
    };
    if (parsed.error.line !== undefined) f.line = parsed.error.line;
    return { invoice: {}, documentType: 'Invoice', diagnostics: [f], locations: {}, source: NO_SOURCE_FACTS };
  }
  return readUblElement(parsed.root);
}

/** Reads an already parsed document (readAndCheckUbl parses once for the reader and the check) */
export function readUblElement(root: XmlElement): ReadUblResult {
  const diagnostics: Finding[] = [];
  // model path → the element read (XPaths named on demand, decision 0142); a later place of the same path replaces it
  const locations = new ModelLocations();
  try {
    return readDocument(root, diagnostics, locations);
  } catch (e) {
    // Defensive: a bug in the reader must still come back as a finding, never as an exception.
    diagnostics.push({
      rule: 'UBL-READ-INTERNAL',
      severity: 'fatal',
      path: 'invoice',
      message: `The UBL reader failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`,
    });
    return withLocations(
      { invoice: {}, documentType: 'Invoice', diagnostics, locations: {}, source: NO_SOURCE_FACTS },
      locations,
    );
  }
}

function readDocument(root: XmlElement, diagnostics: Finding[], locations: ModelLocations): ReadUblResult {
  const binding =
    root.local === 'Invoice' && root.ns === NS.Invoice
      ? UBL_INVOICE_BINDING
      : root.local === 'CreditNote' && root.ns === NS.CreditNote
        ? UBL_CREDIT_NOTE_BINDING
        : undefined;
  if (!binding) {
    diagnostics.push({
      rule: 'UBL-READ-ROOT',
      severity: 'fatal',
      path: 'invoice',
      xpath: `/${root.name}`,
      line: root.line,
      message: `The root element is ${root.local} in namespace '${root.ns}'; a UBL 2.1 Invoice (${NS.Invoice}) or CreditNote (${NS.CreditNote}) was expected.`,
      value: root.name,
    });
    return {
      invoice: {},
      documentType: root.local === 'CreditNote' ? 'CreditNote' : 'Invoice',
      diagnostics,
      locations: {},
      source: NO_SOURCE_FACTS,
    };
  }
  const invoice: ModelObject = {};
  const state: ReadState = {
    scope: {
      documentType: binding.documentType,
      documentCurrency: textOf(child(root, 'DocumentCurrencyCode', NS.cbc)),
      taxCurrency: textOf(child(root, 'TaxCurrencyCode', NS.cbc)),
    },
    root: invoice,
    diagnostics,
    locations,
    lexical: new LexicalForms(),
  };
  readChildren(root, planOf(binding.children), invoice, ROOT_BASE, state);
  afterRead(root.children, invoice, state);
  readUblPaymentSchedule(root, invoice, diagnostics);
  const declared =
    typeof invoice.specificationIdentifier === 'string' ? invoice.specificationIdentifier : undefined;
  return withLocations(
    {
      invoice: invoice as Invoice,
      documentType: binding.documentType,
      diagnostics,
      locations: {},
      source: ublSourceFacts(root, diagnostics, state.lexical),
      ...(declaresExtendedCtcFr(declared) ? { documentProfile: EXTENDED_CTC_FR } : {}),
    },
    locations,
  );
}

/**
 * What a single pass cannot see: BT-111 when the VAT accounting currency equals the invoice
 * currency (one cac:TaxTotal is then both), and how many TaxTotals claim BT-110 (BR-CO-15).
 */
function afterRead(children: readonly XmlElement[], invoice: ModelObject, state: ReadState): void {
  const { documentCurrency, taxCurrency } = state.scope;
  const totals = invoice.totals;
  if (isObject(totals)) {
    if (
      taxCurrency !== undefined &&
      taxCurrency === documentCurrency &&
      totals.vatTotal !== undefined &&
      totals.vatTotalInTaxCurrency === undefined
    ) {
      totals.vatTotalInTaxCurrency = totals.vatTotal;
      state.locations.copy('invoice.totals.vatTotal', 'invoice.totals.vatTotalInTaxCurrency');
    }
  }
  if (documentCurrency === undefined) return;
  let count = 0;
  // an indexed loop: this runs once per document, as cold code, where `for…of` made an iterator
  // result object per root child (decision 0248)
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (c.local === 'TaxTotal' && c.ns === NS.cac && taxTotalCurrency(c) === documentCurrency) count++;
  }
  if (count > 1) {
    const t: ModelObject = isObject(invoice.totals) ? invoice.totals : {};
    t.vatTotalCount = count;
    invoice.totals = t;
    const reported = state.diagnostics.some((d) => d.rule === 'UBL-READ-REPEATED' && d.bt === 'BT-110');
    if (!reported)
      report(
        state,
        'UBL-READ-REPEATED',
        'warning',
        'invoice.totals.vatTotal',
        undefined,
        undefined,
        `${count} cac:TaxTotal elements carry an amount in the invoice currency ${documentCurrency}; EN 16931 has one Invoice total VAT amount (BT-110).`,
        'BT-110',
        count,
      );
  }
}
