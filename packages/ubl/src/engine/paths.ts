/** Model access by the binding table's field paths (`address`, `directDebit.creditorId`, `/totals.vatTotal`). */

export type ModelObject = Record<string, unknown>;

export function isObject(v: unknown): v is ModelObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A field path parsed once: `/totals.vatTotal` → from the root, keys ['totals', 'vatTotal'] */
export interface FieldPath {
  fromRoot: boolean;
  rel: string;
  keys: readonly string[];
  /** the last key */
  last: string;
}

const fieldPaths = new Map<string, FieldPath>();

export function fieldPath(field: string): FieldPath {
  let fp = fieldPaths.get(field);
  if (!fp) {
    const fromRoot = field.startsWith('/');
    const rel = fromRoot ? field.slice(1) : field;
    const keys = rel.split('.');
    fp = { fromRoot, rel, keys, last: keys[keys.length - 1] ?? rel };
    fieldPaths.set(field, fp);
  }
  return fp;
}

/** Value at a parsed path below `obj`, undefined when any step is missing */
export function getIn(obj: ModelObject, fp: FieldPath): unknown {
  let cur: unknown = obj;
  for (const key of fp.keys) {
    if (!isObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** The object holding the last key of a parsed path (undefined when a step is missing) */
export function holderOf(obj: ModelObject, fp: FieldPath): ModelObject | undefined {
  let cur: unknown = obj;
  for (let i = 0; i < fp.keys.length - 1; i++) {
    if (!isObject(cur)) return undefined;
    cur = cur[fp.keys[i] ?? ''];
  }
  return isObject(cur) ? cur : undefined;
}

/** The object holding the last key of a parsed path, creating the objects on the way */
export function holderFor(obj: ModelObject, fp: FieldPath): ModelObject {
  let cur = obj;
  for (let i = 0; i < fp.keys.length - 1; i++) {
    const k = fp.keys[i] ?? '';
    const next = cur[k];
    if (isObject(next)) cur = next;
    else {
      const created: ModelObject = {};
      cur[k] = created;
      cur = created;
    }
  }
  return cur;
}
