/**
 * Where readUbl read each model path, without a model-path string per value (decision 0167).
 *
 * A path is the path of the object it was read into, its field path relative to that object (a
 * constant of the binding: the tail), an optional item index and an optional suffix:
 * `invoice.lines[3]` + `period.startDate`, `invoice` + `attachments[1]` + `.scheme`. Objects are
 * named the same way (`invoice.lines[3]` is `invoice` + `lines` + [3]). An object or an entry is
 * then three integers in a typed array (and the entry's element): the strings are built only when
 * a location is asked for (`get`, `toRecord`, a finding), and a valid invoice asks for none.
 * Behaves as @einv/xml's ElementLocations with "a later place of a path replaces it" (the UBL
 * reader's rule since the record days): same paths, same order, same XPaths.
 */
import type { SourceLocation, SourceLocations } from '@einv/core-model';
import { type XmlElement, XPaths } from '@einv/xml';

/** The constant part of a location after its object's path: `.${rel}`, `[index]`, `${after}` */
export interface PathTail {
  readonly id: number;
  readonly rel: string;
  readonly after: string;
  /** the attribute read (its XPath ends in `/@attr`), undefined for the element itself */
  readonly attr: string | undefined;
}

/** Every tail of the binding, by id (id 0: none, the entry is its object's own path) */
const tails: PathTail[] = [{ id: 0, rel: '', after: '', attr: undefined }];
const tailIds = new Map<string, PathTail>();

/** The tail for `.rel[index]after` (and attribute), one shared object per distinct tail */
export function pathTail(rel: string, after: string, attr: string | undefined): PathTail {
  const key = `${rel}\u0000${after}\u0000${attr ?? ''}\u0000${attr === undefined ? 0 : 1}`;
  let tail = tailIds.get(key);
  if (!tail) {
    tail = { id: tails.length, rel, after, attr };
    tails.push(tail);
    tailIds.set(key, tail);
  }
  return tail;
}

/** The object every root field path (`/totals.vatTotal`) starts from: `invoice` */
export const ROOT_BASE = 0;

export class ModelLocations {
  /** XPaths of the document's elements, cached: the reader names elements in its findings too */
  readonly xpaths = new XPaths();
  /**
   * The objects values are read into, by id: its parent object, tail and item index
   * (`invoice.lines` [3] = object 0, tail `lines`, index 3); parent -1 names `invoice`, parent -2 a
   * path given as a string (`named`, at the index)
   */
  private bases = new Int32Array(3 * 32);
  private baseCount = 0;
  private readonly named: string[] = [];
  /** the objects' paths as strings, built when first asked */
  private baseStrings: (string | undefined)[] = [];
  private readonly elements: XmlElement[] = [];
  /** per entry: object id, tail id, item index (-1: none) */
  private ints = new Int32Array(3 * 64);
  private size = 0;
  private record: SourceLocations | undefined;
  private index: Map<string, number> | undefined;

  constructor() {
    this.pushBase(-1, 0, -1);
  }

  /** Names the object at `parent`'s path + tail + index; its id is what `add` and `pathOfBase` take */
  base(parent: number, tail: PathTail, index = -1): number {
    return this.pushBase(parent, tail.id, index);
  }

  /** Names an object by its path as a string */
  namedBase(path: string): number {
    return this.pushBase(-2, 0, this.named.push(path) - 1);
  }

  private pushBase(parent: number, tail: number, index: number): number {
    const at = this.baseCount * 3;
    const bases = withRoom(this.bases, at + 3);
    this.bases = bases;
    bases[at] = parent;
    bases[at + 1] = tail;
    bases[at + 2] = index;
    return this.baseCount++;
  }

  /** The model path of an object named by `base` */
  pathOfBase(id: number): string {
    const known = this.baseStrings[id];
    if (known !== undefined) return known;
    const parent = this.bases[id * 3] as number;
    const path =
      parent === -1
        ? 'invoice'
        : parent === -2
          ? (this.named[this.bases[id * 3 + 2] as number] as string)
          : compose(
              this.pathOfBase(parent),
              tails[this.bases[id * 3 + 1] as number] as PathTail,
              this.bases[id * 3 + 2] as number,
            );
    this.baseStrings[id] = path;
    return path;
  }

