/**
 * The elements the CII reader read, for the report of those it did not (unread.ts; decision 0180).
 *
 * A Set of elements was the reader's biggest growing structure: ~25 entries per invoice line, so on
 * a 10,000-line invoice a hash table of ~250,000 objects, rehashed as it doubled (~1.3 KB allocated
 * per line) and hit at random places for each add and each question (the per-line cost of `add` was
 * twice as high at 10,000 lines as at 1,000). The reader now only appends the element to a list (the
 * leaves only: the report asks about elements without children); the unread report, which walks the
 * tree in document order, looks each leaf up by its place in the document (line, then column of the
 * start tag: distinct for distinct elements of a parsed tree): PlaceIndex below.
 */
import { BlockList } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';

/** Where a mark goes (a Set of elements is one too) */
export interface ElementSink {
  add(el: XmlElement): unknown;
}

/**
 * A start tag's place as one number, increasing in document order. Exact while line × 2^32 + column
 * stays below 2^53: byLine keeps no table for marks beyond MAX_LINE (the unread walk compares lines
 * and columns apart, so it would not see two places sharing a number).
 */
export function placeOf(el: XmlElement): number {
  return placeAt(el.line, el.column);
}

function placeAt(line: number, column: number): number {
  return line * 4294967296 + column;
}

/** Marks from this line on are not indexed by line (placeOf would not be exact): a Set answers */
const MAX_LINE = 2 ** 21;

const NO_PLACES = new Float64Array(0);
/** Tables by line up to this many lines are plain arrays (see byLine) */
const SMALL_TABLE = 16_384;

/**
 * A plain array of `size` NONE, allocated at its size (below SMALL_TABLE slots `new Array` is a fast
 * array, not a dictionary): built by push it was copied as it grew, 7.5 KB allocated per official
 * example for a table of ~2 KB (decision 0212)
 */
function smallTable(size: number): number[] {
  return new Array<number>(size).fill(NONE);
}

/** A line without marked leaf, a line with several (their places are in `shared`) */
const NONE = -1;
const SEVERAL = -2;
/** Columns from here on are not kept in the table (small integers: a table of them stays compact) */
const NONE_YET = 2 ** 31 - 1;

/**
 * Was a leaf read? For a pretty-printed document (one start tag per line, the usual case) the answer
 * is one look-up in a table by line, without sorting anything; the lines holding several marked
 * leaves (a document on one line: all of them) are answered from their places sorted once.
 */
export class PlaceIndex {
  private next = 0;
  /**
   * How many distinct places the marked leaves have: at most the number of distinct leaves marked
   * (two elements would share a place only in a tree not made by the parser), so a document with
   * as many leaves has every leaf read (unread.ts asks no more then)
   */
  readonly distinct: number;

  constructor(
    private readonly columns: ArrayLike<number>,
    private readonly shared: Float64Array,
    singleLines: number,
  ) {
    let distinct = singleLines;
    // shared is sorted: each run of equal places is one leaf marked several times
    for (let i = 0; i < shared.length; i++) if (i === 0 || shared[i] !== shared[i - 1]) distinct++;
    this.distinct = distinct;
  }

  /** Asked for leaves in strictly increasing places (the document order of a parsed tree) */
  has(el: XmlElement): boolean {
    const { line } = el;
    const known = line < this.columns.length ? (this.columns[line] as number) : NONE;
    if (known !== SEVERAL) return known === el.column;
    const place = placeOf(el);
    const { shared } = this;
    while (this.next < shared.length && (shared[this.next] as number) < place) this.next++;
    return shared[this.next] === place;
  }
}

export class ReadMarks implements ElementSink {
  private readonly elements = new BlockList<XmlElement>();
  /** the last line of a marked leaf (the table's size), kept as they are marked: no pass to find it */
  private lastLine = 0;
  /**
   * byLine's table, filled as the leaves are marked (decision 0264): the reader marks a leaf when it
   * has just read its text, so its line and column are at hand, where byLine's loop over the marks
   * met each leaf again, long after (a pass over a quarter of the tree's elements, cold at 1,000 and
   * 10,000 lines). A plain array of small integers (pushed up to the line: it stays packed) below
   * SMALL_TABLE lines, an Int32Array grown by doubling above, up to MAX_LINE slots (4 bytes per line
   * of the document at most: a document of blank lines has one byte per line at least). null once a
   * mark is not one byLine's table holds (byLine then looks at the marks, as before).
   */
  private columns: number[] | Int32Array | null = [];
  /** places of the leaves on the lines holding several, unsorted */
  private readonly shared: number[] = [];
  /** the lines holding one marked leaf */
  private singleLines = 0;

