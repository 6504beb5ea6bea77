/**
 * Gives structure and syntax findings a model path (`invoice.lines[1].quantity`) instead of the bare
 * `invoice`, from the locations the binding's reader recorded (model path → XPath). A finding on an
 * element the reader read gets that path; one on a group element, or on an element the reader did
 * not read, gets the group read below it or its nearest ancestor (`invoice.lines[1]`); else
 * `invoice`. A bad value (XSD-DATATYPE, XSD-CODE) is placed on its group: the reader could not read
 * the value, so its own model path was not recorded; so is a missing element (XSD-MISSING points at
 * the element it should precede).
 */
import { type Finding, type Locations, locationEntries } from '@einv/core-model';

const ON_GROUP = new Set(['XSD-DATATYPE', 'XSD-CODE', 'XSD-MISSING']);

export function attachModelPaths(findings: Finding[], locations: Locations): void {
  if (findings.length === 0) return;
  const byXpath = new Map<string, string[]>();
  for (const [modelPath, loc] of locationEntries(locations)) {
    const list = byXpath.get(loc.xpath);
    if (list) list.push(modelPath);
    else byXpath.set(loc.xpath, [modelPath]);
  }
  const xpaths = [...byXpath.keys()].sort();
  const cache = new Map<string, string>();
  for (const f of findings) {
    if (!f.xpath) continue;
    const start = ON_GROUP.has(f.rule) ? f.xpath.slice(0, f.xpath.lastIndexOf('/')) : f.xpath;
    let path = cache.get(start);
    if (path === undefined) {
      path = pathFor(start, byXpath, xpaths);
      cache.set(start, path);
    }
    f.path = path;
  }
}

function pathFor(xpath: string, byXpath: Map<string, string[]>, sorted: string[]): string {
  for (let x = xpath; x.length > 1; x = x.slice(0, x.lastIndexOf('/'))) {
    const exact = byXpath.get(x);
    if (exact) return commonPath(exact);
    // model paths read below this element, found by binary search in the sorted XPaths
    const below: string[] = [];
    const prefix = `${x}/`;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++)
      below.push(...(byXpath.get(sorted[i] as string) ?? []));
    if (below.length) return commonPath(below.map(group));
  }
  return 'invoice';
}

/** The group holding a term: invoice.lines[1].id → invoice.lines[1] */
function group(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? path : path.slice(0, i);
}

/** The longest common dotted prefix of model paths: invoice.lines[1].id + invoice.lines[1].note → invoice.lines[1] */
function commonPath(paths: string[]): string {
  if (paths.length === 1) return paths[0] as string;
  const split = paths.map((p) => p.split('.'));
  const first = split[0] as string[];
  let n = first.length;
  for (const s of split) {
    let i = 0;
    while (i < n && s[i] === first[i]) i++;
    n = i;
  }
  return n === 0 ? 'invoice' : first.slice(0, n).join('.');
}
