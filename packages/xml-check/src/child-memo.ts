/**
 * What a walk looked up for the children of an element, by position, kept with the entry of the
 * element's name: the next element of that name mostly has the same children in the same places
 * (the next line of an invoice, the next invoice), so a child's entry is one identity compare of its
 * interned local name away instead of a `Map` lookup by name — the hottest line of SourceWalk's and
 * the syntax rules' walks (decision 0228). A miss looks the name up as before and remembers it.
 * The first MEMO positions only: the memory per name stays bounded.
 */
const MEMO = 32;

export class ChildMemo<T> {
  readonly #locals: string[] = new Array<string>(MEMO).fill('');
  readonly #entries: (T | undefined)[] = new Array<T | undefined>(MEMO).fill(undefined);

  /** The entry remembered for a child at position `i` named `local`, if it is that child's */
  at(i: number, local: string): T | undefined {
    return i < MEMO && this.#locals[i] === local ? this.#entries[i] : undefined;
  }

  /** Remembers `entry` for a child named `local` at position `i`; returns it */
  set(i: number, local: string, entry: T): T {
    if (i < MEMO) {
      this.#locals[i] = local;
      this.#entries[i] = entry;
    }
    return entry;
  }
}
