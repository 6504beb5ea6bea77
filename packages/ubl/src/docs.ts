/**
 * The human view of the binding table: one row per bound value (business term, UBL path, model
 * path). docs/bindings-ubl.md is generated from it (scripts/gen-ubl-binding-doc.mjs), and a test
 * fails when the committed file is stale.
 */
import { UBL_CREDIT_NOTE_BINDING, UBL_INVOICE_BINDING } from './binding/document.js';
import type { DocumentType, GroupNode, Node, RootBinding } from './binding/types.js';
import { hasConstraints, isMarker } from './engine/compile.js';

export interface BindingRow {
  bt: string;
  /** UBL path below the root, with the constants that select it: `cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID` */
  ubl: string;
  /** model path: `invoice.seller.vatNumber`, `invoice.lines[].quantity` */
  model: string;
  documents: 'both' | DocumentType;
  note: string;
}

function constraintsOf(g: GroupNode): string {
  const parts: string[] = [];
  for (const n of g.children) {
    if (n.kind === 'leaf' && n.fixed !== undefined && !n.placeholder) parts.push(`${n.el}='${n.fixed}'`);
    if (n.kind === 'group' && isMarker(n) && hasConstraints(n)) {
      const inner = constraintsOf(n);
      if (inner) parts.push(`${n.el}/${inner.slice(1, -1)}`);
    }
  }
  if (g.match && g.note) parts.push(g.note);
  if (g.fallback) parts.push('otherwise');
  return parts.length ? `[${parts.join(' and ')}]` : '';
}

function join(base: string, field: string): string {
  return field.startsWith('/') ? `invoice.${field.slice(1)}` : `${base}.${field}`;
}

function walk(
  nodes: readonly Node[],
  ubl: string,
  model: string,
  doc: DocumentType,
  out: Omit<BindingRow, 'documents'>[],
): void {
  for (const n of nodes) {
    if (n.only && n.only !== doc) continue;
    const step = ubl ? `${ubl}/${n.el}` : n.el;
    if (n.kind === 'group') {
      const here = `${step}${constraintsOf(n)}`;
      const m = n.field ? `${join(model, n.field)}${n.many ? '[]' : ''}` : model;
      if (n.field && n.bt) out.push({ bt: n.bt, ubl: here, model: m, note: n.note ?? '' });
      walk(n.children, here, m, doc, out);
      continue;
    }
    if (n.field === undefined) {
      if (n.placeholder)
        out.push({
          bt: '',
          ubl: step,
          model: `(constant '${n.fixed}')`,
          note: 'required by UBL, no EN 16931 term',
        });
      continue;
    }
    const fixedAttrs = (n.attrs ?? [])
      .filter((a) => a.fixed !== undefined)
      .map((a) => `@${a.name}='${a.fixed}'`);
    const leafPath = fixedAttrs.length ? `${step}[${fixedAttrs.join(' and ')}]` : step;
    const m = `${join(model, n.field)}${n.many ? '[]' : ''}`;
    const valueModel = n.wrap ? `${m}.${n.wrap}` : m;
    const note = [
      n.value === 'amount' ? `@currencyID = ${n.currency === 'tax' ? 'BT-6' : 'BT-5'}` : '',
      n.readOnly
        ? `read only (UBL-CR-600/601)${n.writtenInExtendedCtcFr ? '; written when the invoice declares EXTENDED-CTC-FR' : ''}`
        : '',
      n.value === 'note' ? '#BT-21#text' : '',
    ]
      .filter(Boolean)
      .join('; ');
    if (n.value === 'note') {
      out.push({
        bt: 'BT-21',
        ubl: leafPath,
        model: `${m}.subjectCode`,
        note: 'written as a #code# prefix of the note',
      });
      out.push({ bt: n.bt ?? '', ubl: leafPath, model: `${m}.text`, note: '' });
    } else out.push({ bt: n.bt ?? '', ubl: leafPath, model: valueModel, note });
    for (const a of n.attrs ?? []) {
      if (a.field === undefined) continue;
      const owner = n.wrap ? m : m.slice(0, m.lastIndexOf('.'));
      out.push({ bt: a.bt ?? '', ubl: `${leafPath}/@${a.name}`, model: `${owner}.${a.field}`, note: '' });
    }
  }
}

