/**
 * readCii: CII XML → the einv Invoice, by interpreting the binding table. Never throws, never
 * invents a value (no defaults), keeps empty elements as '' and repeated ones as arrays, and says
 * in `diagnostics` what it could not read (bad decimals and dates, repeated single terms, elements
 * outside the model) so nothing is dropped silently.
 */
import {
  type DocumentProfile,
  type Finding,
  type Invoice,
  LexicalForms,
  type LocationTable,
  NO_SOURCE_FACTS,
  type Profile,
  plainNumberValue,
  type SourceFacts,
  type SourceLocations,
  withLocations,
} from '@einv/core-model';
import { type ParseOptions, parseXml, textOf, type XmlElement, XPaths } from '@einv/xml';
import { CII_BINDING } from './binding/index.js';
import { compilePath, everyElement, NAMESPACES, type Step, type Variables } from './binding/path.js';
import { VAT_TOTAL_FROM_ROOT } from './binding/totals.js';
import { documentProfileOf, profileOfGuideline } from './guideline.js';
import { INVOICE_PATH, ModelPath } from './key-paths.js';
import { getKey, isEmpty, isObject, joinPath, type ModelObject, setKey } from './model-path.js';
import { readPaymentSchedule } from './payment-terms.js';
import { ReaderLocations } from './read-locations.js';
import { ReadMarks } from './read-marks.js';
import {
  type CompiledEntry,
  type CompiledField,
  type CompiledGroup,
  countOf,
  firstOf,
  holdsAny,
  listOf,
  type Plan,
  releaseWalks,
  rootPlan,
  type Walk,
  walk,
} from './read-plan.js';
import { walkCiiSource } from './source-facts.js';
import { reportUnread } from './unread.js';
import { parseDate102, parseDecimal, xmlTrim } from './values.js';

export interface ReadCiiResult {
  invoice: Invoice;
  /** The Factur-X profile named by BT-24, undefined when BT-24 is missing or unknown */
  profile: Profile | undefined;
  /** The profile the document declares: `profile`, or EXTENDED-CTC-FR when BT-24 is its id (decision 0078) */
  documentProfile?: DocumentProfile;
  guidelineId?: string;
  diagnostics: Finding[];
  /**
   * model path → where it was read in the XML, for the rules' findings (built when first read from
   * `locationTable`, which internal callers pass on instead: decision 0142)
   */
  locations: SourceLocations;
  readonly locationTable?: LocationTable;
  /** What the XML holds that the model cannot, for the rules that judge XML nodes (pass it to validate) */
  source: SourceFacts;
}

/** The paths the reader looks up from the root once per document, compiled once */
const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const CURRENCY = compilePath(`${SETTLEMENT}/ram:InvoiceCurrencyCode`).steps;
const TAX_CURRENCY = compilePath(`${SETTLEMENT}/ram:TaxCurrencyCode`).steps;
const VAT_TOTALS = compilePath(VAT_TOTAL_FROM_ROOT).steps;
const NO_VARIABLES: Variables = {};

export function readCii(xml: string | Uint8Array, opts: ParseOptions = {}): ReadCiiResult {
  const parsed = parseXml(xml, opts);
  if (!parsed.ok) {
    const { code, message, line } = parsed.error;
    const f: Finding = {
      rule: code,
      message: `The XML is not readable: ${message}`,
      path: 'invoice',
      severity: 'fatal',
    };
    if (line !== undefined) f.line = line;
    return { invoice: {}, profile: undefined, diagnostics: [f], locations: {}, source: NO_SOURCE_FACTS };
  }
  try {
    return readCiiElement(parsed.root);
  } catch (e) {
    // not expected (the fast-check suite looks for it), but a library never throws at its caller
    return {
      invoice: {},
      profile: undefined,
      diagnostics: [
        {
          rule: 'CII-INTERNAL',
          message: `The invoice could not be read: ${String(e)}`,
          path: 'invoice',
          severity: 'fatal',
        },
      ],
      locations: {},
      source: NO_SOURCE_FACTS,
    };
  }
}

