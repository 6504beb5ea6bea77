/**
 * writeCdar: the StatusMessage model as CDAR XML (rsm:CrossDomainAcknowledgementAndResponse), the
 * elements in the order of the official examples (UN/CEFACT D22B), absent terms left out. The
 * writer invents nothing: whether the message is complete is for validateCdar to say.
 */
import { escapeXml } from '@einv/xml';
import type {
  FormattedDateTime,
  ReferencedDocument,
  SchemedId,
  StatusCharacteristic,
  StatusDetail,
  StatusMessage,
  StatusParty,
} from './model.js';
import { CDAR_NS } from './xpath.js';

/** An element: name, attributes, then text or children; undefined parts are skipped */
type Node = {
  name: string;
  attrs?: Record<string, string | undefined>;
  text?: string;
  kids?: (Node | undefined)[];
};

const leaf = (name: string, text: string | undefined, attrs?: Record<string, string | undefined>) =>
  text === undefined ? undefined : { name, text, ...(attrs ? { attrs } : {}) };

const group = (name: string, kids: (Node | undefined)[]): Node | undefined =>
  kids.some((k) => k) ? { name, kids } : undefined;

const schemed = (name: string, id: SchemedId | undefined) =>
  id && leaf(name, id.value, { schemeID: id.scheme });

const dateTime = (name: string, d: FormattedDateTime | undefined, prefix: 'udt' | 'qdt' = 'udt') =>
  d && group(name, [leaf(`${prefix}:DateTimeString`, d.value, { format: d.format })]);

function party(name: string, p: StatusParty | undefined): Node | undefined {
  if (!p) return undefined;
  return {
    name,
    kids: [
      ...(p.ids ?? []).map((id) => schemed('ram:GlobalID', id)),
      leaf('ram:Name', p.name),
      leaf('ram:RoleCode', p.role),
      p.uri && group('ram:URIUniversalCommunication', [schemed('ram:URIID', p.uri)]),
    ],
  };
}

function characteristic(c: StatusCharacteristic): Node {
  return {
    name: 'ram:SpecifiedDocumentCharacteristic',
    kids: [
      leaf('ram:ID', c.id),
      leaf('ram:TypeCode', c.typeCode),
      c.changed !== undefined
        ? group('ram:ValueChangedIndicator', [leaf('udt:IndicatorString', c.changed)])
        : undefined,
      leaf('ram:Name', c.name),
      leaf('ram:Location', c.location),
      c.amount && leaf('ram:ValueAmount', c.amount.value, { currencyID: c.amount.currency }),
      dateTime('ram:ValueDateTime', c.dateTime),
      leaf('ram:ValuePercent', c.percent),
    ],
  };
}

function detail(d: StatusDetail): Node {
  return {
    name: 'ram:SpecifiedDocumentStatus',
    kids: [
      leaf('ram:ProcessConditionCode', d.statusCode),
      leaf('ram:ReasonCode', d.reasonCode),
      leaf('ram:Reason', d.reason),
      leaf('ram:RequestedActionCode', d.actionCode),
      leaf('ram:RequestedAction', d.action),
      leaf('ram:SequenceNumeric', d.sequence),
      ...(d.notes ?? []).map((n) => ({
        name: 'ram:IncludedNote',
        kids: [leaf('ram:Content', n.content), leaf('ram:SubjectCode', n.subject)],
      })),
      ...(d.characteristics ?? []).map(characteristic),
    ],
  };
}

function reference(r: ReferencedDocument): Node {
  return {
    name: 'ram:ReferenceReferencedDocument',
    kids: [
      leaf('ram:IssuerAssignedID', r.invoiceNumber),
      leaf('ram:StatusCode', r.statusCode),
      leaf('ram:TypeCode', r.typeCode),
      dateTime('ram:ReceiptDateTime', r.receiptDateTime),
      leaf('ram:ReferenceTypeCode', r.referenceTypeCode),
      dateTime('ram:FormattedIssueDateTime', r.issueDate, 'qdt'),
      leaf('ram:ProcessConditionCode', r.processCode),
      leaf('ram:ProcessCondition', r.process),
      party('ram:IssuerTradeParty', r.issuer),
      party('ram:RecipientTradeParty', r.recipient),
      ...(r.details ?? []).map(detail),
    ],
  };
}

function serialize(node: Node, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const kids = (node.kids ?? []).filter((k): k is Node => k !== undefined);
  if (node.text !== undefined) out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
  else if (kids.length === 0) out.push(`${pad}<${node.name}${attrs}/>`);
  else {
    out.push(`${pad}<${node.name}${attrs}>`);
    for (const k of kids) serialize(k, depth + 1, out);
    out.push(`${pad}</${node.name}>`);
  }
}

export function writeCdar(message: StatusMessage): string {
  const m = message;
  const root: Node = {
    name: 'rsm:CrossDomainAcknowledgementAndResponse',
    attrs: {
      'xmlns:rsm': CDAR_NS.rsm,
      'xmlns:ram': CDAR_NS.ram,
      'xmlns:udt': CDAR_NS.udt,
      'xmlns:qdt': CDAR_NS.qdt,
    },
    kids: [
      group('rsm:ExchangedDocumentContext', [
        group('ram:BusinessProcessSpecifiedDocumentContextParameter', [leaf('ram:ID', m.businessProcess)]),
        group('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', m.guideline)]),
      ]),
      group('rsm:ExchangedDocument', [
        leaf('ram:ID', m.id),
        leaf('ram:Name', m.name),
        dateTime('ram:IssueDateTime', m.issueDateTime),
        party('ram:SenderTradeParty', m.sender),
        party('ram:IssuerTradeParty', m.issuer),
        ...(m.recipients ?? []).map((p) => party('ram:RecipientTradeParty', p)),
      ]),
      group('rsm:AcknowledgementDocument', [
        m.multipleReferences !== undefined
          ? group('ram:MultipleReferencesIndicator', [leaf('udt:Indicator', m.multipleReferences)])
          : undefined,
        leaf('ram:TypeCode', m.typeCode),
        dateTime('ram:IssueDateTime', m.statusDateTime),
        ...(m.references ?? []).map(reference),
      ]),
    ],
  };
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  serialize(root, 0, out);
  return `${out.join('\n')}\n`;
}
