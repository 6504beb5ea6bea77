/**
 * Walks a parsed document against a prepared structure model and reports what the XSD would
 * reject: element order, missing and extra elements, occurrences, attributes, data types.
 * The verdict (no finding ⇔ XSD-valid) is checked against libxml2 in tests/structure.
 */
import type { Finding } from '@einv/core-model';
import { isKnownBlank, NO_ATTRS, type XmlElement, xpathOf } from '@einv/xml';
import { type FlatItem, type Particle, type PreparedModel, type PreparedType, UNBOUNDED } from './model.js';
import { checkSimple } from './simple.js';

const XSI = 'xsi';
/** Conventional prefixes, used to name an expected element the document does not show */
const PREFIXES: Record<string, string> = {
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
};

export interface StructureOptions {
  /** Stop after this many findings (hostile input can hold millions of errors) */
  maxFindings?: number;
}

class Walker {
  readonly findings: Finding[] = [];
  private readonly prefixes = new Map<string, string>();
  /** the namespace of the last element remembered: most elements share their parent's */
  private lastNs: string | undefined;
  private readonly max: number;
  /** the occurrence counts of `flat`, one array per depth of the walk (reused: most elements have children) */
  private readonly counts: number[][] = [];
  private depth = 0;

  constructor(
    private readonly model: PreparedModel,
    opts: StructureOptions,
  ) {
    this.max = opts.maxFindings ?? 200;
  }

  get full(): boolean {
    return this.findings.length >= this.max;
  }

  report(rule: string, el: XmlElement, message: string): void {
    if (this.full) return;
    this.findings.push({
      rule,
      message,
      path: 'invoice',
      severity: 'fatal',
      xpath: xpathOf(el),
      line: el.line,
    });
  }

  /** A name for an element declaration, with the prefix the document uses for its namespace */
  nameOf(elem: number): string {
    const d = this.model.elems[elem];
    if (!d) return '?';
    const p = this.prefixes.get(d.ns) ?? PREFIXES[d.ns];
    return p ? `${p}:${d.local}` : d.local;
  }

  remember(el: XmlElement): void {
    if (el.ns === this.lastNs) return;
    this.lastNs = el.ns;
    if (this.prefixes.has(el.ns)) return;
    const i = el.name.indexOf(':');
    this.prefixes.set(el.ns, i < 0 ? '' : el.name.slice(0, i));
  }

  matches(elem: number, el: XmlElement): boolean {
    const d = this.model.elems[elem];
    return d !== undefined && d.local === el.local && d.ns === el.ns;
  }

  element(el: XmlElement, elem: number): void {
    const d = this.model.elems[elem];
    const type = d ? this.model.types[d.type] : undefined;
    if (type) this.typed(el, type);
  }

  /** `place`: the item of the parent's flat list the element takes, when it has one */
  typed(el: XmlElement, type: PreparedType, place?: FlatItem): void {
    if (this.full) return;
    this.remember(el);
    this.attributes(el, type);
    const def = type.def;
    if (def.s !== undefined) {
      // the length first: children[0] of a leaf's empty array is a load out of bounds, on every leaf
      if (el.children.length > 0) {
        const first = el.children[0] as XmlElement;
        this.report(
          'XSD-UNEXPECTED',
          first,
          `${first.name} is not allowed: ${el.name} holds a value, not elements`,
        );
        return;
      }
      const simple = this.model.simple[def.s];
      const expected = simple ? checkSimple(simple, el.text) : null;
      if (expected)
        this.report(
          expected.startsWith('one of') ? 'XSD-CODE' : 'XSD-DATATYPE',
          el,
          `${el.name} is "${clip(el.text)}"; expected ${expected}`,
        );
      return;
    }
    if (!def.m && !this.blankText(el.text, place))
      this.report(
        'XSD-UNEXPECTED',
        el,
        `${el.name} contains text "${clip(el.text)}" but may only contain elements`,
      );
    if (type.flat) this.flat(el, type);
    else if (type.particle) this.general(el, type.particle);
    else if (el.children.length > 0) {
      const first = el.children[0] as XmlElement;
      this.report('XSD-UNEXPECTED', first, `${first.name} is not allowed: ${el.name} must be empty`);
    }
  }

