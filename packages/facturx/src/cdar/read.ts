/**
 * readCdar: a status message (CDAR XML) into the StatusMessage model. Never throws. Nothing is
 * dropped silently: an element the model does not hold is reported (CDAR-UNREAD, warning) with its
 * XPath, and a document that is not a CDAR message gets one fatal finding saying what its root is.
 */
import type { Finding } from '@einv/core-model';
import { parseXml, textOf, type XmlElement } from '@einv/xml';
import type {
  FormattedDateTime,
  ReferencedDocument,
  SchemedId,
  StatusCharacteristic,
  StatusDetail,
  StatusMessage,
  StatusParty,
} from './model.js';
import { CDAR_NS, CDAR_ROOT, locate } from './xpath.js';

export interface ReadCdarResult {
  /** Absent when the document could not be read as a status message (see diagnostics) */
  message?: StatusMessage;
  diagnostics: Finding[];
  /** The parsed root, for the rules (validateCdar) */
  root?: XmlElement;
}

type Lang = 'en' | 'fr';

/** Reads child elements and remembers which it read, to report the rest */
class Reader {
  readonly seen = new Set<XmlElement>();

  kids(el: XmlElement | undefined, prefix: 'ram' | 'rsm' | 'udt' | 'qdt', local: string): XmlElement[] {
    if (!el) return [];
    const out = el.children.filter((c) => c.local === local && c.ns === CDAR_NS[prefix]);
    for (const c of out) this.seen.add(c);
    return out;
  }

  kid(el: XmlElement | undefined, prefix: 'ram' | 'rsm' | 'udt' | 'qdt', local: string) {
    return this.kids(el, prefix, local)[0];
  }

  text(el: XmlElement | undefined, local: string): string | undefined {
    return textOf(this.kid(el, 'ram', local));
  }

  schemed(el: XmlElement): SchemedId {
    const scheme = el.attrs.schemeID;
    return { value: textOf(el) ?? '', ...(scheme !== undefined ? { scheme } : {}) };
  }

  dateTime(
    el: XmlElement | undefined,
    local: string,
    prefix: 'udt' | 'qdt' = 'udt',
  ): FormattedDateTime | undefined {
    const s = this.kid(this.kid(el, 'ram', local), prefix, 'DateTimeString');
    if (!s) return undefined;
    const format = s.attrs.format;
    return { value: textOf(s) ?? '', ...(format !== undefined ? { format } : {}) };
  }

  party(el: XmlElement | undefined): StatusParty | undefined {
    if (!el) return undefined;
    const ids = this.kids(el, 'ram', 'GlobalID').map((g) => this.schemed(g));
    const uri = this.kid(this.kid(el, 'ram', 'URIUniversalCommunication'), 'ram', 'URIID');
    return compact({
      ids: ids.length ? ids : undefined,
      name: this.text(el, 'Name'),
      role: this.text(el, 'RoleCode'),
      uri: uri ? this.schemed(uri) : undefined,
    });
  }

  characteristic(el: XmlElement): StatusCharacteristic {
    const amount = this.kid(el, 'ram', 'ValueAmount');
    const currency = amount?.attrs.currencyID;
    return compact({
      id: this.text(el, 'ID'),
      typeCode: this.text(el, 'TypeCode'),
      changed: textOf(this.kid(this.kid(el, 'ram', 'ValueChangedIndicator'), 'udt', 'IndicatorString')),
      name: this.text(el, 'Name'),
      location: this.text(el, 'Location'),
      amount: amount
        ? { value: textOf(amount) ?? '', ...(currency !== undefined ? { currency } : {}) }
        : undefined,
      dateTime: this.dateTime(el, 'ValueDateTime'),
      percent: this.text(el, 'ValuePercent'),
    });
  }

  detail(el: XmlElement): StatusDetail {
    const notes = this.kids(el, 'ram', 'IncludedNote').map((n) =>
      compact({ content: this.text(n, 'Content'), subject: this.text(n, 'SubjectCode') }),
    );
    const characteristics = this.kids(el, 'ram', 'SpecifiedDocumentCharacteristic').map((c) =>
      this.characteristic(c),
    );
    return compact({
      statusCode: this.text(el, 'ProcessConditionCode'),
      reasonCode: this.text(el, 'ReasonCode'),
      reason: this.text(el, 'Reason'),
      actionCode: this.text(el, 'RequestedActionCode'),
      action: this.text(el, 'RequestedAction'),
      sequence: this.text(el, 'SequenceNumeric'),
      notes: notes.length ? notes : undefined,
      characteristics: characteristics.length ? characteristics : undefined,
    });
  }

