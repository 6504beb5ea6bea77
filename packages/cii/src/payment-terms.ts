/**
 * Several payment terms (CII EXTENDED, decision 0089): a schedule of ram:SpecifiedTradePaymentTerms,
 * each with its description, due date and partial amount. EN 16931 has one (BT-20, BT-9), which the
 * binding table reads from the first; this module reads and writes the whole schedule beside it, so
 * a document with several due dates reads without loss and writes back the same.
 * - read: when the settlement holds more than one payment terms element or a partial amount,
 *   `invoice.paymentSchedule` lists them all, in document order (the first is also BT-20 / BT-9);
 *   the binding's "given twice" findings about those elements are then void and dropped;
 * - write: the first entry's amount goes into the first element (the binding wrote BT-20 / BT-9 /
 *   BT-89 there), each further entry is one more element. Only the EXTENDED structure allows more
 *   than one: other profiles keep the first and say what was not written.
 */
import {
  type Finding,
  type Invoice,
  type PaymentScheduleEntry,
  type Profile,
  packedMap,
} from '@einv/core-model';
import { textOf, type XmlElement } from '@einv/xml';
import { NAMESPACES } from './binding/path.js';
import { newNode, type OutNode } from './serialize.js';
import { formatDate102, formatDecimal, parseDate102, parseDecimal } from './values.js';

const RSM = NAMESPACES.rsm ?? '';
const RAM = NAMESPACES.ram ?? '';
const UDT = NAMESPACES.udt ?? '';

const childrenNamed = (el: XmlElement | undefined, ns: string, local: string): XmlElement[] =>
  el ? el.children.filter((c) => c.ns === ns && c.local === local) : [];
const firstChild = (el: XmlElement | undefined, ns: string, local: string): XmlElement | undefined =>
  childrenNamed(el, ns, local)[0];

function settlementOf(root: XmlElement): XmlElement | undefined {
  return firstChild(
    firstChild(root, RSM, 'SupplyChainTradeTransaction'),
    RAM,
    'ApplicableHeaderTradeSettlement',
  );
}

/** The BTs the binding reads from the first payment terms element only */
const FIRST_TERMS_BTS = new Set(['BT-20', 'BT-9', 'BT-89']);
const LATER_TERMS = /\/ram:SpecifiedTradePaymentTerms\[([2-9]|\d\d+)\]\//;

export interface ScheduleRead {
  /** elements this pass read (the unread-element report must not list them) */
  visited: XmlElement[];
}

/**
 * Reads the schedule into `invoice.paymentSchedule` when there is one, and drops the binding's
 * "repeated" findings it makes void. Returns the elements it read.
 */
export function readPaymentSchedule(
  root: XmlElement,
  invoice: Invoice,
  diagnostics: Finding[],
): ScheduleRead {
  const terms = childrenNamed(settlementOf(root), RAM, 'SpecifiedTradePaymentTerms');
  const visited: XmlElement[] = [];
  const amounts = terms.map((t) => firstChild(t, RAM, 'PartialPaymentAmount'));
  if (terms.length < 2 && amounts.every((a) => a === undefined)) return { visited };
  // packed in every tier (decision 0269): the rules read invoice.paymentSchedule later
  const schedule: PaymentScheduleEntry[] = packedMap(terms, (t, i) => {
    const entry: PaymentScheduleEntry = {};
    const description = firstChild(t, RAM, 'Description');
    const dueDateTime = firstChild(t, RAM, 'DueDateDateTime');
    const dueString = firstChild(dueDateTime, UDT, 'DateTimeString');
    const amount = amounts[i];
    const text = description ? textOf(description) : undefined;
    if (text !== undefined) entry.description = text;
    const raw = dueString ? (textOf(dueString) ?? '') : undefined;
    const due = raw !== undefined && dueString?.attrs.format === '102' ? parseDate102(raw) : undefined;
    if (due !== undefined) entry.dueDate = due;
    else if (raw !== undefined && dueString) {
      // as the binding does for BT-9 (which reports the first itself): kept as written, and said
      entry.dueDate = raw;
      if (i > 0)
        diagnostics.push({
          rule: 'CII-DATE',
          severity: 'fatal',
          path: `invoice.paymentSchedule[${i}].dueDate`,
          bt: 'BT-9',
          message: `BT-9: "${raw}" is not a date in format 102 (YYYYMMDD); the text is kept as is.`,
          line: dueString.line,
        });
    }
    const value = amount ? parseDecimal(textOf(amount) ?? '') : undefined;
    if (value !== undefined) entry.amount = value;
    for (const el of [description, dueDateTime, dueString, amount]) if (el) visited.push(el);
    return entry;
  });
  invoice.paymentSchedule = schedule;
  for (let i = diagnostics.length - 1; i >= 0; i--) {
    const d = diagnostics[i];
    if (
      d &&
      /^CII-(REPEATED|ALTERNATIVE)$/.test(d.rule) &&
      FIRST_TERMS_BTS.has(d.bt ?? '') &&
      LATER_TERMS.test(d.xpath ?? '')
    )
      diagnostics.splice(i, 1);
  }
  return { visited };
}

