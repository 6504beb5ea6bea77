/**
 * buildStatus(invoice, status, details): a lifecycle status message about an invoice, with the
 * references filled from the invoice (number BT-1, date BT-2, type BT-3, the seller's SIREN for
 * MDT-129, the parties' electronic addresses) and the defaults of the official examples:
 * - transmission-phase statuses (200 Déposée, 201, 202, 203, 213 Rejetée, 221, 501) are set by the
 *   platform (MDT-77 = 305, issuer role WK) and go to the seller;
 * - the others are processing-phase (MDT-77 = 23): set by the buyer and sent to the seller, except
 *   those the seller sets (212 Encaissée, 220 Annulée, 224…228 factoring), sent to the buyer.
 * What the official rules require and the invoice or the details do not give is refused with a
 * StatusBuildError naming the missing field (e.g. status 212 without the amount and VAT rate
 * collected). buildStatus never guesses a reason or an amount.
 */
import type { Invoice } from '@einv/core-model';
import { REASON_CODES, REASONS_BY_STATUS, STATUS_CODES } from './generated/codes.js';
import { ACTION_LABELS, REASON_LABELS, statusLabel } from './labels.js';
import type { SchemedId, StatusCharacteristic, StatusDetail, StatusMessage, StatusParty } from './model.js';

export class StatusBuildError extends Error {
  /** The input field at fault: `status`, `details.collected[0].vatRate`, `invoice.seller.electronicAddress`… */
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'StatusBuildError';
    this.field = field;
  }
}

export interface CollectedAmount {
  /** MDT-215: the amount collected at this VAT rate */
  amount: string | number;
  /** MDT-224: the VAT rate, in percent */
  vatRate: string | number;
  /** default: the invoice currency (BT-5) */
  currency?: string;
}

export interface BuildStatusDetails {
  /** MDT-4 (default: `<BT-1>_<status>_<timestamp>`) */
  id?: string;
  /** When the message is made (MDT-8) and the status set (MDT-78); default: now */
  at?: Date;
  /** MDT-2, the invoicing framework (default REGULATED) */
  businessProcess?: string;
  /** Who sets the status (default: by status, see above) */
  by?: 'seller' | 'buyer' | 'platform';
  /** MDT-113 / MDT-114: required for 206, 207, 208, 210, 213, 501 */
  reason?: { code: string; text?: string };
  /** MDT-121 / MDT-122 */
  action?: { code: string; text?: string };
  /** MDT-126: a free note */
  note?: string;
  /** Status 212 Encaissée: the amount collected per VAT rate (at least one) */
  collected?: CollectedAmount[];
  /** The platform sending the message (MDT-19 / MDT-20), when known */
  platform?: { id?: SchemedId; name?: string };
  /** Recipients instead of the default (the seller, or the buyer for a seller's status) */
  recipients?: StatusParty[];
}

