// Dev-time XSD compiler shared by gen-structure-cii.mjs and gen-structure-ubl.mjs.
//
// It reads a set of XSD documents (following xs:import / xs:include) and compiles what a set of
// root elements can reach into a compact content-model table: element declarations, complex types
// (attributes, simple content or a particle tree of sequence/choice/element/wildcard with
// min/max occurs) and simple types (built-in base + facets). The product validates against that
// table (packages/xml-check); the XSD files themselves never ship (docs/decisions/0040).
//
// Only the XSD features the Factur-X 1.09.2 and UBL 2.1 schemas use are supported; anything else
// stops the generator with an error instead of being silently ignored.
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';

const XS = 'http://www.w3.org/2001/XMLSchema';
const UNBOUNDED = -1;

/** Built-in XSD types we validate, mapped to the base names the runtime engine knows. */
const BUILTIN = new Map(
  Object.entries({
    string: 'string',
    normalizedString: 'normalizedString',
    token: 'token',
    decimal: 'decimal',
    integer: 'integer',
    boolean: 'boolean',
    date: 'date',
    time: 'time',
    dateTime: 'dateTime',
    base64Binary: 'base64Binary',
    anyURI: 'anyURI',
    language: 'language',
    ID: 'NCName',
    IDREF: 'NCName',
    NCName: 'NCName',
    anySimpleType: 'string',
  }),
);

function elementChildren(node) {
  const out = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c);
  return out;
}
const xsKids = (node, local) =>
  elementChildren(node).filter((c) => c.namespaceURI === XS && (!local || c.localName === local));
const occurs = (node, attr, dflt) => {
  const v = node.getAttribute(attr);
  if (!v) return dflt;
  return v === 'unbounded' ? UNBOUNDED : Number(v);
};

export class XsdCompiler {
  constructor() {
    this.docs = new Map(); // absolute path -> { root, tns, qualified }
    this.globals = {
      element: new Map(),
      complexType: new Map(),
      simpleType: new Map(),
      group: new Map(),
      attributeGroup: new Map(),
    };
    // output tables
    this.ns = [];
    this.simple = [];
    this.simpleKeys = new Map();
    this.types = [];
    this.typeKeys = new Map();
    this.elems = [];
    this.elemKeys = new Map();
    this.typeMemo = new Map(); // schema node -> type index
    this.globalElemMemo = new Map();
    /** global element declarations that lax wildcards may resolve: key "ns|local" -> elem index */
    this.laxGlobals = new Map();
  }

  load(file) {
    const abs = path.resolve(file);
    if (this.docs.has(abs)) return;
    const text = fs.readFileSync(abs, 'utf8');
    const root = new DOMParser().parseFromString(text, 'application/xml').documentElement;
    const info = {
      root,
      tns: root.getAttribute('targetNamespace') || '',
      qualified: root.getAttribute('elementFormDefault') === 'qualified',
      file: abs,
    };
    this.docs.set(abs, info);
    for (const c of elementChildren(root)) {
      c.__doc = info;
      const kind = c.localName;
      if (kind === 'import' || kind === 'include') {
        const loc = c.getAttribute('schemaLocation');
        if (loc) this.load(path.join(path.dirname(abs), loc));
        continue;
      }
      const name = c.getAttribute('name');
      if (name && this.globals[kind]) this.globals[kind].set(`${info.tns}|${name}`, c);
    }
  }

  /** Resolves a QName attribute value (prefix:local) in the scope of `node` */
  qname(node, value) {
    const i = value.indexOf(':');
    const prefix = i < 0 ? null : value.slice(0, i);
    const local = i < 0 ? value : value.slice(i + 1);
    const ns = node.lookupNamespaceURI(prefix ?? '') ?? '';
    return { ns, local, key: `${ns}|${local}` };
  }

  docOf(node) {
    for (let n = node; n; n = n.parentNode) if (n.__doc) return n.__doc;
    throw new Error('node outside a loaded schema');
  }

  nsIndex(uri) {
    let i = this.ns.indexOf(uri);
    if (i < 0) i = this.ns.push(uri) - 1;
    return i;
  }

