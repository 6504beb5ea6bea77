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
  isPlainNumber,
  type LocationTable,
  NO_SOURCE_FACTS,
  type Profile,
  type SourceFacts,
  type SourceLocations,
  withLocations,
} from '@einv/core-model';
import { ElementLocations, type ParseOptions, parseXml, textOf, type XmlElement } from '@einv/xml';
import { CII_BINDING } from './binding/index.js';
import { compilePath, NAMESPACES, type Step, selectElements, type Variables } from './binding/path.js';
import { VAT_TOTAL_FROM_ROOT } from './binding/totals.js';
import type { Binding, FieldBinding, GroupBinding } from './binding/types.js';
import { documentProfileOf, profileOfGuideline } from './guideline.js';
import { getKey, isObject, joinPath, type ModelObject, setKey } from './model-path.js';
import { readPaymentSchedule } from './payment-terms.js';
import { ciiSourceFacts } from './source-facts.js';
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
  reader.entries(root, invoice, CII_BINDING, 'invoice');
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
  for (const el of readPaymentSchedule(root, invoice as Invoice, reader.diagnostics).visited)
    reader.visited.add(el);
  reportUnread(root, reader.visited, reader.diagnostics, reader.xpaths);
  const result: ReadCiiResult = withLocations(
    {
      invoice: invoice as Invoice,
      profile,
      diagnostics: reader.diagnostics,
      locations: {},
      source: ciiSourceFacts(root, reader.diagnostics, reader.lexical),
    },
    reader.locations,
  );
  if (guidelineId !== undefined) result.guidelineId = guidelineId;
  const documentProfile = documentProfileOf(guidelineId, profile);
  if (documentProfile !== undefined) result.documentProfile = documentProfile;
  return result;
}

interface Hit {
  el: XmlElement;
  raw: string;
}

class Reader {
  readonly diagnostics: Finding[] = [];
  /** model path → the element it was read from; XPaths only for what is reported (decision 0142) */
  readonly locations = new ElementLocations(true);
  /** model path → the number as written, for the BR-DEC rules (source facts) */
  readonly lexical = new Map<string, string>();
  readonly visited = new Set<XmlElement>();
  readonly xpaths = this.locations.xpaths;
  private readonly vars: Variables;

  constructor(root: XmlElement) {
    // $currency / $taxCurrency are needed by predicates before their own fields are read
    const settlement = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
    const first = (path: string) => textOf(selectElements(root, compilePath(path).steps, {})[0]);
    this.vars = {
      currency: first(`${settlement}/ram:InvoiceCurrencyCode`),
      taxCurrency: first(`${settlement}/ram:TaxCurrencyCode`),
    };
  }

  entries(el: XmlElement, obj: ModelObject, entries: readonly Binding[], modelPath: string): void {
    for (const b of entries) {
      if (b.kind === 'field') this.field(el, obj, b, modelPath);
      else this.group(el, obj, b, modelPath);
    }
  }

  private field(el: XmlElement, obj: ModelObject, f: FieldBinding, modelPath: string): void {
    const path = compilePath(f.path);
    const elements = selectElements(el, path.steps, this.vars, this.visited);
    if (elements.length === 0) {
      this.emptyDate(el, obj, f, modelPath, path.steps);
      return;
    }
    const hits: Hit[] = [];
    for (const e of elements) {
      if (path.attr === undefined) {
        hits.push({ el: e, raw: e.text });
        this.visited.add(e);
      } else {
        const raw = e.attrs[path.attr];
        if (raw !== undefined) hits.push({ el: e, raw });
      }
    }
    const first = hits[0];
    if (!first) return;
    const target = joinPath(modelPath, f.key);
    const existing = getKey(obj, f.key);
    if (existing !== undefined) {
      // an alternative place of a term already read (e.g. BT-149 on the gross price)
      const other = this.convert(f, first, target, false);
      if (other !== undefined && other !== existing && f.alsoKey && getKey(obj, f.alsoKey) === undefined) {
        // a detail the EXTENDED structure keeps beside the term (decision 0126)
        setKey(obj, f.alsoKey, other);
        return;
      }
      if (other !== undefined && other !== existing) {
        this.report(
          'CII-ALTERNATIVE',
          'information',
          `${f.bt} is given twice with different values; "${String(existing)}" is kept, "${String(other)}" at ${this.xpaths.of(first.el)} is not.`,
          target,
          f.bt,
          first.el,
        );
      }
      return;
    }
    const value = this.convert(f, first, target, true);
    if (value === undefined) return;
    if (hits.length > 1) {
      const distinct = new Set(hits.map((h) => this.convert(f, h, target, false)));
      if (distinct.size > 1) {
        this.report(
          'CII-REPEATED',
          'warning',
          `${f.bt} appears ${hits.length} times with different values; the model holds one, the first is kept.`,
          target,
          f.bt,
          hits[1]?.el,
        );
      }
    }
    setKey(obj, f.key, value);
    this.locate(target, first.el);
  }

  /**
   * A date element without its date string (<ram:EndDateTime/>) is an empty date: kept as '' like
   * any empty element, since the official tests see the element (BR-29/30 compare its missing
   * string and fail).
   */
  private emptyDate(
    el: XmlElement,
    obj: ModelObject,
    f: FieldBinding,
    modelPath: string,
    steps: Step[],
  ): void {
    if (f.type !== 'date' || steps.length < 2 || getKey(obj, f.key) !== undefined) return;
    const holder = selectElements(el, steps.slice(0, -1), this.vars)[0];
    if (!holder) return;
    setKey(obj, f.key, '');
    this.locate(joinPath(modelPath, f.key), holder);
  }