function rowsOf(binding: RootBinding): Omit<BindingRow, 'documents'>[] {
  const out: Omit<BindingRow, 'documents'>[] = [];
  walk(binding.children, '', 'invoice', binding.documentType, out);
  return out;
}

/** Every bound value of the UBL binding, Invoice and CreditNote merged, in document order */
export function ublBindingRows(): BindingRow[] {
  const inv = rowsOf(UBL_INVOICE_BINDING);
  const cn = rowsOf(UBL_CREDIT_NOTE_BINDING);
  const key = (r: Omit<BindingRow, 'documents'>) =>
    `${r.bt}|${r.ubl.replace('CreditNoteLine', 'InvoiceLine').replace('CreditedQuantity', 'InvoicedQuantity')}|${r.model}`;
  const cnKeys = new Set(cn.map(key));
  const invKeys = new Set(inv.map(key));
  const rows: BindingRow[] = inv.map((r) => ({ ...r, documents: cnKeys.has(key(r)) ? 'both' : 'Invoice' }));
  for (const r of cn) if (!invKeys.has(key(r))) rows.push({ ...r, documents: 'CreditNote' });
  return rows;
}

/** docs/bindings-ubl.md */
export function renderUblBindingDoc(): string {
  const lines = [
    '# UBL 2.1 binding (generated)',
    '',
    'Generated from the binding table in `packages/ubl/src/binding/` (`UPDATE_DOCS=1` + jest `packages/ubl/src/binding.test.ts`);',
    'do not edit by hand (a test fails when this file is stale). One row per value: the business term, where it',
    'lives below the `Invoice` / `CreditNote` root (CreditNote lines are `cac:CreditNoteLine` with',
    '`cbc:CreditedQuantity`), and where it lives in the einv model. `[...]` are the constants that select the',
    'binding; `otherwise` marks the element that takes what the other alternatives did not.',
    '',
    'Behaviour worth knowing (decisions 0030–0032):',
    "- **Reading** never throws and invents nothing: absent stays absent, an empty element is `''`, repeated",
    '  elements are arrays. Invalid decimals → `UBL-READ-NUMBER` (fatal, with xpath and line; the value is left',
    '  out, its attributes such as the unit code are kept); dates not `YYYY-MM-DD` → `UBL-READ-DATE` (kept as',
    '  written); a second value of a single term → `UBL-READ-REPEATED` (first kept); an element whose constants',
    '  match no binding (ChargeIndicator not true/false/1/0, TaxCategory without TaxScheme VAT at document level)',
    '  → `UBL-READ-UNBOUND`; content outside EN 16931 → `UBL-READ-UNKNOWN` (information); an amount in another',
    '  currency than expected → `UBL-READ-CURRENCY`. Several TaxTotals in the invoice currency set',
    '  `totals.vatTotalCount`. Every value read has a source location (`locations`: model path → xpath, line).',
    '- **Writing** follows the UBL 2.1 XSD order, writes a CreditNote for the credit-note type codes, puts',
    '  `currencyID` on every amount (at least two decimals), writes one `cac:PaymentMeans` per credit transfer, and',
    '  warns (`UBL-WRITE-MISSING`) instead of inventing a value the schema requires. Line VAT exemption reasons are',
    '  not written (UBL-CR-600/601).',
    '',
    '| BT | UBL | model | documents | note |',
    '|---|---|---|---|---|',
  ];
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  for (const r of ublBindingRows()) {
    lines.push(
      `| ${r.bt || '—'} | \`${esc(r.ubl)}\` | \`${esc(r.model)}\` | ${r.documents} | ${esc(r.note)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
