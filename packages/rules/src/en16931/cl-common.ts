/**
 * Factory for the BR-CL code-list rules: each rule lists the coded values it covers (one per
 * official context node, so a rule fires once per wrong code) and the code list they must belong to.
 *
 * For an XML invoice the reader collects the nodes of each rule's official context (source facts:
 * every amount's currencyID, every country code, also where the model has no place for them) and
 * the rule judges those; for a JSON invoice it judges the model's values.
 */
import { type Invoice, type SourceValue, termForPath } from '@einv/core-model';
import { isCode } from '../code-lists/index.js';
import { defineRule, type Report, type RuleContext, type RuleDefinition, type Text } from '../define.js';

export interface CodedValue {
  /** Model path, or a function building it (only called when the code is reported) */
  path: string | (() => string);
  value: string;
}

export interface CodeListRuleSpec {
  id: string;
  terms: string[];
  /** Name of the code list, e.g. "ISO 4217" */
  listName: string;
  /** What is coded, e.g. { en: 'the invoice currency code (BT-5)', fr: 'le code devise de la facture (BT-5)' } */
  what: Text;
  /**
   * The list to check against (some differ between the CII and UBL artefacts); `tag` is the source
   * node's distinction when there is one (UBL BR-CL-01: InvoiceTypeCode or CreditNoteTypeCode)
   */
  list: (context: RuleContext, tag?: string) => ReadonlySet<string>;
  /** The coded values of the invoice this rule covers */
  values: (invoice: Invoice, context: RuleContext) => CodedValue[];
  /**
   * Membership test; default: `isCode` (normalize-space, exact match). `place` is the model path of
   * a model value, or the tag of a source node.
   */
  accepts?: (list: ReadonlySet<string>, value: string, context: RuleContext, place: Place) => boolean;
}

export interface Place {
  path?: string;
  tag?: string;
}

export function codeListRule(spec: CodeListRuleSpec): RuleDefinition {
  // The finding names the term of the offending node when the rule covers several (BR-CL-14: BT-40, BT-55…)
  const termDetail = (path: string, value: string): { value: string; bt?: string } => {
    const bt = termForPath(path)?.id;
    return bt !== undefined && spec.terms.includes(bt) ? { value, bt } : { value };
  };
  return defineRule({
    id: spec.id,
    ruleSet: 'EN16931',
    family: 'CL',
    severity: 'fatal',
    terms: spec.terms,
    message: {
      en: `${capitalise(spec.what.en)} is not a code of ${spec.listName}.`,
      fr: `${capitalise(spec.what.fr)} n’est pas un code de la liste ${spec.listName}.`,
    },
    explanation: {
      en: `EN 16931 restricts ${spec.what.en} to the codes of ${spec.listName} (as published with the 1.3.16 validation artefacts), so that every receiver reads it the same way.`,
      fr: `La norme EN 16931 limite ${spec.what.fr} aux codes de la liste ${spec.listName} (telle que publiée avec les artefacts de validation 1.3.16), pour que tout destinataire le comprenne de la même façon.`,
    },
    fix: {
      en: `Use a code of ${spec.listName}; codes are case-sensitive and carry no spaces.`,
      fr: `Utilisez un code de la liste ${spec.listName} ; les codes respectent la casse et ne contiennent pas d’espace.`,
    },
    check: (invoice, report, context) => {
      if (judgeCodedNodes(spec, report, context, termDetail)) return;
      const list = spec.list(context);
      for (const coded of spec.values(invoice, context)) {
        const ok = spec.accepts
          ? spec.accepts(list, coded.value, context, { path: pathOf(coded) })
          : isCode(list, coded.value);
        if (!ok) {
          const path = pathOf(coded);
          report(path, termDetail(path, coded.value));
        }
      }
    },
  });
}

/** `place` of a source node without a tag: shared, the `accepts` tests only read it */
const NO_PLACE: Place = Object.freeze({});

/**
 * XML input: judges the source nodes the reader collected for the rule (judgeSourceNodes' walk,
 * written out for this one caller). It runs for the ~23 BR-CL rules of every document, so it asks
 * for the list only when a node's tag differs from the previous node's (the lists depend on the
 * syntax and the tag alone) and builds no closure or `place` per node. False without nodes.
 */
function judgeCodedNodes(
  spec: CodeListRuleSpec,
  report: Report,
  context: RuleContext,
  detail: (path: string, value: string) => { value: string; bt?: string },
): boolean {
  const source = context.source;
  const nodes = source?.values(spec.id);
  if (!source || !nodes) return false;
  const accepts = spec.accepts;
  let list: ReadonlySet<string> | undefined;
  let listTag: string | undefined;
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k] as SourceValue;
    const value = node.value ?? '';
    const tag = node.tag;
    if (list === undefined || tag !== listTag) {
      list = spec.list(context, tag);
      listTag = tag;
    }
    const ok = accepts
      ? accepts(list, value, context, tag === undefined ? NO_PLACE : { tag })
      : isCode(list, value);
    if (ok) continue;
    const path = source.pathAt(node.xpath);
    report(path, { ...detail(path, value), xpath: node.xpath, line: node.line });
  }
  return true;
}

const pathOf = (coded: CodedValue): string => (typeof coded.path === 'string' ? coded.path : coded.path());

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Collects `{ path, value }` for each defined string value. */
export class Collector {
  readonly out: CodedValue[] = [];
  /** `path` may be a function so that no path string is built for absent values (hot loops). */
  add(path: string | (() => string), value: string | undefined): this {
    if (typeof value === 'string') this.out.push({ path, value });
    return this;
  }
}
