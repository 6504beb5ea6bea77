/**
 * Reports what readCii left out: elements that no binding read (EXTENDED-only content, content
 * outside EN 16931, misplaced elements). One information finding per distinct place, with a count.
 */
import type { Finding } from '@einv/core-model';
import type { XmlElement, XPaths } from '@einv/xml';

export function reportUnread(
  root: XmlElement,
  visited: ReadonlySet<XmlElement>,
  out: Finding[],
  xpaths: XPaths,
): void {
  const byPattern = new Map<string, { first: XmlElement; count: number }>();
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.children.length > 0) {
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as XmlElement);
      continue;
    }
    if (visited.has(el)) continue;
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

function patternOf(el: XmlElement): string {
  const steps: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) steps.push(e.name);
  return `/${steps.reverse().join('/')}`;
}