  /** Only leaves are kept: the unread report asks about elements without children only */
  add(el: XmlElement): void {
    if (el.children.length === 0) {
      this.elements.push(el);
      const line = el.line;
      if (line > this.lastLine) this.lastLine = line;
      if (this.columns !== null) this.place(line, el.column);
    }
  }

  addAll(elements: readonly XmlElement[]): void {
    for (let i = 0; i < elements.length; i++) this.add(elements[i] as XmlElement);
  }

  /** byLine's loop for one mark, on the table kept as the leaves are marked */
  private place(line: number, column: number): void {
    // what byLine says no to. (Not a line making the table sparse for the marks so far: the reader
    // reads the header's settlement, after the lines in the document, before them)
    if (!(line >= 0 && Number.isInteger(line) && column >= 0 && column < NONE_YET && line < MAX_LINE)) {
      this.columns = null;
      return;
    }
    let columns = this.columns as number[] | Int32Array;
    if (line >= columns.length) columns = this.grown(columns, line);
    const known = columns[line] as number;
    if (known === NONE) {
      columns[line] = column;
      this.singleLines++;
    } else if (known === SEVERAL) this.shared.push(placeAt(line, column));
    else if (known !== column) {
      columns[line] = SEVERAL;
      this.singleLines--;
      this.shared.push(placeAt(line, known), placeAt(line, column));
    }
  }

  /** The table with room for `line` (NONE in the new slots) */
  private grown(columns: number[] | Int32Array, line: number): number[] | Int32Array {
    if (Array.isArray(columns) && line < SMALL_TABLE) {
      while (columns.length <= line) columns.push(NONE);
      return columns;
    }
    const size = Math.min(Math.max(2 * columns.length, line + 1, SMALL_TABLE), MAX_LINE);
    const table = new Int32Array(size).fill(NONE);
    table.set(columns);
    this.columns = table;
    return table;
  }

  /**
   * The marked leaves by line (decision 0180): undefined when their lines are not small non-negative
   * integers or too sparse for a table by line (the caller asks a Set then)
   */
  byLine(): PlaceIndex | undefined {
    const { elements, lastLine } = this;
    // (a line that is no number is never the last one: the loop below says no to it)
    if (!(lastLine < MAX_LINE && Number.isInteger(lastLine))) return undefined;
    // the table kept as the leaves were marked (sparse or not: it is made, and answers exactly)
    const kept = this.columns;
    if (kept !== null) {
      const { shared } = this;
      return new PlaceIndex(
        kept,
        shared.length === 0 ? NO_PLACES : new Float64Array(shared).sort(),
        this.singleLines,
      );
    }
    // a table of lines mostly without marks (a document of blank lines) would cost more than it saves
    if (lastLine > 4 * elements.length + 1024) return undefined;
    // a small document's table is an array of small integers, not an Int32Array: a typed array's
    // buffer is allocated outside the heap and tracked by the collector, which cost more than the
    // table for an official example (0195). A large one's is an Int32Array: `new Array(n)` beyond
    // ~100,000 slots is a dictionary (its fill and every look-up a hash table's)
    const columns: ArrayLike<number> & { [line: number]: number } =
      lastLine < SMALL_TABLE ? smallTable(lastLine + 1) : new Int32Array(lastLine + 1).fill(NONE);
    const shared: number[] = [];
    // the lines holding one marked leaf (a line holding several counts in `shared`)
    let singleLines = 0;
    for (let i = 0; i < elements.length; i++) {
      const el = elements.at(i);
      const { line, column } = el;
      // every line is at most lastLine; one that is not a small non-negative integer: no table
      if (!(line >= 0 && Number.isInteger(line) && column >= 0 && column < NONE_YET)) return undefined;
      const known = columns[line] as number;
      if (known === NONE) {
        columns[line] = column;
        singleLines++;
      } else if (known === SEVERAL) shared.push(placeOf(el));
      else if (known !== column) {
        columns[line] = SEVERAL;
        singleLines--;
        shared.push(placeAt(line, known), placeOf(el));
      }
    }
    // most documents have one marked leaf per line: no list of shared lines to sort
    return new PlaceIndex(
      columns,
      shared.length === 0 ? NO_PLACES : new Float64Array(shared).sort(),
      singleLines,
    );
  }

  /** The marked elements as a Set (for a tree whose places do not increase in document order) */
  toSet(): ReadonlySet<XmlElement> {
    const { elements } = this;
    const set = new Set<XmlElement>();
    for (let i = 0; i < elements.length; i++) set.add(elements.at(i));
    return set;
  }
}