function child(node: OutNode, name: string): OutNode {
  let c = node.children.find((x) => x.name === name);
  if (!c) {
    c = newNode(name);
    node.children.push(c);
  }
  return c;
}

function leaf(parent: OutNode, name: string, text: string, bt: string, path: string): OutNode {
  const n = newNode(name);
  n.text = text;
  n.own = true;
  n.origins.push({ bt, path });
  parent.children.push(n);
  return n;
}

/** The first value of `key` in the schedule: what a reader takes for BT-20 / BT-9 */
function firstOf(
  schedule: readonly PaymentScheduleEntry[],
  key: 'description' | 'dueDate',
): string | undefined {
  for (const e of schedule) if (e && typeof e[key] === 'string') return e[key];
  return undefined;
}

/**
 * Writes `invoice.paymentSchedule` (see the module comment). The schedule is the whole of the payment
 * terms: the binding's BT-20 / BT-9 in the first element give way to it (a reader takes the first
 * description and the first due date found, in whichever element), and a BT-20 / BT-9 the schedule
 * does not say is reported instead of being lost silently.
 */
export function writePaymentSchedule(
  root: OutNode,
  invoice: Invoice,
  profile: Profile,
  warnings: Finding[],
): void {
  const schedule = Array.isArray(invoice.paymentSchedule) ? invoice.paymentSchedule : [];
  if (schedule.length === 0) return;
  const settlement = child(
    child(root, 'rsm:SupplyChainTradeTransaction'),
    'ram:ApplicableHeaderTradeSettlement',
  );
  const firstTerms =
    settlement.children.find((c) => c.name === 'ram:SpecifiedTradePaymentTerms') ??
    child(settlement, 'ram:SpecifiedTradePaymentTerms');
  firstTerms.children = firstTerms.children.filter(
    (c) => c.name !== 'ram:Description' && c.name !== 'ram:DueDateDateTime',
  );
  for (const [key, bt, own] of [
    ['description', 'BT-20', invoice.paymentTerms],
    ['dueDate', 'BT-9', invoice.dueDate],
  ] as const) {
    if (own !== undefined && own !== firstOf(schedule, key))
      warnings.push({
        rule: 'CII-VALUE',
        message: `${bt} ("${String(own)}") is not the first ${key === 'dueDate' ? 'due date' : 'payment terms text'} of the payment schedule, which is written instead.`,
        path: `invoice.${key === 'dueDate' ? 'dueDate' : 'paymentTerms'}`,
        severity: 'warning',
        bt,
      });
  }
  const entry = (e: PaymentScheduleEntry | undefined, i: number, target: OutNode) => {
    if (!e || typeof e !== 'object') return;
    const path = `invoice.paymentSchedule[${i}]`;
    if (typeof e.description === 'string')
      leaf(target, 'ram:Description', e.description, 'BT-20', `${path}.description`);
    const due = typeof e.dueDate === 'string' ? formatDate102(e.dueDate) : undefined;
    if (due !== undefined) {
      const dt = newNode('ram:DueDateDateTime');
      target.children.push(dt);
      leaf(dt, 'udt:DateTimeString', due, 'BT-9', `${path}.dueDate`).attrs.format = '102';
    }
    if (typeof e.amount === 'number' && Number.isFinite(e.amount)) {
      // EXTENDED only: the serializer drops it, with a CII-PROFILE warning, in the other profiles
      leaf(target, 'ram:PartialPaymentAmount', formatDecimal(e.amount, 2), 'BT-9', `${path}.amount`);
    }
  };
  entry(schedule[0], 0, firstTerms);
  if (schedule.length > 1 && profile !== 'EXTENDED') {
    warnings.push({
      rule: 'CII-PROFILE',
      message: `The payment schedule has ${schedule.length} payment terms; the ${profile} profile allows one (EXTENDED allows several): only the first was written.`,
      path: 'invoice.paymentSchedule',
      severity: 'warning',
      bt: 'BT-9',
    });
    return;
  }
  for (let i = 1; i < schedule.length; i++) {
    const t = newNode('ram:SpecifiedTradePaymentTerms');
    settlement.children.push(t);
    entry(schedule[i], i, t);
  }
}
