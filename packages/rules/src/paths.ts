/**
 * Model paths → XML locations. readCii/readUbl record where each model path came from; a finding
 * about a path that has no entry (an absent field) takes the location of its nearest recorded
 * ancestor, which is where the missing element should have been.
 */
import { type Locations, locationAt, type SourceLocation } from '@einv/core-model';

/** `invoice.lines[2].vatRate` → `invoice.lines[2]` → `invoice.lines` → `invoice` → undefined */
export function parentPath(path: string): string | undefined {
  let cut = -1;
  for (let i = path.length - 1; i > 0; i--) {
    const c = path.charCodeAt(i);
    if (c === 46 /* . */ || c === 91 /* [ */) {
      cut = i;
      break;
    }
  }
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/** The location of `path`, or of its nearest ancestor that has one */
export function locate(locations: Locations | undefined, path: string): SourceLocation | undefined {
  if (!locations) return undefined;
  let p: string | undefined = path;
  while (p !== undefined) {
    const hit = locationAt(locations, p);
    if (hit) return hit;
    p = parentPath(p);
  }
  return undefined;
}
