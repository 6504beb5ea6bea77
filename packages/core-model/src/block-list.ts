/**
 * Lists that only grow, kept in blocks that are never copied: the readers' records (the CII
 * reader's marks and places, the UBL reader's location rows) grow by tens of items per invoice line
 * and live until the validation ends. An array grown by push copies itself at each growth (about
 * three times its final size allocated in all, and on a large invoice the copies are large objects
 * of the old generation); a block here is allocated at its final size when the one before is full.
 *
 * The blocks hold `first`, `first`, 2·first, … up to 512 items (1,024 in all), then 1,024 each:
 * a small document allocates no more than about twice what it records (a first block of 1,024
 * slots per list was a quarter of what the CII reader allocated per official example), and at most
 * half of the last block is unused (decisions 0180, 0195, 0197, 0212).
 */

const SHIFT = 10;
const FULL = 1 << SHIFT;

/** How blocks are laid out for a list whose first block holds `first` items (a power of two up to 1,024) */
class Layout {
  /** log2 of the first block's size */
  readonly firstShift: number;
  /** the blocks before the first full one */
  readonly small: number;

  constructor(first: number) {
    if (!(first >= 1 && first <= FULL && (first & (first - 1)) === 0))
      throw new RangeError(`a first block of ${first} items: a power of two up to ${FULL} is expected`);
    this.firstShift = 31 - Math.clz32(first);
    this.small = SHIFT - this.firstShift + 1;
  }

  /** The number of items block `b` holds */
  size(b: number): number {
    return b === 0 ? 1 << this.firstShift : b < this.small ? 1 << (this.firstShift + b - 1) : FULL;
  }
}

/** The layouts by log2 of the first block's size, made once: a list allocates only its blocks */
const layouts: Layout[] = [];

function layoutOf(first: number): Layout {
  const known = layouts[31 - Math.clz32(first)];
  if (known !== undefined && 1 << known.firstShift === first) return known;
  const layout = new Layout(first);
  layouts[layout.firstShift] = layout;
  return layout;
}

/** The block before the first (full: the first push allocates one), shared by every new list */
const NO_BLOCK: never[] = [];
const NO_INTS = new Int32Array(0);

/** The block holding item `index`: below 1,024, block b ≥ 1 starts at the power of two 2^(firstShift + b - 1) */
function blockOf(layout: Layout, index: number): number {
  if (index >= FULL) return (index >> SHIFT) + layout.small - 1;
  if (index >> layout.firstShift === 0) return 0;
  return 32 - Math.clz32(index) - layout.firstShift;
}

/** Where item `index` is in its block */
function offsetOf(layout: Layout, index: number): number {
  if (index >= FULL) return index & (FULL - 1);
  if (index >> layout.firstShift === 0) return index;
  return index - (1 << (31 - Math.clz32(index)));
}

/** Items in blocks never copied */
export class BlockList<T> {
  private readonly layout: Layout;
  private readonly blocks: T[][] = [];
  private block: T[] = NO_BLOCK;
  private used = 0;
  /** the number of items */
  length = 0;

  /** `first`: the first block's size, a power of two up to 1,024 (64 unless the owner knows better) */
  constructor(first = 64) {
    this.layout = layoutOf(first);
  }

  /** Appends an item; its index */
  push(item: T): number {
    if (this.used === this.block.length) {
      // a block of its final size at once (holes until written): never grown, never copied
      this.block = new Array<T>(this.layout.size(this.blocks.length));
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.block[this.used++] = item;
    return this.length++;
  }

  at(index: number): T {
    const layout = this.layout;
    return (this.blocks[blockOf(layout, index)] as T[])[offsetOf(layout, index)] as T;
  }

  /** Replaces the item at `index` (below `length`) */
  set(index: number, item: T): void {
    const layout = this.layout;
    (this.blocks[blockOf(layout, index)] as T[])[offsetOf(layout, index)] = item;
  }
}

/**
 * The small blocks of integers are views of a shared slab of this many bytes, carved in turn (a few
 * documents' first blocks each): `new Int32Array(n)` allocates a buffer outside the heap, 1–3 µs per
 * array measured (a view of a slab ~0.3 µs), and the UBL reader's two tables made two per document,
 * a seventh of its fixed cost per document. A slab lives while any of its views does: a document
 * kept for long keeps at most a slab (16 KB) of integers alive instead of its own 4.5 KB.
 */
const SLAB_BYTES = 16_384;
let slab = new ArrayBuffer(0);
let slabUsed = 0;

/** A zeroed block of `count` integers: a view of the current slab, or its own buffer when large */
function intBlock(count: number): Int32Array<ArrayBuffer> {
  const bytes = count * 4;
  if (bytes > SLAB_BYTES / 2) return new Int32Array(count);
  if (slabUsed + bytes > slab.byteLength) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const block = new Int32Array(slab, slabUsed, count);
  slabUsed += bytes;
  return block;
}

/**
 * Rows of three integers and an optional object, in the same blocks: the integers in an Int32Array
 * per block (12 bytes a row instead of three slots; blocks of plain arrays made the UBL reader's walk
 * ×1.08–1.21 slower, decision 0197), the objects in an array per block.
 */
export class BlockRows<T> {
  private readonly layout: Layout;
  private readonly ints: Int32Array<ArrayBuffer>[] = [];
  private readonly objects: (T | undefined)[][] = [];
  private block: Int32Array<ArrayBuffer> = NO_INTS;
  private blockObjects: (T | undefined)[] = NO_BLOCK;
  private used = 0;
  /** the number of rows */
  length = 0;

  /**
   * `first`: the first block's rows, a power of two up to 1,024. A typed array's buffer lives outside
   * the heap and its allocation costs more than its size: a first block sized for an ordinary
   * document is the only one it allocates.
   */
  constructor(first: number) {
    this.layout = layoutOf(first);
  }

  /** Appends a row; its index */
  push(a: number, b: number, c: number, object: T | undefined): number {
    let at = this.used;
    if (at === this.blockObjects.length) {
      const size = this.layout.size(this.ints.length);
      this.block = intBlock(3 * size);
      this.blockObjects = new Array<T | undefined>(size);
      this.ints.push(this.block);
      this.objects.push(this.blockObjects);
      at = 0;
    }
    const ints = this.block;
    const i = at * 3;
    ints[i] = a;
    ints[i + 1] = b;
    ints[i + 2] = c;
    if (object !== undefined) this.blockObjects[at] = object;
    this.used = at + 1;
    return this.length++;
  }

  /** The integer `k` (0, 1, 2) of row `row` */
  int(row: number, k: number): number {
    const layout = this.layout;
    return (this.ints[blockOf(layout, row)] as Int32Array)[offsetOf(layout, row) * 3 + k] as number;
  }

  object(row: number): T | undefined {
    const layout = this.layout;
    return (this.objects[blockOf(layout, row)] as (T | undefined)[])[offsetOf(layout, row)];
  }

  setObject(row: number, object: T): void {
    const layout = this.layout;
    (this.objects[blockOf(layout, row)] as (T | undefined)[])[offsetOf(layout, row)] = object;
  }
}
