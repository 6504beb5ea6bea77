/** Dotted model keys (`address.city`) of the binding table, read and written on plain objects. */

export type ModelObject = Record<string, unknown>;

const split = new Map<string, string[]>();

function parts(key: string): string[] {
  let p = split.get(key);
  if (!p) {
    p = key === '' ? [] : key.split('.');
    split.set(key, p);
  }
  return p;
}

export function getKey(obj: ModelObject, key: string): unknown {
  return getParts(obj, parts(key));
}

/** getKey with the key already split (the reader splits each binding's key once) */
export function getParts(obj: ModelObject, keyParts: readonly string[]): unknown {
  let cur: unknown = obj;
  for (let i = 0; i < keyParts.length; i++) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as ModelObject)[keyParts[i] as string];
  }
  return cur;
}

/** Sets a value, creating the intermediate objects */
export function setKey(obj: ModelObject, key: string, value: unknown): void {
  setParts(obj, parts(key), value);
}

/** setKey with the key already split */
export function setParts(obj: ModelObject, p: readonly string[], value: unknown): void {
  let cur = obj;
  for (let i = 0; i < p.length - 1; i++) {
    const k = p[i] as string;
    let next = cur[k];
    if (typeof next !== 'object' || next === null) {
      next = {};
      cur[k] = next;
    }
    cur = next as ModelObject;
  }
  cur[p[p.length - 1] as string] = value;
}

/**
 * A model key's read and write compiled once, for one binding (decision 0194): straight-line code
 * with the key's parts as constant property names, so each binding's accesses have their own inline
 * caches and see the few shapes its objects have, where getParts / setParts loop over the parts with
 * one keyed access shared by every binding of the table (megamorphic: a stub-cache look-up per value).
 * Same answers as getParts / setParts with the key split on '.'.
 */
export interface KeyAccess {
  readonly get: (obj: ModelObject) => unknown;
  readonly set: (obj: ModelObject, value: unknown) => void;
}

/**
 * The same accesses through the shared loops (getParts / setParts): for a binding that runs about
 * once per document (a header group's), whose own compiled code would stay cold (decision 0194)
 */
export function sharedKey(key: string): KeyAccess {
  const p = parts(key);
  return { get: (obj) => getParts(obj, p), set: (obj, value) => setParts(obj, p, value) };
}

export function compileKey(key: string): KeyAccess {
  const p = parts(key);
  // no binding writes the empty key (its group is the parent object itself): the loops' answers
  if (p.length === 0) return sharedKey(key);
  const names = p.map((k) => JSON.stringify(k));
  const last = names.length - 1;
  let get = 'let c = o;\n';
  let set = 'let c = o, n;\n';
  for (let i = 0; i < last; i++) {
    get += `c = c[${names[i]}];\nif (typeof c !== 'object' || c === null) return undefined;\n`;
    set += `n = c[${names[i]}];\nif (typeof n !== 'object' || n === null) { n = {}; c[${names[i]}] = n; }\nc = n;\n`;
  }
  get += `return c[${names[last]}];`;
  set += `c[${names[last]}] = v;`;
  return {
    get: new Function('o', get) as KeyAccess['get'],
    set: new Function('o', 'v', set) as KeyAccess['set'],
  };
}

/** `invoice.seller` + `address.city` → `invoice.seller.address.city` */
export function joinPath(base: string, key: string): string {
  return key === '' ? base : `${base}.${key}`;
}

export function isObject(v: unknown): v is ModelObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Has the object no own key (Object.keys(o).length === 0 without the array) */
export function isEmpty(o: ModelObject): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}
