/**
 * The elements the CII reader read, for the report of those it did not (unread.ts; decision 0180).
 *
 * A Set of elements was the reader's biggest growing structure: ~25 entries per invoice line, so on
 * a 10,000-line invoice a hash table of ~250,000 objects, rehashed as it doubled (~1.3 KB allocated
 * per line) and hit at random places for each add and each question (the per-line cost of `add` was
 * twice as high at 10,000 lines as at 1,000). The reader now only appends the element to a list (the
 * leaves only: the report asks about elements without children); the unread report, which walks the
 * tree in document order, asks in that same order, so the list is sorted once by the elements'
 * places in the document (line, then column of the start tag: distinct for distinct elements of a
 * parsed tree) and merged with the walk.
 */
import type { XmlElement } from '@einv/xml';
import { AppendList } from './append-list.js';

/** Where a mark goes (a Set of elements is one too) */
export interface ElementSink {
  add(el: XmlElement): unknown;
}

/**
 * A start tag's place as one number, increasing in document order. Exact while line × 2^32 + column
 * stays below 2^53 (two million lines); beyond, two places may share a number, which the walk that
 * uses them detects (unread.ts falls back to a Set then).
 */
export function placeOf(el: XmlElement): number {
  return el.line * 4294967296 + el.column;
}

export class ReadMarks implements ElementSink {
  private readonly elements = new AppendList<XmlElement>();

  /** Only leaves are kept: the unread report asks about elements without children only */
  add(el: XmlElement): void {
    if (el.children.length === 0) this.elements.push(el);
  }

  addAll(elements: readonly XmlElement[]): void {
    for (let i = 0; i < elements.length; i++) this.add(elements[i] as XmlElement);
  }

  /** The places of the marked elements, ascending (duplicates kept) */
  sortedPlaces(): Float64Array {
    const { elements } = this;
    const places = new Float64Array(elements.length);
    for (let i = 0; i < elements.length; i++) places[i] = placeOf(elements.at(i));
    return places.sort();
  }

  /** The marked elements as a Set (for a tree whose places do not increase in document order) */
  toSet(): ReadonlySet<XmlElement> {
    const { elements } = this;
    const set = new Set<XmlElement>();
    for (let i = 0; i < elements.length; i++) set.add(elements.at(i));
    return set;
  }
}
