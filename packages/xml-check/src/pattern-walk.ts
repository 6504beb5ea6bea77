/**
 * The walk half of a syntax-rule pattern (rules.ts): in document order, each element is claimed by
 * the first rule whose context matches it, and the elements and attribute owners the asserts'
 * absolute paths ask for (`//ram:X`, `//@name`) are gathered on the way. `runPattern` walks on its
 * own, or finds the walk already done by the readers' `SourceWalk` on the same tree (decision 0191):
 * then the check does not visit the tree a second time to find the nodes its rules run on.
 */
import type { XmlElement } from '@einv/xml';
import type { CompiledPattern } from './rules.js';
import type { XDocument } from './xpath.js';
import type { ContextEntry } from './xpath-match.js';

/** What a pattern needs of one local name */
export interface PatternName {
  /** the context branches that can match the name, or null when they depend on the parent's name */
  contexts: readonly ContextEntry[] | null;
  /** the position of the name in the pattern's gatherNames, -1 when not gathered */
  gather: number;
}

/** A pattern's entry for a local name (not kept: the caller's table keeps it) */
export function patternName(pattern: CompiledPattern, local: string): PatternName {
  return {
    contexts: pattern.index === null ? [] : pattern.index.candidatesOfName(local),
    gather: pattern.gatherNames.indexOf(local),
  };
}

/** The nodes one walk of a document claimed for a pattern's rules, in document order */
export class PatternWalk {
  /** claimed elements, and the rule (its index in the pattern) of each */
  readonly nodes: XmlElement[] = [];
  readonly rules: number[] = [];
  readonly #lists: XmlElement[][];
  readonly #attrs: Map<string, XmlElement[]> | null;

  constructor(readonly pattern: CompiledPattern) {
    this.#lists = pattern.gatherNames.map(() => []);
    this.#attrs = pattern.gatherAttrs.length > 0 ? new Map(pattern.gatherAttrs.map((n) => [n, []])) : null;
  }

  /** Claims and gathers `e` (elements visited in document order), given its name's entry */
  visit(e: XmlElement, entry: PatternName, doc: XDocument): void {
    if (entry.gather >= 0) (this.#lists[entry.gather] as XmlElement[]).push(e);
    const attrs = this.#attrs;
    if (attrs !== null)
      for (const name in e.attrs) {
        const owners = attrs.get(name);
        if (owners !== undefined) owners.push(e);
      }
    const candidates = entry.contexts ?? (this.pattern.index?.candidates(e) as readonly ContextEntry[]);
    for (let k = 0; k < candidates.length; k++) {
      const c = candidates[k] as ContextEntry;
      if (!c.match(e, doc)) continue;
      this.nodes.push(e);
      this.rules.push(c.rule);
      return;
    }
  }

  /**
   * After the last element: the gathered lists go to the document (`named`, `//@name` read them),
   * and the walk is kept there for the pattern's check
   */
  finish(doc: XDocument): void {
    doc.gathered(this.pattern.gatherNames, this.#lists, this.#attrs);
    doc.keepWalk(this.pattern, this);
  }
}
