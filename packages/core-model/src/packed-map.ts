/**
 * `list.map(fn)` whose result is a packed array in every V8 tier (decision 0269, after 0259).
 *
 * Why: the `map` builtin returns a packed array, but TurboFan's inlined `map` allocates the result at
 * its final length and returns a *holey* one. A per-document list made by `map` and read by other
 * functions therefore changes its hidden class the moment the function making it is optimised, and
 * every reader optimised on packed lists is deoptimised ("wrong map") and compiled again. Lists that
 * leave the function that makes them, in the readers and rules, are made here instead.
 *
 * Same answers as `map`: a hole of the input stays a hole (a trailing one included, the length kept),
 * and an input that is not an array goes through `map` itself, so it fails (or answers) as before.
 */
export function packedMap<T, U>(list: readonly T[], fn: (item: T, index: number) => U): U[] {
  if (!Array.isArray(list)) return (list as readonly T[]).map(fn);
  const out: U[] = [];
  for (let k = 0; k < list.length; k++) {
    // `in` only for an undefined item: a hole is rare, the check is not
    if (list[k] === undefined && !(k in list)) {
      out.length = k + 1;
      continue;
    }
    out.push(fn(list[k] as T, k));
  }
  if (out.length !== list.length) out.length = list.length;
  return out;
}
