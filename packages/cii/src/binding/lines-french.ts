/**
 * EXTENDED-CTC-FR line data (Line.frenchCtc): the line structure of French multi-vendor /
 * bidirectional / sub-line invoices (XP Z12-012 v1.4). These are not EN 16931 terms: the bindings
 * carry the EXT-FR-FE ids of the French specification, and the Factur-X EXTENDED XSD is the only
 * profile that allows them (the writer drops them with a warning in the other profiles).
 */
import { taxPointDateCodeFor } from '@einv/core-model';
import { type Binding, field, group } from './types.js';

const DOC = 'ram:AssociatedDocumentLineDocument';
const SELLER = 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty';
const SETTLEMENT = 'ram:SpecifiedLineTradeSettlement';
const SUMMATION = `${SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation`;

/** A line sub-invoice reference (BT-128 with scheme AFL or AVV, type 130) */
const subInvoiceReference = (scheme: 'AFL' | 'AVV', key: string): Binding =>
  group(
    '',
    'frenchCtc',
    `${SETTLEMENT}/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='${scheme}']`,
    [field('BT-128', key, 'ram:IssuerAssignedID', 'text', { note: `scheme ${scheme} (type 130)` })],
    { constants: [{ path: 'ram:TypeCode', value: '130' }] },
  );

/** EXT-FR-FE-180, inside the line ram:ApplicableTradeTax (BG-30 group); a UBL code is written as its CII code */
export const frenchLineTaxPointDateCode: Binding = field(
  'EXT-FR-FE-180',
  'frenchCtc.taxPointDateCode',
  'ram:DueDateTypeCode',
  'text',
  {
    note: 'the line VAT point date code of a sub-invoice line',
    writeText: (code) => taxPointDateCodeFor('CII', code),
  },
);

/** Entries of the BG-25 line group (relative to ram:IncludedSupplyChainTradeLineItem) */
export const frenchLineEntries: Binding[] = [
  field('EXT-FR-FE-162', 'frenchCtc.parentLineId', `${DOC}/ram:ParentLineID`),
  field('EXT-FR-FE-163', 'frenchCtc.subType', `${DOC}/ram:LineStatusReasonCode`),
  // one group per container: a line without line seller or preceding invoice (most lines) costs one
  // lookup instead of one per field (key '' reads the fields into the line itself)
  group('', '', SELLER, [
    field('EXT-FR-FE-166', 'frenchCtc.seller.globalId.id', 'ram:GlobalID'),
    field('EXT-FR-FE-166-1', 'frenchCtc.seller.globalId.scheme', 'ram:GlobalID/@schemeID'),
    field('EXT-FR-FE-164', 'frenchCtc.seller.name', 'ram:Name'),
    field('EXT-FR-FE-167', 'frenchCtc.seller.legalId.id', 'ram:SpecifiedLegalOrganization/ram:ID'),
    field(
      'EXT-FR-FE-167-1',
      'frenchCtc.seller.legalId.scheme',
      'ram:SpecifiedLegalOrganization/ram:ID/@schemeID',
    ),
    field('EXT-FR-FE-177', 'frenchCtc.seller.country', 'ram:PostalTradeAddress/ram:CountryID'),
    field(
      'EXT-FR-FE-168',
      'frenchCtc.seller.vatId',
      "ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']/ram:ID",
    ),
  ]),
  field(
    'EXT-FR-FE-181',
    'frenchCtc.vatTotal',
    `${SUMMATION}/ram:TaxTotalAmount[@currencyID=$currency]`,
    'amount',
    {
      writeAttrs: { currencyID: '$currency' },
      note: 'the line TaxTotalAmount in the invoice currency (BT-5)',
    },
  ),
  field(
    'EXT-FR-FE-182',
    'frenchCtc.vatTotalInTaxCurrency',
    `${SUMMATION}/ram:TaxTotalAmount[@currencyID=$taxCurrency]`,
    'amount',
  ),
  field('EXT-FR-FE-184', 'frenchCtc.totalWithVat', `${SUMMATION}/ram:GrandTotalAmount`, 'amount'),
  group('', '', `${SETTLEMENT}/ram:InvoiceReferencedDocument`, [
    field('EXT-FR-FE-136', 'frenchCtc.precedingInvoice.number', 'ram:IssuerAssignedID'),
    field(
      'EXT-FR-FE-138',
      'frenchCtc.precedingInvoice.issueDate',
      'ram:FormattedIssueDateTime/qdt:DateTimeString',
      'date',
    ),
  ]),
  // AVV before AFL, as the official examples write them
  subInvoiceReference('AVV', 'subInvoiceFramework'),
  subInvoiceReference('AFL', 'subInvoiceNumber'),
];

/**
 * Line VAT exemption reason (EXT-FR-FE-178), inside the line's ram:ApplicableTradeTax. The French
 * multi-vendor rules read it (#AFL# prefix of DETAIL lines); complete() also carries it to BT-120.
 */
export const frenchLineExemptionReason: Binding = field(
  'EXT-FR-FE-178',
  'vatExemptionReason',
  'ram:ExemptionReason',
  'text',
);

/** Is this line object reference one the French extension already holds (not to be written twice)? */
export function isFrenchSubInvoiceReference(line: Record<string, unknown>): boolean {
  const ref = line.objectIdentifier as { id?: unknown; scheme?: unknown } | undefined;
  const fr = line.frenchCtc as { subInvoiceNumber?: unknown; subInvoiceFramework?: unknown } | undefined;
  if (!ref || !fr) return false;
  return (
    (ref.scheme === 'AFL' && fr.subInvoiceNumber === ref.id) ||
    (ref.scheme === 'AVV' && fr.subInvoiceFramework === ref.id)
  );
}
