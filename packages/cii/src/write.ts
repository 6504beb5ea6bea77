/**
 * writeCii: the einv Invoice → CII XML for one Factur-X profile, by interpreting the binding table.
 * It writes what the model holds — callers run complete() first when they want derived amounts —
 * in the element order of the Factur-X 1.09.2 XSD, and it never drops a term silently: what the
 * profile does not allow becomes a warning naming the term and its path.
 */
import {
  DOCUMENT_PROFILES,
  type DocumentProfile,
  type Finding,
  type Invoice,
  isDocumentProfile,
  structureProfile,
} from '@einv/core-model';
import { CII_BINDING } from './binding/index.js';
import { compilePath, type Step, type Test, type Variables } from './binding/path.js';
import type { Binding, FieldBinding, GroupBinding } from './binding/types.js';
import { guidelineFor } from './guideline.js';
import { getKey, isObject, joinPath, type ModelObject } from './model-path.js';
import { writePaymentSchedule } from './payment-terms.js';
import { newNode, type OutNode, prune, serialize } from './serialize.js';
import { formatDate102, formatDecimal } from './values.js';

export interface WriteCiiOptions {
  /** Factur-X profile to write (default EN16931), or EXTENDED-CTC-FR (the EXTENDED structure, its own BT-24) */
  profile?: DocumentProfile;
}

export interface WriteCiiResult {
  xml: string;
  warnings: Finding[];
}

/** Elements the XSD requires whatever the invoice holds */
const SKELETON = [
  'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter',
  'rsm:ExchangedDocument',
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement',
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery',
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement',
];

export function writeCii(given: Invoice, options: WriteCiiOptions = {}): WriteCiiResult {
  const warnings: Finding[] = [];
  // untyped callers: anything but an object is written as an empty invoice, and said so
  const invoice: Invoice = isObject(given) ? given : {};
  if (invoice !== given) {
    warnings.push({
      rule: 'CII-VALUE',
      message: 'The invoice is not an object; an empty invoice is written.',
      path: 'invoice',
      severity: 'warning',
    });
  }
  const profile: DocumentProfile = isDocumentProfile(options.profile) ? options.profile : 'EN16931';
  if (options.profile !== undefined && !isDocumentProfile(options.profile)) {
    warnings.push({
      rule: 'CII-PROFILE',
      message: `"${String(options.profile)}" is not a profile (${DOCUMENT_PROFILES.join(', ')}); EN16931 is written.`,
      path: 'invoice',
      severity: 'warning',
      value: options.profile,
    });
  }
  const guideline = guidelineFor(profile, invoice.specificationIdentifier);
  if (invoice.specificationIdentifier !== undefined && invoice.specificationIdentifier !== guideline) {
    warnings.push({
      rule: 'CII-GUIDELINE',
      message: `The invoice's guideline identifier "${invoice.specificationIdentifier}" is not one of the ${profile} profile; "${guideline}" is written.`,
      path: 'invoice.specificationIdentifier',
      severity: 'warning',
      bt: 'BT-24',
      value: invoice.specificationIdentifier,
    });
  }
  const model: ModelObject = { ...invoice, specificationIdentifier: guideline };
  const writer = new Writer({ currency: invoice.currency, taxCurrency: invoice.taxCurrency }, warnings);
  const root = newNode('rsm:CrossIndustryInvoice');
  for (const p of SKELETON) writer.ensure(root, compilePath(p).steps, false).own = true;
  writer.entries(root, model, CII_BINDING, 'invoice');
  writePaymentSchedule(root, invoice, structureProfile(profile), warnings);
  prune(root);
  const xml = serialize(root, structureProfile(profile), warnings);
  return { xml, warnings };
}

class Writer {
  constructor(
    private readonly vars: Variables,
    private readonly warnings: Finding[],
  ) {}

  entries(node: OutNode, obj: ModelObject, entries: readonly Binding[], modelPath: string): void {
    for (const b of entries) {
      if (b.kind === 'field') this.field(node, obj, b, modelPath);
      else this.group(node, obj, b, modelPath);
    }
  }

  private field(node: OutNode, obj: ModelObject, f: FieldBinding, modelPath: string): void {
    const termValue = getKey(obj, f.key);
    const written =
      termValue !== undefined && termValue !== null && (!f.writeWhen || f.writeWhen(termValue, obj));
    // the term goes elsewhere: this place holds the EXTENDED detail kept beside it, if any (decision 0126)
    const key = written ? f.key : f.alsoKey;
    if (key === undefined) return;
    const value = written ? termValue : getKey(obj, key);
    if (value === undefined || value === null) return;
    const path = joinPath(modelPath, key);
    const text = this.format(f, value, path);
    if (text === undefined) return;
    const compiled = compilePath(f.path);
    const target = this.ensure(node, compiled.steps, false);
    if (compiled.attr !== undefined) {
      target.attrs[compiled.attr] = text;
      target.origins.push({ bt: f.bt, path, attr: compiled.attr });
    } else {
      target.text = text;
      if (f.type === 'date') target.attrs.format = '102';
      for (const [name, v] of Object.entries(f.writeAttrs ?? {})) {
        const resolved = v.startsWith('$') ? this.vars[v.slice(1)] : v;
        if (resolved !== undefined) target.attrs[name] = resolved;
      }
      target.origins.push({ bt: f.bt, path });
    }
    target.own = true;
    target.weak = false;
  }