  private convert(f: FieldBinding, hit: Hit, target: string, report: boolean): string | number | undefined {
    const text = xmlTrim(hit.raw);
    switch (f.type) {
      case 'text':
        return text;
      case 'date': {
        const format = hit.el.attrs.format;
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
            target,
            f.bt,
            hit.el,
            text,
          );
        }
        return text;
      }
      default: {
        const n = parseDecimal(text);
        if (report && n !== undefined && !isPlainNumber(hit.raw)) this.lexical.set(target, hit.raw);
        if (n === undefined && report) {
          this.report(
            'CII-DECIMAL',
            'fatal',
            `${f.bt}: "${text}" is not a decimal number (digits with an optional "." and sign, no exponent).`,
            target,
            f.bt,
            hit.el,
            text,
          );
        }
        return n;
      }
    }
  }

  private group(el: XmlElement, obj: ModelObject, g: GroupBinding, modelPath: string): void {
    const steps = compilePath(g.path).steps;
    const elements = steps.length === 0 ? [el] : selectElements(el, steps, this.vars, this.visited);
    if (elements.length === 0) return;
    const target = joinPath(modelPath, g.key);
    if (g.many) {
      const existing = getKey(obj, g.key);
      const list: ModelObject[] = Array.isArray(existing) ? (existing as ModelObject[]) : [];
      for (const e of elements) {
        const item: ModelObject = {};
        this.entries(e, item, g.entries, `${target}[${list.length}]`);
        // a path-less group (BG-17 inside BG-16) is here when one of its elements is, even empty
        if (steps.length === 0 && Object.keys(item).length === 0 && !this.holdsAnyOf(e, g.entries)) continue;
        this.constants(e, g, item);
        this.visited.add(e);
        this.locate(`${target}[${list.length}]`, e);
        list.push(item);
      }
      if (list.length > 0 && existing === undefined) setKey(obj, g.key, list);
      return;
    }
    const existing = g.key === '' ? obj : getKey(obj, g.key);
    const into: ModelObject = isObject(existing) ? existing : {};
    const first = elements[0] as XmlElement;
    this.entries(first, into, g.entries, target);
    this.constants(first, g, into);
    this.visited.add(first);
    if (g.key !== '' && steps.length > 0) this.locate(target, first);
    if (g.split) this.mergeSplit(elements, into, g, target);
    else if (elements.length > 1) {
      this.report(
        'CII-REPEATED',
        'warning',
        `${g.bg || 'This group'} appears ${elements.length} times; the model holds one, the first is read.`,
        target,
        g.bg,
        elements[1],
      );
    }
    // keepEmpty: an element present with no mapped content is kept as {} (as readUbl does), the
    // official rules test its existence (BR-CO-19/20: a period needs a start or an end date)
    if (g.key !== '' && existing === undefined && (g.keepEmpty === true || Object.keys(into).length > 0))
      setKey(obj, g.key, into);
  }

  /** Does `el` hold the first element of any entry's path (the group's own elements, maybe empty)? */
  private holdsAnyOf(el: XmlElement, entries: readonly Binding[]): boolean {
    return entries.some((b) => {
      const first = compilePath(b.path).steps[0];
      return first !== undefined && selectElements(el, [first], this.vars).length > 0;
    });
  }

  /**
   * BR-CO-15 wants exactly one TaxTotalAmount in the invoice currency; the model holds one BT-110,
   * so the reader records how many there were when more than one (as readUbl does).
   */
  countVatTotals(root: XmlElement, invoice: ModelObject): void {
    const count = selectElements(root, compilePath(VAT_TOTAL_FROM_ROOT).steps, this.vars).length;
    if (count < 2) return;
    const totals = isObject(invoice.totals) ? invoice.totals : {};
    totals.vatTotalCount = count;
    invoice.totals = totals;
  }

  /** Payment means: more elements add their credit transfers; differing other terms are reported */
  private mergeSplit(elements: XmlElement[], into: ModelObject, g: GroupBinding, target: string): void {
    const key = g.split as string;
    for (const e of elements.slice(1)) {
      const list = Array.isArray(into[key]) ? (into[key] as unknown[]) : [];
      const extra: ModelObject = { [key]: list };
      this.entries(e, extra, g.entries, target);
      this.constants(e, g);
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
          target,
          g.bg,
          e,
        );
      }
    }
  }

  /** Where a model path was read (the first place wins); groups too, so rules about a missing term point at its group */
  private locate(modelPath: string, el: XmlElement): void {
    this.locations.add(modelPath, el);
  }

  private constants(e: XmlElement, g: GroupBinding, into?: ModelObject): void {
    for (const c of g.constants ?? []) {
      const steps = compilePath(c.path).steps;
      const found = selectElements(e, steps, this.vars);
      let matched = false;
      for (const ce of found) {
        if (textOf(ce) === c.value) this.visited.add(ce);
        // the official tests compare upper-case(ram:TypeCode) = 'VAT'
        if ((textOf(ce) ?? '').toUpperCase() === c.value.toUpperCase()) matched = true;
      }
      if (!c.otherwise || !into || matched) continue;
      if (found.length === 0 && selectElements(e, steps.slice(0, -1), this.vars).length === 0) continue;
      for (const ce of found) this.visited.add(ce);
      setKey(into, c.otherwise, textOf(found[0]) ?? '');
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