/** Statuses of the transmission phase (MDT-77 = 305) */
export const TRANSMISSION_STATUSES = ['200', '201', '202', '203', '213', '221', '501'];
/** Statuses the seller sets (the rest of the processing phase is the buyer's) */
export const SELLER_STATUSES = ['212', '220', '224', '225', '226', '227', '228'];
/** MDT-88 of the official examples per status */
const STATUS_CODE_OF: Record<string, string> = {
  '200': '10',
  '202': '43',
  '203': '48',
  '213': '8',
  '204': '45',
  '205': '1',
  '207': '46',
  '210': '50',
  '211': '47',
  '212': '47',
};
const NEEDS_REASON = ['206', '207', '208', '210', '213', '501'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const stamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

/** The SIREN of a party: its legal id (BT-30 / BT-47), else the first 9 digits of its SIRET */
function sirenOf(party: Invoice['seller'] | Invoice['buyer'] | undefined): SchemedId | undefined {
  const legal = party?.legalRegistrationId;
  if (legal?.id) return { value: legal.id, scheme: legal.scheme ?? '0002' };
  if (party?.siret && /^\d{14}$/.test(party.siret)) return { value: party.siret.slice(0, 9), scheme: '0002' };
  return undefined;
}

function addressed(invoice: Invoice, who: 'seller' | 'buyer', role: string): StatusParty {
  const party = invoice[who];
  const address = party?.electronicAddress;
  if (!address?.id) {
    const bt = who === 'seller' ? 'BT-34' : 'BT-49';
    throw new StatusBuildError(
      `invoice.${who}.electronicAddress`,
      `the ${who}'s electronic address (${bt}, invoice.${who}.electronicAddress) is needed: the status message is sent to it (MDT-73, BR-FR-CDV-08); give it in the invoice or pass details.recipients`,
    );
  }
  const id = sirenOf(party);
  return {
    ...(id ? { ids: [id] } : {}),
    ...(party?.name ? { name: party.name } : {}),
    role,
    uri: { value: address.id, ...(address.scheme ? { scheme: address.scheme } : {}) },
  };
}

function collectedCharacteristics(
  invoice: Invoice,
  collected: CollectedAmount[] | undefined,
): StatusCharacteristic[] {
  if (!collected?.length) {
    throw new StatusBuildError(
      'details.collected',
      'status 212 (Encaissée) must carry the amount and VAT rate collected: give details.collected = [{ amount, vatRate }] (MDT-215, MDT-224; BR-FR-CDV-14)',
    );
  }
  return collected.map((c, i) => {
    for (const key of ['amount', 'vatRate'] as const) {
      const v = c?.[key];
      if (
        v === undefined ||
        v === null ||
        String(v).trim() === '' ||
        !/^-?\d+(\.\d+)?$/.test(String(v).trim())
      ) {
        throw new StatusBuildError(
          `details.collected[${i}].${key}`,
          `status 212 (Encaissée): details.collected[${i}].${key} must be a decimal number (the ${key === 'amount' ? 'amount collected, MDT-215' : 'VAT rate in percent, MDT-224'}); got ${JSON.stringify(v)}`,
        );
      }
    }
    const currency = c.currency ?? invoice.currency;
    return {
      typeCode: 'MEN',
      changed: 'false',
      amount: { value: String(c.amount).trim(), ...(currency ? { currency } : {}) },
      percent: String(c.vatRate).trim(),
    };
  });
}

export function buildStatus(
  invoice: Invoice,
  status: string,
  details: BuildStatusDetails = {},
): StatusMessage {
  if (!(STATUS_CODES as readonly string[]).includes(status)) {
    throw new StatusBuildError(
      'status',
      `status ${JSON.stringify(status)} is not an official status code (${STATUS_CODES.join(', ')})`,
    );
  }
  if (!invoice?.number) {
    throw new StatusBuildError(
      'invoice.number',
      'the invoice number (BT-1, invoice.number) is needed: it is the reference of the status (MDT-87)',
    );
  }
  const transmission = TRANSMISSION_STATUSES.includes(status);
  const by =
    details.by ?? (transmission ? 'platform' : SELLER_STATUSES.includes(status) ? 'seller' : 'buyer');
  const seller = sirenOf(invoice.seller);
  if (!seller && status !== '501') {
    throw new StatusBuildError(
      'invoice.seller.legalRegistrationId',
      "the seller's SIREN (BT-30, invoice.seller.legalRegistrationId, or a SIRET in invoice.seller.siret) is needed: it identifies the invoice's issuer (MDT-129, BR-FR-CDV-13)",
    );
  }
  if (!invoice.issueDate && status !== '501') {
    throw new StatusBuildError(
      'invoice.issueDate',
      'the invoice date (BT-2, invoice.issueDate) is needed (MDT-100, BR-FR-CDV-11)',
    );
  }
  const reason = details.reason;
  if (NEEDS_REASON.includes(status) && !reason?.code) {
    throw new StatusBuildError(
      'details.reason',
      `status ${status} (${statusLabel(status)}) needs a reason: give details.reason = { code } with one of ${(REASONS_BY_STATUS[status] ?? REASON_CODES).join(', ')} (MDT-113, BR-FR-CDV-15)`,
    );
  }
  if (reason?.code) {
    const allowed = REASONS_BY_STATUS[status] ?? REASON_CODES;
    if (!allowed.includes(reason.code)) {
      throw new StatusBuildError(
        'details.reason.code',
        `reason ${JSON.stringify(reason.code)} is not allowed for status ${status}: use one of ${allowed.join(', ')} (BR-FR-CDV-CL-09)`,
      );
    }
  }
  if (details.action && !ACTION_LABELS[details.action.code]) {
    throw new StatusBuildError(
      'details.action.code',
      `action ${JSON.stringify(details.action.code)} is not an official requested action (${Object.keys(ACTION_LABELS).join(', ')})`,
    );
  }
  const characteristics = status === '212' ? collectedCharacteristics(invoice, details.collected) : [];

  let issuer: StatusParty;
  if (by === 'platform') issuer = { role: 'WK' };
  else {
    const id = sirenOf(invoice[by]);
    if (!id) {
      const bt = by === 'seller' ? 'BT-30' : 'BT-47';
      throw new StatusBuildError(
        `invoice.${by}.legalRegistrationId`,
        `the ${by}'s SIREN (${bt}, invoice.${by}.legalRegistrationId or invoice.${by}.siret) is needed: the ${by} sets status ${status} and is its issuer (MDT-38, BR-FR-CDV-07)`,
      );
    }
    issuer = {
      ids: [id],
      ...(invoice[by]?.name ? { name: invoice[by]?.name as string } : {}),
      role: by === 'seller' ? 'SE' : 'BY',
    };
  }
  const recipients =
    details.recipients ??
    (by === 'seller' ? [addressed(invoice, 'buyer', 'BY')] : [addressed(invoice, 'seller', 'SE')]);

  const at = details.at ?? new Date();
  if (!(at instanceof Date) || Number.isNaN(at.getTime()))
    throw new StatusBuildError('details.at', 'details.at must be a valid Date (MDT-8 / MDT-78)');
  const time = stamp(at);
  const detailsOut: StatusDetail[] = [];
  if (reason?.code || details.action || details.note || characteristics.length) {
    const text = reason?.text ?? (reason?.code ? REASON_LABELS[reason.code]?.fr : undefined);
    detailsOut.push({
      ...(reason?.code ? { reasonCode: reason.code } : {}),
      ...(text ? { reason: text } : {}),
      ...(details.action
        ? {
            actionCode: details.action.code,
            action: details.action.text ?? ACTION_LABELS[details.action.code]?.fr,
          }
        : {}),
      sequence: '1',
      ...(details.note ? { notes: [{ content: details.note }] } : {}),
      ...(characteristics.length ? { characteristics } : {}),
    } as StatusDetail);
  }
  const platform = details.platform;
  return {
    businessProcess: details.businessProcess ?? 'REGULATED',
    guideline: 'urn.cpro.gouv.fr:1p0:CDV:invoice',
    id: details.id ?? `${invoice.number}_${status}_${time}`,
    name: `${invoice.number}-CDV-${status}`,
    issueDateTime: { value: time, format: '204' },
    sender: {
      ...(platform?.id ? { ids: [platform.id] } : {}),
      ...(platform?.name ? { name: platform.name } : {}),
      role: 'WK',
    },
    issuer,
    recipients,
    multipleReferences: 'false',
    typeCode: transmission ? '305' : '23',
    statusDateTime: { value: time, format: '204' },
    references: [
      {
        invoiceNumber: invoice.number,
        ...(STATUS_CODE_OF[status] ? { statusCode: STATUS_CODE_OF[status] } : {}),
        typeCode: invoice.typeCode ?? '380',
        ...(invoice.issueDate
          ? { issueDate: { value: invoice.issueDate.replace(/-/g, ''), format: '102' } }
          : {}),
        processCode: status,
        process: statusLabel(status, 'fr'),
        ...(seller ? { issuer: { ids: [seller] } } : {}),
        ...(detailsOut.length ? { details: detailsOut } : {}),
      },
    ],
  };
}