  private format(f: FieldBinding, value: unknown, path: string): string | undefined {
    switch (f.type) {
      case 'text':
        if (typeof value === 'string') return f.writeText ? f.writeText(value) : value;
        if (typeof value === 'number' && Number.isFinite(value)) return String(value);
        break;
      case 'date':
        if (typeof value === 'string') {
          const d = formatDate102(value);
          if (d !== undefined) return d;
        }
        break;
      default:
        if (typeof value === 'number' && Number.isFinite(value)) {
          return formatDecimal(value, f.type === 'quantity' ? 0 : 2);
        }
    }
    const expected =
      f.type === 'text' ? 'a string' : f.type === 'date' ? 'a date YYYY-MM-DD' : 'a finite number';
    this.warnings.push({
      rule: 'CII-VALUE',
      message: `${f.bt} (${path}) is not ${expected} and was not written.`,
      path,
      severity: 'warning',
      bt: f.bt,
      value,
    });
    return undefined;
  }

  private group(node: OutNode, obj: ModelObject, g: GroupBinding, modelPath: string): void {
    const steps = compilePath(g.path).steps;
    const target = joinPath(modelPath, g.key);
    if (g.many) {
      const list = getKey(obj, g.key);
      if (!Array.isArray(list)) return;
      list.forEach((item, i) => {
        if (!isObject(item) || (g.select && !g.select(item))) return;
        const el = steps.length === 0 ? node : this.ensure(node, steps, true);
        this.constants(el, g);
        this.entries(el, item, g.entries, `${target}[${i}]`);
      });
      return;
    }
    const value = g.key === '' ? obj : getKey(obj, g.key);
    if (!isObject(value)) return;
    const parts =
      g.split && Array.isArray(value[g.split]) && (value[g.split] as unknown[]).length > 1
        ? (value[g.split] as unknown[])
        : undefined;
    if (parts && g.split) {
      // one element per item of the split array, the other terms repeated in each
      for (const part of parts) {
        const el = this.ensure(node, steps, true);
        this.constants(el, g);
        this.entries(el, { ...value, [g.split]: [part] }, g.entries, target);
      }
      return;
    }
    const el = this.ensure(node, steps, false);
    this.constants(el, g);
    this.entries(el, value, g.entries, target);
  }

  private constants(el: OutNode, g: GroupBinding): void {
    for (const c of g.constants ?? []) {
      const n = this.ensure(el, compilePath(c.path).steps, false, true);
      n.text = c.value;
    }
  }

  /** Finds or creates the element at `steps`; `fresh` creates a new last element (repeatable groups) */
  ensure(from: OutNode, steps: readonly Step[], fresh: boolean, weak = false): OutNode {
    let node = from;
    steps.forEach((step, i) => {
      const last = i === steps.length - 1;
      let next =
        fresh && last
          ? undefined
          : node.children.find(
              (c) =>
                c.name === step.name &&
                (!step.test || this.holds(c, step.test)) &&
                step.also.every((t) => this.holds(c, t)),
            );
      if (!next) {
        next = newNode(step.name);
        next.weak = weak;
        node.children.push(next);
        if (step.test && !step.test.negate) this.materialize(next, step.test);
      } else if (!weak) next.weak = false; // a constant's element now also carries a value
      node = next;
    });
    return node;
  }

  /** Writes a predicate's discriminator (e.g. ram:TypeCode 916) into a new element */
  private materialize(el: OutNode, test: Test): void {
    const value = test.variable ? this.vars[test.value] : test.value;
    if (value === undefined) return;
    const target = this.ensure(el, test.steps, false, true);
    if (test.attr !== undefined) target.attrs[test.attr] = value;
    else target.text = value;
  }

  private holds(el: OutNode, test: Test): boolean {
    const expected = test.variable ? this.vars[test.value] : test.value;
    if (expected === undefined) return test.negate;
    let nodes = [el];
    for (const s of test.steps) nodes = nodes.flatMap((n) => n.children.filter((c) => c.name === s.name));
    const found = nodes.some((n) => (test.attr === undefined ? n.text : n.attrs[test.attr]) === expected);
    return test.negate ? !found : found;
  }
}
