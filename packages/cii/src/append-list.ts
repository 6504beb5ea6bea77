/**
 * A list that only grows, in blocks that are never copied (decision 0180). An array grown by push
 * copies itself at each growth (about three times its final size in all): for the reader's records,
 * which grow by ~70 slots per invoice line and live until the validation ends, those copies were a
 * fifth of what the reader allocated.
 *
 * The blocks double from 64 slots up to 1,024, then stay at 1,024 (decision 0195): a small document
 * records a few hundred slots, and a first block of 1,024 for each list (8 KB without pointer
 * compression: the places and the marks) was a quarter of what the reader allocated per official
 * example. At most half of the last block is unused; nothing is copied.
 */
const SHIFT = 10;
const BLOCK = 1 << SHIFT;
/** the first block's size; blocks 1 to 4 hold 64, 128, 256 and 512 slots, then 1,024 each */
const FIRST = 64;
/** the blocks before the first of 1,024 slots */
const SMALL = 5;

export class AppendList<T> {
  private readonly blocks: T[][] = [];
  private block: T[] = [];
  private used = 0;
  /** the number of items */
  length = 0;

  push(item: T): void {
    if (this.used === this.block.length) {
      // a block of its final size at once (holes until written): never grown, never copied
      const n = this.blocks.length;
      this.block = new Array<T>(n === 0 ? FIRST : n < SMALL ? FIRST << (n - 1) : BLOCK);
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.block[this.used++] = item;
    this.length++;
  }

  at(index: number): T {
    if (index >= BLOCK) return (this.blocks[(index >> SHIFT) + SMALL - 1] as T[])[index & (BLOCK - 1)] as T;
    if (index < FIRST) return (this.blocks[0] as T[])[index] as T;
    // block b (1 to 4) starts at 32 << b: 64, 128, 256, 512
    const b = 26 - Math.clz32(index);
    return (this.blocks[b] as T[])[index - (32 << b)] as T;
  }
}
