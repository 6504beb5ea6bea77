/**
 * Schema-driven mutations of real invoices for the differential against the official validator
 * (issue 11, docs/conformance.md): remove, duplicate, empty or reorder elements and groups the XSD
 * makes optional or repeatable, so every rule context is present, absent, empty or repeated in
 * some document. The XSD content models are the ones the structure check already compiled
 * (packages/{cii,ubl}/src/check/generated/structure-model.ts); an element's optionality is read
 * from the particle its parent's type declares for it. Deterministic for a seed.
 *
 * Plain JavaScript so that both the seeded full run (scripts/schema-differential.mjs) and the
 * sample in the test suite (tests/conformance/schema-differential.test.ts) use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { prng } from './prng.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UNBOUNDED = -1;

/** The compiled content model of a syntax (CII: the Factur-X EXTENDED XSD, a superset of the others) */
export function loadStructure(syntax) {
  const file =
    syntax === 'CII'
      ? 'packages/cii/src/check/generated/structure-model.ts'
      : 'packages/ubl/src/check/generated/structure-model.ts';
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  const json = /`([\s\S]*?)`/.exec(text)?.[1];
  if (!json) throw new Error(`no structure data in ${file}`);
  const data = JSON.parse(json);
  return syntax === 'CII' ? data.EXTENDED : data;
}

const mul = (a, b) => (a === UNBOUNDED || b === UNBOUNDED ? UNBOUNDED : a * b);

/**
 * For a type's particle: every element it may contain, with its effective occurrence bounds (an
 * element inside an optional group or a choice is optional; inside a repeated group, repeatable).
 */
function childDecls(model, particle, min = 1, max = 1, out = new Map()) {
  if (!particle) return out;
  if (typeof particle[0] === 'number') {
    const [elem, pMin, pMax] = particle;
    const decl = model.elems[elem];
    if (!decl) return out;
    const key = `${model.ns[decl[0]]}|${decl[1]}`;
    if (!out.has(key)) out.set(key, { elem, min: min * pMin, max: mul(max, pMax) });
    return out;
  }
  const [kind, gMin, gMax, ...items] = particle;
  if (kind === 'w') return out;
  const choice = kind === 'c' && items.length > 1;
  for (const item of items) childDecls(model, item, choice ? 0 : min * gMin, mul(max, gMax), out);
  return out;
}

/** Every element of the document whose declaration the model knows, with its bounds */
function annotate(model, doc) {
  const root = doc.documentElement;
  const rootDecl = model.roots[root.localName];
  if (rootDecl === undefined) return [];
  const nodes = [];
  const cache = new Map();
  const walk = (el, decl) => {
    const type = model.types[model.elems[decl][2]];
    let children = cache.get(decl);
    if (!children) {
      children = childDecls(model, type?.c);
      cache.set(decl, children);
    }
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const info = children.get(`${c.namespaceURI ?? ''}|${c.localName}`);
      if (!info) continue; // a wildcard or an element the XSD does not allow here: left alone
      const hasElementChildren = Array.from(c.childNodes).some((n) => n.nodeType === 1);
      nodes.push({ el: c, min: info.min, max: info.max, group: hasElementChildren });
      walk(c, info.elem);
    }
  };
  walk(root, rootDecl);
  return nodes;
}

function sameNameSiblings(el) {
  return Array.from(el.parentNode.childNodes).filter(
    (n) => n.nodeType === 1 && n.localName === el.localName && n.namespaceURI === el.namespaceURI,
  );
}

const OPERATIONS = ['remove', 'duplicate', 'empty', 'reorder'];

/** Applies one operation to one element if the XSD bounds allow it; returns what it did or undefined */
function apply(op, node) {
  const { el } = node;
  const siblings = sameNameSiblings(el);
  switch (op) {
    case 'remove':
      if (siblings.length <= node.min) return undefined;
      el.parentNode.removeChild(el);
      return `remove ${el.tagName}`;
    case 'duplicate':
      if (node.max !== UNBOUNDED && siblings.length >= node.max) return undefined;
      el.parentNode.insertBefore(el.cloneNode(true), el.nextSibling);
      return `duplicate ${el.tagName}`;
    case 'empty':
      if (!el.firstChild) return undefined;
      while (el.firstChild) el.removeChild(el.firstChild);
      return `empty ${el.tagName}`;
    case 'reorder': {
      // repeated siblings swap places (the XSD order holds; the document order the rules see changes)
      if (siblings.length < 2) return undefined;
      const other = siblings.find((s) => s !== el);
      const marker = el.ownerDocument.createTextNode('');
      el.parentNode.insertBefore(marker, el);
      other.parentNode.insertBefore(el, other);
      marker.parentNode.insertBefore(other, marker);
      marker.parentNode.removeChild(marker);
      return `reorder ${el.tagName}`;
    }
    default:
      return undefined;
  }
}

/**
 * `count` distinct mutants of one base document, each with one to three operations on elements
 * (half of them aggregate groups) the schema lets be removed, repeated, emptied or reordered.
 */
export function schemaMutants(base, model, count, seed) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const serializer = new XMLSerializer();
  const out = [];
  const seen = new Set([base.xml]);
  let attempts = 0;
  while (out.length < count && attempts < count * 6) {
    attempts++;
    const doc = new DOMParser({ onError: () => {} }).parseFromString(base.xml, 'text/xml');
    if (!doc?.documentElement) return out;
    const steps = [];
    const operations = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < operations; i++) {
      const nodes = annotate(model, doc);
      if (!nodes.length) break;
      const groups = nodes.filter((n) => n.group);
      const node = groups.length && rand() < 0.5 ? pick(groups) : pick(nodes);
      const done = apply(pick(OPERATIONS), node);
      if (done) steps.push(done);
    }
    if (!steps.length) continue;
    const xml = serializer.serializeToString(doc);
    if (seen.has(xml)) continue;
    seen.add(xml);
    out.push({ id: `${base.id}~${seed}.${out.length}`, xml, syntax: base.syntax, what: steps.join('; ') });
  }
  return out;
}
