/**
 * The worker-pool task of POST /api/v1/status (routes/status.ts): builds a lifecycle status message
 * from an invoice (or the few references of one), writes it as CDAR XML and judges it with the
 * official BR-FR-CDV rules. A StatusBuildError comes back as data naming the field, since an
 * exception's class does not survive the thread boundary.
 */
import type { Invoice } from '@einv/core-model';
import {
  type BuildStatusDetails,
  buildStatus,
  type CdarReport,
  StatusBuildError,
  type StatusMessage,
  validateCdar,
  writeCdar,
} from '@einv/facturx';
import type { FrenchStandardVersion } from '@einv/rules';

export interface StatusTaskInput {
  invoice: Invoice;
  status: string;
  details: BuildStatusDetails;
  options: {
    lang: 'fr' | 'en';
    frenchEdition: 'transition' | 'standard' | 'off';
    frenchVersion?: FrenchStandardVersion;
  };
}

export type StatusTaskOutput =
  | { ok: true; xml: string; message: StatusMessage; validation: Omit<CdarReport, 'message'> }
  | { ok: false; field: string; detail: string };

export function statusMessage({ invoice, status, details, options }: StatusTaskInput): StatusTaskOutput {
  let message: StatusMessage;
  try {
    message = buildStatus(invoice, status, details);
  } catch (e) {
    if (e instanceof StatusBuildError) return { ok: false, field: e.field, detail: e.message };
    throw e;
  }
  const xml = writeCdar(message);
  const { message: _read, ...validation } = validateCdar(xml, options);
  return { ok: true, xml, message, validation };
}
