/**
 * The lines the EXTENDED-CTC-FR totals count. Its official rules sum and require only the lines
 * whose sub-type (EXT-FR-FE-163) is DETAIL or absent: a GROUP line heads a sub-invoice whose
 * amounts its DETAIL lines already carry, an INFORMATION line is shown but not invoiced.
 *
 * `onCountedLines(base, id)` is the official replacement pattern ("BR-FREXT-CO-10 replacing
 * BR-CO-10"): the EN 16931 rule `base`, judged on a view of the invoice that holds only the counted
 * lines, reported under the replacement's id with line paths mapped back to the invoice's own.
 */
import type { Invoice, Line } from '@einv/core-model';
import { defineRule, type Report, type RuleContext, type RuleDefinition, type Text } from '../define.js';
import { isObject } from '../util/values.js';

const COUNTED_SUBTYPES = new Set(['DETAIL']);

/**
 * True when the line counts in the totals: no sub-type, or DETAIL (`not(code) or code = 'DETAIL'`:
 * an empty sub-type element is a sub-type that is not DETAIL)
 */
export function isCountedLine(line: Line): boolean {
  const subType = line.frenchCtc?.subType;
  return typeof subType !== 'string' || COUNTED_SUBTYPES.has(subType.trim());
}

interface CountedView {
  invoice: Invoice;
  /** index in the view → index in the invoice */
  original: number[];
}

function countedView(invoice: Invoice): CountedView {
  const lines = Array.isArray(invoice.lines) ? invoice.lines : [];
  const kept: Line[] = [];
  const original: number[] = [];
  lines.forEach((line, i) => {
    if (isObject(line) && !isCountedLine(line)) return;
    kept.push(line);
    original.push(i);
  });
  return { invoice: kept.length === lines.length ? invoice : { ...invoice, lines: kept }, original };
}

const LINE_PATH = /^invoice\.lines\[(\d+)\]/;

function mapPath(path: string, original: readonly number[], back: boolean): string {
  const m = LINE_PATH.exec(path);
  if (!m) return path;
  const k = Number(m[1]);
  const mapped = back ? original[k] : original.indexOf(k);
  return mapped === undefined || mapped < 0 ? path : `invoice.lines[${mapped}]${path.slice(m[0].length)}`;
}

/** The context seen by a rule judging the view: the source facts' model paths are mapped too */
function viewContext(context: RuleContext, original: readonly number[]): RuleContext {
  const source = context.source;
  if (!source) return context;
  const kept = new Set(original);
  /** Is this XML node outside the lines the view counts (a GROUP or INFORMATION line's)? */
  const uncounted = (xpath: string) => {
    const m = LINE_PATH.exec(source.pathAt(xpath));
    return m !== null && !kept.has(Number(m[1]));
  };
  return {
    ...context,
    source: {
      ...source,
      // the nodes a rule judges on the XML (BR-CO-04 per line element): those of counted lines only
      values: (key) => {
        const nodes = source.values(key);
        return nodes && nodes.filter((n) => !uncounted(n.xpath));
      },
      unreadable: (path) => source.unreadable(mapPath(path, original, true)),
      lexical: (path) => source.lexical(mapPath(path, original, true)),
      pathAt: (xpath) => mapPath(source.pathAt(xpath), original, false),
      // the replacement's id has no counted official context: the base rule's own counts apply
      contextCount: (ruleId) => source.contextCount(ruleId),
      // the view's own methods are not own properties the spread copies (decision 0234)
      contextCounts: (ids) => source.contextCounts(ids),
      hasLexicalField: (field) => source.hasLexicalField?.(field) !== false,
    },
  };
}

export interface Replacement {
  /** The official EXTENDED-CTC-FR id */
  id: string;
  /** The EN 16931 rule it replaces, judged on the counted lines */
  base: RuleDefinition;
  message?: Text;
}

export function onCountedLines({ id, base, message }: Replacement): RuleDefinition {
  return defineRule({
    ...base,
    id,
    ruleSet: 'EXTENDED-CTC-FR',
    family: 'FREXT',
    message: message ?? base.message,
    explanation: {
      en: `${base.explanation.en} EXTENDED-CTC-FR counts only the lines whose sub-type (EXT-FR-FE-163) is DETAIL or absent (official ${id}, replacing ${base.id}).`,
      fr: `${base.explanation.fr} L’EXTENDED-CTC-FR ne compte que les lignes de sous-type (EXT-FR-FE-163) DETAIL ou absent (${id} officielle, qui remplace ${base.id}).`,
    },
    check: (invoice: Invoice, report: Report, context: RuleContext) => {
      const view = countedView(invoice);
      const mapped: Report = (path, detail) => report(mapPath(path, view.original, true), detail);
      base.check(view.invoice, mapped, viewContext(context, view.original));
    },
  });
}

/** An EN 16931 rule the official set keeps word for word under a new id (BR-FREXT-BR-38 = BR-38) */
export function renamed(id: string, base: RuleDefinition): RuleDefinition {
  return defineRule({ ...base, id, ruleSet: 'EXTENDED-CTC-FR', family: 'FREXT' });
}