  reference(el: XmlElement): ReferencedDocument {
    const details = this.kids(el, 'ram', 'SpecifiedDocumentStatus').map((d) => this.detail(d));
    return compact({
      invoiceNumber: this.text(el, 'IssuerAssignedID'),
      statusCode: this.text(el, 'StatusCode'),
      typeCode: this.text(el, 'TypeCode'),
      receiptDateTime: this.dateTime(el, 'ReceiptDateTime'),
      referenceTypeCode: this.text(el, 'ReferenceTypeCode'),
      issueDate: this.dateTime(el, 'FormattedIssueDateTime', 'qdt'),
      processCode: this.text(el, 'ProcessConditionCode'),
      process: this.text(el, 'ProcessCondition'),
      issuer: this.party(this.kid(el, 'ram', 'IssuerTradeParty')),
      recipient: this.party(this.kid(el, 'ram', 'RecipientTradeParty')),
      details: details.length ? details : undefined,
    });
  }
}

/** The object without its undefined entries (exactOptionalPropertyTypes) */
function compact<T extends object>(o: { [K in keyof T]: T[K] | undefined }): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

export function readCdar(xml: string | Uint8Array, options: { lang?: Lang } = {}): ReadCdarResult {
  const lang = options.lang ?? 'en';
  const parsed = parseXml(xml);
  if (!parsed.ok) {
    const e = parsed.error;
    return {
      diagnostics: [
        {
          rule: e.code,
          severity: 'fatal',
          path: 'status',
          message: e.message,
          ...(e.line !== undefined ? { line: e.line } : {}),
        },
      ],
    };
  }
  const root = parsed.root;
  if (root.local !== CDAR_ROOT || root.ns !== CDAR_NS.rsm) {
    return {
      diagnostics: [
        {
          rule: 'CDAR-ROOT',
          severity: 'fatal',
          path: 'status',
          line: root.line,
          message:
            lang === 'fr'
              ? `la racine est {${root.ns}}${root.local} ; un message de statut (CDAR) a pour racine rsm:${CDAR_ROOT} dans l’espace de noms ${CDAR_NS.rsm}`
              : `the root element is {${root.ns}}${root.local}; a status message (CDAR) has root rsm:${CDAR_ROOT} in namespace ${CDAR_NS.rsm}`,
        },
      ],
      root,
    };
  }
  const r = new Reader();
  r.seen.add(root);
  const ctx = r.kid(root, 'rsm', 'ExchangedDocumentContext');
  const doc = r.kid(root, 'rsm', 'ExchangedDocument');
  const ack = r.kid(root, 'rsm', 'AcknowledgementDocument');
  const recipients = r.kids(doc, 'ram', 'RecipientTradeParty').map((p) => r.party(p) ?? {});
  const references = r.kids(ack, 'ram', 'ReferenceReferencedDocument').map((d) => r.reference(d));
  const message = compact<StatusMessage>({
    businessProcess: r.text(r.kid(ctx, 'ram', 'BusinessProcessSpecifiedDocumentContextParameter'), 'ID'),
    guideline: r.text(r.kid(ctx, 'ram', 'GuidelineSpecifiedDocumentContextParameter'), 'ID'),
    id: r.text(doc, 'ID'),
    name: r.text(doc, 'Name'),
    issueDateTime: r.dateTime(doc, 'IssueDateTime'),
    sender: r.party(r.kid(doc, 'ram', 'SenderTradeParty')),
    issuer: r.party(r.kid(doc, 'ram', 'IssuerTradeParty')),
    recipients: recipients.length ? recipients : undefined,
    multipleReferences: textOf(r.kid(r.kid(ack, 'ram', 'MultipleReferencesIndicator'), 'udt', 'Indicator')),
    typeCode: r.text(ack, 'TypeCode'),
    statusDateTime: r.dateTime(ack, 'IssueDateTime'),
    references: references.length ? references : undefined,
  });
  const diagnostics: Finding[] = [];
  const stack = [root];
  while (stack.length) {
    const el = stack.pop() as XmlElement;
    if (!r.seen.has(el)) {
      diagnostics.push({
        rule: 'CDAR-UNREAD',
        severity: 'warning',
        path: 'status',
        xpath: locate(el),
        line: el.line,
        message:
          lang === 'fr'
            ? `l’élément ${el.name} n’est pas un terme du message de statut que einv lit ; il est ignoré`
            : `element ${el.name} is not a status-message term einv reads; it was left out`,
      });
      continue;
    }
    stack.push(...el.children);
  }
  return { message, diagnostics, root };
}
