/**
 * BG-16 Payment instructions and BT-20 payment terms. UBL repeats cac:PaymentMeans (one
 * PayeeFinancialAccount each); the model keeps one PaymentMeans with a list of credit transfers:
 * the reader merges the elements, the writer writes one cac:PaymentMeans per credit transfer.
 * In a CreditNote, BT-9 due date lives in PaymentMeans/PaymentDueDate (no cbc:DueDate in UBL 2.1).
 */
import { amount, date, group, placeholder, term } from './build.js';
import type { GroupNode } from './types.js';

export const paymentMeans: GroupNode = group(
  'cac:PaymentMeans',
  [
    term('cbc:PaymentMeansCode', 'BT-81', 'typeCode', {
      required: true,
      attrs: [{ name: 'name', field: 'text', bt: 'BT-82' }],
    }),
    date('cbc:PaymentDueDate', 'BT-9', '/dueDate', { only: 'CreditNote' }),
    term('cbc:PaymentID', 'BT-83', 'remittanceInformation'),
    group(
      'cac:CardAccount',
      [
        term('cbc:PrimaryAccountNumberID', 'BT-87', 'accountNumber', { required: true }),
        placeholder('cbc:NetworkID', 'NA'),
        term('cbc:HolderName', 'BT-88', 'holderName'),
      ],
      { bt: 'BG-18', field: 'card', note: 'NetworkID is required by UBL, not an EN 16931 term: written NA' },
    ),
    group(
      'cac:PayeeFinancialAccount',
      [
        term('cbc:ID', 'BT-84', 'accountId', { required: true }),
        term('cbc:Name', 'BT-85', 'accountName'),
        group('cac:FinancialInstitutionBranch', [term('cbc:ID', 'BT-86', 'serviceProviderId')]),
      ],
      { bt: 'BG-17', field: 'creditTransfers', many: true },
    ),
    group(
      'cac:PaymentMandate',
      [
        term('cbc:ID', 'BT-89', 'mandateReference'),
        group('cac:PayerFinancialAccount', [term('cbc:ID', 'BT-91', 'debitedAccountId', { required: true })]),
      ],
      { bt: 'BG-19', field: 'directDebit' },
    ),
  ],
  { bt: 'BG-16', field: 'paymentMeans', splitOn: 'creditTransfers' },
);

/**
 * The writer's view of a payment schedule (decision 0127): written, one cac:PaymentTerms per entry,
 * only for a document declaring EXTENDED-CTC-FR with a schedule (write-ubl.ts prepares it)
 */
export const UBL_SCHEDULE_FIELD = 'paymentScheduleUbl';
const writesSchedule = (inv: Record<string, unknown>) => Array.isArray(inv[UBL_SCHEDULE_FIELD]);

export const paymentTerms: GroupNode[] = [
  group('cac:PaymentTerms', [term('cbc:Note', 'BT-20', 'paymentTerms')], {
    writeWhen: (inv) => !writesSchedule(inv),
  }),
  // Several payment terms (EXTENDED): each with its amount and due date; the text only on the first
  // (UBL-SR-05 allows one). Read by payment-schedule.ts, never bound by the reader here.
  group(
    'cac:PaymentTerms',
    [
      term('cbc:Note', 'BT-20', 'description'),
      amount('cbc:Amount', 'BT-9', 'amount'),
      date('cbc:PaymentDueDate', 'BT-9', 'dueDate'),
    ],
    {
      field: UBL_SCHEDULE_FIELD,
      many: true,
      match: () => false,
      writeWhen: writesSchedule,
      note: 'written for EXTENDED-CTC-FR: one per invoice.paymentSchedule entry (decision 0127)',
    },
  ),
];
