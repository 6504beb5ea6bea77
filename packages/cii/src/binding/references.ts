/** Document references (BT-10…BT-19, BG-3) and supporting documents (BG-24). */
import { type Binding, field, group, repeated } from './types.js';

const AGREEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const DELIVERY = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery';
const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

export const references: Binding[] = [
  field('BT-10', 'buyerReference', `${AGREEMENT}/ram:BuyerReference`),
  field(
    'BT-14',
    'salesOrderReference',
    `${AGREEMENT}/ram:SellerOrderReferencedDocument/ram:IssuerAssignedID`,
  ),
  field(
    'BT-13',
    'purchaseOrderReference',
    `${AGREEMENT}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`,
  ),
  field('BT-12', 'contractReference', `${AGREEMENT}/ram:ContractReferencedDocument/ram:IssuerAssignedID`),
  repeated('BG-24', 'attachments', `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:TypeCode='916']`, [
    field('BT-122', 'id', 'ram:IssuerAssignedID'),
    field('BT-124', 'externalUri', 'ram:URIID'),
    field('BT-123', 'description', 'ram:Name'),
    field('BT-125', 'content', 'ram:AttachmentBinaryObject'),
    field('BT-125-1', 'mimeCode', 'ram:AttachmentBinaryObject/@mimeCode'),
    field('BT-125-2', 'filename', 'ram:AttachmentBinaryObject/@filename'),
  ]),
  field(
    'BT-17',
    'tenderOrLotReference',
    `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:TypeCode='50']/ram:IssuerAssignedID`,
  ),
  field(
    'BT-18',
    'invoicedObjectIdentifier.id',
    `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:IssuerAssignedID`,
  ),
  field(
    'BT-18-1',
    'invoicedObjectIdentifier.scheme',
    `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:ReferenceTypeCode`,
  ),
  group(
    '',
    '',
    `${AGREEMENT}/ram:SpecifiedProcuringProject`,
    [field('BT-11', 'projectReference', 'ram:ID')],
    {
      constants: [{ path: 'ram:Name', value: 'Project reference' }],
      note: 'CII requires a project name; the model has none, the writer puts "Project reference"',
    },
  ),
  field(
    'BT-16',
    'despatchAdviceReference',
    `${DELIVERY}/ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID`,
  ),
  field(
    'BT-15',
    'receivingAdviceReference',
    `${DELIVERY}/ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID`,
  ),
  repeated('BG-3', 'precedingInvoices', `${SETTLEMENT}/ram:InvoiceReferencedDocument`, [
    field('BT-25', 'number', 'ram:IssuerAssignedID'),
    field('BT-26', 'issueDate', 'ram:FormattedIssueDateTime/qdt:DateTimeString', 'date'),
  ]),
  field(
    'BT-19',
    'buyerAccountingReference',
    `${SETTLEMENT}/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID`,
  ),
];
