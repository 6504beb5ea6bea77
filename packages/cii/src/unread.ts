/**
 * Reports what readCii left out: elements that no binding read (EXTENDED-only content, content
 * outside EN 16931, misplaced elements). One information finding per distinct place, with a count.
 */
import type { Finding } from '@einv/core-model';
import type { XmlElement, XPaths } from '@einv/xml';
import type { ReadMarks } from './read-marks.js';

/**
 * @param leaves the number of leaves of the document when known (the source facts' walk counts them):
 *   when as many distinct leaves were read, none is left and the tree is not walked again
 */
export function reportUnread(
  root: XmlElement,
  leaves: number | undefined,
  read: ReadMarks,
  out: Finding[],
  xpaths: XPaths,
): void {
  const byPattern = new Map<string, { first: XmlElement; count: number }>();
  for (const el of unreadLeaves(root, read, leaves)) {
    const pattern = patternOf(el);
    const seen = byPattern.get(pattern);
    if (seen) seen.count++;
    else byPattern.set(pattern, { first: el, count: 1 });
  }
  for (const [pattern, { first, count }] of byPattern) {
    out.push({
      rule: 'CII-UNREAD',
      message: `${count === 1 ? 'An element' : `${count} elements`} at ${pattern} ${count === 1 ? 'is' : 'are'} not part of the invoice model and ${count === 1 ? 'was' : 'were'} not read.`,
      path: 'invoice',
      severity: 'information',
      xpath: xpaths.of(first),
      line: first.line,
    });
  }
}

/** The leaves (elements without children) not read, in document order; `leaves`: as reportUnread */
export function unreadLeaves(root: XmlElement, read: ReadMarks, leaves?: number): XmlElement[] {
  return unreadByPlace(root, read, leaves) ?? unreadBySet(root, read.toSet());
}

/**
 * The leaves not read: the tree walked in document order, each leaf looked up by its place
 * (decision 0180). Undefined when the leaves' places do not strictly increase along the walk (a tree
 * not made by the parser), where they cannot tell the leaves apart (only leaves are marked).
 */
function unreadByPlace(
  root: XmlElement,
  read: ReadMarks,
  leaves: number | undefined,
): XmlElement[] | undefined {
  const index = read.byLine();
  if (index === undefined) return undefined;
  // as many distinct marked leaves as the document has leaves: every leaf was read (12 of the 15
  // official examples, every invoice the binding covers), answered without the walk below
  if (index.distinct === leaves) return [];
  const unread: XmlElement[] = [];
  // How many leaves at least are unread: each distinct marked place is a distinct leaf, so at most
  // `distinct` leaves were read. A leaf found unread below is unread (its place is no marked place,
  // the places met so far increasing); once this many are found they are all of them, and the walk
  // stops there (the unread leaf of XRechnung-O.xml is in its first line: the header after it is
  // not walked). Unknown leaves: the whole walk, as before.
  const missing = leaves === undefined ? -1 : leaves - index.distinct;
  let found = false;
  // the previous leaf's place, compared as (line, column): placeOf's one number would be a heap
  // number per leaf (decision 0195)
  let line = Number.NEGATIVE_INFINITY;
  let column = Number.NEGATIVE_INFINITY;
  const walkedAll = everyLeaf(root, (el) => {
    const l = el.line;
    const c = el.column;
    if (!(l > line || (l === line && c > column))) return false; // also NaN: no line or column
    line = l;
    column = c;
    if (!index.has(el) && unread.push(el) === missing) {
      found = true;
      return false;
    }
    return true;
  });
  return walkedAll || found ? unread : undefined;
}

/** The same leaves, asked of a Set of the read elements */
function unreadBySet(root: XmlElement, read: ReadonlySet<XmlElement>): XmlElement[] {
  const unread: XmlElement[] = [];
  everyLeaf(root, (el) => {
    if (!read.has(el)) unread.push(el);
    return true;
  });
  return unread;
}

/**
 * Calls `visit` on each leaf (element without children) in document order, until it answers false;
 * true when every leaf was visited. One walk for both ways of asking, so they see the same leaves.
 */
function everyLeaf(root: XmlElement, visit: (leaf: XmlElement) => boolean): boolean {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    const children = el.children;
    if (children.length > 0) {
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as XmlElement);
      continue;
    }
    if (!visit(el)) return false;
  }
  return true;
}

function patternOf(el: XmlElement): string {
  const steps: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) steps.push(e.name);
  return `/${steps.reverse().join('/')}`;
}