/** Reads an already parsed document (the structure check parses once and shares the tree) */
export function readCiiElement(root: XmlElement): ReadCiiResult {
  if (root.local !== 'CrossIndustryInvoice' || root.ns !== NAMESPACES.rsm) {
    const ubl = root.local === 'Invoice' || root.local === 'CreditNote';
    return {
      invoice: {},
      profile: undefined,
      diagnostics: [
        {
          rule: 'CII-ROOT',
          message: `The root element is <${root.name}> (namespace "${root.ns}"), not rsm:CrossIndustryInvoice${ubl ? ': this looks like UBL' : ''}.`,
          path: 'invoice',
          severity: 'fatal',
          xpath: `/${root.name}`,
          line: root.line,
        },
      ],
      locations: {},
      source: NO_SOURCE_FACTS,
    };
  }
  const reader = new Reader(root);
  const invoice: ModelObject = {};
  reader.readRoot(root, invoice);
  const guidelineId =
    typeof invoice.specificationIdentifier === 'string' ? invoice.specificationIdentifier : undefined;
  const { profile, inferred } = profileOfGuideline(guidelineId);
  if (guidelineId === undefined) {
    reader.report(
      'CII-GUIDELINE',
      'warning',
      'The guideline identifier (BT-24) is missing: the Factur-X profile is unknown.',
      'invoice.specificationIdentifier',
      'BT-24',
    );
  } else if (profile === undefined) {
    reader.report(
      'CII-GUIDELINE',
      'warning',
      `The guideline identifier "${guidelineId}" (BT-24) names no known Factur-X/ZUGFeRD profile.`,
      'invoice.specificationIdentifier',
      'BT-24',
    );
  } else if (inferred) {
    reader.report(
      'CII-GUIDELINE',
      'information',
      `The guideline identifier "${guidelineId}" is read with the ${profile} structure.`,
      'invoice.specificationIdentifier',
      'BT-24',
    );
  }
  reader.countVatTotals(root, invoice);
  // several payment terms (EXTENDED): read beside the binding, which holds the first (decision 0089)
  reader.visited.addAll(readPaymentSchedule(root, invoice as Invoice, reader.diagnostics).visited);
  // the source facts before the unread report: their walk counts the document's leaves, which lets
  // the report skip its own walk when every leaf was read (they read no CII-UNREAD finding)
  const { facts, leaves } = walkCiiSource(root, reader.diagnostics, reader.lexical);
  reportUnread(root, leaves, reader.visited, reader.diagnostics, reader.xpaths);
  const result: ReadCiiResult = withLocations(
    {
      invoice: invoice as Invoice,
      profile,
      diagnostics: reader.diagnostics,
      locations: {},
      source: facts,
    },
    reader.locations,
  );
  if (guidelineId !== undefined) result.guidelineId = guidelineId;
  const documentProfile = documentProfileOf(guidelineId, profile);
  if (documentProfile !== undefined) result.documentProfile = documentProfile;
  return result;
}

class Reader {
  readonly diagnostics: Finding[] = [];
  /** model path → the element it was read from; paths and XPaths only when asked (decisions 0142, 0157) */
  readonly locations = new ReaderLocations();
  /**
   * model path → the number as written, for the BR-DEC rules (source facts): kept as base path and
   * key, joined only when read (decision 0274)
   */
  readonly lexical = new LexicalForms();
  /** the elements read, for the report of those that were not (decision 0180) */
  readonly visited = new ReadMarks();
  /** XPaths of the elements the findings name, cached */
  readonly xpaths = new XPaths();
  /**
   * The base path of the item being read of a list whose items hold no group, retargeted per item
   * (decision 0288): such an item's entries read only its text (no group, so no path under it, and
   * none of them keeps the path object), and its reading never nests another such item
   */
  private readonly itemBase = new ModelPath('');
  private readonly vars: Variables;

  constructor(root: XmlElement) {
    // $currency / $taxCurrency are needed by predicates before their own fields are read
    const first = (steps: readonly Step[]): string | undefined => {
      let found: XmlElement | undefined;
      everyElement(root, steps, NO_VARIABLES, (el) => {
        found = el;
        return false;
      });
      return textOf(found);
    };
    this.vars = { currency: first(CURRENCY), taxCurrency: first(TAX_CURRENCY) };
  }

