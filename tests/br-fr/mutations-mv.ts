/**
 * Mutations of the multi-vendor / sub-line Annexe B invoices (UC10, UC11, UC12) aimed at the
 * BR-FR-MV / BR-FR-BD rules on the EXTENDED-CTC-FR line structure, in CII and UBL. Each edits one
 * line block (the first GROUP line without parent, or the first DETAIL line); on the other
 * examples the pattern is absent and the mutation does not apply.
 */
import { chain, type Mutation, sub } from './mutation-kit.js';

type Edit = (block: string) => string | undefined;

/** Applies `edit` to the `skip`-th block (0 = first) of `blocks` that `select` accepts */
function editBlock(blocks: RegExp, select: (block: string) => boolean, edit: Edit, skip = 0) {
  return (xml: string): string | undefined => {
    let seen = 0;
    for (const m of xml.matchAll(blocks)) {
      if (!select(m[0])) continue;
      if (seen++ < skip) continue;
      const changed = edit(m[0]);
      if (changed === undefined || changed === m[0]) return undefined;
      const at = m.index ?? 0;
      return xml.slice(0, at) + changed + xml.slice(at + m[0].length);
    }
    return undefined;
  };
}

// ---------------------------------------------------------------- CII
const CII_LINE = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g;
const ciiTopGroup = (b: string) =>
  /<ram:LineStatusReasonCode>GROUP</.test(b) && !/<ram:ParentLineID>/.test(b);
const ciiDetail = (b: string) => /<ram:LineStatusReasonCode>DETAIL</.test(b);
const ciiAfl =
  /(<ram:IssuerAssignedID>)([^<]*)(<\/ram:IssuerAssignedID>\s*<ram:TypeCode>130<\/ram:TypeCode>\s*<ram:ReferenceTypeCode>AFL<)/;
const ciiType = (v: string) => (x: string) =>
  sub(x, /(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)[^<]*(<\/ram:TypeCode>)/, `$1${v}$2`);
