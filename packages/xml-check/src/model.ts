/**
 * The compact structure model compiled from an XSD by scripts/gen-structure-xsd.mjs, and its
 * load-time preparation (lookup maps, flattened sequences) so the validator does no work twice.
 *
 * NOTE: packages/ubl/src/check/engine is a copy of this folder kept identical by
 * scripts/gen-structure-engine.mjs (a test checks it); edit the CII copy and re-run the script.
 */
import { intern } from './intern.js';

/** -1 stands for maxOccurs="unbounded" */
export const UNBOUNDED = -1;

/** [element declaration index, minOccurs, maxOccurs] */
export type ElementParticle = [number, number, number];
/** ['s' sequence | 'c' choice, minOccurs, maxOccurs, ...items] */
export type GroupParticle = ['s' | 'c', number, number, ...Particle[]];
/** ['w', minOccurs, maxOccurs, namespace constraint ('*', '!i' = not ns i, 'i,j' = one of), processContents] */
export type WildcardParticle = ['w', number, number, string, string];
export type Particle = ElementParticle | GroupParticle | WildcardParticle;

/** A simple type: built-in base name plus the facets the XSD sets */
export interface SimpleDef {
  b: string;
  e?: string[];
  p?: string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
}

/** A type: simple content (s), attributes [name, simple index, required], anyAttribute, mixed, particle */
export interface TypeDef {
  s?: number;
  a?: [string, number, number][];
  aa?: number;
  m?: number;
  c?: Particle;
}

export interface StructureData {
  ns: string[];
  simple: SimpleDef[];
  /** [namespace index, local name, type index] */
  elems: [number, string, number][];
  types: TypeDef[];
  /** element declarations a lax wildcard may resolve */
  lax: number[];
  roots: Record<string, number>;
}

export interface ElementDecl {
  ns: string;
  local: string;
  type: number;
}

/** A sequence of single elements: most content models of CII and UBL, checked with precise messages */
export interface FlatItem {
  elem: number;
  min: number;
  max: number;
  /** the declaration's local name and namespace (interned), compared with each child's */
  local: string;
  ns: string;
  /** the declaration's prepared type (undefined when the table lacks it: the element is then not checked) */
  type: PreparedType | undefined;
  /**
   * The last white space text met in this place of an element-only type: one of the strings the
   * parsers keep once for good (isKnownBlank), so keeping it here holds nothing else alive. The
   * same place of the next element (the next line, the next document) mostly has the same text:
   * one identity compare instead of a hash lookup (decision 0208). '' until then.
   */
  blank: string;
}

export interface PreparedType {
  def: TypeDef;
  /** attribute name -> [simple index, required] */
  attrs: Map<string, [number, boolean]>;
  required: string[];
  flat: FlatItem[] | null;
  /**
   * The local names of `flat`, in its order: a child is looked for among them in one packed array of
   * interned strings (identity compares), not by loading each item object (decision 0207)
   */
  flatLocals: string[];
  /**
   * For each position k of `flat` (and `flat.length`), the first position from k on whose item is
   * required (min > 0), `flat.length` when none: the items a child skips are checked for a missing
   * element only where one can be missing
   */
  requiredFrom: Int32Array;
  /**
   * The items the children of the last element of this type took, one per child, when they matched
   * `flat` without a finding at this level (null until then). The outcome of matching a flat list
   * depends only on the children's names and namespaces in order: an element whose children have
   * the same names as the last one's takes the same items, so the next line, party or invoice is
   * checked by one compare per child instead of the scan, the counts and the missing-item checks
   * (decision 0260). Replaced, never changed in place: a walk reading one is not disturbed by a
   * nested element of the same type storing another.
   */
  seq: FlatItem[] | null;
  particle: Particle | null;
}

export interface PreparedModel {
  ns: string[];
  simple: SimpleDef[];
  elems: ElementDecl[];
  types: PreparedType[];
  /** `${ns}|${local}` -> element declaration, for lax wildcards */
  lax: Map<string, number>;
  roots: Record<string, number>;
}

export function prepareModel(data: StructureData): PreparedModel {
  // interned: compared with the parser's interned names on every element
  const elems = data.elems.map(([nsI, local, type]) => ({
    ns: intern(data.ns[nsI] ?? ''),
    local: intern(local),
    type,
  }));
  const types = data.types.map((def) => prepareType(def));
  for (const t of types)
    for (const it of t.flat ?? []) {
      const d = elems[it.elem];
      // an item without a declaration matches nothing, as before (no element has the local name '')
      it.local = d ? d.local : '';
      it.ns = d ? d.ns : '';
      it.type = d ? types[d.type] : undefined;
    }
  for (const t of types) if (t.flat) t.flatLocals = t.flat.map((it) => it.local);
  const lax = new Map<string, number>();
  for (const i of data.lax) {
    const e = elems[i];
    if (e) lax.set(`${e.ns}|${e.local}`, i);
  }
  return { ns: data.ns, simple: data.simple, elems, types, lax, roots: data.roots };
}

function prepareType(def: TypeDef): PreparedType {
  const attrs = new Map<string, [number, boolean]>();
  const required: string[] = [];
  for (const [name, simple, req] of def.a ?? []) {
    attrs.set(name, [simple, req === 1]);
    if (req === 1) required.push(name);
  }
  const particle = def.c ? normalize(def.c) : null;
  const flat = particle ? flatten(particle) : null;
  return {
    def,
    attrs,
    required,
    flat,
    flatLocals: [],
    requiredFrom: requiredFrom(flat ?? []),
    seq: null,
    particle,
  };
}

/** PreparedType.requiredFrom of a flat list */
function requiredFrom(items: readonly FlatItem[]): Int32Array {
  const next = new Int32Array(items.length + 1);
  next[items.length] = items.length;
  for (let k = items.length - 1; k >= 0; k--)
    next[k] = (items[k] as FlatItem).min > 0 ? k : (next[k + 1] as number);
  return next;
}

/** Removes groups that occur exactly once and hold a single item, and inlines nested once-sequences */
function normalize(p: Particle): Particle {
  if (typeof p[0] === 'number' || p[0] === 'w') return p;
  const [kind, min, max, ...items] = p as GroupParticle;
  const norm = items.map((i) => normalize(i));
  if (norm.length === 1 && min === 1 && max === 1) return norm[0] as Particle;
  if (kind === 's') {
    const inlined: Particle[] = [];
    for (const i of norm) {
      if (i[0] === 's' && i[1] === 1 && i[2] === 1) inlined.push(...(i.slice(3) as Particle[]));
      else inlined.push(i);
    }
    return ['s', min, max, ...inlined];
  }
  return [kind, min, max, ...norm];
}

/** A sequence (once) of element particles, or a single element particle, as a flat list; else null */
function flatten(p: Particle): FlatItem[] | null {
  if (typeof p[0] === 'number') {
    const [elem, min, max] = p as ElementParticle;
    return [{ elem, min, max, local: '', ns: '', type: undefined, blank: '' }];
  }
  if (p[0] !== 's' || p[1] !== 1 || p[2] !== 1) return null;
  const out: FlatItem[] = [];
  for (const item of p.slice(3) as Particle[]) {
    if (typeof item[0] !== 'number') return null;
    const [elem, min, max] = item as ElementParticle;
    out.push({ elem, min, max, local: '', ns: '', type: undefined, blank: '' });
  }
  return out;
}
