/**
 * The CII reader's source locations (decision 0157): each place is recorded as the model path of
 * its context (the invoice, a group, a line), the binding's key under it and the element, without
 * joining the two into a model path string. The strings, and the @einv/xml ElementLocations that
 * answers `get` / `toRecord` from them, are built on the first question: most validations never
 * ask (no finding to place), and a 1,000-line invoice records ~20,000 places.
 */
import type { LocationTable, SourceLocation, SourceLocations } from '@einv/core-model';
import { ElementLocations, type XmlElement } from '@einv/xml';
import { joinPath } from './model-path.js';

export class ReaderLocations implements LocationTable {
  private readonly bases: string[] = [];
  /** the key under the base ('' for the base itself) */
  private readonly keys: string[] = [];
  private readonly elements: XmlElement[] = [];
  private table: ElementLocations | undefined;

  /** `joinPath(base, key)` was read at `el` (a path recorded twice keeps its first place) */
  add(base: string, key: string, el: XmlElement): void {
    this.bases.push(base);
    this.keys.push(key);
    this.elements.push(el);
    this.table = undefined;
  }

  get(path: string): SourceLocation | undefined {
    return this.built().get(path);
  }

  toRecord(): SourceLocations {
    return this.built().toRecord();
  }

  private built(): ElementLocations {
    if (this.table) return this.table;
    const table = new ElementLocations(true);
    const { bases, keys, elements } = this;
    for (let i = 0; i < bases.length; i++)
      table.add(joinPath(bases[i] as string, keys[i] as string), elements[i] as XmlElement);
    this.table = table;
    return table;
  }
}
