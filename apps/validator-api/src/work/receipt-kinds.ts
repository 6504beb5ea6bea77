/** The downloadable forms of the report (decision 0133); apart from tasks.ts, whose exports are all tasks */
export const RECEIPT_KINDS = ['json', 'html', 'pdf'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
