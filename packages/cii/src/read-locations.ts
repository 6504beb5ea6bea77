/**
 * The CII reader's source locations (decision 0157): each place is recorded as the model path of
 * its context (the invoice, a group, a line), the binding's key under it and the element, without
 * joining the two into a model path string. Most validations never ask (no finding to place), and
 * a 1,000-line invoice records ~20,000 places.
 *
 * The first few `get`s scan the places, comparing each base and key with the path in place
 * (decision 0239): a document with findings asks for a handful of paths, and building the whole
 * @einv/xml ElementLocations (every path joined and hashed) to answer them was 5–6 % of the rules
 * on fresh reads. Past SCANS_BEFORE_TABLE questions, or on `toRecord`, the table is built as before.
 * Same answers either way: a path recorded twice keeps its first place.
 */
import { BlockList, type LocationTable, type SourceLocation, type SourceLocations } from '@einv/core-model';
import { ElementLocations, type XmlElement, XPaths } from '@einv/xml';
import { joinPath } from './model-path.js';

/** Scans answered before the table is built: a scan is a few ns per place, the table ~20× that */
const SCANS_BEFORE_TABLE = 8;

export class ReaderLocations implements LocationTable {
  /**
   * base, key (the key under the base, '' for the base itself), element: three slots per place in
   * one list that is never copied as it grows (decision 0180)
   */
  private readonly places = new BlockList<string | XmlElement>();
  private table: ElementLocations | undefined;
  /** `get`s answered by a scan since the last `add` */
  private scans = 0;
  /** XPaths of the elements the scans placed (the table has its own) */
  private xpaths: XPaths | undefined;

  /** `joinPath(base, key)` was read at `el` (a path recorded twice keeps its first place) */
  add(base: string, key: string, el: XmlElement): void {
    const { places } = this;
    places.push(base);
    places.push(key);
    places.push(el);
    this.table = undefined;
    this.scans = 0;
  }

  get(path: string): SourceLocation | undefined {
    if (this.table !== undefined || this.scans >= SCANS_BEFORE_TABLE) return this.built().get(path);
    this.scans++;
    const i = this.firstPlaceOf(path);
    if (i < 0) return undefined;
    const el = this.places.at(i + 2) as XmlElement;
    this.xpaths ??= new XPaths();
    return { xpath: this.xpaths.of(el), line: el.line };
  }

  toRecord(): SourceLocations {
    return this.built().toRecord();
  }

  /** The slot of the first place whose `joinPath(base, key)` is `path`, -1 when none (no string built) */
  private firstPlaceOf(path: string): number {
    const { places } = this;
    const n = path.length;
    for (let i = 0; i < places.length; i += 3) {
      const base = places.at(i) as string;
      const key = places.at(i + 1) as string;
      if (key === '') {
        if (base === path) return i;
      } else if (
        base.length + 1 + key.length === n &&
        path.charCodeAt(base.length) === 46 /* . */ &&
        path.endsWith(key) &&
        path.startsWith(base)
      )
        return i;
    }
    return -1;
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
