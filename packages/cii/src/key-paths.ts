/**
 * The model paths of a binding key under its groups' paths (`invoice.lines[3].item`), made once per
 * process and reused by every document (decision 0249).
 *
 * The reader composed a path string per group element it read (`${target}[${index}]` for an item of
 * a repeated group, `${base}.${key}` for a group under it): three or four strings per group element,
 * each kept by the places (read-locations.ts) for the whole read. On a large invoice these were
 * among the objects every scavenge copied and promoted (a 10,000-line invoice outgrows the young
 * generation mid-read). The same paths come back in every document (the binding table is fixed and
 * the item indices count from 0), so each group keeps the paths it made; a read then allocates none
 * for the paths it has seen, and those it keeps are old objects that no scavenge copies. A field
 * keeps its paths too, for the number it records as written (the lexical form, keyed by its path).
 *
 * Bounded: past MAX_PATHS paths in all, a path is composed per read as before. The cache holds the
 * paths of the largest invoice read so far, up to ~8,000 lines of the synthetic invoices (~8 paths
 * per line), at most ~6 MB (a path of ~40 characters and its map entry ~90 bytes) for the process.
 */
import { joinPath } from './model-path.js';

/** Paths kept for the process, all groups together */
const MAX_PATHS = 65_536;
let kept = 0;

export class KeyPaths {
  /** base → joinPath(base, key) */
  private readonly joined = new Map<string, string>();
  /** target → its items' paths by index (`target[i]`), for a repeated group's key */
  private items: Map<string, string[]> | undefined;

  constructor(private readonly key: string) {}

  /** `joinPath(base, key)`: the key's path under `base` (a group's own path, a field's) */
  under(base: string): string {
    if (this.key === '') return base;
    let path = this.joined.get(base);
    if (path === undefined) {
      path = joinPath(base, this.key);
      if (kept < MAX_PATHS) {
        kept++;
        this.joined.set(base, path);
      }
    }
    return path;
  }

  /** `${target}[${index}]`: the path of the item at `index` of the group's list at `target` */
  item(target: string, index: number): string {
    this.items ??= new Map();
    let paths = this.items.get(target);
    if (paths === undefined) {
      if (kept >= MAX_PATHS) return `${target}[${index}]`;
      paths = [];
      this.items.set(target, paths);
    }
    let path = paths[index];
    if (path === undefined) {
      path = `${target}[${index}]`;
      // filled in order (the reader asks for index n once it has items 0…n-1), so the list stays packed
      if (index === paths.length && kept < MAX_PATHS) {
        kept++;
        paths.push(path);
      }
    }
    return path;
  }
}
