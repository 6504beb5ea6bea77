/**
 * Single-defect mutations of official CDAR status messages: each removes or malforms one term the
 * BR-FR-CDV rules read (or switches a code that changes which rules apply). Applied on the parsed
 * tree and written back with the source prefixes, so the rest of the message is unchanged.
 */
import { CDAR_NS } from '@einv/facturx';
import { parseXml, type XmlElement } from '@einv/xml';

const NS: Record<string, string> = CDAR_NS;

const CTX = 'rsm:ExchangedDocumentContext';
const DOC = 'rsm:ExchangedDocument';
const ACK = 'rsm:AcknowledgementDocument';
const REF = `${ACK}/ram:ReferenceReferencedDocument`;
const DET = `${REF}/ram:SpecifiedDocumentStatus`;
const CHR = `${DET}/ram:SpecifiedDocumentCharacteristic`;

/** Elements at a child path below the root (`a/b/c`, prefixed local names) */
function find(root: XmlElement, path: string): XmlElement[] {
  let nodes = [root];
  for (const step of path.split('/')) {
    const [prefix, local] = step.split(':') as [string, string];
    nodes = nodes.flatMap((n) => n.children.filter((c) => c.local === local && c.ns === NS[prefix]));
  }
  return nodes;
}

function make(
  parent: XmlElement,
  name: string,
  text: string,
  attrs: Record<string, string> = {},
): XmlElement {
  const [prefix, local] = name.split(':') as [string, string];
  return { name, local, ns: NS[prefix] as string, attrs, children: [], text, line: 0, column: 0, parent };
}

export interface CdarMutation {
  name: string;
  /** Changes the tree; false when the message has nothing to mutate there */
  apply: (root: XmlElement) => boolean;
}

const remove = (path: string): CdarMutation => ({
  name: `remove ${path.split('/').slice(-3).join('/')}`,
  apply: (root) => {
    const el = find(root, path)[0];
    if (!el?.parent) return false;
    el.parent.children.splice(el.parent.children.indexOf(el), 1);
    return true;
  },
});

const setText = (path: string, value: string, label = value): CdarMutation => ({
  name: `${path.split('/').slice(-3).join('/')} = ${label}`,
  apply: (root) => {
    const el = find(root, path)[0];
    if (!el || el.children.length) return false;
    el.text = value;
    return true;
  },
});

const setAttr = (path: string, attr: string, value: string): CdarMutation => ({
  name: `${path.split('/').slice(-3).join('/')}/@${attr} = ${value}`,
  apply: (root) => {
    const el = find(root, path)[0];
    if (!el) return false;
    // a new object: a parsed element's attributes may be shared with other elements, and are frozen
    el.attrs = { ...el.attrs, [attr]: value };
    return true;
  },
});

/** Adds a child (before the first child named `before`, else last) */
const add = (
  path: string,
  name: string,
  text: string,
  before?: string,
  attrs: Record<string, string> = {},
): CdarMutation => ({
  name: `add ${path.split('/').slice(-2).join('/')}/${name} = ${text}`,
  apply: (root) => {
    const parent = find(root, path)[0];
    if (!parent) return false;
    const el = make(parent, name, text, attrs);
    const at = before ? parent.children.findIndex((c) => c.name.endsWith(`:${before}`)) : -1;
    if (at >= 0) parent.children.splice(at, 0, el);
    else parent.children.push(el);
    return true;
  },
});

