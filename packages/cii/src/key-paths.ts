/**
 * The model paths of the bindings (`invoice.lines[3].item`), made once per process and reused by
 * every document (decision 0249), each reached from the path of the plan it is read under by a slot
 * number instead of a look-up by string (decision 0252).
 *
 * The reader composed a path string per group element it read (`${target}[${index}]` for an item of
 * a repeated group, `${base}.${key}` for a group under it): three or four strings per group element,
 * each kept by the places (read-locations.ts) for the whole read. On a large invoice these were
 * among the objects every scavenge copied and promoted (a 10,000-line invoice outgrows the young
 * generation mid-read). The same paths come back in every document (the binding table is fixed and
 * the item indices count from 0), so they are kept; a read then allocates none for the paths it has
 * seen, and those it keeps are old objects that no scavenge copies. (A field kept its path too, for
 * the number it records as written; that record keeps the base path and the key since decision
 * 0274, so a path is a group's.)
 *
 * Session 18 kept them in a map per binding, keyed by the path of the group element above: at 1,000
 * lines, one look-up per group of each line in a map of 1,000 strings (hashing each kept string
 * again, a cache miss or two per look-up), 7 % of the reader's samples. A path now holds the paths
 * under it by the slot of their binding in the plan read under it (`Plan`: each group has one),
 * and a list's path its items' paths by index: array loads on objects the read reaches anyway. A
 * path is the base of one plan only (a group with the empty key gets a path of its own with the same
 * text), so slots never clash.
 *
 * Bounded: past MAX_PATHS paths in all, a path is made per read (and dropped with it). The cache holds
 * the paths of the largest invoice read so far, up to ~10,900 lines of the synthetic invoices (6 paths
 * per line since decision 0288, two of them path objects and four the item attributes' texts: 6,021
 * kept at 1,000 lines), a few MB at most for the process.
 */

/** Paths kept for the process, all plans together */
const MAX_PATHS = 65_536;
let kept = 0;

export class ModelPath {
  /** the paths under this one, by the slot of their binding in the plan read under it */
  private subs: (ModelPath | undefined)[] | undefined;
  /** the paths of the items of the list at this path (a repeated group's key), by index */
  private items: ModelPath[] | undefined;
  /** the same items' path texts, for a list whose items hold no group (`itemText`) */
  private texts: string[] | undefined;

  /**
   * Written again only in the reader's one scratch path (`retarget`), the base of the items of a
   * list whose items hold no group: every other path keeps its text
   */
  constructor(public path: string) {}

  /** `joinPath(path, key)` as a path: that of the binding at `slot` of the plan read under this one */
  under(slot: number, key: string): ModelPath {
    this.subs ??= [];
    let sub = this.subs[slot];
    if (sub === undefined) {
      sub = new ModelPath(key === '' ? this.path : `${this.path}.${key}`);
      if (kept < MAX_PATHS) {
        kept++;
        this.subs[slot] = sub;
      }
    }
    return sub;
  }

  /** `${path}[${index}]`: the path of the item at `index` of the list at this path */
  item(index: number): ModelPath {
    this.items ??= [];
    let item = this.items[index];
    if (item === undefined) {
      item = new ModelPath(`${this.path}[${index}]`);
      // filled in order (the reader asks for index n once it has items 0…n-1), so the list stays packed
      if (index === this.items.length && kept < MAX_PATHS) {
        kept++;
        this.items.push(item);
      }
    }
    return item;
  }

  /**
   * `${path}[${index}]` as text only, for the item of a list whose items hold no group (decision
   * 0288): no path is ever asked under such an item, so it needs no ModelPath of its own, and the
   * reader spares touching one kept object per item (most of them old, spread over the heap by
   * the scavenges that promoted them: a cache miss each, four per line for the item attributes)
   */
  itemText(index: number): string {
    this.texts ??= [];
    let text = this.texts[index];
    if (text === undefined) {
      text = `${this.path}[${index}]`;
      // filled in order, as `items`
      if (index === this.texts.length && kept < MAX_PATHS) {
        kept++;
        this.texts.push(text);
      }
    }
    return text;
  }

  /** This path, reading as `path` from now on (the reader's scratch path only) */
  retarget(path: string): this {
    this.path = path;
    return this;
  }
}

/** The path the root plan is read under */
export const INVOICE_PATH = new ModelPath('invoice');
