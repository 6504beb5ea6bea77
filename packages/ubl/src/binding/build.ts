/** Small constructors that keep the binding table readable: one line per business term. */
import type { AttrBinding, GroupNode, LeafNode, Node, ValueType } from './types.js';

type LeafOptions = Omit<LeafNode, 'kind' | 'el' | 'field' | 'bt'>;
type GroupOptions = Omit<GroupNode, 'kind' | 'el' | 'children'>;

/** A business term carried by an element's text */
export function term(el: string, bt: string, field: string, options: LeafOptions = {}): LeafNode {
  return { kind: 'leaf', el, bt, field, ...options };
}

/** An amount (currencyID = invoice currency unless said otherwise) */
export function amount(el: string, bt: string, field: string, options: LeafOptions = {}): LeafNode {
  return term(el, bt, field, { value: 'amount', ...options });
}

/** A date YYYY-MM-DD */
export function date(el: string, bt: string, field: string, options: LeafOptions = {}): LeafNode {
  return term(el, bt, field, { value: 'date', ...options });
}

/** A decimal written as given (quantity, percentage) */
export function decimal(el: string, bt: string, field: string, options: LeafOptions = {}): LeafNode {
  return term(el, bt, field, { value: 'decimal', ...options });
}

/** An identifier with an optional scheme attribute, bound to a model Identifier {id, scheme} */
export function identifier(
  el: string,
  bt: string,
  field: string,
  schemeBt?: string,
  schemeAttr = 'schemeID',
): LeafNode {
  const attr: AttrBinding = { name: schemeAttr, field: 'scheme' };
  if (schemeBt) attr.bt = schemeBt;
  return term(el, bt, field, { wrap: 'id', attrs: [attr] });
}

/** A constant element that identifies the binding (TaxScheme/ID = VAT, ChargeIndicator = false…) */
export function fixed(el: string, value: string, accept?: readonly string[]): LeafNode {
  const node: LeafNode = { kind: 'leaf', el, fixed: value };
  if (accept) node.accept = accept;
  return node;
}

/** A constant the XSD requires but no EN 16931 term carries */
export function placeholder(el: string, value: string): LeafNode {
  return { kind: 'leaf', el, fixed: value, placeholder: true };
}

export function group(el: string, children: Node[], options: GroupOptions = {}): GroupNode {
  return { kind: 'group', el, children, ...options };
}

/** cac:TaxScheme/cbc:ID = VAT, the marker of every EN 16931 VAT category and VAT identifier */
export function vatScheme(): GroupNode {
  return group('cac:TaxScheme', [fixed('cbc:ID', 'VAT')]);
}

/**
 * cac:TaxScheme of a VAT category: written VAT; read whatever it holds, and a scheme other than VAT
 * (or none) is recorded as `taxScheme`, which the official BR-CO-04/32/37/47/48/CO-17 do not count
 * as VAT while the VAT category rules (BR-S-01…) still read the code.
 */
export function categoryScheme(): GroupNode {
  return group('cac:TaxScheme', [{ ...placeholder('cbc:ID', 'VAT'), otherwise: 'taxScheme' }]);
}

export type { ValueType };