  /** Reads the whole table from the root element (one walk per group element: read-plan.ts) */
  readRoot(root: XmlElement, invoice: ModelObject): void {
    const plan = rootPlan(CII_BINDING);
    try {
      this.entries(plan, this.walk(plan, root), invoice, INVOICE_PATH);
    } finally {
      releaseWalks();
    }
  }

  private walk(plan: Plan, el: XmlElement): Walk {
    return walk(plan, el, this.vars, this.visited);
  }

  /** Applies a plan's bindings, in table order, to what its walk found */
  private entries(plan: Plan, found: Walk, obj: ModelObject, at: ModelPath): void {
    const entries = plan.entries;
    for (let i = 0; i < entries.length; i++) {
      const b = entries[i] as CompiledEntry;
      // most entries find nothing (a table for every profile): answered here, without a call
      if (found[b.node] !== undefined) {
        if (b.kind === 'field') this.field(b, found, obj, at);
        else this.group(b, found, obj, at);
      } else if (b.kind === 'field' && b.emptyDate) this.emptyDate(b, found, obj, at.path);
    }
  }

  private field(cf: CompiledField, found: Walk, obj: ModelObject, base: ModelPath): void {
    const modelPath = base.path;
    // something was found (entries): an element, or several
    const at = found[cf.node] as XmlElement | XmlElement[];
    const f = cf.binding;
    const attr = cf.attr;
    // the hits: every element found (read as its text), or those holding the attribute
    let firstEl: XmlElement | undefined;
    let firstRaw = '';
    let hits = 0;
    if (!Array.isArray(at)) {
      // one element (the usual case)
      const raw = attr === undefined ? at.text : at.attrs[attr];
      if (raw !== undefined) {
        if (attr === undefined) this.visited.add(at);
        firstEl = at;
        firstRaw = raw;
        hits = 1;
      }
    } else {
      for (let i = 0; i < at.length; i++) {
        const e = at[i] as XmlElement;
        const raw = attr === undefined ? e.text : e.attrs[attr];
        if (raw === undefined) continue;
        if (attr === undefined) this.visited.add(e);
        if (hits++ === 0) {
          firstEl = e;
          firstRaw = raw;
        }
      }
    }
    if (firstEl === undefined) return;
    // an alternative place of a term read first elsewhere: only asked when the table allows it
    const existing = cf.reread ? cf.access.get(obj) : undefined;
    if (existing !== undefined) {
      // an alternative place of a term already read (e.g. BT-149 on the gross price)
      const other = this.convert(cf, firstEl, firstRaw, base, false);
      if (other !== undefined && other !== existing && f.alsoKey && getKey(obj, f.alsoKey) === undefined) {
        // a detail the EXTENDED structure keeps beside the term (decision 0126)
        setKey(obj, f.alsoKey, other);
        return;
      }
      if (other !== undefined && other !== existing) {
        this.report(
          'CII-ALTERNATIVE',
          'information',
          `${f.bt} is given twice with different values; "${String(existing)}" is kept, "${String(other)}" at ${this.xpaths.of(firstEl)} is not.`,
          joinPath(modelPath, f.key),
          f.bt,
          firstEl,
        );
      }
      return;
    }
    const value = this.convert(cf, firstEl, firstRaw, base, true);
    if (value === undefined) return;
    if (hits > 1) this.repeatedField(cf, listOf(at), base);
    cf.access.set(obj, value);
    this.locations.add(modelPath, cf.key, firstEl);
  }

  /** A term found several times: said when the values differ (the first is kept) */
  private repeatedField(cf: CompiledField, elements: readonly XmlElement[], at: ModelPath): void {
    const f = cf.binding;
    const hits: XmlElement[] = [];
    const distinct = new Set<string | number | undefined>();
    for (const e of elements) {
      const raw = cf.attr === undefined ? e.text : e.attrs[cf.attr];
      if (raw === undefined) continue;
      hits.push(e);
      distinct.add(this.convert(cf, e, raw, at, false));
    }
    if (distinct.size > 1) {
      this.report(
        'CII-REPEATED',
        'warning',
        `${f.bt} appears ${hits.length} times with different values; the model holds one, the first is kept.`,
        joinPath(at.path, f.key),
        f.bt,
        hits[1],
      );
    }
  }