  /** The length of an object's path, without building it */
  private lengthOfBase(id: number): number {
    const known = this.baseStrings[id];
    if (known !== undefined) return known.length;
    const parent = this.bases[id * 3] as number;
    if (parent === -1) return 'invoice'.length;
    if (parent === -2) return (this.named[this.bases[id * 3 + 2] as number] as string).length;
    return (
      this.lengthOfBase(parent) +
      tailLength(tails[this.bases[id * 3 + 1] as number] as PathTail, this.bases[id * 3 + 2] as number)
    );
  }

  /** The model path `base.rel[index]after` as a string (for findings and lexical forms) */
  pathOf(base: number, tail: PathTail, index = -1): string {
    return compose(this.pathOfBase(base), tail, index);
  }

  /** Records that the path (object `base`, `tail`, `index`; the object itself without a tail) was read from `el` */
  add(base: number, tail: PathTail | undefined, el: XmlElement, index = -1): void {
    const at = this.size * 3;
    const ints = withRoom(this.ints, at + 3);
    this.ints = ints;
    ints[at] = base;
    ints[at + 1] = tail === undefined ? 0 : tail.id;
    ints[at + 2] = index;
    this.elements.push(el);
    this.size++;
    this.record = undefined;
    this.index = undefined;
  }

  /** Records `to` at the place `from` was read (its last place, when it was): one value, two model paths */
  copy(from: string, to: string): void {
    for (let i = this.size - 1; i >= 0; i--) {
      const tail = tails[this.ints[i * 3 + 1] as number] as PathTail;
      // most entries end otherwise: told apart by their constant end, before any length or string
      const end = tail.after !== '' ? tail.after : (this.ints[i * 3 + 2] as number) >= 0 ? ']' : tail.rel;
      if (!from.endsWith(end) || this.lengthAt(i) !== from.length || this.pathAt(i) !== from) continue;
      // the copy keeps the attribute of the place it copies
      const attrTail = tail.attr === undefined ? undefined : pathTail('', '', tail.attr);
      this.add(this.namedBase(to), attrTail, this.elements[i] as XmlElement);
      return;
    }
  }

  get(path: string): SourceLocation | undefined {
    if (this.record) return Object.hasOwn(this.record, path) ? this.record[path] : undefined;
    if (!this.index) {
      const index = new Map<string, number>();
      for (let i = 0; i < this.size; i++) index.set(this.pathAt(i), i);
      this.index = index;
    }
    const i = this.index.get(path);
    return i === undefined ? undefined : this.locationOf(i);
  }

  /** Every model path with its location, in the order paths were first recorded (built once) */
  toRecord(): SourceLocations {
    if (this.record) return this.record;
    const record: SourceLocations = {};
    for (let i = 0; i < this.size; i++) record[this.pathAt(i)] = this.locationOf(i);
    this.record = record;
    this.index = undefined;
    return record;
  }

  private pathAt(i: number): string {
    const ints = this.ints;
    return compose(
      this.pathOfBase(ints[i * 3] as number),
      tails[ints[i * 3 + 1] as number] as PathTail,
      ints[i * 3 + 2] as number,
    );
  }

  private lengthAt(i: number): number {
    const ints = this.ints;
    return (
      this.lengthOfBase(ints[i * 3] as number) +
      tailLength(tails[ints[i * 3 + 1] as number] as PathTail, ints[i * 3 + 2] as number)
    );
  }

  private locationOf(i: number): SourceLocation {
    const el = this.elements[i] as XmlElement;
    const attr = (tails[this.ints[i * 3 + 1] as number] as PathTail).attr;
    const xpath = this.xpaths.of(el);
    return { xpath: attr === undefined ? xpath : `${xpath}/@${attr}`, line: el.line };
  }
}

function compose(base: string, tail: PathTail, index: number): string {
  if (tail.rel === '' && tail.after === '' && index < 0) return base;
  const indexed = index < 0 ? `${base}.${tail.rel}` : `${base}.${tail.rel}[${index}]`;
  return tail.after === '' ? indexed : `${indexed}${tail.after}`;
}

/** What `compose` adds to the base's length */
function tailLength(tail: PathTail, index: number): number {
  if (tail.rel === '' && tail.after === '' && index < 0) return 0;
  return 1 + tail.rel.length + (index < 0 ? 0 : String(index).length + 2) + tail.after.length;
}

/** `ints` itself when it holds `length` values, else a copy twice as large (the table grows by doubling) */
function withRoom(ints: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (length <= ints.length) return ints;
  const grown = new Int32Array(Math.max(ints.length * 2, length));
  grown.set(ints);
  return grown;
}
