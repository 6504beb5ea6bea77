/**
 * What the rules work out once per document (the VAT category tallies, the UBL category nodes and
 * their selections), kept for the length of one validate() call and dropped when it returns.
 *
 * Module-level `WeakMap`s keyed by the facts' lists did this before; a scavenge treats a `WeakMap`'s
 * value as alive whenever its key is an old object, dead or not, and the readers' lists are old
 * (pretenured), so each document's tallies were copied by every scavenge until a full collection
 * (docs/performance.md, "Session 16: parser and GC"). Here they hang from one young `Map` that no
 * one points to once validate() has returned (decision 0233).
 *
 * validate() opens a scope and closes it (restoring the one it found: a predicate calling
 * validate() keeps its own). Outside a scope (a helper called by a test) nothing is kept: each call
 * computes afresh, with the same result.
 */

/**
 * What the open scope keeps, flat: computation, key, value, computation, key, value… A document
 * keeps a handful (one per list and computation), so a scan by identity is cheaper than two maps.
 */
type Kept = unknown[];

/** null: no scope is open */
let kept: Kept | null = null;

/** Opens a scope for one document; returns the scope it replaces, for closeDocumentScope */
export function openDocumentScope(): Kept | null {
  const outer = kept;
  kept = [];
  return outer;
}

/** Drops what the document's scope kept and restores the outer one (what openDocumentScope returned) */
export function closeDocumentScope(outer: Kept | null): void {
  kept = outer;
}

/**
 * `compute(key)`, once per key in the open document scope (every call computes when none is open).
 * `compute` must depend on `key` alone (it names the table: one module-level function per use).
 */
export function keptForDocument<K extends object, V>(compute: (key: K) => V, key: K): V {
  const table = kept;
  if (table === null) return compute(key);
  for (let k = 0; k < table.length; k += 3)
    if (table[k] === compute && table[k + 1] === key) return table[k + 2] as V;
  const value = compute(key);
  table.push(compute, key, value);
  return value;
}