  /**
   * Is the text of an element-only element white space only (`hasBlankText` of @einv/xml)? Asked
   * only where the answer can be no: an empty text, or the white space the element's place had
   * last time, answer without the lookup among the parsers' white space strings.
   */
  blankText(text: string, place: FlatItem | undefined): boolean {
    if (text === '' || (place !== undefined && text === place.blank)) return true;
    if (isKnownBlank(text)) {
      if (place !== undefined) place.blank = text;
      return true;
    }
    return text.trim() === '';
  }

  attributes(el: XmlElement, type: PreparedType): void {
    // most elements have none: both parsers give them the one shared NO_ATTRS, and a for-in over an
    // empty object still costs its enumeration setup (~10 ns per element)
    if (el.attrs !== NO_ATTRS) this.declaredAttributes(el, type);
    const required = type.required;
    for (let i = 0; i < required.length; i++) {
      const name = required[i] as string;
      if (!(name in el.attrs)) this.report('XSD-MISSING', el, `${el.name} must have the attribute ${name}`);
    }
  }

  /** Each attribute of `el` is declared by its type (or any is allowed) and of its simple type */
  declaredAttributes(el: XmlElement, type: PreparedType): void {
    for (const name in el.attrs) {
      const colon = name.indexOf(':');
      if (colon >= 0 && name.slice(0, colon) === XSI) continue; // xsi:schemaLocation, xsi:type…
      const decl = colon < 0 ? type.attrs.get(name) : undefined;
      if (!decl) {
        if (!type.def.aa)
          this.report('XSD-UNEXPECTED', el, `the attribute ${name} is not allowed on ${el.name}`);
        continue;
      }
      const simple = this.model.simple[decl[0]];
      const expected = simple ? checkSimple(simple, el.attrs[name] ?? '') : null;
      if (expected)
        this.report(
          'XSD-DATATYPE',
          el,
          `the attribute ${name} of ${el.name} is "${clip(el.attrs[name] ?? '')}"; expected ${expected}`,
        );
    }
  }

  /** A sequence of single elements: precise messages for order, missing, repeated and unknown elements */
  flat(parent: XmlElement, type: PreparedType): void {
    const children = parent.children;
    // the children named as the last clean element's of this type take the same items (decision 0260)
    const seq = type.seq;
    if (seq !== null && sameItems(seq, children)) {
      for (let c = 0; c < children.length; c++) {
        const place = seq[c] as FlatItem;
        const childType = place.type;
        if (childType) this.typed(children[c] as XmlElement, childType, place);
      }
      return;
    }
    const items = type.flat as FlatItem[];
    // the counts of this level: one array per depth, reused from element to element, all zero
    // between uses (only grown here)
    const depth = this.depth++;
    let counts = this.counts[depth];
    if (counts === undefined) {
      counts = [];
      this.counts[depth] = counts;
    }
    for (let k = counts.length; k < items.length; k++) counts.push(0);
    // what to clear if flatItems throws: every item
    let last = items.length - 1;
    const places: FlatItem[] = new Array(children.length);
    try {
      last = this.flatItems(parent, type, items, counts, places);
    } finally {
      this.depth--;
      // only the items up to the last one taken were counted: clearing those, not the whole list
      // before each element (a UBL party has 20 items, the invoice 55), was a fifth of `typed`
      for (let k = 0; k <= last; k++) counts[k] = 0;
    }
  }

