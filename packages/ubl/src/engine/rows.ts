/**
 * A table that only grows: rows of three integers and one object, kept in blocks of 1,024 rows
 * that are never copied once full (decision 0197). The location table (locations.ts) grew its
 * typed array and its element array by doubling: every growth copied the whole table, and on a
 * large invoice the copies were large objects of the old generation, allocated again at each
 * doubling. Here only the first block grows (from the size its owner gives), and a later block is
 * allocated at its final size.
 */
const SHIFT = 10;
const BLOCK = 1 << SHIFT;
const MASK = BLOCK - 1;

export class Rows<T> {
  private readonly ints: Int32Array<ArrayBuffer>[];
  /** per block, one object per row (holes until set) */
  private readonly objects: (T | undefined)[][];
  /** the number of rows */
  length = 0;

  /**
   * `first`: the rows the first block holds before it grows (a power of two up to 1,024). A typed
   * array's buffer lives outside the heap and its allocation costs more than its size: a first
   * block sized for an ordinary invoice does not grow at all (from 32 rows, its three growths were
   * about a tenth of the reader's walk on the official examples, where a table has a few hundred
   * rows). A plain array for the first block was no faster, and slower once it grew.
   */
  constructor(first: number) {
    this.ints = [new Int32Array(3 * first)];
    this.objects = [new Array<T | undefined>(first)];
  }

  /** Appends a row; its index */
  push(a: number, b: number, c: number, object: T | undefined): number {
    const row = this.length;
    const block = row >> SHIFT;
    const at = row & MASK;
    let ints = this.ints[block];
    let objects = this.objects[block] as (T | undefined)[];
    if (ints === undefined) {
      ints = new Int32Array(3 * BLOCK);
      objects = new Array<T | undefined>(BLOCK);
      this.ints.push(ints);
      this.objects.push(objects);
    } else if (at * 3 === ints.length) {
      // only the first block grows, up to a full block
      const grown = new Int32Array(ints.length * 2);
      grown.set(ints);
      ints = grown;
      this.ints[block] = grown;
      const more = new Array<T | undefined>(at * 2);
      for (let i = 0; i < at; i++) more[i] = objects[i];
      objects = more;
      this.objects[block] = more;
    }
    ints[at * 3] = a;
    ints[at * 3 + 1] = b;
    ints[at * 3 + 2] = c;
    if (object !== undefined) objects[at] = object;
    this.length = row + 1;
    return row;
  }

  /** The integer `k` (0, 1, 2) of row `row` */
  int(row: number, k: number): number {
    return (this.ints[row >> SHIFT] as Int32Array)[(row & MASK) * 3 + k] as number;
  }

  object(row: number): T | undefined {
    return (this.objects[row >> SHIFT] as (T | undefined)[])[row & MASK];
  }

  setObject(row: number, object: T): void {
    (this.objects[row >> SHIFT] as (T | undefined)[])[row & MASK] = object;
  }
}
