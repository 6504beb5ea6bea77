/**
 * Source locations computed on demand (decision 0142). A reader records, per model path it read,
 * the element it read it from; the XPath string and the map entry of a path are only made for the
 * findings actually reported. Validating a valid 10,000-line invoice then never builds the ~300,000
 * XPaths and map entries a SourceLocations record of it holds.
 *
 * The readers' results keep `locations` as a plain SourceLocations record for their callers (built
 * from the table the first time it is read) and carry the table itself, unenumerated, in
 * `locationTable`: internal callers (validateDocument, the structure checks) pass the table on.
 */
import type { SourceLocation, SourceLocations } from './findings.js';

export interface LocationTable {
  /** The location of exactly this model path (no ancestor fallback), undefined when not read */
  get(path: string): SourceLocation | undefined;
  /** Every model path with its location, in reading order: the SourceLocations record */
  toRecord(): SourceLocations;
}

/** What the rules and checks accept: a reader's table, or a record (JSON callers, older code) */
export type Locations = SourceLocations | LocationTable;

/** A record's values are objects; a table's `get` and `toRecord` are functions */
export function isLocationTable(l: unknown): l is LocationTable {
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof (l as LocationTable).get === 'function' &&
    typeof (l as LocationTable).toRecord === 'function'
  );
}

function isLocation(v: unknown): v is SourceLocation {
  return typeof v === 'object' && v !== null && typeof (v as SourceLocation).xpath === 'string';
}

/** The location of exactly `path`, from a table or a record (malformed record entries are ignored) */
export function locationAt(locations: Locations, path: string): SourceLocation | undefined {
  if (isLocationTable(locations)) return locations.get(path);
  const hit: unknown = Object.hasOwn(locations, path) ? locations[path] : undefined;
  return isLocation(hit) ? hit : undefined;
}

/** Every model path with its location (a table's record is built here, once) */
export function locationEntries(locations: Locations): [string, SourceLocation][] {
  const record = isLocationTable(locations) ? locations.toRecord() : locations;
  return Object.entries(record).filter((e): e is [string, SourceLocation] => isLocation(e[1]));
}

/**
 * The `locations` accessor of every result: one function for all of them, reading the result's own
 * `locationTable` (decision 0215). With the same accessor each time, V8 gives every result of a
 * reader one hidden class in fast mode; a getter made per result (or a data property redefined as
 * an accessor) left each one in dictionary mode.
 */
function recordOfTable(this: { readonly locationTable: LocationTable }): SourceLocations {
  return this.locationTable.toRecord();
}
const LOCATIONS = { get: recordOfTable, enumerable: true, configurable: true } as const;

/** Copies `from`'s own enumerable keys into `out` in their order, `locations` as the accessor */
function copyInto(out: object, from: object): void {
  const keys = Object.keys(from);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key === 'locations') Object.defineProperty(out, key, LOCATIONS);
    else (out as Record<string, unknown>)[key] = (from as Record<string, unknown>)[key];
  }
}

/**
 * A reader result as callers see it: a copy of `result` (its keys in their order, then those of
 * `extra`) whose `locations` is the table's record, built when first read, so JSON, structured
 * clones and deep equality see the same record as before; the table itself in `locationTable`, not
 * enumerated (it holds the parsed tree, which copies of the result need not carry). `result`'s own
 * `locations` value is a placeholder: only its place in the key order counts. The accessor reads
 * `locationTable` of the object it is read from: a copy keeps it by copying both properties.
 */
export function withLocations<
  T extends { locations: SourceLocations | LocationTable; locationTable?: LocationTable },
  E extends object = Record<never, never>,
>(result: T, table: LocationTable, extra?: E): Omit<T, 'locations'> & { locations: SourceLocations } & E {
  const out = {};
  copyInto(out, result);
  if (extra !== undefined) copyInto(out, extra);
  Object.defineProperty(out, 'locationTable', { value: table, enumerable: false, configurable: true });
  return out as Omit<T, 'locations'> & { locations: SourceLocations } & E;
}

/** The cheapest form of a result's locations: its table when it has one, else its record */
export function locationsOf(result: {
  locations: SourceLocations;
  locationTable?: LocationTable;
}): Locations {
  return result.locationTable ?? result.locations;
}