  /**
   * Matches the children against the flat list; returns the last item an element was counted for
   * (items are taken in order, so every count above it is still 0). `places`: filled with the item
   * each child takes; kept as the type's `seq` when every child took one and nothing was reported
   * at this level.
   */
  private flatItems(
    parent: XmlElement,
    type: PreparedType,
    items: FlatItem[],
    counts: number[],
    places: FlatItem[],
  ): number {
    let i = 0;
    const children = parent.children;
    const locals = type.flatLocals;
    const required = type.requiredFrom;
    const n = locals.length;
    let clean = true;
    for (let c = 0; c < children.length; c++) {
      const el = children[c] as XmlElement;
      if (this.full) return i;
      // the first item from i on that takes el: its name first, from the packed array of names
      const local = el.local;
      let j = i;
      while (j < n) {
        if (locals[j] === local) {
          const it = items[j] as FlatItem;
          if (it.ns === el.ns && (it.max === UNBOUNDED || (counts[j] as number) < it.max)) break;
        }
        j++;
      }
      if (j < n) {
        // the items skipped: only the required ones can be missing
        for (let k = required[i] as number; k < j; k = required[k + 1] as number)
          if (this.missingBefore(parent, items, counts, k, el)) clean = false;
        i = j;
        counts[j] = (counts[j] as number) + 1;
        // element(el, elem) without looking the declaration and its type up again
        const place = items[j] as FlatItem;
        places[c] = place;
        const childType = place.type;
        if (childType) this.typed(el, childType, place);
        continue;
      }
      clean = false;
      const k = items.findIndex((it) => this.matches(it.elem, el));
      const it = items[k];
      if (!it) {
        const next = items.slice(i).find((x, m) => (counts[i + m] as number) < x.min) ?? items[i];
        const hint = next ? `; the next element expected here is ${this.nameOf(next.elem)}` : '';
        this.report('XSD-UNEXPECTED', el, `${el.name} is not allowed in ${parent.name}${hint}`);
      } else if (it.max !== UNBOUNDED && (counts[k] as number) >= it.max) {
        this.report(
          'XSD-CARDINALITY',
          el,
          `${el.name} may appear at most ${it.max === 1 ? 'once' : `${it.max} times`} in ${parent.name}`,
        );
      } else {
        const after = items[i] ? this.nameOf((items[i] as FlatItem).elem) : 'the preceding elements';
        this.report(
          'XSD-ORDER',
          el,
          `${el.name} is out of order in ${parent.name}: it must come before ${after}`,
        );
      }
    }
    for (let k = required[i] as number; k < n; k = required[k + 1] as number)
      if (this.missingBefore(parent, items, counts, k, null)) clean = false;
    if (clean) type.seq = places;
    return i;
  }

  private missingBefore(
    parent: XmlElement,
    items: FlatItem[],
    counts: number[],
    k: number,
    before: XmlElement | null,
  ): boolean {
    const it = items[k] as FlatItem;
    const n = counts[k] as number;
    if (n >= it.min) return false;
    const what =
      it.min > 1 ? `at least ${it.min} ${this.nameOf(it.elem)} (found ${n})` : this.nameOf(it.elem);
    const where = before ? ` before ${before.name}` : '';
    this.report('XSD-MISSING', before ?? parent, `${parent.name} must contain ${what}${where}`);
    return true;
  }

  /** Any other content model (nested groups, wildcards): deterministic greedy matching */
  general(parent: XmlElement, particle: Particle): void {
    const kids = parent.children;
    const r = this.match(particle, kids, 0);
    if (!r.ok || r.pos < kids.length) {
      const bad = kids[r.pos];
      if (bad)
        this.report('XSD-UNEXPECTED', bad, `${bad.name} is not expected at this place in ${parent.name}`);
      else
        this.report(
          'XSD-MISSING',
          parent,
          `the content of ${parent.name} is incomplete: an element is missing at the end`,
        );
    }
  }

