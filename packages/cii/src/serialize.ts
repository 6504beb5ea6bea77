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

  const emit = (node: OutNode, type: string, xpath: string, indent: string) => {
    const index = indexOf(type);
    const children = index
      ? node.children
          .map((c, i) => ({ c, i, info: index.get(c.name) }))
          .sort((a, b) => (a.info?.index ?? 1e9) - (b.info?.index ?? 1e9) || a.i - b.i)
      : node.children.map((c, i) => ({ c, i, info: undefined }));
    for (const { c, info } of children) {
      const childPath = `${xpath}/${c.name}`;
      if (!info || (info.mask & bit) === 0) {
        drop(c, childPath);
        continue;
      }
      let attrs = '';
      for (const [name, value] of Object.entries(c.attrs)) {
        if ((attributeMask(info.type, name) & bit) === 0) {
          for (const o of c.origins)
            if (o.attr === name) drop({ ...c, origins: [o], children: [] }, childPath);
          continue;
        }
        attrs += ` ${name}="${escapeXml(value)}"`;
      }
      out.push(`\n${indent}<${c.name}${attrs}>`);
      if (c.children.length > 0) {
        emit(c, info.type, childPath, `${indent}  `);
        out.push(`\n${indent}</${c.name}>`);
      } else out.push(`${escapeXml(c.text ?? '')}</${c.name}>`);
    }
  };

  emit(root, ROOT_TYPE, `/${root.name}`, '  ');
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
