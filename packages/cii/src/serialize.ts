/**
 * The writer's element tree and its serialisation: children in XSD order, only what the profile
 * allows (anything else is reported with the terms it carried), text escaped.
 */
import type { Finding, Profile } from '@einv/core-model';
import { escapeXml } from '@einv/xml';
import { NAMESPACES } from './binding/path.js';
import { attributeMask, childrenOfType, profileBit, ROOT_TYPE } from './binding/schema.js';

export interface Origin {
  bt: string;
  path: string;
  attr?: string;
}

export interface OutNode {
  name: string;
  children: OutNode[];
  text: string | undefined;
  attrs: Record<string, string>;
  origins: Origin[];
  /** a value of the model was written here (or the XSD requires the element) */
  own: boolean;
  /** written by the binding itself (constants, discriminators): does not keep its parent alive */
  weak: boolean;
}

export function newNode(name: string): OutNode {
  return { name, children: [], text: undefined, attrs: {}, origins: [], own: false, weak: false };
}

/** Removes elements that carry no model value; returns whether `node` carries one */
export function prune(node: OutNode): boolean {
  let real = node.own;
  const kept: OutNode[] = [];
  for (const c of node.children) {
    const r = prune(c);
    if (c.weak || r) kept.push(c);
    if (r && !c.weak) real = true;
  }
  node.children = kept;
  return real;
}

type ChildIndex = Map<string, { index: number; type: string; mask: number }>;
const indexCache = new Map<string, ChildIndex>();

function indexOf(type: string): ChildIndex | undefined {
  let idx = indexCache.get(type);
  if (idx) return idx;
  const children = childrenOfType(type);
  if (!children) return undefined;
  idx = new Map(children.map(([name, t, mask], index) => [name, { index, type: t, mask }]));
  indexCache.set(type, idx);
  return idx;
}

interface Placed {
  c: OutNode;
  info: { index: number; type: string; mask: number } | undefined;
}

/** Children in XSD order (stable); the writer usually builds them in that order already, then no sort */
function inSchemaOrder(children: OutNode[], index: ChildIndex | undefined): Placed[] {
  const placed: Placed[] = new Array(children.length);
  let sorted = true;
  let last = -1;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as OutNode;
    const info = index?.get(c.name);
    placed[i] = { c, info };
    const at = info?.index ?? 1e9;
    if (at < last) sorted = false;
    last = at;
  }
  if (sorted || !index) return placed;
  const order = placed.map((p, i) => ({ p, i }));
  order.sort((a, b) => (a.p.info?.index ?? 1e9) - (b.p.info?.index ?? 1e9) || a.i - b.i);
  return order.map((o) => o.p);
}

export function serialize(root: OutNode, profile: Profile, warnings: Finding[]): string {
  const bit = profileBit(profile);
  const dropped = new Map<string, { origin: Origin; count: number; xpath: string }>();
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<${root.name} xmlns:rsm="${NAMESPACES.rsm}" xmlns:qdt="${NAMESPACES.qdt}" xmlns:ram="${NAMESPACES.ram}" xmlns:udt="${NAMESPACES.udt}">`,
  ];

  const drop = (node: OutNode, xpath: string) => {
    const stack: [OutNode, string][] = [[node, xpath]];
    while (stack.length > 0) {
      const [n, xp] = stack.pop() as [OutNode, string];
      for (const o of n.origins) {
        const key = `${o.bt}|${xp}|${o.attr ?? ''}`;
        const d = dropped.get(key);
        if (d) d.count++;
        else dropped.set(key, { origin: o, count: 1, xpath: o.attr ? `${xp}/@${o.attr}` : xp });
      }
      for (const c of n.children) stack.push([c, `${xp}/${c.name}`]);
    }
  };

  // The XPath of the element being written, as a stack of names: joined only when something is
  // dropped (a 1,700-line invoice has ~40,000 elements and few or no drops).
  const names: string[] = [root.name];
  const pathTo = (name: string) => `/${names.join('/')}/${name}`;
  const emit = (node: OutNode, type: string, indent: string) => {
    const index = indexOf(type);
    for (const { c, info } of inSchemaOrder(node.children, index)) {
      if (!info || (info.mask & bit) === 0) {
        drop(c, pathTo(c.name));
        continue;
      }
      let attrs = '';
      for (const name in c.attrs) {
        const value = c.attrs[name] as string;
        if ((attributeMask(info.type, name) & bit) === 0) {
          for (const o of c.origins)
            if (o.attr === name) drop({ ...c, origins: [o], children: [] }, pathTo(c.name));
          continue;
        }
        attrs += ` ${name}="${escapeXml(value)}"`;
      }
      out.push(`\n${indent}<${c.name}${attrs}>`);
      if (c.children.length > 0) {
        names.push(c.name);
        emit(c, info.type, `${indent}  `);
        names.pop();
        out.push(`\n${indent}</${c.name}>`);
      } else out.push(`${escapeXml(c.text ?? '')}</${c.name}>`);
    }
  };

  emit(root, ROOT_TYPE, '  ');
  out.push(`\n</${root.name}>\n`);
  for (const { origin, count, xpath } of dropped.values()) {
    warnings.push({
      rule: 'CII-PROFILE',
      message: `${origin.bt} (${origin.path}${count > 1 ? ` and ${count - 1} more` : ''}) is not allowed in the ${profile} profile and was not written.`,
      path: origin.path,
      severity: 'warning',
      bt: origin.bt,
      xpath: xpath.replace(/\[[^\]]*\]/g, ''),
    });
  }
  return out.join('');
}