  /**
   * A date element without its date string (<ram:EndDateTime/>) is an empty date: kept as '' like
   * any empty element, since the official tests see the element (BR-29/30 compare its missing
   * string and fail).
   */
  private emptyDate(cf: CompiledField, found: Walk, obj: ModelObject, modelPath: string): void {
    if (cf.access.get(obj) !== undefined) return;
    const holder = firstOf(found[cf.holder]);
    if (!holder) return;
    cf.access.set(obj, '');
    this.locations.add(modelPath, cf.key, holder);
  }

  /** The model value of a field's text; `report`: say what is not readable (the model path built then) */
  private convert(
    cf: CompiledField,
    el: XmlElement,
    raw: string,
    base: ModelPath,
    report: boolean,
  ): string | number | undefined {
    const modelPath = base.path;
    const text = xmlTrim(raw);
    const f = cf.binding;
    switch (cf.type) {
      case 'text':
        return text;
      case 'date': {
        const format = el.attrs.format;
        const iso = format === '102' ? parseDate102(text) : undefined;
        if (iso !== undefined) return iso;
        if (report) {
          const why =
            format !== '102'
              ? `its format is "${format ?? '(none)'}", only 102 (YYYYMMDD) is read`
              : `"${text}" is not a date in format 102 (YYYYMMDD)`;
          this.report(
            'CII-DATE',
            'fatal',
            `${f.bt}: ${why}; the text is kept as is.`,
            joinPath(modelPath, f.key),
            f.bt,
            el,
            text,
          );
        }
        return text;
      }
      default: {
        // a number written plainly (nearly all): its value, nothing to trim, report or record
        const plain = plainNumberValue(raw);
        if (plain !== undefined) return plain;
        const n = parseDecimal(text);
        // not written plainly, since plainNumberValue read no value (its form is isPlainNumber's:
        // no need to ask the regular expression again, decision 0287)
        if (report && n !== undefined) this.lexical.record(modelPath, f.key, cf.name, raw);
        if (n === undefined && report) {
          this.report(
            'CII-DECIMAL',
            'fatal',
            `${f.bt}: "${text}" is not a decimal number (digits with an optional "." and sign, no exponent).`,
            joinPath(modelPath, f.key),
            f.bt,
            el,
            text,
          );
        }
        return n;
      }
    }
  }

  private group(cg: CompiledGroup, found: Walk, obj: ModelObject, base: ModelPath): void {
    const at = found[cg.node];
    if (at === undefined) return;
    const g = cg.binding;
    const plan = cg.plan;
    // a path-less single group reading fields only has its parent's path text: read under the
    // parent's path itself, not a kept copy of it (decision 0288; a group below it would take its
    // paths by its own plan's slots, which could meet the parent plan's)
    const target = cg.key === '' && !cg.many && cg.fieldsOnly ? base : base.under(cg.slot, cg.key);
    if (cg.many) {
      const existing = cg.access.get(obj);
      // a new list is made with its first item: `[item]` holds one slot, where `[]` grew to 17 at its
      // first push (most repeated groups of an invoice have one element, and the model is kept)
      let list: ModelObject[] | undefined = Array.isArray(existing) ? (existing as ModelObject[]) : undefined;
      const count = countOf(at);
      for (let i = 0; i < count; i++) {
        const e = Array.isArray(at) ? (at[i] as XmlElement) : at;
        const item: ModelObject = {};
        const index = list === undefined ? 0 : list.length;
        const itemPath = cg.fieldsOnly ? this.itemBase.retarget(target.itemText(index)) : target.item(index);
        const inner = this.walk(plan, e);
        this.entries(plan, inner, item, itemPath);
        // a path-less group (BG-17 inside BG-16) is here when one of its elements is, even empty
        if (cg.pathless && isEmpty(item) && !holdsAny(plan, inner)) continue;
        this.constants(plan, inner, item);
        this.visited.add(e);
        this.locations.add(itemPath.path, '', e);
        if (list === undefined) list = [item];
        else list.push(item);
      }
      if (list !== undefined && existing === undefined) cg.access.set(obj, list);
      return;
    }
    const existing = cg.key === '' ? obj : cg.access.get(obj);
    const into: ModelObject = isObject(existing) ? existing : {};
    const first = firstOf(at) as XmlElement;
    const inner = this.walk(plan, first);
    this.entries(plan, inner, into, target);
    this.constants(plan, inner, into);
    this.visited.add(first);
    if (cg.key !== '' && !cg.pathless) this.locations.add(base.path, cg.key, first);
    const count = countOf(at);
    if (cg.split) this.mergeSplit(listOf(at), into, cg, target);
    else if (count > 1) {
      this.report(
        'CII-REPEATED',
        'warning',
        `${g.bg || 'This group'} appears ${count} times; the model holds one, the first is read.`,
        target.path,
        g.bg,
        (at as XmlElement[])[1],
      );
    }
    // keepEmpty: an element present with no mapped content is kept as {} (as readUbl does), the
    // official rules test its existence (BR-CO-19/20: a period needs a start or an end date)
    if (cg.key !== '' && existing === undefined && (cg.keepEmpty || !isEmpty(into))) cg.access.set(obj, into);
  }

