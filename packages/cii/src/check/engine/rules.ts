/**
 * Runs a schematron-style pattern of syntax rules (generated/syntax-rules.ts) over a document:
 * rules are tried in order and each element is claimed by the first rule whose context matches
 * it, exactly as schematron does within one pattern; then the rule's asserts are evaluated.
 */
import type { Finding, Severity } from '@einv/core-model';
import { type XmlElement, xpathOf } from '@einv/xml';
import { compileXPath, triggerOf, XDocument, type XPath } from './xpath.js';

/** [id, flag, XPath test, message] */
export type AssertData = [string, string, string, string];
/** [context XPath (absolute), asserts] */
export type RuleData = [string, AssertData[]];
export interface PatternData {
  ns: Record<string, string>;
  rules: RuleData[];
}

interface CompiledAssert {
  id: string;
  severity: Severity;
  test: XPath;
  message: string;
}
interface CompiledRule {
  context: XPath;
  /** asserts evaluated on every node the rule claims */
  always: CompiledAssert[];
  /** asserts that can only fail when the node has this child (local name) / attribute */
  byChild: Map<string, CompiledAssert[]>;
  byAttr: Map<string, CompiledAssert[]>;
}
export interface CompiledPattern {
  rules: CompiledRule[];
}

export function compilePattern(data: PatternData): CompiledPattern {
  return {
    rules: data.rules.map(([context, asserts]) => {
      const rule: CompiledRule = {
        context: compileXPath(context, data.ns),
        always: [],
        byChild: new Map(),
        byAttr: new Map(),
      };
      for (const [id, flag, test, message] of asserts) {
        const a: CompiledAssert = {
          id,
          severity: flag === 'warning' ? 'warning' : 'fatal',
          test: compileXPath(test, data.ns),
          message,
        };
        const t = triggerOf(a.test);
        if (!t) {
          rule.always.push(a);
          continue;
        }
        const map = t.attr ? rule.byAttr : rule.byChild;
        const list = map.get(t.local);
        if (list) list.push(a);
        else map.set(t.local, [a]);
      }
      return rule;
    }),
  };
}

export function runPattern(pattern: CompiledPattern, root: XmlElement): Finding[] {
  const doc = new XDocument(root);
  const claimed = new Set<XmlElement>();
  const findings: Finding[] = [];
  for (const rule of pattern.rules) {
    for (const node of doc.evaluate(rule.context, doc.docNode)) {
      if (typeof node !== 'object' || 'attr' in node || 'doc' in node || claimed.has(node)) continue;
      claimed.add(node);
      const fail = (a: CompiledAssert) => {
        if (doc.test(a.test, node)) return;
        findings.push({
          rule: a.id,
          message: a.message,
          path: 'invoice',
          severity: a.severity,
          xpath: xpathOf(node),
          line: node.line,
        });
      };
      for (const a of rule.always) fail(a);
      if (rule.byChild.size) {
        let seen: Set<string> | undefined;
        for (const c of node.children) {
          const list = rule.byChild.get(c.local);
          if (!list || seen?.has(c.local)) continue;
          seen ??= new Set();
          seen.add(c.local);
          for (const a of list) fail(a);
        }
      }
      if (rule.byAttr.size) {
        for (const name in node.attrs) for (const a of rule.byAttr.get(name) ?? []) fail(a);
      }
    }
  }
  return findings;
}
