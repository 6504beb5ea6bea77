/**
 * A reader's source locations, recorded as element references and turned into XPath strings only
 * when asked (decision 0142): `add` costs three array slots, where a record entry cost a model-path
 * hash, an XPath string and an object per path read. It implements @einv/core-model's
 * LocationTable (this package does not depend on core-model: the shapes match).
 */
import type { XmlElement } from './types.js';
import { XPaths } from './xpaths.js';

export interface ElementLocation {
  xpath: string;
  line?: number;
}

export class ElementLocations {
  /** XPaths of the document's elements, cached: the reader names elements in its findings too */
  readonly xpaths = new XPaths();
  private readonly paths: string[] = [];
  private readonly elements: XmlElement[] = [];
  /** The attribute read at entry i (its XPath ends in `/@name`), undefined for the element itself */
  private readonly attrs: (string | undefined)[] = [];
  private record: Record<string, ElementLocation> | undefined;
  private index: Map<string, number> | undefined;

  /**
   * `firstWins`: a path recorded twice keeps its first place (readCii); otherwise the last one, as
   * assigning a record entry does (readUbl). Either way a path keeps the rank of its first record.
   */
  constructor(private readonly firstWins: boolean) {}

  add(path: string, el: XmlElement, attr?: string): void {
    this.paths.push(path);
    this.elements.push(el);
    this.attrs.push(attr);
    this.record = undefined;
    this.index = undefined;
  }

  /** Records `to` at the place `from` was read (when it was): one value read into two model paths */
  copy(from: string, to: string): void {
    const i = this.paths.lastIndexOf(from);
    const at = this.firstWins ? this.paths.indexOf(from) : i;
    if (i === -1) return;
    this.add(to, this.elements[at] as XmlElement, this.attrs[at]);
  }

  get(path: string): ElementLocation | undefined {
    if (this.record) return Object.hasOwn(this.record, path) ? this.record[path] : undefined;
    if (!this.index) {
      const index = new Map<string, number>();
      const { paths } = this;
      for (let i = 0; i < paths.length; i++) {
        const p = paths[i] as string;
        if (!this.firstWins || !index.has(p)) index.set(p, i);
      }
      this.index = index;
    }
    const i = this.index.get(path);
    return i === undefined ? undefined : this.locationOf(i);
  }

  /** Every model path with its location, in the order paths were first recorded (built once) */
  toRecord(): Record<string, ElementLocation> {
    if (this.record) return this.record;
    const record: Record<string, ElementLocation> = {};
    const { paths } = this;
    for (let i = 0; i < paths.length; i++) {
      const p = paths[i] as string;
      if (this.firstWins && Object.hasOwn(record, p)) continue;
      record[p] = this.locationOf(i);
    }
    this.record = record;
    this.index = undefined;
    return record;
  }

  private locationOf(i: number): ElementLocation {
    const el = this.elements[i] as XmlElement;
    const attr = this.attrs[i];
    const xpath = this.xpaths.of(el);
    return { xpath: attr === undefined ? xpath : `${xpath}/@${attr}`, line: el.line };
  }
}