const ciiBt23 = (v: string) => (x: string) =>
  sub(x, /(<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/, `$1${v}`);

/** The second top-level GROUP line takes the AFL number of the first */
const ciiDuplicateAfl = (x: string): string | undefined => {
  const first = [...x.matchAll(CII_LINE)].find((m) => ciiTopGroup(m[0]));
  const afl = first ? ciiAfl.exec(first[0])?.[2] : undefined;
  if (afl === undefined) return undefined;
  return editBlock(CII_LINE, ciiTopGroup, (b) => sub(b, ciiAfl, `$1${afl}$3`), 1)(x);
};

const CII_MV: Omit<Mutation, 'syntax'>[] = [
  {
    name: 'mv-detail-subtype-empty',
    targets: ['BR-FR-MV-01'],
    apply: editBlock(CII_LINE, ciiDetail, (b) =>
      sub(b, /<ram:LineStatusReasonCode>DETAIL</, '<ram:LineStatusReasonCode><'),
    ),
  },
  {
    name: 'mv-no-top-group',
    targets: ['BR-FR-MV-02'],
    apply: (x) =>
      /<ram:LineStatusReasonCode>GROUP</.test(x)
        ? x.replace(/<ram:LineStatusReasonCode>GROUP</g, '<ram:LineStatusReasonCode>INFORMATION<')
        : undefined,
  },
  {
    name: 'mv-group-seller-name-dropped',
    targets: ['BR-FR-MV-03'],
    apply: editBlock(CII_LINE, ciiTopGroup, (b) =>
      sub(b, /(<ram:ItemSellerTradeParty>[\s\S]*?)<ram:Name>[^<]*<\/ram:Name>/, '$1'),
    ),
  },
  {
    name: 'mv-group-net-changed',
    targets: ['BR-FR-MV-05'],
    apply: editBlock(CII_LINE, ciiTopGroup, (b) => sub(b, /(<ram:LineTotalAmount>)[^<]*/, '$11.00')),
  },
  {
    name: 'mv-detail-seller-changed',
    targets: ['BR-FR-MV-06'],
    apply: editBlock(CII_LINE, ciiDetail, (b) =>
      sub(b, /(<ram:ItemSellerTradeParty>[\s\S]*?<ram:ID[^>]*>)[^<]*/, '$1999999999'),
    ),
  },
  {
    name: 'mv-detail-afl-changed',
    targets: ['BR-FR-MV-07', 'BR-FR-MV-08'],
    apply: editBlock(CII_LINE, ciiDetail, (b) => sub(b, ciiAfl, '$1OTHER$3')),
  },
  {
    name: 'mv-detail-reason-untagged',
    targets: ['BR-FR-MV-08'],
    apply: editBlock(CII_LINE, ciiDetail, (b) => sub(b, /(<ram:ExemptionReason>)[^<]*/, '$1Exonération')),
  },
  {
    name: 'mv-group-vat-changed',
    targets: ['BR-FR-MV-09'],
    apply: editBlock(CII_LINE, ciiTopGroup, (b) => sub(b, /(<ram:TaxTotalAmount[^>]*>)[^<]*/, '$11.00')),
  },
  {
    name: 'mv-group-grand-total-changed',
    targets: ['BR-FR-MV-10'],
    apply: editBlock(CII_LINE, ciiTopGroup, (b) => sub(b, /(<ram:GrandTotalAmount[^>]*>)[^<]*/, '$11.00')),
  },
  {
    name: 'mv-main-seller-afl-changed',
    targets: ['BR-FR-MV-11'],
    apply: editBlock(CII_LINE, ciiTopGroup, (b) => sub(b, ciiAfl, '$1SUB-X$3')),
  },
  { name: 'mv-duplicate-group-afl', targets: ['BR-FR-MV-12'], apply: ciiDuplicateAfl },
  {
    name: 'mv-credit-note-381',
    targets: ['BR-FR-MV-14'],
    apply: (x) => (/<ram:LineStatusReasonCode>GROUP</.test(x) ? ciiType('381')(x) : undefined),
  },
  {
    name: 'bd-self-billed-credit-note-261',
    targets: ['BR-FR-BD-14', 'BR-FR-BD-02'],
    apply: (x) =>
      /<ram:LineStatusReasonCode>GROUP</.test(x) ? chain(ciiBt23('S9'), ciiType('261'))(x) : undefined,
  },
];

// ---------------------------------------------------------------- UBL
const UBL_LINE = /<cac:(Invoice|CreditNote)Line>[\s\S]*?<\/cac:\1Line>/g;
const ublTopGroup = (b: string) =>
  /<cbc:DocumentStatusCode>GROUP</.test(b) && !/<cac:BillingReferenceLine>/.test(b);
const ublDetail = (b: string) => /<cbc:DocumentStatusCode>DETAIL</.test(b);
const ublAfl = /(<cbc:ID schemeID="AFL">)([^<]*)/;
const ublType = (v: string) => (x: string) => sub(x, /(<cbc:(?:Invoice|CreditNote)TypeCode>)[^<]*/, `$1${v}`);
const ublBt23 = (v: string) => (x: string) => sub(x, /(<cbc:ProfileID>)[^<]*/, `$1${v}`);

const ublDuplicateAfl = (x: string): string | undefined => {
  const first = [...x.matchAll(UBL_LINE)].find((m) => ublTopGroup(m[0]));
  const afl = first ? ublAfl.exec(first[0])?.[2] : undefined;
  if (afl === undefined) return undefined;
  return editBlock(UBL_LINE, ublTopGroup, (b) => sub(b, ublAfl, `$1${afl}`), 1)(x);
};

const UBL_MV: Omit<Mutation, 'syntax'>[] = [
  {
    name: 'mv-detail-subtype-empty',
    targets: ['BR-FR-MV-01'],
    apply: editBlock(UBL_LINE, ublDetail, (b) =>
      sub(b, /<cbc:DocumentStatusCode>DETAIL</, '<cbc:DocumentStatusCode><'),
    ),
  },
  {
    name: 'mv-no-top-group',
    targets: ['BR-FR-MV-02'],
    apply: (x) =>
      /<cbc:DocumentStatusCode>GROUP</.test(x)
        ? x.replace(/<cbc:DocumentStatusCode>GROUP</g, '<cbc:DocumentStatusCode>INFORMATION<')
        : undefined,
  },
  {
    name: 'mv-group-seller-name-dropped',
    targets: ['BR-FR-MV-03'],
    apply: editBlock(UBL_LINE, ublTopGroup, (b) =>
      sub(b, /<cbc:RegistrationName>[^<]*<\/cbc:RegistrationName>/, ''),
    ),
  },
  {
    name: 'mv-group-net-changed',
    targets: ['BR-FR-MV-05'],
    apply: editBlock(UBL_LINE, ublTopGroup, (b) => sub(b, /(<cbc:LineExtensionAmount[^>]*>)[^<]*/, '$11.00')),
  },
  {
    name: 'mv-detail-seller-changed',
    targets: ['BR-FR-MV-06'],
    apply: editBlock(UBL_LINE, ublDetail, (b) =>
      sub(b, /(<cac:PartyLegalEntity>[\s\S]*?<cbc:CompanyID[^>]*>)[^<]*/, '$1999999999'),
    ),
  },
  {
    name: 'mv-detail-afl-changed',
    targets: ['BR-FR-MV-07', 'BR-FR-MV-08'],
    apply: editBlock(UBL_LINE, ublDetail, (b) => sub(b, ublAfl, '$1OTHER')),
  },
  {
    name: 'mv-detail-reason-untagged',
    targets: ['BR-FR-MV-08'],
    apply: editBlock(UBL_LINE, ublDetail, (b) => sub(b, /(<cbc:TaxExemptionReason>)[^<]*/, '$1Exonération')),
  },
  {
    name: 'mv-group-vat-changed',
    targets: ['BR-FR-MV-09'],
    apply: editBlock(UBL_LINE, ublTopGroup, (b) =>
      sub(b, /(<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>)[^<]*/, '$11.00'),
    ),
  },
  {
    name: 'mv-main-seller-afl-changed',
    targets: ['BR-FR-MV-11'],
    apply: editBlock(UBL_LINE, ublTopGroup, (b) => sub(b, ublAfl, '$1SUB-X')),
  },
  { name: 'mv-duplicate-group-afl', targets: ['BR-FR-MV-12'], apply: ublDuplicateAfl },
  // an Invoice root: BR-FR-CO-05 (credit notes) reads cn:CreditNote only in UBL, so no credit-note type here
  {
    name: 'mv-corrective-384',
    targets: ['BR-FR-MV-14'],
    root: 'Invoice',
    apply: (x) => (/<cbc:DocumentStatusCode>GROUP</.test(x) ? ublType('384')(x) : undefined),
  },
  {
    name: 'bd-self-billed-corrective-471',
    targets: ['BR-FR-BD-14', 'BR-FR-BD-02'],
    root: 'Invoice',
    apply: (x) =>
      /<cbc:DocumentStatusCode>GROUP</.test(x) ? chain(ublBt23('S9'), ublType('471'))(x) : undefined,
  },
];

export const MULTI_VENDOR_MUTATIONS: Mutation[] = [
  ...CII_MV.map((m): Mutation => ({ ...m, syntax: 'CII' })),
  ...UBL_MV.map((m): Mutation => ({ ...m, syntax: 'UBL' })),
];
