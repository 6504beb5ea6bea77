/**
 * The binding table itself: its element order is the UBL 2.1 XSD order (checked against the OASIS
 * schema for every group, not only for what the examples happen to use), every EN 16931 term of
 * the catalogue has a UBL place at the model path the catalogue gives, and docs/bindings-ubl.md is
 * the table's current rendering (UPDATE_DOCS=1 rewrites it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { TERMS } from '@einv/core-model';
import { expect, it } from '@jest/globals';
import { describeIfShared, REPO_ROOT, sharedPath } from '../../../tests/support/shared.js';
import type { Node, RootBinding } from './binding/types.js';
import {
  renderUblBindingDoc,
  UBL_CREDIT_NOTE_BINDING,
  UBL_INVOICE_BINDING,
  ublBindingRows,
} from './index.js';

/** complexType name → its sequence of `prefix:Name` refs, and element name → type, from an XSD text */
function readXsd(text: string, prefix: string) {
  const sequences = new Map<string, string[]>();
  for (const m of text.matchAll(/<xsd:complexType name="(\w+)">([\s\S]*?)<\/xsd:complexType>/g)) {
    sequences.set(
      m[1] ?? '',
      [...(m[2] ?? '').matchAll(/<xsd:element ref="(\w+:\w+)"/g)].map((r) => r[1] ?? ''),
    );
  }
  const types = new Map<string, string>();
  for (const m of text.matchAll(/<xsd:element name="(\w+)" type="(\w+)"\/>/g))
    types.set(`${prefix}:${m[1]}`, m[2] ?? '');
  return { sequences, types };
}

describeIfShared('UBL binding table against the OASIS UBL 2.1 XSD', () => {
  const cac = readXsd(
    fs.readFileSync(sharedPath('ubl-2.1/common/UBL-CommonAggregateComponents-2.1.xsd'), 'utf8'),
    'cac',
  );
  const problems: string[] = [];

  function checkOrder(nodes: readonly Node[], sequence: readonly string[], where: string, doc: string): void {
    let last = -1;
    for (const n of nodes) {
      if (n.only && n.only !== doc) continue;
      const i = sequence.indexOf(n.el);
      if (i < 0) problems.push(`${where}: ${n.el} is not a child of this element in the XSD`);
      else if (i < last) problems.push(`${where}: ${n.el} comes too late (XSD order)`);
      else last = i;
      if (n.kind === 'group') {
        const type = cac.types.get(n.el);
        const seq = type ? cac.sequences.get(type) : undefined;
        if (!seq) problems.push(`${where}/${n.el}: no XSD type found`);
        else checkOrder(n.children, seq, `${where}/${n.el}`, doc);
      }
    }
  }

  it.each([
    ['Invoice', UBL_INVOICE_BINDING, 'UBL-Invoice-2.1.xsd', 'InvoiceType'],
    ['CreditNote', UBL_CREDIT_NOTE_BINDING, 'UBL-CreditNote-2.1.xsd', 'CreditNoteType'],
  ] as [string, RootBinding, string, string][])(
    '%s: every element sits where the XSD sequence puts it',
    (name, binding, xsd, type) => {
      problems.length = 0;
      const main = readXsd(fs.readFileSync(sharedPath('ubl-2.1/maindoc', xsd), 'utf8'), '');
      const rootSeq = main.sequences.get(type) ?? [];
      expect(rootSeq.length).toBeGreaterThan(40);
      const lineType = name === 'Invoice' ? 'InvoiceLineType' : 'CreditNoteLineType';
      expect(cac.sequences.get(lineType)?.length).toBeGreaterThan(10);
      checkOrder(binding.children, rootSeq, name, name);
      expect(problems).toEqual([]);
    },
  );
});

it('every EN 16931 business term of the catalogue has a UBL binding at the catalogue model path', () => {
  const terms = TERMS;
  expect(terms.length).toBeGreaterThan(150);
  const rows = ublBindingRows();
  const byBt = new Map<string, Set<string>>();
  for (const r of rows) if (r.bt) byBt.set(r.bt, (byBt.get(r.bt) ?? new Set()).add(r.model));
  // BT-21 is carried inside the note text (#code#text), so it shares BT-22's UBL place
  expect([...(byBt.get('BT-21') ?? [])]).toEqual(['invoice.notes[].subjectCode']);
  const missing: string[] = [];
  for (const t of terms) {
    if (t.kind !== 'BT') continue;
    const models = byBt.get(t.id);
    const paths = [t.path, ...(t.otherPaths ?? [])];
    if (!models) missing.push(`${t.id} has no UBL binding`);
    else if (![...models].some((m) => paths.some((p) => m === p || m === `${p}.id`))) {
      missing.push(`${t.id}: binding model path ${[...models].join(', ')} ≠ catalogue ${paths.join(', ')}`);
    }
  }
  expect(missing).toEqual([]);
});

it('docs/bindings-ubl.md is the rendering of the current binding table', () => {
  const file = path.join(REPO_ROOT, 'docs/bindings-ubl.md');
  const expected = renderUblBindingDoc();
  if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(file, expected);
  expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)').toBe(expected);
});
