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
import { BlockRows, lastNameOf, type SourceLocation, type SourceLocations } from '@einv/core-model';
import { type XmlElement, XPaths } from '@einv/xml';

/** The constant part of a location after its object's path: `.${rel}`, `[index]`, `${after}` */
export interface PathTail {
  readonly id: number;
  readonly rel: string;
  readonly after: string;
  /** the attribute read (its XPath ends in `/@attr`), undefined for the element itself */
  readonly attr: string | undefined;
  /**
   * `rel` + `after`: what LexicalForms joins to the object's path for the tail without an index
   * (`${path}.${key}`, the path itself for '' — compose's answer), and its last name (decision 0279)
   */
  readonly key: string;
  readonly name: string;
}

/** Every tail of the binding, by id (id 0: none, the entry is its object's own path) */
const tails: PathTail[] = [{ id: 0, rel: '', after: '', attr: undefined, key: '', name: '' }];
const tailIds = new Map<string, PathTail>();

/** The tail for `.rel[index]after` (and attribute), one shared object per distinct tail */
export function pathTail(rel: string, after: string, attr: string | undefined): PathTail {
  const key = `${rel}\u0000${after}\u0000${attr ?? ''}\u0000${attr === undefined ? 0 : 1}`;
  let tail = tailIds.get(key);
  if (!tail) {
    const joined = `${rel}${after}`;
    tail = {
      id: tails.length,
      rel,
      after,
      attr,
      key: joined,
      name: lastNameOf(joined),
    };
    tails.push(tail);
    tailIds.set(key, tail);
  }
  return tail;
}

/**
 * `get`s answered by a scan of the entries before the index of every path is built (decision 0239):
 * a scan compares ends and lengths, a few ns per entry; the index builds and hashes every path
 */
const SCANS_BEFORE_INDEX = 8;

/** The object every root field path (`/totals.vatTotal`) starts from: `invoice` */
export const ROOT_BASE = 0;

export class ModelLocations {
  /** XPaths of the document's elements, cached: the reader names elements in its findings too */
  readonly xpaths = new XPaths();
  /**
   * The objects values are read into, by id: its parent object, tail and item index
   * (`invoice.lines` [3] = object 0, tail `lines`, index 3), and its path as a string once asked;
   * parent -1 names `invoice`, parent -2 a path given as a string (`named`, at the index)
   */
  private readonly bases = new BlockRows<string>(128);
  private readonly named: string[] = [];
  /** per entry: object id, tail id, item index (-1: none), and the element */
  private readonly entries = new BlockRows<XmlElement>(256);
  private record: SourceLocations | undefined;
  private index: Map<string, number> | undefined;
  /** `get`s answered by a scan since the last `add` */
  private scans = 0;

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
    return this.bases.push(parent, tail, index, undefined);
  }

  /** The model path of an object named by `base` */
  pathOfBase(id: number): string {
    const bases = this.bases;
    const known = bases.object(id);
    if (known !== undefined) return known;
    const parent = bases.int(id, 0);
    const path =
      parent === -1
        ? 'invoice'
        : parent === -2
          ? (this.named[bases.int(id, 2)] as string)
          : compose(this.pathOfBase(parent), tails[bases.int(id, 1)] as PathTail, bases.int(id, 2));
    bases.setObject(id, path);
    return path;
  }

  /** The length of an object's path, without building it */
  private lengthOfBase(id: number): number {
    const bases = this.bases;
    const known = bases.object(id);
    if (known !== undefined) return known.length;
    const parent = bases.int(id, 0);
    if (parent === -1) return 'invoice'.length;
    if (parent === -2) return (this.named[bases.int(id, 2)] as string).length;
    return this.lengthOfBase(parent) + tailLength(tails[bases.int(id, 1)] as PathTail, bases.int(id, 2));
  }

  /** The model path `base.rel[index]after` as a string (for findings and lexical forms) */
  pathOf(base: number, tail: PathTail, index = -1): string {
    return compose(this.pathOfBase(base), tail, index);
  }

  /** Records that the path (object `base`, `tail`, `index`; the object itself without a tail) was read from `el` */
  add(base: number, tail: PathTail | undefined, el: XmlElement, index = -1): void {
    this.entries.push(base, tail === undefined ? 0 : tail.id, index, el);
    this.record = undefined;
    this.index = undefined;
    this.scans = 0;
  }

  /** Records `to` at the place `from` was read (its last place, when it was): one value, two model paths */
  copy(from: string, to: string): void {
    const i = this.lastEntryOf(from);
    if (i < 0) return;
    const entries = this.entries;
    const tail = tails[entries.int(i, 1)] as PathTail;
    // the copy keeps the attribute of the place it copies
    const attrTail = tail.attr === undefined ? undefined : pathTail('', '', tail.attr);
    this.add(this.namedBase(to), attrTail, entries.object(i) as XmlElement);
  }

  get(path: string): SourceLocation | undefined {
    if (this.record) return Object.hasOwn(this.record, path) ? this.record[path] : undefined;
    if (!this.index && this.scans < SCANS_BEFORE_INDEX) {
      // a few questions (a document's findings and their ancestors): one scan each, no index
      this.scans++;
      const i = this.lastEntryOf(path);
      return i < 0 ? undefined : this.locationOf(i);
    }
    if (!this.index) {
      const index = new Map<string, number>();
      for (let i = 0; i < this.entries.length; i++) index.set(this.pathAt(i), i);
      this.index = index;
    }
    const i = this.index.get(path);
    return i === undefined ? undefined : this.locationOf(i);
  }

  /**
   * The last entry whose path is `path` (a later place of a path replaces it, as in the index), -1
   * when none. Most entries end otherwise: told apart by their constant end, then their length,
   * before a string is built
   */
  private lastEntryOf(path: string): number {
    const entries = this.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const tail = tails[entries.int(i, 1)] as PathTail;
      const end = tail.after !== '' ? tail.after : entries.int(i, 2) >= 0 ? ']' : tail.rel;
      if (path.endsWith(end) && this.lengthAt(i) === path.length && this.pathAt(i) === path) return i;
    }
    return -1;
  }

  /** Every model path with its location, in the order paths were first recorded (built once) */
  toRecord(): SourceLocations {
    if (this.record) return this.record;
    const record: SourceLocations = {};
    for (let i = 0; i < this.entries.length; i++) record[this.pathAt(i)] = this.locationOf(i);
    this.record = record;
    this.index = undefined;
    return record;
  }

  private pathAt(i: number): string {
    const entries = this.entries;
    return compose(
      this.pathOfBase(entries.int(i, 0)),
      tails[entries.int(i, 1)] as PathTail,
      entries.int(i, 2),
    );
  }

  private lengthAt(i: number): number {
    const entries = this.entries;
    return (
      this.lengthOfBase(entries.int(i, 0)) +
      tailLength(tails[entries.int(i, 1)] as PathTail, entries.int(i, 2))
    );
  }

  private locationOf(i: number): SourceLocation {
    const el = this.entries.object(i) as XmlElement;
    const attr = (tails[this.entries.int(i, 1)] as PathTail).attr;
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
