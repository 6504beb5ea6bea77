/**
 * Several payment terms in UBL (decision 0127), as the CII EXTENDED schedule (decision 0089): one
 * cac:PaymentTerms per entry, with its amount (cbc:Amount) and due date (cbc:PaymentDueDate).
 * What the official sets say of that form: the EXTENDED-CTC-FR UBL set warns (UBL-CR-459,
 * UBL-CR-463) and forbids a second payment terms text (UBL-SR-05, fatal); BR-FR 1.4.0.04 reads
 * due dates only at cbc:DueDate and cac:PaymentMeans/cbc:PaymentDueDate. So:
 * - write (EXTENDED-CTC-FR only): the schedule, the text on the first element alone; the later
 *   texts are said, not written; BT-9 stays cbc:DueDate;
 * - read: when there is more than one payment terms element or an amount or due date in one,
 *   `invoice.paymentSchedule` lists them all; the reader's "not part of the binding" findings
 *   about those amounts and dates are then void and dropped.
 */
import {
  declaresExtendedCtcFr,
  type Finding,
  type Invoice,
  type PaymentScheduleEntry,
  packedMap,
} from '@einv/core-model';
import { textOf, type XmlElement } from '@einv/xml';
import { NS } from './binding/namespaces.js';
import { UBL_SCHEDULE_FIELD } from './binding/payment.js';
import type { ModelObject } from './engine/paths.js';

const childNamed = (el: XmlElement, ns: string | undefined, local: string): XmlElement | undefined =>
  el.children.find((c) => c.ns === ns && c.local === local);

/** The schedule's amounts and due dates: what the EN 16931 binding does not read */
const SCHEDULE_ELEMENT = /\/cac:PaymentTerms(\[\d+\])?\/cbc:(Amount|PaymentDueDate)$/;

/** Reads `invoice.paymentSchedule` from the payment terms elements when they make a schedule */
export function readUblPaymentSchedule(root: XmlElement, invoice: ModelObject, diagnostics: Finding[]): void {
  const terms: XmlElement[] = [];
  // an indexed loop: once per document, as cold code, where `for…of` made an object per root child
  const children = root.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (c.local === 'PaymentTerms' && c.ns === NS.cac) terms.push(c);
  }
  if (terms.length === 0) return;
  const parts = terms.map((t) => ({
    note: childNamed(t, NS.cbc, 'Note'),
    amount: childNamed(t, NS.cbc, 'Amount'),
    due: childNamed(t, NS.cbc, 'PaymentDueDate'),
  }));
  if (terms.length < 2 && parts.every((p) => !p.amount && !p.due)) return;
  // packed in every tier (decision 0269): the rules read invoice.paymentSchedule later
  invoice.paymentSchedule = packedMap(parts, (p) => {
    const entry: PaymentScheduleEntry = {};
    const description = p.note ? textOf(p.note) : undefined;
    if (description !== undefined) entry.description = description;
    const due = p.due ? textOf(p.due)?.trim() : undefined;
    if (due) entry.dueDate = due;
    const amount = p.amount ? Number(textOf(p.amount)?.trim()) : Number.NaN;
    if (Number.isFinite(amount)) entry.amount = amount;
    return entry;
  });
  for (let i = diagnostics.length - 1; i >= 0; i--) {
    const d = diagnostics[i];
    if (d?.rule === 'UBL-READ-UNKNOWN' && SCHEDULE_ELEMENT.test(d.xpath ?? '')) diagnostics.splice(i, 1);
  }
}

/**
 * What the writer writes for the schedule (`root[UBL_SCHEDULE_FIELD]`), and what it says it does
 * not write: nothing unless the invoice declares EXTENDED-CTC-FR and has more than one entry or an
 * amount (else the one-text binding writes BT-20 and the schedule is said to be skipped)
 */
export function prepareUblPaymentSchedule(invoice: Invoice, root: ModelObject, warnings: Finding[]): void {
  const schedule = Array.isArray(invoice.paymentSchedule) ? invoice.paymentSchedule : [];
  const isSchedule = schedule.length > 1 || schedule.some((e) => e?.amount !== undefined);
  if (!isSchedule) return;
  if (!declaresExtendedCtcFr(invoice.specificationIdentifier)) {
    warnings.push({
      rule: 'UBL-WRITE-SKIPPED',
      severity: 'warning',
      path: 'invoice.paymentSchedule',
      bt: 'BT-9',
      message: `The payment schedule has ${schedule.length} payment terms; outside EXTENDED-CTC-FR, UBL carries one due date (BT-9) and one payment terms text (BT-20): the others were not written.`,
    });
    return;
  }
  const firstText =
    typeof invoice.paymentTerms === 'string'
      ? invoice.paymentTerms
      : schedule.find((e) => e?.description)?.description;
  root[UBL_SCHEDULE_FIELD] = schedule.map((e, i) => ({
    ...(i === 0 && firstText !== undefined ? { description: firstText } : {}),
    ...(e?.amount !== undefined ? { amount: e.amount } : {}),
    ...(e?.dueDate !== undefined ? { dueDate: e.dueDate } : {}),
  }));
  schedule.forEach((e, i) => {
    if (i === 0 || typeof e?.description !== 'string') return;
    warnings.push({
      rule: 'UBL-WRITE-SKIPPED',
      severity: 'warning',
      path: `invoice.paymentSchedule[${i}].description`,
      bt: 'BT-20',
      message:
        'UBL allows one payment terms text (UBL-SR-05): the text of a later payment terms entry is not written.',
      value: e.description,
    });
  });
}
