/**
 * The generic writer: walks the binding table in XSD order and builds the XML string. A group is
 * written only when something inside it carries a model value (constants alone never make an
 * element). Values the XSD requires but the model lacks become warnings, never invented content.
 */
import type { Finding } from '@einv/core-model';
import { escapeXml } from '@einv/xml';
import type { DocumentType, GroupNode, LeafNode, Node } from '../binding/types.js';
import { isMarker } from './compile.js';
import { fieldPath, getIn, holderOf, isObject, type ModelObject } from './paths.js';
import { formatAmount, formatNote, plainDecimal } from './values.js';

export interface WriteState {
  root: ModelObject;
  documentType: DocumentType;
  currency: string | undefined;
  taxCurrency: string | undefined;
  warnings: Finding[];
  /** the XML parts, joined once at the end */
  out: string[];
  /** writing the 2nd+ copy of a split element: terms from outside the element are not repeated */
  repeatedCopy?: boolean;
  /** the invoice declares EXTENDED-CTC-FR (BT-24): terms marked writtenInExtendedCtcFr are written */
  extendedCtcFr?: boolean;
}

function warn(
  state: WriteState,
  rule: string,
  path: string,
  message: string,
  bt?: string,
  value?: unknown,
): void {
  const f: Finding = { rule, message, path, severity: 'warning' };
  if (bt) f.bt = bt;
  if (value !== undefined) f.value = value;
  state.warnings.push(f);
}

/**
 * Writes `nodes` for the model object `obj` into `state.out`; returns false (and leaves `out` as it
 * was) when none of them carries a value. Parts go to one array joined once: no deep string ropes.
 */
export function writeNodes(
  nodes: readonly Node[],
  obj: ModelObject,
  objPath: string,
  state: WriteState,
): boolean {
  const out = state.out;
  const mark = out.length;
  let content = false;
  let missing: Node[] | undefined;
  for (const n of nodes) {
    if (n.only && n.only !== state.documentType) continue;
    if (n.kind === 'group') {
      if (isMarker(n)) out.push(constantXml(n));
      else if (writeGroup(n, obj, objPath, state)) content = true;
      else if (n.required && (!n.writeWhen || n.writeWhen(state.root))) missing = [...(missing ?? []), n];
    } else if (n.field === undefined) out.push(constantXml(n));
    else if (writeLeaf(n, obj, objPath, state)) content = true;
    else if (n.required) missing = [...(missing ?? []), n];
  }
  if (!content) {
    out.length = mark;
    return false;
  }
  for (const m of missing ?? []) {
    const what = m.bt ?? (m.kind === 'group' ? 'its content' : 'its term');
    warn(
      state,
      'UBL-WRITE-MISSING',
      objPath,
      `${m.el} is required by the UBL 2.1 schema here but ${what} has no value.`,
      m.bt,
    );
  }
  return true;
}

const constants = new WeakMap<Node, string>();

/** XML of a constant leaf or a group of constants (cac:TaxScheme[cbc:ID='VAT']), built once */
function constantXml(n: Node): string {
  let xml = constants.get(n);
  if (xml === undefined) {
    if (n.kind === 'group') xml = `<${n.el}>${n.children.map(constantXml).join('')}</${n.el}>`;
    else xml = `<${n.el}${constantAttrs(n)}>${escapeXml(n.fixed ?? '')}</${n.el}>`;
    constants.set(n, xml);
  }
  return xml;
}

function constantAttrs(n: LeafNode): string {
  let s = '';
  for (const a of n.attrs ?? []) if (a.fixed !== undefined) s += ` ${a.name}="${escapeXml(a.fixed)}"`;
  return s;
}

function writeGroup(g: GroupNode, obj: ModelObject, objPath: string, state: WriteState): boolean {
  if (g.writeWhen && !g.writeWhen(state.root)) return false;
  if (!g.field) return wrapped(g, obj, objPath, state);
  const fp = fieldPath(g.field);
  const value = getIn(fp.fromRoot ? state.root : obj, fp);
  if (value === undefined) return false;
  const path = `${fp.fromRoot ? 'invoice' : objPath}.${fp.rel}`;
  if (g.many) {
    if (!Array.isArray(value)) return false;
    let wrote = false;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (isObject(item) && wrapped(g, item, `${path}[${i}]`, state)) wrote = true;
    }
    return wrote;
  }
  if (!isObject(value)) return false;
  const split = g.splitOn ? value[g.splitOn] : undefined;
  if (g.splitOn && Array.isArray(split) && split.length > 1) {
    let wrote = false;
    split.forEach((item, i) => {
      // The first element carries everything; the next ones only the means code (UBL-SR-47: one
      // code), the remittance information (UBL-SR-44: one distinct value) and their own account.
      // Not the text (UBL-SR-46) nor terms from elsewhere such as the CreditNote due date (UBL-SR-45).
      const part: ModelObject =
        i === 0
          ? { ...value, [g.splitOn ?? '']: [item] }
          : {
              typeCode: value.typeCode,
              remittanceInformation: value.remittanceInformation,
              [g.splitOn ?? '']: [item],
            };
      state.repeatedCopy = i > 0;
      if (wrapped(g, part, path, state)) wrote = true;
      state.repeatedCopy = false;
    });
    return wrote;
  }
  return wrapped(g, value, path, state);
}

