/**
 * Flattens the binding table into one row per term binding — absolute CII path, model path and the
 * Factur-X profiles whose XSD can carry it — for docs/bindings.md and the cross-check with the
 * term catalogue of @einv/core-model.
 */
import { PROFILES, type Profile } from '@einv/core-model';
import { compilePath, type Step } from './path.js';
import { attributeMask, childrenOfType, ROOT_NAME, ROOT_TYPE } from './schema.js';
import type { Binding } from './types.js';

export interface BindingRow {
  bt: string;
  /** model path with [] for arrays, e.g. invoice.lines[].quantity */
  modelPath: string;
  /** absolute CII path with predicates, e.g. /rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID */
  ciiPath: string;
  profiles: Profile[];
  note?: string;
}

export function describeBinding(entries: readonly Binding[]): BindingRow[] {
  const rows: BindingRow[] = [];
  const walk = (list: readonly Binding[], modelPath: string, ciiPath: string) => {
    for (const b of list) {
      const cii = b.path === '' || b.path === '.' ? ciiPath : `${ciiPath}/${b.path}`;
      if (b.kind === 'field') {
        const row: BindingRow = {
          bt: b.bt,
          modelPath: join(modelPath, b.key),
          ciiPath: cii,
          profiles: profilesOf(cii),
        };
        if (b.note) row.note = b.note;
        rows.push(row);
      } else {
        const model = b.many ? `${join(modelPath, b.key)}[]` : join(modelPath, b.key);
        // a BG row is available where any of its terms is (the container alone says little)
        const row: BindingRow | undefined =
          b.bg.startsWith('BG-') && b.key !== ''
            ? { bt: b.bg, modelPath: model, ciiPath: cii, profiles: [] }
            : undefined;
        if (row) {
          if (b.note) row.note = b.note;
          rows.push(row);
        }
        const from = rows.length;
        walk(b.entries, model, cii);
        if (row) {
          const union = new Set(rows.slice(from).flatMap((r) => r.profiles));
          row.profiles = PROFILES.filter((p) => union.has(p));
        }
      }
    }
  };
  walk(entries, 'invoice', `/${ROOT_NAME}`);
  return rows;
}

function join(base: string, key: string): string {
  return key === '' ? base : `${base}.${key}`;
}

/** Profiles whose schema has every element (and discriminator, and attribute) of the path */
export function profilesOf(absolutePath: string): Profile[] {
  const compiled = compilePath(absolutePath.replace(`/${ROOT_NAME}/`, ''));
  let mask = 31;
  let type = ROOT_TYPE;
  const walkSteps = (steps: readonly Step[], from: string): string | undefined => {
    let t = from;
    for (const s of steps) {
      const child = childrenOfType(t)?.find(([name]) => name === s.name);
      if (!child) return undefined;
      mask &= child[2];
      if (s.test && !s.test.negate) {
        const end = walkSteps(s.test.steps, child[1]);
        if (end === undefined) return undefined;
        if (s.test.attr !== undefined) mask &= attributeMask(end, s.test.attr);
      }
      t = child[1];
    }
    return t;
  };
  const end = walkSteps(compiled.steps, type);
  if (end === undefined) return [];
  type = end;
  if (compiled.attr !== undefined) mask &= attributeMask(type, compiled.attr);
  return PROFILES.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The CII section of docs/bindings.md */
export function bindingsMarkdown(rows: readonly BindingRow[]): string {
  const out = [
    '| BT / BG | CII path (below `/rsm:CrossIndustryInvoice`) | model | Factur-X profiles | note |',
    '|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const p = r.ciiPath.replace(`/${ROOT_NAME}/`, '') || '.';
    out.push(
      `| ${r.bt} | \`${p.replace(/\|/g, '\\|')}\` | \`${r.modelPath}\` | ${profileRange(r.profiles)} | ${r.note ?? ''} |`,
    );
  }
  return out.join('\n');
}

function profileRange(profiles: readonly Profile[]): string {
  if (profiles.length === 0) return 'none';
  const first = PROFILES.indexOf(profiles[0] as Profile);
  const contiguous =
    profiles.every((p, i) => PROFILES.indexOf(p) === first + i) &&
    first + profiles.length === PROFILES.length;
  return contiguous ? (first === 0 ? 'all' : `${profiles[0]} and up`) : profiles.join(', ');
}
