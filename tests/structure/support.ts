/**
 * Shared material of the structure-check suites: the documents (official examples, corpus,
 * extracted Factur-X XML), deterministic mutations of them, and libxml2 as the XSD oracle.
 * libxmljs2 (native) compiles the schema again on every validate() call: fine for the small
 * Factur-X XSDs, ~90 ms a document for UBL (2.4 MB of schema). So UBL documents are validated by
 * libxml2-wasm (the same libxml2, compiled once per run into an XsdValidator), and the UBL suite
 * cross-checks both oracles on the original documents.
 */

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  DOMParser,
  XMLSerializer,
  type Element as XmldomElement,
  type Node as XmldomNode,
} from '@xmldom/xmldom';
import { prng } from '../support/prng.js';
import { SHARED, sharedFiles, sharedPath } from '../support/shared.js';

const require = createRequire(import.meta.url);
// loaded dynamically: swc's import elision drops a static import of this ESM-only package
const libxml2 = await import('libxml2-wasm');
const { fsInputProviders } = await import('libxml2-wasm/lib/nodejs.mjs');

interface LxDocument {
  validate(xsd: LxDocument): boolean;
  validationErrors: { message: string; line?: number }[];
}
interface Libxmljs {
  parseXml(text: string, opts?: { baseUrl?: string }): LxDocument;
}
const lx: Libxmljs = require('libxmljs2');

export interface Doc {
  id: string;
  xml: string;
}

// ---- documents --------------------------------------------------------------------------------

function read(file: string): Doc {
  return { id: path.relative(SHARED, file), xml: fs.readFileSync(file, 'utf8') };
}

function corpusRows(): Record<string, string>[] {
  const lines = fs.readFileSync(sharedPath('corpus/index.tsv'), 'utf8').split('\n').filter(Boolean);
  const head = (lines.shift() ?? '').split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [head[i] ?? String(i), v])));
}

export function ciiDocs(): Doc[] {
  const examples = sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml')).map(read);
  const corpus = corpusRows()
    .filter((r) => r.syntax === 'CII' && r.kind === 'xml')
    .map((r) => read(sharedPath('corpus', r.path ?? '')));
  const extracted = sharedFiles('corpus/extracted', (n) => n.toLowerCase().endsWith('.xml')).map(read);
  return [...examples, ...corpus, ...extracted];
}

export function ublDocs(): Doc[] {
  const examples = sharedFiles('en16931/ubl/examples', (n) => /\.xml$/i.test(n)).map(read);
  const corpus = corpusRows()
    .filter((r) => r.syntax?.startsWith('UBL') && r.kind === 'xml')
    .map((r) => read(sharedPath('corpus', r.path ?? '')));
  return [...examples, ...corpus];
}

// ---- XSD oracle -------------------------------------------------------------------------------

const schemas = new Map<string, LxDocument>();
function schema(file: string): LxDocument {
  let s = schemas.get(file);
  if (!s) {
    s = lx.parseXml(fs.readFileSync(file, 'utf8'), { baseUrl: file });
    schemas.set(file, s);
  }
  return s;
}

const FX_FILE: Record<string, string> = {
  MINIMUM: 'MINIMUM',
  'BASIC-WL': 'BASICWL',
  BASIC: 'BASIC',
  EN16931: 'EN16931',
  EXTENDED: 'EXTENDED',
};

export function ciiXsd(profile: string): string {
  return sharedPath('facturx/1.09.2', profile, `FACTUR-X_${FX_FILE[profile]}.xsd`);
}
export function ublXsd(root: 'Invoice' | 'CreditNote'): string {
  return sharedPath('ubl-2.1/maindoc', `UBL-${root}-2.1.xsd`);
}

/** libxml2's verdict: null when valid, else its first messages */
export function xsdVerdict(xml: string, xsdFile: string): string[] | null {
  let doc: LxDocument;
  try {
    doc = lx.parseXml(xml);
  } catch (e) {
    return [`not well-formed: ${String(e)}`];
  }
  if (doc.validate(schema(xsdFile))) return null;
  return doc.validationErrors.slice(0, 3).map((e) => `${e.line ?? '?'}: ${e.message.trim()}`);
}

let providerRegistered = false;
const validators = new Map<string, InstanceType<typeof libxml2.XsdValidator>>();

