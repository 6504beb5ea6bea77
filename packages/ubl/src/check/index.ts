export { type CheckUblResult, checkUbl, UBL_CREDIT_NOTE_NS, UBL_INVOICE_NS } from './check-ubl.js';
