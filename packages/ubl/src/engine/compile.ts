/**
 * Facts derived once from the binding table: namespace-resolved names, marker groups and the
 * constants that select a group (the reader's per-name candidates are in read-plan.ts).
 */
import { resolveName } from '../binding/namespaces.js';
import type { GroupNode, Node } from '../binding/types.js';

const names = new WeakMap<Node, { ns: string; local: string }>();
const constrained = new WeakMap<GroupNode, boolean>();
const markers = new WeakMap<GroupNode, boolean>();

/**
 * A group made only of constants, e.g. cac:TaxScheme[cbc:ID='VAT']: written whenever its parent
 * is, never read into the model; when its constants are not placeholders they are part of the
 * parent's identity (see hasConstraints).
 */
export function isMarker(g: GroupNode): boolean {
  let m = markers.get(g);
  if (m === undefined) {
    m =
      !g.many &&
      !g.field &&
      g.children.every((n) => (n.kind === 'leaf' ? n.field === undefined : isMarker(n)));
    markers.set(g, m);
  }
  return m;
}

/** Namespace URI and local name of a node's element */
export function nameOf(node: Node): { ns: string; local: string } {
  let name = names.get(node);
  if (name === undefined) {
    name = resolveName(node.el);
    names.set(node, name);
  }
  return name;
}

/** true when the group's binding depends on constants inside it (fixed values or fixed attributes) */
export function hasConstraints(g: GroupNode): boolean {
  let c = constrained.get(g);
  if (c === undefined) {
    c = g.children.some((n) =>
      n.kind === 'leaf'
        ? (n.fixed !== undefined && !n.placeholder) || (n.attrs ?? []).some((a) => a.fixed !== undefined)
        : isMarker(n) && hasConstraints(n),
    );
    constrained.set(g, c);
  }
  return c;
}

/** The constants that select a group, in words: `cac:TaxScheme/cbc:ID is 'VAT'` */
export function describeConstraints(g: GroupNode, prefix = ''): string[] {
  const out: string[] = [];
  if (g.note && g.match) out.push(g.note);
  for (const n of g.children) {
    if (n.kind === 'leaf') {
      if (n.fixed !== undefined && !n.placeholder)
        out.push(`${prefix}${n.el} is ${(n.accept ?? [n.fixed]).map((v) => `'${v}'`).join(' or ')}`);
      for (const a of n.attrs ?? [])
        if (a.fixed !== undefined) out.push(`${prefix}${n.el}/@${a.name} is '${a.fixed}'`);
    } else if (isMarker(n) && hasConstraints(n)) out.push(...describeConstraints(n, `${prefix}${n.el}/`));
  }
  return out;
}