  private match(p: Particle, kids: XmlElement[], start: number): { ok: boolean; pos: number } {
    const [head, min, max] = p;
    let pos = start;
    let count = 0;
    if (typeof head === 'number' || head === 'w') {
      while (pos < kids.length && (max === UNBOUNDED || count < max)) {
        const el = kids[pos] as XmlElement;
        if (typeof head === 'number') {
          if (!this.matches(head, el)) break;
          this.element(el, head);
        } else if (!this.wildcard(p as ['w', number, number, string, string], el)) break;
        pos++;
        count++;
      }
      return { ok: count >= min, pos };
    }
    const items = p.slice(3) as Particle[];
    while (max === UNBOUNDED || count < max) {
      const repStart = pos;
      let ok = true;
      if (head === 's') {
        for (const item of items) {
          const r = this.match(item, kids, pos);
          pos = r.pos;
          if (!r.ok) {
            ok = false;
            break;
          }
        }
      } else {
        const el = kids[pos];
        const branch = el ? items.find((item) => this.canStart(item, el)) : undefined;
        if (branch) {
          const r = this.match(branch, kids, pos);
          pos = r.pos;
          ok = r.ok;
        } else ok = items.some((item) => this.nullable(item));
      }
      if (!ok) {
        if (pos === repStart && count >= min) return { ok: true, pos };
        return { ok: false, pos };
      }
      if (pos === repStart) {
        // an empty repetition satisfies every remaining minimum
        return { ok: true, pos };
      }
      count++;
    }
    return { ok: count >= min, pos };
  }

  private canStart(p: Particle, el: XmlElement): boolean {
    const head = p[0];
    if (typeof head === 'number') return this.matches(head, el);
    if (head === 'w') return this.nsAllowed(p[3] as string, el.ns);
    const items = p.slice(3) as Particle[];
    if (head === 'c') return items.some((i) => this.canStart(i, el));
    for (const i of items) {
      if (this.canStart(i, el)) return true;
      if (!this.nullable(i)) return false;
    }
    return false;
  }

  private nullable(p: Particle): boolean {
    if (p[1] === 0) return true;
    const head = p[0];
    if (typeof head === 'number' || head === 'w') return false;
    const items = p.slice(3) as Particle[];
    return head === 'c' ? items.some((i) => this.nullable(i)) : items.every((i) => this.nullable(i));
  }

  private nsAllowed(constraint: string, ns: string): boolean {
    if (constraint === '*') return true;
    if (constraint.startsWith('!')) return ns !== '' && this.model.ns[Number(constraint.slice(1))] !== ns;
    return constraint.split(',').some((i) => this.model.ns[Number(i)] === ns);
  }

  /** Matches a wildcard and validates the element as its processContents says */
  private wildcard(p: ['w', number, number, string, string], el: XmlElement): boolean {
    if (!this.nsAllowed(p[3], el.ns)) return false;
    const process = p[4];
    if (process === 'skip') return true;
    const decl = this.model.lax.get(`${el.ns}|${el.local}`);
    if (decl !== undefined) this.element(el, decl);
    else if (process === 'strict') this.report('XSD-UNEXPECTED', el, `${el.name} is not a declared element`);
    return true;
  }
}

/** Do the children have the names and namespaces of the items of `seq`, in its order? */
function sameItems(seq: readonly FlatItem[], children: readonly XmlElement[]): boolean {
  if (seq.length !== children.length) return false;
  for (let c = 0; c < children.length; c++) {
    const el = children[c] as XmlElement;
    const place = seq[c] as FlatItem;
    if (el.local !== place.local || el.ns !== place.ns) return false;
  }
  return true;
}

function clip(v: string): string {
  const t = v.trim();
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

/** Validates `root` against the model's root declaration `rootName`; returns the findings */
export function validateStructure(
  model: PreparedModel,
  root: XmlElement,
  rootName: string,
  opts: StructureOptions = {},
): Finding[] {
  const w = new Walker(model, opts);
  const elem = model.roots[rootName];
  if (elem === undefined) return [];
  w.element(root, elem);
  return w.findings;
}