/** `<el>children</el>` when a child carries a value; nothing otherwise */
function wrapped(g: GroupNode, obj: ModelObject, path: string, state: WriteState): boolean {
  const out = state.out;
  const mark = out.length;
  out.push(`<${g.el}>`);
  if (writeNodes(g.children, obj, path, state)) {
    out.push(`</${g.el}>`);
    return true;
  }
  out.length = mark;
  return false;
}

function writeLeaf(n: LeafNode, obj: ModelObject, objPath: string, state: WriteState): boolean {
  const xml = leafXml(n, obj, objPath, state);
  if (!xml) return false;
  state.out.push(xml);
  return true;
}

function leafXml(n: LeafNode, obj: ModelObject, objPath: string, state: WriteState): string {
  const fp = fieldPath(n.field ?? '');
  if (fp.fromRoot && state.repeatedCopy) return '';
  const base = fp.fromRoot ? state.root : obj;
  const value = getIn(base, fp);
  if (value === undefined || value === null) return '';
  const path = `${fp.fromRoot ? 'invoice' : objPath}.${fp.rel}`;
  if (n.readOnly && !(n.writtenInExtendedCtcFr && state.extendedCtcFr)) {
    warn(
      state,
      'UBL-WRITE-SKIPPED',
      path,
      `${n.el} is not written in UBL (it is read when present); its value belongs in the VAT breakdown.`,
      n.bt,
      value,
    );
    return '';
  }
  if (n.many) {
    if (!Array.isArray(value)) return '';
    let xml = '';
    value.forEach((item, i) => {
      xml += element(n, item, undefined, `${path}[${i}]`, state);
    });
    return xml;
  }
  const attrSource = n.wrap
    ? isObject(value)
      ? value
      : undefined
    : n.attrs
      ? holderOf(base, fp)
      : undefined;
  const text = n.wrap ? (isObject(value) ? value[n.wrap] : undefined) : value;
  return element(n, text, attrSource, path, state);
}

function element(
  n: LeafNode,
  value: unknown,
  attrSource: ModelObject | undefined,
  path: string,
  state: WriteState,
): string {
  const text = format(n, value, path, state);
  if (text === undefined) return '';
  let attrs = '';
  if (n.value === 'amount') {
    const currency = n.currency === 'tax' ? state.taxCurrency : state.currency;
    if (currency) attrs += ` currencyID="${escapeXml(currency)}"`;
    else
      warn(
        state,
        'UBL-WRITE-CURRENCY',
        path,
        `${n.el} needs a currencyID but the ${n.currency === 'tax' ? 'VAT accounting currency (BT-6)' : 'invoice currency (BT-5)'} is missing.`,
        n.bt,
      );
  }
  for (const a of n.attrs ?? []) {
    const v = a.fixed ?? (a.field !== undefined && attrSource ? attrSource[a.field] : undefined);
    if (typeof v === 'string' || typeof v === 'number') attrs += ` ${a.name}="${escapeXml(String(v))}"`;
  }
  return `<${n.el}${attrs}>${escapeXml(text)}</${n.el}>`;
}

function format(n: LeafNode, value: unknown, path: string, state: WriteState): string | undefined {
  switch (n.value ?? 'text') {
    case 'amount':
    case 'decimal': {
      const num =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN;
      const s = n.value === 'amount' ? formatAmount(num) : plainDecimal(num);
      if (s === undefined)
        warn(
          state,
          'UBL-WRITE-NUMBER',
          path,
          `${n.el} needs a finite number; the value was not written.`,
          n.bt,
          value,
        );
      return s;
    }
    case 'note':
      return isObject(value) ? formatNote(value) : typeof value === 'string' ? value : undefined;
    default:
      if (typeof value === 'string') return n.writeText ? n.writeText(value) : value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      warn(
        state,
        'UBL-WRITE-VALUE',
        path,
        `${n.el} needs a text value; the value was not written.`,
        n.bt,
        value,
      );
      return undefined;
  }
}