/** libxml2-wasm's verdict with a schema compiled once per run: null when valid, else its message */
export function xsdVerdictOnce(xml: string, xsdFile: string): string[] | null {
  if (!providerRegistered) {
    libxml2.xmlRegisterInputProvider(fsInputProviders);
    providerRegistered = true;
  }
  let v = validators.get(xsdFile);
  if (!v) {
    const xsd = libxml2.XmlDocument.fromString(fs.readFileSync(xsdFile, 'utf8'), {
      url: `file://${xsdFile}`,
    });
    v = libxml2.XsdValidator.fromDoc(xsd);
    validators.set(xsdFile, v);
  }
  let doc: InstanceType<typeof libxml2.XmlDocument>;
  try {
    doc = libxml2.XmlDocument.fromString(xml);
  } catch (e) {
    return [`not well-formed: ${String(e)}`];
  }
  try {
    v.validate(doc);
    return null;
  } catch (e) {
    return [e instanceof Error ? e.message.slice(0, 300) : String(e)];
  } finally {
    doc.dispose();
  }
}

// ---- deterministic mutations ------------------------------------------------------------------

export const MUTATIONS = [
  'drop-element',
  'swap-siblings',
  'duplicate-element',
  'unknown-element',
  'bad-date',
  'bad-decimal',
  'wrong-namespace',
  'unknown-attribute',
  'drop-attribute',
  'text-in-aggregate',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

type DNode = XmldomElement;

function elements(root: DNode): DNode[] {
  const out: DNode[] = [];
  const walk = (n: DNode) => {
    out.push(n);
    for (const c of kids(n)) walk(c);
  };
  walk(root);
  return out;
}
const isElement = (n: XmldomNode | null): n is DNode => n !== null && n.nodeType === 1;
function kids(n: XmldomNode): DNode[] {
  const out: DNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (isElement(c)) out.push(c);
  return out;
}
const isLeaf = (n: DNode) => kids(n).length === 0;
const pick = <T>(r: () => number, list: T[]): T | undefined => list[Math.floor(r() * list.length)];

/** Applies one mutation; returns the new XML, or null when the document offers no place for it */
export function mutate(xml: string, kind: Mutation, seed: number): string | null {
  const r = prng(seed);
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) return null;
  const all = elements(root);
  const inner = all.filter((e) => e !== root);
  switch (kind) {
    case 'drop-element': {
      const e = pick(r, inner);
      if (!e?.parentNode) return null;
      e.parentNode.removeChild(e);
      break;
    }
    case 'swap-siblings': {
      const pairs = inner.filter((e) => {
        const n = e.parentNode ? kids(e.parentNode) : [];
        const i = n.indexOf(e);
        return i + 1 < n.length && n[i + 1]?.nodeName !== e.nodeName;
      });
      const e = pick(r, pairs);
      if (!e?.parentNode) return null;
      const n = kids(e.parentNode);
      const next = n[n.indexOf(e) + 1];
      if (!next) return null;
      e.parentNode.insertBefore(next, e);
      break;
    }
    case 'duplicate-element': {
      const e = pick(r, inner);
      if (!e?.parentNode) return null;
      e.parentNode.insertBefore(e.cloneNode(true), e.nextSibling);
      break;
    }
    case 'unknown-element': {
      const parent = pick(
        r,
        all.filter((e) => !isLeaf(e)),
      );
      if (!parent) return null;
      const n = kids(parent);
      const ref = n[Math.floor(r() * (n.length + 1))] ?? null;
      const prefix = parent.nodeName.includes(':') ? `${parent.nodeName.split(':')[0]}:` : '';
      parent.insertBefore(doc.createElementNS(parent.namespaceURI ?? '', `${prefix}UnknownElement`), ref);
      break;
    }
    case 'bad-date': {
      const dates = all.filter(
        (e) => isLeaf(e) && /^\d{8}$|^\d{4}-\d\d-\d\d$/.test((e.textContent ?? '').trim()),
      );
      const e = pick(r, dates);
      if (!e) return null;
      const v = (e.textContent ?? '').trim();
      e.textContent =
        pick(
          r,
          v.includes('-')
            ? ['2024-02-30', '2024-13-01', '24-01-01', '2024/01/01']
            : ['20241301', '2024-01-01', '2024013'],
        ) ?? '';
      break;
    }
    case 'bad-decimal': {
      const nums = all.filter((e) => isLeaf(e) && /^-?\d+\.\d+$/.test((e.textContent ?? '').trim()));
      const e = pick(r, nums);
      if (!e) return null;
      e.textContent = pick(r, ['12,50', '1.2.3', '1e3', 'abc', '']) ?? '';
      break;
    }
    case 'wrong-namespace': {
      const e = pick(r, all);
      if (!e) return null;
      const wrong = doc.createElementNS('urn:example:wrong', e.localName ?? 'x');
      if (e.parentNode && e !== root) {
        for (let c = e.firstChild; c; c = e.firstChild) wrong.appendChild(c);
        for (const a of Array.from(e.attributes))
          if (!a.name.startsWith('xmlns')) wrong.setAttribute(a.name, a.value);
        e.parentNode.insertBefore(wrong, e);
        e.parentNode.removeChild(e);
      } else
        return xml.replace(/xmlns:rsm="[^"]*"|xmlns="[^"]*"/, (m) =>
          m.replace(/"[^"]*"$/, '"urn:example:wrong"'),
        );
      break;
    }
    case 'unknown-attribute': {
      const e = pick(r, inner);
      if (!e) return null;
      e.setAttribute(pick(r, ['foo', 'schemeID', 'currencyID', 'format']) ?? 'foo', 'X');
      break;
    }
    case 'drop-attribute': {
      const names = (e: DNode) =>
        Array.from(e.attributes)
          .map((a) => a.name)
          .filter((n) => !n.startsWith('xmlns'));
      const e = pick(
        r,
        all.filter((x) => names(x).length > 0),
      );
      if (!e) return null;
      e.removeAttribute(pick(r, names(e)) ?? '');
      break;
    }
    case 'text-in-aggregate': {
      const e = pick(
        r,
        inner.filter((x) => !isLeaf(x)),
      );
      if (!e) return null;
      e.insertBefore(doc.createTextNode('stray text'), e.firstChild);
      break;
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

// ---- syntax-rule mutations ----------------------------------------------------------------------

const PREFIXES: Record<string, string> = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

export interface SimpleRule {
  id: string;
  /** absolute context, child steps only, e.g. ['rsm:CrossIndustryInvoice', 'rsm:ExchangedDocument'] */
  context: string[];
  /** the path the rule says must be absent, e.g. ['cac:PaymentMeans', 'cbc:PaymentDueDate', '@name'] */
  absent: string[];
}

/** The syntax rules of a tsv shaped `not(a/b/@c)` on a plain absolute context: the ones a mutation can break */
export function simpleAbsenceRules(tsv: 'rules-cii.tsv' | 'rules-ubl.tsv'): SimpleRule[] {
  const out: SimpleRule[] = [];
  for (const line of fs.readFileSync(sharedPath('en16931', tsv), 'utf8').split('\n')) {
    const [id, , , context, test] = line.split('\t');
    if (!id || !context || !test || !/^(CII|UBL)-(SR|CR|DT)-/.test(id)) continue;
    const m = /^not\(([\w:/@]+)\)$/.exec(test.trim());
    const branch = context.split('|')[0]?.trim() ?? '';
    if (!m?.[1] || !/^(\/[a-z]+:\w+)+$/.test(branch)) continue;
    out.push({ id, context: branch.slice(1).split('/'), absent: m[1].split('/') });
  }
  return out;
}

/** Materializes the path a `not(...)` rule forbids under its context node; null when the context is absent */
export function breakRule(xml: string, rule: SimpleRule): string | null {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  let node: DNode | null | undefined = doc.documentElement;
  const matches = (e: DNode, step: string) => {
    const [p, local] = step.split(':');
    return e.localName === local && e.namespaceURI === PREFIXES[p ?? ''];
  };
  if (!node || !matches(node, rule.context[0] ?? '')) return null;
  for (const step of rule.context.slice(1)) {
    node = kids(node).find((k) => matches(k, step));
    if (!node) return null;
  }
  for (const step of rule.absent) {
    if (step.startsWith('@')) {
      node.setAttribute(step.slice(1), 'X');
      break;
    }
    const [p, local] = step.split(':');
    let next: DNode | undefined = kids(node).find((k) => matches(k, step));
    if (!next) {
      next = doc.createElementNS(PREFIXES[p ?? ''] ?? '', `${p}:${local}`);
      node.appendChild(next);
    }
    node = next;
  }
  if (kids(node).length === 0 && !node.textContent) node.textContent = '1';
  return new XMLSerializer().serializeToString(doc);
}
