/**
 * The term catalogue: every EN 16931 business term (BT) and group (BG) with its names (en, fr),
 * cardinality, datatype, place in the model and availability per Factur-X profile. The bindings,
 * the rules and docs/terms.md refer to it; a test keeps it complete against the official artefacts.
 */
import type { Profile } from './profiles.js';
import { OTHER_PATHS, TERM_ROWS } from './terms-data.js';
import { TERM_PROFILES } from './terms-profiles.generated.js';

export type Cardinality = '0..1' | '1..1' | '0..n' | '1..n';
export type Datatype =
  | 'Text'
  | 'Identifier'
  | 'Date'
  | 'Amount'
  | 'Unit price amount'
  | 'Percentage'
  | 'Quantity'
  | 'Code'
  | 'Document reference'
  | 'Binary object';

export interface Term {
  /** BT-1…BT-165 (with scheme sub-terms such as BT-29-1), BG-1…BG-32 */
  id: string;
  kind: 'BT' | 'BG';
  name: { en: string; fr: string };
  cardinality: Cardinality;
  /** The EN 16931 semantic datatype (terms only) */
  datatype?: Datatype;
  /** Model path with `[]` for arrays, e.g. `invoice.lines[].quantity` */
  path: string;
  /** Further model paths carrying the same term (e.g. `invoice.seller.siret` for BT-29) */
  otherPaths?: readonly string[];
  /** Factur-X profiles whose XML schema can carry the term, derived from the Factur-X 1.09.2 XSDs */
  profiles: readonly Profile[];
}

const DATATYPES: Record<string, Datatype> = {
  T: 'Text',
  I: 'Identifier',
  D: 'Date',
  A: 'Amount',
  U: 'Unit price amount',
  P: 'Percentage',
  Q: 'Quantity',
  C: 'Code',
  R: 'Document reference',
  B: 'Binary object',
};

function toTerm([id, cardinality, dt, path, en, fr]: (typeof TERM_ROWS)[number]): Term {
  const term: Term = {
    id,
    kind: id.startsWith('BG-') ? 'BG' : 'BT',
    name: { en, fr },
    cardinality: cardinality as Cardinality,
    path,
    profiles: TERM_PROFILES[id] ?? [],
  };
  const datatype = DATATYPES[dt];
  if (datatype !== undefined) term.datatype = datatype;
  const other = OTHER_PATHS[id];
  if (other !== undefined) term.otherPaths = other;
  return term;
}

/** Every BT and BG of EN 16931, in the standard's order. */
export const TERMS: readonly Term[] = TERM_ROWS.map(toTerm);

const BY_ID = new Map(TERMS.map((t) => [t.id, t]));
const BY_PATH = new Map<string, Term>();
for (const t of TERMS) {
  // BG-2 sits on the invoice itself: the root path is the whole document, not process control
  if (t.path === 'invoice') continue;
  for (const p of [t.path, ...(t.otherPaths ?? [])]) {
    if (!BY_PATH.has(p)) BY_PATH.set(p, t);
    // the array itself (`invoice.lines`) belongs to the group of its items
    if (p.endsWith('[]') && !BY_PATH.has(p.slice(0, -2))) BY_PATH.set(p.slice(0, -2), t);
  }
}

/** The term or group with this id (`BT-31`, `bt-31` and `BT-031` are not the same: ids are exact). */
export function getTerm(id: string): Term | undefined {
  return BY_ID.get(id);
}

/** Terms and groups a Factur-X profile's schema can carry. */
export function termsForProfile(profile: Profile): Term[] {
  return TERMS.filter((t) => t.profiles.includes(profile));
}

/**
 * The term at a concrete model path (`invoice.lines[3].quantity` → BT-129); for a path that has
 * no term of its own, the nearest enclosing one (`invoice.seller.address` → BG-5).
 */
export function termForPath(path: string): Term | undefined {
  let p = path.replace(/\[\d+\]/g, '[]');
  for (;;) {
    const t = BY_PATH.get(p);
    if (t !== undefined) return t;
    const cut = Math.max(p.lastIndexOf('.'), p.endsWith('[]') ? p.length - 2 : -1);
    if (cut <= 0) return undefined;
    p = p.slice(0, cut);
  }
}
