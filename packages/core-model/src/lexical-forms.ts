/**
 * A reader's record of the numbers it read as written (`SourceFacts.lexical`: model path → the text),
 * kept as the parts of each path until someone asks for the map (decision 0274).
 *
 * The CII reader records two numbers per line of a large invoice written with five decimals: a
 * path string composed per number (past the model-path bound, a fresh one per read) and hashed into
 * a Map, 7–9 ms of a 10,000-line read, and the rules then went over all the keys once to learn their
 * last names (`hasLexicalField`). Yet the rules look up only the paths of the fields they judge
 * (the BR-DEC amounts, the French edition's decimals), most documents none of them. Here `record`
 * keeps the base path, the key and the text (three slots, no string made), and the last names are
 * known from the keys as they come; the first read of the map (`get`, `has`, `size`, iteration)
 * joins and stores them all, so every reader of the map sees the same entries a Map filled at once
 * would hold, in the same order.
 *
 * It is a Map (the facts' type, and the rules check `instanceof Map`); `Map.prototype` methods called
 * on it directly (`Map.prototype.get.call`) would not see the entries not yet joined: nothing in
 * einv does. A structured clone (a worker's message) would not either: the facts are used where
 * they are read, and a clone should take `new Map(record)`.
 */
import { BlockList } from './block-list.js';

/**
 * The last name of a model path or key: `invoice.lines[0].price.netAmount` → `netAmount` (what
 * `hasName` and the rules' `hasLexicalField` ask by; the readers compute it once per binding)
 */
export function lastNameOf(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

export class LexicalForms extends Map<string, string> {
  /** base, key, text per number recorded and not yet joined into the map */
  private pending: BlockList<string> | undefined;
  /** the last names of the paths recorded (`price.netAmount` → `netAmount`); made with the first */
  private names: Set<string> | undefined;
  /** an entry was deleted: `names` may hold a name no entry has */
  private stale = false;

  constructor() {
    // no initial entries: Map's constructor would call `set` before the fields above exist
    super();
  }

  /**
   * The number at `base.key` (`key` '': at `base`) was written `text`. `name` is the key's last name
   * (`netAmount` for `price.netAmount`), which the caller knows once per binding.
   */
  record(base: string, key: string, name: string, text: string): void {
    this.pending ??= new BlockList<string>(64);
    const pending = this.pending;
    pending.push(base);
    pending.push(key);
    pending.push(text);
    this.names ??= new Set();
    this.names.add(key === '' ? lastNameOf(base) : name);
  }

  /** Whether any number was recorded, without joining the paths */
  hasAny(): boolean {
    return this.pending !== undefined || super.size > 0;
  }

  /**
   * Whether a recorded path's last name is `name`, without joining the paths (`names` holds the
   * last name of every entry, recorded or set, unless one was deleted since: then from the keys)
   */
  hasName(name: string): boolean {
    if (this.stale) {
      const names = new Set<string>();
      for (const key of this.keys()) names.add(lastNameOf(key));
      this.names = names;
      this.stale = false;
    }
    return this.names?.has(name) === true;
  }

  /** Joins the recorded paths into the map, in the order they were recorded */
  private join(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    for (let i = 0; i < pending.length; i += 3) {
      const base = pending.at(i) as string;
      const key = pending.at(i + 1) as string;
      super.set(key === '' ? base : `${base}.${key}`, pending.at(i + 2) as string);
    }
  }

  override get(path: string): string | undefined {
    this.join();
    return super.get(path);
  }

  override has(path: string): boolean {
    this.join();
    return super.has(path);
  }

  override set(path: string, text: string): this {
    this.join();
    this.names ??= new Set();
    this.names.add(lastNameOf(path));
    return super.set(path, text);
  }

  override delete(path: string): boolean {
    this.join();
    const deleted = super.delete(path);
    if (deleted) this.stale = true;
    return deleted;
  }

  override clear(): void {
    this.pending = undefined;
    this.names = undefined;
    this.stale = false;
    super.clear();
  }

  override get size(): number {
    this.join();
    return super.size;
  }

  override forEach(
    fn: (value: string, key: string, map: Map<string, string>) => void,
    thisArg?: unknown,
  ): void {
    this.join();
    super.forEach(fn, thisArg);
  }

  override keys(): MapIterator<string> {
    this.join();
    return super.keys();
  }

  override values(): MapIterator<string> {
    this.join();
    return super.values();
  }

  override entries(): MapIterator<[string, string]> {
    this.join();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, string]> {
    this.join();
    return super[Symbol.iterator]();
  }
}
