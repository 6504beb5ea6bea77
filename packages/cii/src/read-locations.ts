/**
 * The CII reader's source locations (decision 0157): each place is recorded as the model path of
 * its context (the invoice, a group, a line), the binding's key under it and the element, without
 * joining the two into a model path string. The strings, and the @einv/xml ElementLocations that
 * answers `get` / `toRecord` from them, are built on the first question: most validations never
 * ask (no finding to place), and a 1,000-line invoice records ~20,000 places.
 */
import { BlockList, type LocationTable, type SourceLocation, type SourceLocations } from '@einv/core-model';
import { ElementLocations, type XmlElement } from '@einv/xml';
import { joinPath } from './model-path.js';

export class ReaderLocations implements LocationTable {
  /**
   * base, key (the key under the base, '' for the base itself), element: three slots per place in
   * one list that is never copied as it grows (decision 0180)
   */
  private readonly places = new BlockList<string | XmlElement>();
  private table: ElementLocations | undefined;

  /** `joinPath(base, key)` was read at `el` (a path recorded twice keeps its first place) */
  add(base: string, key: string, el: XmlElement): void {
    const { places } = this;
    places.push(base);
    places.push(key);
    places.push(el);
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
    const { places } = this;
    for (let i = 0; i < places.length; i += 3)
      table.add(joinPath(places.at(i) as string, places.at(i + 1) as string), places.at(i + 2) as XmlElement);
    this.table = table;
    return table;
  }
}
