/**
 * The rules' view of the source facts of an XML invoice (readCii/readUbl `source`): node values per
 * official rule, unreadable elements, and the way back from an XPath to the model path the finding
 * names. The XPath → path index is built only when a rule reports a source node.
 */
import type { SourceFacts, SourceLocations, SourceValue } from '@einv/core-model';
import type { SourceContext } from './define.js';

export function sourceContext(
  facts: SourceFacts | undefined,
  locations: SourceLocations | undefined,
): SourceContext | undefined {
  if (!facts || typeof facts !== 'object' || typeof facts.values !== 'object' || facts.values === null)
    return undefined;
  let byXpath: Map<string, string> | undefined;
  const index = (): Map<string, string> => {
    if (!byXpath) {
      byXpath = new Map();
      // the shortest model path wins for an XPath read into several (a group and its only field)
      for (const [path, loc] of Object.entries(locations ?? {})) {
        if (typeof loc !== 'object' || loc === null || typeof loc.xpath !== 'string') continue;
        const known = byXpath.get(loc.xpath);
        if (known === undefined || path.length < known.length) byXpath.set(loc.xpath, path);
      }
    }
    return byXpath;
  };
  const unreadable = facts.unreadable instanceof Set ? facts.unreadable : new Set<string>();
  // Facts may come from a caller rather than our readers: keep only well-formed nodes, once per id
  const checked = new Map<string, readonly SourceValue[] | undefined>();
  const values = (ruleId: string): readonly SourceValue[] | undefined => {
    if (checked.has(ruleId)) return checked.get(ruleId);
    const raw: unknown = Object.hasOwn(facts.values, ruleId) ? facts.values[ruleId] : undefined;
    // our readers' lists are well-formed: kept as they are, without a copy
    const nodes = Array.isArray(raw)
      ? raw.every(isSourceValue)
        ? raw
        : raw.filter(isSourceValue)
      : undefined;
    checked.set(ruleId, nodes);
    return nodes;
  };
  const lexical = facts.lexical instanceof Map ? facts.lexical : undefined;
  return {
    hasLexical: lexical !== undefined && lexical.size > 0,
    root: typeof facts.root === 'string' ? facts.root : undefined,
    lexical: (path) => {
      const raw: unknown = lexical?.get(path);
      return typeof raw === 'string' ? raw : undefined;
    },
    values,
    unreadable: (path) => unreadable.has(path),
    pathAt: (xpath) => {
      if (typeof xpath !== 'string') return 'invoice';
      const map = index();
      for (let x = xpath; x.length > 0; x = x.slice(0, Math.max(0, x.lastIndexOf('/')))) {
        const hit = map.get(x);
        if (hit !== undefined) return hit;
      }
      return 'invoice';
    },
  };
}

function isSourceValue(node: unknown): node is SourceValue {
  if (typeof node !== 'object' || node === null) return false;
  const n = node as Record<string, unknown>;
  return (
    // `in`, not typeof: our readers' nodes build their XPath on demand (a getter), only for findings
    'xpath' in n &&
    typeof n.line === 'number' &&
    (n.value === undefined || typeof n.value === 'string') &&
    (n.tag === undefined || typeof n.tag === 'string') &&
    (n.group === undefined || typeof n.group === 'number')
  );
}
