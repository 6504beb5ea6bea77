/**
 * XPaths of many elements of one document in linear time: each parent's children get their
 * positional steps in one pass, and each element's path is cached (xpathOf from @einv/xml rescans
 * the siblings at every call, which is quadratic on a 10,000-line invoice).
 */
import type { XmlElement } from './types.js';

export class XPaths {
  private readonly paths = new Map<XmlElement, string>();

  of(el: XmlElement): string {
    const known = this.paths.get(el);
    if (known !== undefined) return known;
    const parent = el.parent;
    if (!parent) {
      const p = `/${el.name}`;
      this.paths.set(el, p);
      return p;
    }
    const base = this.of(parent);
    const children = parent.children;
    if (!hasRepeatedNames(children)) {
      // the usual case: no positions needed, no maps
      for (const c of children) this.paths.set(c, `${base}/${c.name}`);
      return this.paths.get(el) as string;
    }
    // name every child of this parent at once
    const counts = new Map<string, number>();
    for (const c of children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const c of children) {
      const total = counts.get(c.name) ?? 1;
      const index = (seen.get(c.name) ?? 0) + 1;
      seen.set(c.name, index);
      this.paths.set(c, total > 1 ? `${base}/${c.name}[${index}]` : `${base}/${c.name}`);
    }
    return this.paths.get(el) as string;
  }
}

/** true when two children share a name (then their steps need a position); no allocation for short lists */
function hasRepeatedNames(children: readonly XmlElement[]): boolean {
  const n = children.length;
  if (n < 2) return false;
  if (n > 16) return true; // long lists: let the maps count
  for (let i = 1; i < n; i++) {
    const name = (children[i] as XmlElement).name;
    for (let j = 0; j < i; j++) if ((children[j] as XmlElement).name === name) return true;
  }
  return false;
}