export const CDAR_MUTATIONS: CdarMutation[] = [
  // removals of the terms the rules require or read
  remove(`${CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`),
  remove(`${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`),
  remove(`${CTX}/ram:GuidelineSpecifiedDocumentContextParameter`),
  remove(`${DOC}/ram:ID`),
  remove(`${DOC}/ram:IssueDateTime`),
  remove(`${DOC}/ram:SenderTradeParty/ram:RoleCode`),
  remove(`${DOC}/ram:SenderTradeParty`),
  remove(`${DOC}/ram:IssuerTradeParty/ram:GlobalID`),
  remove(`${DOC}/ram:IssuerTradeParty/ram:RoleCode`),
  remove(`${DOC}/ram:RecipientTradeParty/ram:RoleCode`),
  remove(`${DOC}/ram:RecipientTradeParty/ram:URIUniversalCommunication`),
  remove(`${DOC}/ram:RecipientTradeParty/ram:GlobalID`),
  remove(`${ACK}/ram:TypeCode`),
  remove(`${REF}/ram:IssuerAssignedID`),
  remove(`${REF}/ram:StatusCode`),
  remove(`${REF}/ram:TypeCode`),
  remove(`${REF}/ram:FormattedIssueDateTime`),
  remove(`${REF}/ram:ProcessConditionCode`),
  remove(`${REF}/ram:IssuerTradeParty/ram:GlobalID`),
  remove(`${DET}/ram:SequenceNumeric`),
  remove(`${DET}/ram:ReasonCode`),
  remove(`${CHR}/ram:ValueAmount`),
  remove(`${CHR}/ram:ValuePercent`),
  remove(`${CHR}/ram:TypeCode`),
  // malformed values
  setText(`${CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`, 'B2B'),
  setText(`${CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`, 'REGULATED'),
  setText(
    `${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
    'urn.cpro.gouv.fr:1p0:CDV:einvoicingF2',
  ),
  setText(`${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`, 'urn.cpro.gouv.fr:1p0:CDV:invoice'),
  setText(`${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`, 'urn:bad'),
  setText(`${DOC}/ram:SenderTradeParty/ram:RoleCode`, 'ZZ'),
  setText(`${DOC}/ram:SenderTradeParty/ram:RoleCode`, 'BY'),
  setText(`${DOC}/ram:IssuerTradeParty/ram:RoleCode`, 'ZZ'),
  setText(`${DOC}/ram:IssuerTradeParty/ram:RoleCode`, 'WK'),
  setText(`${DOC}/ram:RecipientTradeParty/ram:RoleCode`, 'ZZ'),
  setText(`${DOC}/ram:RecipientTradeParty/ram:RoleCode`, 'WK'),
  setText(`${DOC}/ram:RecipientTradeParty/ram:RoleCode`, 'DFH'),
  setAttr(`${DOC}/ram:RecipientTradeParty/ram:GlobalID`, 'schemeID', '0238'),
  setText(`${ACK}/ram:TypeCode`, '999'),
  setText(`${ACK}/ram:TypeCode`, ' 23', 'space+23'),
  setText(`${ACK}/ram:TypeCode`, '23'),
  setText(`${ACK}/ram:TypeCode`, '305'),
  setText(`${REF}/ram:StatusCode`, '99'),
  setText(`${REF}/ram:StatusCode`, '10'),
  setText(`${REF}/ram:StatusCode`, '45'),
  setText(`${REF}/ram:TypeCode`, '999'),
  setText(`${REF}/ram:ProcessConditionCode`, '299'),
  setText(`${REF}/ram:ProcessConditionCode`, '200'),
  setText(`${REF}/ram:ProcessConditionCode`, '206'),
  setText(`${REF}/ram:ProcessConditionCode`, '207'),
  setText(`${REF}/ram:ProcessConditionCode`, '208'),
  setText(`${REF}/ram:ProcessConditionCode`, '210'),
  setText(`${REF}/ram:ProcessConditionCode`, '212'),
  setText(`${REF}/ram:ProcessConditionCode`, '213'),
  setText(`${REF}/ram:ProcessConditionCode`, '221'),
  setText(`${REF}/ram:ProcessConditionCode`, '501'),
  setText(`${REF}/ram:IssuerTradeParty/ram:GlobalID`, ''),
  setAttr(`${REF}/ram:IssuerTradeParty/ram:GlobalID`, 'schemeID', '0009'),
  add(`${REF}/ram:IssuerTradeParty`, 'ram:RoleCode', 'BY'),
  add(`${REF}/ram:IssuerTradeParty`, 'ram:RoleCode', 'SE'),
  add(`${REF}`, 'ram:RecipientTradeParty', ''),
  add(`${DOC}/ram:SenderTradeParty`, 'ram:GlobalID', '9999', 'Name', { schemeID: '0238' }),
  add(`${DOC}/ram:IssuerTradeParty`, 'ram:GlobalID', '100000009', 'Name', { schemeID: '0002' }),
  setText(`${DET}/ram:ReasonCode`, 'BOGUS'),
  setText(`${DET}/ram:ReasonCode`, 'NON_TRANSMISE'),
  setText(`${DET}/ram:ReasonCode`, 'ROUTAGE_ERR'),
  setText(`${DET}/ram:ReasonCode`, 'RETRAIT_MAN_SERV'),
  setText(`${DET}/ram:ReasonCode`, 'IRR_SYNTAX'),
  add(`${DET}`, 'ram:ProcessConditionCode', '299', 'ReasonCode'),
  add(`${DET}`, 'ram:ProcessConditionCode', '207', 'ReasonCode'),
  setText(`${DET}/ram:RequestedActionCode`, 'XXX'),
  setText(`${DET}/ram:SequenceNumeric`, ''),
  setText(`${CHR}/ram:TypeCode`, 'ZZZ'),
  {
    name: 'add ReferenceReferencedDocument/ram:RecipientTradeParty/ram:RoleCode = ZZ',
    apply: (root) => {
      const ref = find(root, REF)[0];
      if (!ref) return false;
      const party = make(ref, 'ram:RecipientTradeParty', '');
      party.children.push(make(party, 'ram:RoleCode', 'ZZ'));
      const at = ref.children.findIndex((c) => c.local === 'SpecifiedDocumentStatus');
      ref.children.splice(at >= 0 ? at : ref.children.length, 0, party);
      return true;
    },
  },
  {
    // two changes, one defect: a public-sector refusal (sender 9999) with a reason outside its list
    name: 'PPF B2G sender 9999 and reason DEST_INC',
    apply: (root) => {
      const sender = find(root, `${DOC}/ram:SenderTradeParty`)[0];
      const reason = find(root, `${DET}/ram:ReasonCode`)[0];
      if (!sender || !reason) return false;
      sender.children.unshift(make(sender, 'ram:GlobalID', '9999', { schemeID: '0238' }));
      reason.text = 'DEST_INC';
      return true;
    },
  },
  setText(`${CHR}/ram:TypeCode`, 'MPA'),
  setText(`${CHR}/ram:TypeCode`, 'MEN'),
];

/** The XML text of a tree, prefixes as parsed, the four CDAR namespaces declared on the root */
export function serializeCdar(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const decl = Object.entries(NS)
    .map(([p, u]) => ` xmlns:${p}="${u}"`)
    .join('');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const walk = (el: XmlElement, top: boolean) => {
    const attrs = Object.entries(el.attrs)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
    out.push(`<${el.name}${top ? decl : ''}${attrs}>`);
    if (el.children.length === 0) out.push(esc(el.text));
    for (const c of el.children) walk(c, false);
    out.push(`</${el.name}>`);
  };
  walk(root, true);
  return out.join('');
}

/** The message with one mutation applied, or undefined when it does not apply */
export function mutate(xml: string, m: CdarMutation): string | undefined {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return m.apply(parsed.root) ? serializeCdar(parsed.root) : undefined;
}
