/** Document context and header: BT-1…BT-3, BT-23, BT-24, BG-1 notes. Relative to rsm:CrossIndustryInvoice. */
import { type Binding, field, repeated } from './types.js';

export const header: Binding[] = [
  field(
    'BT-23',
    'businessProcessType',
    'rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
  ),
  field(
    'BT-24',
    'specificationIdentifier',
    'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID',
    'text',
    {
      note: "writeCii writes the profile's guideline id unless the invoice's own one maps to that profile",
    },
  ),
  field('BT-1', 'number', 'rsm:ExchangedDocument/ram:ID'),
  field('BT-3', 'typeCode', 'rsm:ExchangedDocument/ram:TypeCode'),
  field('BT-2', 'issueDate', 'rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString', 'date'),
  repeated('BG-1', 'notes', 'rsm:ExchangedDocument/ram:IncludedNote', [
    field('BT-22', 'text', 'ram:Content'),
    field('BT-21', 'subjectCode', 'ram:SubjectCode'),
  ]),
];