  /**
   * BR-CO-15 wants exactly one TaxTotalAmount in the invoice currency; the model holds one BT-110,
   * so the reader records how many there were when more than one (as readUbl does).
   */
  countVatTotals(root: XmlElement, invoice: ModelObject): void {
    let count = 0;
    everyElement(root, VAT_TOTALS, this.vars, () => {
      count++;
      return true;
    });
    if (count < 2) return;
    const totals = isObject(invoice.totals) ? invoice.totals : {};
    totals.vatTotalCount = count;
    invoice.totals = totals;
  }

  /** Payment means: more elements add their credit transfers; differing other terms are reported */
  private mergeSplit(elements: XmlElement[], into: ModelObject, cg: CompiledGroup, target: ModelPath): void {
    const g = cg.binding;
    const key = g.split as string;
    for (const e of elements.slice(1)) {
      const list = Array.isArray(into[key]) ? (into[key] as unknown[]) : [];
      const extra: ModelObject = { [key]: list };
      const inner = this.walk(cg.plan, e);
      this.entries(cg.plan, inner, extra, target);
      this.constants(cg.plan, inner);
      this.visited.add(e);
      if (list.length > 0) into[key] = list;
      const differing = Object.keys(extra).filter(
        (k) => k !== key && JSON.stringify(extra[k]) !== JSON.stringify(into[k]),
      );
      if (differing.length > 0) {
        this.report(
          'CII-PAYMENT-MEANS',
          'warning',
          `${g.bg} is given ${elements.length} times with different ${differing.join(', ')}; the model keeps the first one's and all credit transfers.`,
          target.path,
          g.bg,
          e,
        );
      }
    }
  }

  private constants(plan: Plan, found: Walk, into?: ModelObject): void {
    for (const c of plan.constants) {
      const at = found[c.node];
      const count = countOf(at);
      let matched = false;
      for (let i = 0; i < count; i++) {
        const ce = Array.isArray(at) ? (at[i] as XmlElement) : (at as XmlElement);
        const text = textOf(ce);
        if (text === c.value) {
          this.visited.add(ce);
          matched = true;
        }
        // the official tests compare upper-case(ram:TypeCode) = 'VAT' (the value as written is: above)
        else if ((text ?? '').toUpperCase() === c.upper) matched = true;
      }
      if (!c.otherwise || !into || matched) continue;
      if (count === 0 && found[c.holder] === undefined) continue;
      for (const ce of listOf(at)) this.visited.add(ce);
      setKey(into, c.otherwise, textOf(firstOf(at)) ?? '');
    }
  }

  report(
    rule: string,
    severity: Finding['severity'],
    message: string,
    path: string,
    bt: string,
    el?: XmlElement,
    value?: unknown,
  ): void {
    const f: Finding = { rule, message, path, severity };
    if (bt) f.bt = bt;
    if (el) {
      f.xpath = this.xpaths.of(el);
      f.line = el.line;
    }
    if (value !== undefined) f.value = value;
    this.diagnostics.push(f);
  }
}
