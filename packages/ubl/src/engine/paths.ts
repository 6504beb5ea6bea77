/** Model access by the binding table's field paths (`address`, `directDebit.creditorId`, `/totals.vatTotal`). */

export type ModelObject = Record<string, unknown>;

export function isObject(v: unknown): v is ModelObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object a field path starts from and the model path of that object */
export function baseOf(
  field: string,
  obj: ModelObject,
  objPath: string,
  root: ModelObject,
): { base: ModelObject; basePath: string; rel: string } {
  if (field.startsWith('/')) return { base: root, basePath: 'invoice', rel: field.slice(1) };
  return { base: obj, basePath: objPath, rel: field };
}

/** Value at a dotted path, undefined when any step is missing */
export function getPath(obj: ModelObject, rel: string): unknown {
  if (!rel.includes('.')) return obj[rel];
  let cur: unknown = obj;
  for (const key of rel.split('.')) {
    if (!isObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Parent object of the last step (created on the way) and the last key */
export function parentFor(obj: ModelObject, rel: string): { parent: ModelObject; key: string } {
  if (!rel.includes('.')) return { parent: obj, key: rel };
  const keys = rel.split('.');
  const key = keys.pop() ?? rel;
  let cur = obj;
  for (const k of keys) {
    const next = cur[k];
    if (isObject(next)) cur = next;
    else {
      const created: ModelObject = {};
      cur[k] = created;
      cur = created;
    }
  }
  return { parent: cur, key };
}

/** A field path parsed once: `/totals.vatTotal` → from the root, keys ['totals', 'vatTotal'] */
export interface FieldPath {
  fromRoot: boolean;
  rel: string;
  keys: readonly string[];
}

const fieldPaths = new Map<string, FieldPath>();

export function fieldPath(field: string): FieldPath {
  let fp = fieldPaths.get(field);
  if (!fp) {
    const fromRoot = field.startsWith('/');
    const rel = fromRoot ? field.slice(1) : field;
    fp = { fromRoot, rel, keys: rel.split('.') };
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