  intern(list, keys, value) {
    const key = JSON.stringify(value);
    let i = keys.get(key);
    if (i === undefined) {
      i = list.push(value) - 1;
      keys.set(key, i);
    }
    return i;
  }

  // ---- simple types -------------------------------------------------------------------------

  /** Simple type definition {b: base, e?: enum, p?: patterns, ...facets} for a type QName */
  simpleByName(node, qn) {
    const { ns, local, key } = this.qname(node, qn);
    if (ns === XS) {
      const b = BUILTIN.get(local);
      if (!b) throw new Error(`unsupported built-in type xs:${local}`);
      return { b };
    }
    const st = this.globals.simpleType.get(key);
    if (st) return this.simpleDef(st);
    const ct = this.globals.complexType.get(key);
    if (ct) {
      const t = this.complexDef(ct);
      if (t.s === undefined) throw new Error(`${qn} has no simple content`);
      return this.simple[t.s];
    }
    throw new Error(`unknown type ${qn}`);
  }

  simpleDef(st) {
    const [r, ...rest] = xsKids(st);
    if (!r || rest.length || r.localName !== 'restriction')
      throw new Error(`unsupported simpleType ${st.getAttribute('name')}`);
    return this.restrict(
      r.getAttribute('base')
        ? this.simpleByName(r, r.getAttribute('base'))
        : this.simpleDef(xsKids(r, 'simpleType')[0]),
      r,
    );
  }

  /** Applies the facets under a restriction element to a base simple definition */
  restrict(base, r) {
    const out = { ...base };
    const enums = [];
    for (const f of xsKids(r)) {
      const v = f.getAttribute('value');
      switch (f.localName) {
        case 'enumeration':
          enums.push(v);
          break;
        case 'pattern':
          out.p = [...(out.p ?? []), v];
          break;
        case 'length':
        case 'minLength':
        case 'maxLength':
        case 'totalDigits':
        case 'fractionDigits':
        case 'minInclusive':
        case 'maxInclusive':
          out[f.localName] = Number(v);
          break;
        case 'simpleType':
        case 'attribute':
        case 'anyAttribute':
        case 'attributeGroup':
        case 'annotation':
          break;
        default:
          throw new Error(`unsupported facet ${f.localName}`);
      }
    }
    if (enums.length) out.e = enums;
    return out;
  }

  simpleIndex(def) {
    return this.intern(this.simple, this.simpleKeys, def);
  }

  // ---- attributes -----------------------------------------------------------------------------

  /** Attribute list [name, simpleIdx, required] declared directly under `node` */
  attributesOf(node, inherited = []) {
    const map = new Map(inherited.map((a) => [a[0], a]));
    let anyAttr = false;
    for (const a of xsKids(node)) {
      if (a.localName === 'anyAttribute') anyAttr = true;
      if (a.localName === 'attributeGroup') throw new Error('attributeGroup not supported');
      if (a.localName !== 'attribute') continue;
      if (a.getAttribute('ref')) throw new Error('attribute ref not supported');
      const name = a.getAttribute('name');
      const use = a.getAttribute('use');
      if (use === 'prohibited') {
        map.delete(name);
        continue;
      }
      const prev = map.get(name);
      let def;
      if (a.getAttribute('type')) def = this.simpleByName(a, a.getAttribute('type'));
      else if (xsKids(a, 'simpleType')[0]) def = this.simpleDef(xsKids(a, 'simpleType')[0]);
      else def = prev ? this.simple[prev[1]] : { b: 'string' };
      map.set(name, [name, this.simpleIndex(def), use === 'required' ? 1 : 0]);
    }
    return { attrs: [...map.values()].sort((x, y) => (x[0] < y[0] ? -1 : 1)), anyAttr };
  }

  // ---- complex types --------------------------------------------------------------------------

