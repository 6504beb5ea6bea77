/**
 * The binding table compiled for reading, once per node: per list of sibling nodes a map from an
 * element's local name to its candidates, and per node what the reader asks of it at every element
 * (namespace, parsed field path, the constants that select a group, the attributes it reads, the
 * model-path tails its locations are recorded with). The walk then does no WeakMap look-up, no
 * filtering of the binding and no model-path string per value (decision 0166).
 */

import type { XmlElement } from '@einv/xml';
import type { AttrBinding, DocumentType, GroupNode, LeafNode, Node, ReadScope } from '../binding/types.js';
import { hasConstraints, isMarker, nameOf } from './compile.js';
import { type PathTail, pathTail } from './locations.js';
import { type FieldPath, fieldPath } from './paths.js';

/** The candidates of one element name in one list of sibling nodes */
export interface Slot {
  /** the local name (internalized, as the parser's names: compared by identity) */
  local: string;
  ns: string;
  candidates: readonly PlanNode[];
  /** the binding nodes, for the words of a finding */
  nodes: readonly Node[];
  /** every candidate is a marker group: its constants were checked with the enclosing element */
  allMarkers: boolean;
  /** the only candidate is a leaf (bound without looking at the element) */
  soleLeaf: PlanLeaf | undefined;
  /** `soleLeaf` when it is read in both document types: bound with no question asked */
  anyTypeLeaf: PlanLeaf | undefined;
  /**
   * The only candidate when it is a group read in both document types that nothing selects (no
   * constant, no match, not a fallback, not a marker): bound with no question asked
   */
  anyTypeGroup: PlanGroup | undefined;
}

/**
 * A list's slots by local name, and in binding order: the binding follows the XSD order, so a
 * valid document's children are found by moving a cursor along `order` (an identity comparison of
 * interned names per step) rather than by hashing every name
 */
export interface PlanList {
  byLocal: ReadonlyMap<string, Slot>;
  order: readonly Slot[];
}

interface PlanBase {
  /** read only in this document type (undefined: in both) */
  readOnlyIn: DocumentType | undefined;
  /** the node's `only`, reported when read in the other document type */
  only: DocumentType | undefined;
}

export interface PlanAttr {
  name: string;
  field: string;
  /** tail of its location when the leaf wraps its value (`…id` → `….scheme`) */
  wrappedTail: PathTail;
  /** tail of its location beside the value (`…quantity` → `…unitCode`) */
  besideTail: PathTail;
}

/** PlanLeaf.direct */
export const NOT_DIRECT = 0;
export const DIRECT_TEXT = 1;
export const DIRECT_NUMBER = 2;

export interface PlanLeaf extends PlanBase {
  kind: 'leaf';
  node: LeafNode;
  ns: string;
  local: string;
  fp: FieldPath | undefined;
  /** tail of the value's location (the field path relative to its object) */
  tail: PathTail | undefined;
  attrs: readonly PlanAttr[];
  /** attribute names the binding reads (others are reported as unknown) */
  known: ReadonlySet<string>;
  /**
   * How the common leaf is read by the short path (read.ts readDirect): a value stored under one key
   * of the object being read (no `/` root path, no dotted path), neither wrapped nor listed, that is
   * a text (DIRECT_TEXT) or a number (DIRECT_NUMBER, read there when written plainly); NOT_DIRECT
   * for any other leaf
   */
  direct: number;
  /** the key the value is stored under (its field path's last key; '' for a constant) */
  key: string;
}

interface LeafConstraint {
  kind: 'leaf';
  ns: string;
  local: string;
  /** accepted texts, upper-cased; undefined when only attributes are fixed */
  accept: readonly string[] | undefined;
  fixedAttrs: readonly AttrBinding[];
}

interface MarkerConstraint {
  kind: 'marker';
  ns: string;
  local: string;
  group: PlanGroup;
}

/** A placeholder with `otherwise` in a marker child (cac:TaxScheme/cbc:ID of a tax category) */
interface Otherwise {
  markerNs: string;
  markerLocal: string;
  leafNs: string;
  leafLocal: string;
  accept: readonly string[];
  field: string;
}

export interface PlanGroup extends PlanBase {
  kind: 'group';
  node: GroupNode;
  ns: string;
  local: string;
  fp: FieldPath | undefined;
  /** tail of its object's location (its field path) */
  tail: PathTail | undefined;
  many: boolean;
  fallback: boolean;
  match: ((el: XmlElement, scope: ReadScope) => boolean) | undefined;
  /** the constants that select it (empty when none) */
  constraints: readonly (LeafConstraint | MarkerConstraint)[];
  otherwise: readonly Otherwise[];
  children: PlanList;
}

export type PlanNode = PlanLeaf | PlanGroup;

const plans = new WeakMap<Node, PlanNode>();
const lists = new WeakMap<readonly Node[], PlanList>();

