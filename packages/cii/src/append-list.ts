/**
 * A list that only grows, in blocks of a fixed size that are never copied (decision 0180). An array
 * grown by push copies itself at each growth (about three times its final size in all): for the
 * reader's records, which grow by ~70 slots per invoice line and live until the validation ends,
 * those copies were a fifth of what the reader allocated.
 */
const SHIFT = 10;
const BLOCK = 1 << SHIFT;

export class AppendList<T> {
  private readonly blocks: T[][] = [];
  private block: T[] = [];
  private used = BLOCK;
  /** the number of items */
  length = 0;

  push(item: T): void {
    if (this.used === BLOCK) {
      // a block of its final size at once (holes until written): never grown, never copied
      this.block = new Array<T>(BLOCK);
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.block[this.used++] = item;
    this.length++;
  }

  at(index: number): T {
    return (this.blocks[index >> SHIFT] as T[])[index & (BLOCK - 1)] as T;
  }
}