  /** Compiles a complexType node into {s?, a?, aa?, m?, c?} (not interned) */
  complexDef(ct) {
    if (ct.__def) return ct.__def;
    const mixed = ct.getAttribute('mixed') === 'true';
    const kids = xsKids(ct).filter((k) => k.localName !== 'annotation');
    let def;
    const sc = kids.find((k) => k.localName === 'simpleContent');
    const cc = kids.find((k) => k.localName === 'complexContent');
    if (sc) {
      const d = xsKids(sc).find((k) => k.localName === 'extension' || k.localName === 'restriction');
      const baseQ = d.getAttribute('base');
      const baseKey = this.qname(d, baseQ).key;
      const baseCt = this.globals.complexType.get(baseKey);
      const baseDef = baseCt ? this.complexDef(baseCt) : null;
      let simple = baseDef ? this.simple[baseDef.s] : this.simpleByName(d, baseQ);
      if (d.localName === 'restriction') {
        const inner = xsKids(d, 'simpleType')[0];
        if (inner) simple = this.simpleDef(inner);
        simple = this.restrict(simple, d);
      }
      const { attrs, anyAttr } = this.attributesOf(d, baseDef?.a ?? []);
      def = { s: this.simpleIndex(simple), a: attrs, aa: anyAttr || !!baseDef?.aa };
    } else if (cc) {
      const d = xsKids(cc).find((k) => k.localName === 'extension' || k.localName === 'restriction');
      const baseCt = this.globals.complexType.get(this.qname(d, d.getAttribute('base')).key);
      if (!baseCt) throw new Error('complexContent base must be a named complex type');
      const baseDef = this.complexDef(baseCt);
      const own = this.particleOf(d);
      const { attrs, anyAttr } = this.attributesOf(d, baseDef.a ?? []);
      let c = own;
      if (d.localName === 'extension' && baseDef.c) c = own ? ['s', 1, 1, baseDef.c, own] : baseDef.c;
      def = {
        c,
        a: attrs,
        aa: anyAttr || !!baseDef.aa,
        m: mixed || cc.getAttribute('mixed') === 'true' || !!baseDef.m,
      };
    } else {
      const { attrs, anyAttr } = this.attributesOf(ct);
      def = { c: this.particleOf(ct), a: attrs, aa: anyAttr, m: mixed };
    }
    ct.__def = def;
    return def;
  }

  /** The model group (sequence/choice/group) directly under `node`, compiled, or null */
  particleOf(node) {
    const g = xsKids(node).find((k) => ['sequence', 'choice', 'all', 'group'].includes(k.localName));
    return g ? this.particle(g) : null;
  }

  particle(p) {
    const min = occurs(p, 'minOccurs', 1);
    const max = occurs(p, 'maxOccurs', 1);
    switch (p.localName) {
      case 'sequence':
      case 'choice': {
        const items = xsKids(p)
          .filter((k) => k.localName !== 'annotation')
          .map((k) => this.particle(k));
        return [p.localName === 'sequence' ? 's' : 'c', min, max, ...items];
      }
      case 'group': {
        const g = this.globals.group.get(this.qname(p, p.getAttribute('ref')).key);
        const inner = this.particleOf(g);
        return ['s', min, max, inner];
      }
      case 'element':
        return [this.elementDecl(p), min, max];
      case 'any': {
        const nsAttr = p.getAttribute('namespace') || '##any';
        const process = p.getAttribute('processContents') || 'strict';
        const tns = this.docOf(p).tns;
        // namespace constraint: '*' any, '!<idx>' any but that namespace (##other), or a list of indexes
        let constraint;
        if (nsAttr === '##any') constraint = '*';
        else if (nsAttr === '##other') constraint = `!${this.nsIndex(tns)}`;
        else
          constraint = nsAttr
            .split(/\s+/)
            .map((u) => this.nsIndex(u === '##targetNamespace' ? tns : u === '##local' ? '' : u))
            .join(',');
        return ['w', min, max, constraint, process];
      }
      default:
        throw new Error(`unsupported particle ${p.localName}`);
    }
  }