/** The reading plan of a list of sibling nodes (compiled on first use, shared afterwards) */
export function planOf(nodes: readonly Node[]): PlanList {
  let list = lists.get(nodes);
  if (!list) {
    const byLocal = new Map<string, PlanNode[]>();
    const byLocalNodes = new Map<string, Node[]>();
    for (const n of nodes) {
      const { local } = nameOf(n);
      const p = planNode(n);
      byLocal.set(local, [...(byLocal.get(local) ?? []), p]);
      byLocalNodes.set(local, [...(byLocalNodes.get(local) ?? []), n]);
    }
    const slots = new Map<string, Slot>();
    for (const [local, candidates] of byLocal) {
      const first = candidates[0] as PlanNode;
      slots.set(local, {
        local: internalized(local),
        // nodes sharing a local name in one list share its namespace
        ns: first.ns,
        candidates,
        nodes: byLocalNodes.get(local) ?? [],
        allMarkers: candidates.every((c) => c.kind === 'group' && isMarker(c.node)),
        soleLeaf: candidates.length === 1 && first.kind === 'leaf' ? first : undefined,
        anyTypeLeaf:
          candidates.length === 1 && first.kind === 'leaf' && first.only === undefined ? first : undefined,
        anyTypeGroup:
          candidates.length === 1 &&
          first.kind === 'group' &&
          first.only === undefined &&
          !first.fallback &&
          first.match === undefined &&
          first.constraints.length === 0 &&
          !isMarker(first.node)
            ? first
            : undefined,
      });
    }
    list = { byLocal: slots, order: [...slots.values()] };
    lists.set(nodes, list);
  }
  return list;
}

function planNode(n: Node): PlanNode {
  let p = plans.get(n);
  if (!p) {
    p = n.kind === 'leaf' ? planLeaf(n) : planGroup(n);
    plans.set(n, p);
  }
  return p;
}

function base(n: Node): PlanBase {
  const alsoRead = n.kind === 'group' && n.alsoRead === true;
  return { only: n.only, readOnlyIn: n.only && !alsoRead ? n.only : undefined };
}

function planLeaf(n: LeafNode): PlanLeaf {
  const { ns, local } = nameOf(n);
  const fp = n.field === undefined ? undefined : fieldPath(n.field);
  // a value's attributes beside it live at the value's path with its last key replaced
  const holderRel = fp === undefined ? '' : fp.keys.slice(0, -1).join('.');
  const attrs: PlanAttr[] = [];
  for (const a of n.attrs ?? []) {
    if (a.field === undefined || fp === undefined) continue;
    attrs.push({
      name: a.name,
      field: a.field,
      wrappedTail: pathTail(fp.rel, `.${a.field}`, a.name),
      besideTail: pathTail(holderRel === '' ? a.field : `${holderRel}.${a.field}`, '', a.name),
    });
  }
  const known = new Set((n.attrs ?? []).map((a) => a.name));
  if (n.value === 'amount') known.add('currencyID');
  return {
    kind: 'leaf',
    ...base(n),
    node: n,
    ns,
    local,
    fp,
    tail: fp === undefined ? undefined : pathTail(fp.rel, '', undefined),
    attrs,
    known,
    direct:
      fp === undefined || fp.fromRoot || fp.keys.length !== 1 || n.wrap !== undefined || n.many === true
        ? NOT_DIRECT
        : n.value === undefined || n.value === 'text'
          ? DIRECT_TEXT
          : n.value === 'amount' || n.value === 'decimal'
            ? DIRECT_NUMBER
            : NOT_DIRECT,
    key: fp === undefined ? '' : fp.last,
  };
}

/** The accepted texts upper-cased (compared with the trimmed, upper-cased element text) */
const upper = (leaf: LeafNode): string[] => (leaf.accept ?? [leaf.fixed ?? '']).map((v) => v.toUpperCase());

function planGroup(g: GroupNode): PlanGroup {
  const { ns, local } = nameOf(g);
  const constraints: (LeafConstraint | MarkerConstraint)[] = [];
  if (hasConstraints(g)) {
    for (const n of g.children) {
      if (n.kind === 'leaf') {
        const fixedAttrs = n.attrs?.filter((a) => a.fixed !== undefined) ?? [];
        const textFixed = n.fixed !== undefined && !n.placeholder;
        if (!textFixed && fixedAttrs.length === 0) continue;
        constraints.push({
          kind: 'leaf',
          ...nameOf(n),
          accept: textFixed ? upper(n) : undefined,
          fixedAttrs,
        });
      } else if (isMarker(n) && hasConstraints(n)) {
        constraints.push({ kind: 'marker', ...nameOf(n), group: planNode(n) as PlanGroup });
      }
    }
  }
  const otherwise: Otherwise[] = [];
  for (const marker of g.children) {
    if (marker.kind !== 'group' || !isMarker(marker)) continue;
    for (const leaf of marker.children) {
      if (leaf.kind !== 'leaf' || leaf.otherwise === undefined) continue;
      const m = nameOf(marker);
      const l = nameOf(leaf);
      otherwise.push({
        markerNs: m.ns,
        markerLocal: m.local,
        leafNs: l.ns,
        leafLocal: l.local,
        accept: upper(leaf),
        field: leaf.otherwise,
      });
    }
  }
  return {
    kind: 'group',
    ...base(g),
    node: g,
    ns,
    local,
    fp: g.field === undefined ? undefined : fieldPath(g.field),
    tail: g.field === undefined ? undefined : pathTail(fieldPath(g.field).rel, '', undefined),
    many: g.many === true,
    fallback: g.fallback === true,
    match: g.match,
    constraints,
    otherwise,
    children: planOf(g.children),
  };
}

/** The internalized copy of a string (a property key is), as the parser's element names are */
function internalized(s: string): string {
  return Object.keys({ [s]: 0 })[0] as string;
}

/** Is the text one of the accepted constants (trimmed, case-insensitive)? */
export function acceptsText(accept: readonly string[], text: string): boolean {
  // the constant as written (`VAT`): no trimming or upper-casing (the accepted texts are upper-case)
  for (const v of accept) if (v === text && v.trim() === v) return true;
  const t = text.trim().toUpperCase();
  for (const v of accept) if (v === t) return true;
  return false;
}
