/**
 * The generic writer: walks the binding table in XSD order and builds the XML string. A group is
 * written only when something inside it carries a model value (constants alone never make an
 * element). Values the XSD requires but the model lacks become warnings, never invented content.
 */
import type { Finding } from '@einv/core-model';
import { escapeXml } from '@einv/xml';
import type { DocumentType, GroupNode, LeafNode, Node } from '../binding/types.js';
import { isMarker } from './compile.js';
import { baseOf, getPath, isObject, type ModelObject, parentFor } from './paths.js';
import { formatAmount, formatNote, plainDecimal } from './values.js';

export interface WriteState {
  root: ModelObject;
  documentType: DocumentType;
  currency: string | undefined;
  taxCurrency: string | undefined;
  warnings: Finding[];
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

/** XML of `nodes` for the model object `obj`; '' when none of them carries a value */
export function writeNodes(
  nodes: readonly Node[],
  obj: ModelObject,
  objPath: string,
  state: WriteState,
): string {
  let xml = '';
  let content = false;
  const missing: Node[] = [];
  for (const n of nodes) {
    if (n.only && n.only !== state.documentType) continue;
    if (n.kind === 'group' && isMarker(n)) {
      xml += constantGroup(n);
      continue;
    }
    if (n.kind === 'group') {
      const part = writeGroup(n, obj, objPath, state);
      if (part) {
        xml += part;
        content = true;
      } else if (n.required && (!n.writeWhen || n.writeWhen(state.root))) missing.push(n);
      continue;
    }
    if (n.field === undefined) {
      xml += `<${n.el}${constantAttrs(n)}>${escapeXml(n.fixed ?? '')}</${n.el}>`;
      continue;
    }
    const part = writeLeaf(n, obj, objPath, state);
    if (part) {
      xml += part;
      content = true;
    } else if (n.required) missing.push(n);
  }
  if (!content) return '';
  for (const m of missing) {
    const what = m.bt ?? (m.kind === 'group' ? 'its content' : 'its term');
    warn(
      state,
      'UBL-WRITE-MISSING',
      objPath,
      `${m.el} is required by the UBL 2.1 schema here but ${what} has no value.`,
      m.bt,
    );
  }
  return xml;
}

/** A group of constants (cac:TaxScheme[cbc:ID='VAT']): written whenever its parent is */
function constantGroup(g: GroupNode): string {
  let xml = '';
  for (const n of g.children) {
    xml +=
      n.kind === 'group'
        ? constantGroup(n)
        : `<${n.el}${constantAttrs(n)}>${escapeXml(n.fixed ?? '')}</${n.el}>`;
  }
  return `<${g.el}>${xml}</${g.el}>`;
}

function constantAttrs(n: LeafNode): string {
  let s = '';
  for (const a of n.attrs ?? []) if (a.fixed !== undefined) s += ` ${a.name}="${escapeXml(a.fixed)}"`;
  return s;
}

function writeGroup(g: GroupNode, obj: ModelObject, objPath: string, state: WriteState): string {
  if (g.writeWhen && !g.writeWhen(state.root)) return '';
  if (!g.field) return wrap(g, writeNodes(g.children, obj, objPath, state));
  const { base, basePath, rel } = baseOf(g.field, obj, objPath, state.root);
  const value = getPath(base, rel);
  const path = `${basePath}.${rel}`;
  if (g.many) {
    if (!Array.isArray(value)) return '';
    let xml = '';
    value.forEach((item, i) => {
      if (isObject(item)) xml += wrap(g, writeNodes(g.children, item, `${path}[${i}]`, state));
    });
    return xml;
  }
  if (!isObject(value)) return '';
  const split = g.splitOn ? value[g.splitOn] : undefined;
  if (g.splitOn && Array.isArray(split) && split.length > 1) {
    let xml = '';
    split.forEach((item, i) => {
      // the first element carries everything, the next ones repeat the means code and the references
      const part: ModelObject =
        i === 0
          ? { ...value, [g.splitOn ?? '']: [item] }
          : {
              typeCode: value.typeCode,
              text: value.text,
              remittanceInformation: value.remittanceInformation,
              [g.splitOn ?? '']: [item],
            };
      xml += wrap(g, writeNodes(g.children, part, path, state));
    });
    return xml;
  }
  return wrap(g, writeNodes(g.children, value, path, state));
}

function wrap(g: GroupNode, inner: string): string {
  return inner ? `<${g.el}>${inner}</${g.el}>` : '';
}

function writeLeaf(n: LeafNode, obj: ModelObject, objPath: string, state: WriteState): string {
  const field = n.field ?? '';
  const { base, basePath, rel } = baseOf(field, obj, objPath, state.root);
  const value = getPath(base, rel);
  if (value === undefined || value === null) return '';
  const path = `${basePath}.${rel}`;
  if (n.readOnly) {
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
  const attrSource = n.wrap ? (isObject(value) ? value : undefined) : parentFor(base, rel).parent;
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
      if (typeof value === 'string') return value;
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