  /** Element declaration index for a local or referenced xs:element */
  elementDecl(e) {
    const ref = e.getAttribute('ref');
    if (ref) {
      const q = this.qname(e, ref);
      const g = this.globals.element.get(q.key);
      if (!g) throw new Error(`unknown element ${ref}`);
      return this.globalElement(g);
    }
    const doc = this.docOf(e);
    const isGlobal = e.parentNode === doc.root;
    const form = e.getAttribute('form');
    const ns = isGlobal || form === 'qualified' || (form !== 'unqualified' && doc.qualified) ? doc.tns : '';
    const name = e.getAttribute('name');
    // reserve the slot first so recursive types terminate
    const key = e;
    if (this.typeMemo.has(key)) return this.typeMemo.get(key);
    const idx = this.elems.push([this.nsIndex(ns), name, -1]) - 1;
    this.typeMemo.set(key, idx);
    this.elems[idx][2] = this.typeOfElement(e);
    return idx;
  }

  globalElement(g) {
    const idx = this.elementDecl(g);
    const [nsI, local] = this.elems[idx];
    this.laxGlobals.set(`${this.ns[nsI]}|${local}`, idx);
    return idx;
  }

  /** Type index for an element: named type, anonymous type, or anyType when untyped */
  typeOfElement(e) {
    const t = e.getAttribute('type');
    if (t) {
      const q = this.qname(e, t);
      if (q.ns === XS && q.local === 'anyType') return this.anyTypeIndex();
      const ct = this.globals.complexType.get(q.key);
      if (ct) return this.typeIndexOf(ct);
      return this.internType({ s: this.simpleIndex(this.simpleByName(e, t)), a: [] });
    }
    const anonCt = xsKids(e, 'complexType')[0];
    if (anonCt) return this.typeIndexOf(anonCt);
    const anonSt = xsKids(e, 'simpleType')[0];
    if (anonSt) return this.internType({ s: this.simpleIndex(this.simpleDef(anonSt)), a: [] });
    return this.anyTypeIndex();
  }

  anyTypeIndex() {
    return this.internType({ c: ['s', 1, 1, ['w', 0, UNBOUNDED, '*', 'lax']], a: [], aa: true, m: true });
  }

  /** Interned type index of a complexType node; the particle tree refers to element indexes */
  typeIndexOf(ct) {
    if (this.typeMemo.has(ct)) return this.typeMemo.get(ct);
    if (xsKids(ct, 'simpleContent').length) {
      // simple content cannot recurse: share identical definitions (UBL has ~900 such types)
      const shared = this.internType(this.complexDef(ct));
      this.typeMemo.set(ct, shared);
      return shared;
    }
    // placeholder to break recursion (a type containing itself through its children)
    const idx = this.types.push(null) - 1;
    this.typeMemo.set(ct, idx);
    const def = this.complexDef(ct);
    this.types[idx] = compact(def);
    return idx;
  }

  internType(def) {
    return this.intern(this.types, this.typeKeys, compact(def));
  }

  /** Registers every global element of a namespace as resolvable by lax wildcards */
  addLaxNamespace(uri) {
    for (const [key, g] of this.globals.element) if (key.startsWith(`${uri}|`)) this.globalElement(g);
  }

  rootElement(ns, local) {
    const g = this.globals.element.get(`${ns}|${local}`);
    if (!g) throw new Error(`no global element ${ns}|${local}`);
    return this.globalElement(g);
  }

  /** Final data: namespaces, simple types, element declarations, types, lax globals */
  output() {
    return {
      ns: this.ns,
      simple: this.simple,
      elems: this.elems,
      types: this.types,
      lax: [...this.laxGlobals.values()].sort((a, b) => a - b),
    };
  }
}

function compact(def) {
  const out = {};
  if (def.s !== undefined) out.s = def.s;
  if (def.a?.length) out.a = def.a;
  if (def.aa) out.aa = 1;
  if (def.m) out.m = 1;
  if (def.c) out.c = def.c;
  return out;
}

/** Writes a TypeScript data module exporting `data` (a string: JSON parsed once at load). */
export function writeModule(file, header, exportName, typeName, typeImport, data) {
  const json = typeof data === 'string' ? data : JSON.stringify(data);
  // A template literal keeps the JSON readable; escape what a template literal would alter.
  const body = json.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  const lines = [`// GENERATED by ${header}; do not edit by hand (docs/decisions/0040-structure-model.md).`];
  if (typeImport) lines.push(typeImport);
  lines.push(`export const ${exportName}: ${typeName} = `.concat('`', body, '`;'), '');
  const text = lines.join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return text.length;
}
