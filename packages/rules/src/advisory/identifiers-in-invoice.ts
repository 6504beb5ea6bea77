/**
 * Where an invoice carries French identifiers, bank accounts and electronic addresses, with their
 * model paths: one walk the advisory rules share, so each rule only judges values.
 */
import type { Identifier, Invoice, Party } from '@einv/core-model';

export interface Found {
  path: string;
  value: string;
  bt: string;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const schemeIs = (id: Identifier | undefined, scheme: string) =>
  id !== undefined && typeof id === 'object' && id !== null && id.scheme === scheme && isText(id.id);

const PARTIES: {
  key: 'seller' | 'buyer';
  bt: { id: string; legal: string; vat: string; address: string };
}[] = [
  { key: 'seller', bt: { id: 'BT-29', legal: 'BT-30', vat: 'BT-31', address: 'BT-34' } },
  { key: 'buyer', bt: { id: 'BT-46', legal: 'BT-47', vat: 'BT-48', address: 'BT-49' } },
];

function party(invoice: Invoice, key: 'seller' | 'buyer'): Party | undefined {
  const p = invoice[key];
  return typeof p === 'object' && p !== null ? p : undefined;
}

function list<T>(v: readonly T[] | undefined): readonly T[] {
  return Array.isArray(v) ? v : [];
}

/** Every SIREN: legal registration identifiers of scheme 0002 (seller, buyer, payee, line sellers) */
export function sirens(invoice: Invoice): Found[] {
  const out: Found[] = [];
  for (const { key, bt } of PARTIES) {
    const p = party(invoice, key);
    if (schemeIs(p?.legalRegistrationId, '0002'))
      out.push({
        path: `invoice.${key}.legalRegistrationId.id`,
        value: p?.legalRegistrationId?.id ?? '',
        bt: bt.legal,
      });
    list(p?.identifiers).forEach((id, i) => {
      if (schemeIs(id, '0002'))
        out.push({ path: `invoice.${key}.identifiers[${i}].id`, value: id.id, bt: bt.id });
    });
  }
  const payee = invoice.payee;
  if (schemeIs(payee?.legalRegistrationId, '0002'))
    out.push({
      path: 'invoice.payee.legalRegistrationId.id',
      value: payee?.legalRegistrationId?.id ?? '',
      bt: 'BT-61',
    });
  list(invoice.lines).forEach((line, i) => {
    const legal = line?.frenchCtc?.seller?.legalId;
    if (schemeIs(legal, '0002'))
      out.push({
        path: `invoice.lines[${i}].frenchCtc.seller.legalId.id`,
        value: legal?.id ?? '',
        bt: 'EXT-FR-FE-167',
      });
  });
  return out;
}

/** Every SIRET: party SIRETs and identifiers of scheme 0009 (seller, buyer, payee, delivery place) */
export function sirets(invoice: Invoice): Found[] {
  const out: Found[] = [];
  for (const { key, bt } of PARTIES) {
    const p = party(invoice, key);
    if (isText(p?.siret)) out.push({ path: `invoice.${key}.siret`, value: p?.siret ?? '', bt: bt.id });
    list(p?.identifiers).forEach((id, i) => {
      if (schemeIs(id, '0009'))
        out.push({ path: `invoice.${key}.identifiers[${i}].id`, value: id.id, bt: bt.id });
    });
  }
  if (schemeIs(invoice.payee?.identifier, '0009'))
    out.push({
      path: 'invoice.payee.identifier.id',
      value: invoice.payee?.identifier?.id ?? '',
      bt: 'BT-60',
    });
  if (schemeIs(invoice.delivery?.locationId, '0009'))
    out.push({
      path: 'invoice.delivery.locationId.id',
      value: invoice.delivery?.locationId?.id ?? '',
      bt: 'BT-71',
    });
  return out;
}

/** Every VAT identifier, with the SIREN (scheme 0002) of the same party when it has one */
export function vatNumbers(invoice: Invoice): (Found & { partySiren?: string })[] {
  const out: (Found & { partySiren?: string })[] = [];
  for (const { key, bt } of PARTIES) {
    const p = party(invoice, key);
    if (!isText(p?.vatNumber)) continue;
    const legal = p?.legalRegistrationId;
    const found: Found & { partySiren?: string } = {
      path: `invoice.${key}.vatNumber`,
      value: p?.vatNumber ?? '',
      bt: bt.vat,
    };
    if (schemeIs(legal, '0002') && legal) found.partySiren = legal.id.trim();
    out.push(found);
  }
  const rep = invoice.taxRepresentative?.vatNumber;
  if (isText(rep)) out.push({ path: 'invoice.taxRepresentative.vatNumber', value: rep, bt: 'BT-63' });
  list(invoice.lines).forEach((line, i) => {
    const seller = line?.frenchCtc?.seller;
    if (!isText(seller?.vatId)) return;
    const found: Found & { partySiren?: string } = {
      path: `invoice.lines[${i}].frenchCtc.seller.vatId`,
      value: seller?.vatId ?? '',
      bt: 'EXT-FR-FE-168',
    };
    if (schemeIs(seller?.legalId, '0002') && seller?.legalId) found.partySiren = seller.legalId.id.trim();
    out.push(found);
  });
  return out;
}

/** BT-84 payment account identifiers and BT-91 debited account, with the payment means type code */
export function accounts(invoice: Invoice): (Found & { typeCode?: string })[] {
  const means = invoice.paymentMeans;
  if (typeof means !== 'object' || means === null) return [];
  const typeCode = typeof means.typeCode === 'string' ? means.typeCode.trim() : undefined;
  const out: (Found & { typeCode?: string })[] = [];
  list(means.creditTransfers).forEach((t, i) => {
    if (isText(t?.accountId))
      out.push({
        path: `invoice.paymentMeans.creditTransfers[${i}].accountId`,
        value: t.accountId,
        bt: 'BT-84',
        ...(typeCode ? { typeCode } : {}),
      });
  });
  const debited = means.directDebit?.debitedAccountId;
  if (isText(debited))
    out.push({
      path: 'invoice.paymentMeans.directDebit.debitedAccountId',
      value: debited,
      bt: 'BT-91',
      ...(typeCode ? { typeCode } : {}),
    });
  return out;
}

/** BT-86 payment service provider identifiers (BIC) */
export function bics(invoice: Invoice): Found[] {
  const out: Found[] = [];
  list(invoice.paymentMeans?.creditTransfers).forEach((t, i) => {
    if (isText(t?.serviceProviderId))
      out.push({
        path: `invoice.paymentMeans.creditTransfers[${i}].serviceProviderId`,
        value: t.serviceProviderId,
        bt: 'BT-86',
      });
  });
  return out;
}

/** Seller and buyer electronic addresses of scheme 0225 */
export function addresses0225(invoice: Invoice): Found[] {
  const out: Found[] = [];
  for (const { key, bt } of PARTIES) {
    const a = party(invoice, key)?.electronicAddress;
    if (schemeIs(a, '0225') && a)
      out.push({ path: `invoice.${key}.electronicAddress.id`, value: a.id, bt: bt.address });
  }
  return out;
}
