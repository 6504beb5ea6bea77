/**
 * The JSON Schema (draft-07 subset, as ajv compiles it) of the `invoice` of a request: the shape of
 * model.ts, property for property. It checks shape only — types, date/code formats, signs that make
 * no sense — and leaves every business rule (what is required, code lists, sums) to @einv/rules, so
 * an invoice with missing data still reaches the rules and gets their precise findings.
 *
 * Sign and number choices (docs/decisions/0011-schema-numbers-and-signs.md):
 * - every number must be finite (JSON cannot carry NaN or Infinity anyway);
 * - quantities (BT-129) and amounts (BT-92…BT-117, BT-131, BT-136, BT-141) may be negative:
 *   EN 16931 allows negative lines and totals (corrections, returns);
 * - prices (BT-146 net price, BT-148 gross price, BT-147 price discount) must not be negative (BR-27, BR-28);
 * - the price base quantity (BT-149) must be greater than 0: the net price is divided by it;
 * - VAT rates (BT-96, BT-103, BT-119, BT-152) and allowance/charge percentages must not be negative;
 * - unknown properties are rejected: a misspelt field would otherwise be silently ignored.
 *
 * `x-expected` is our own annotation: the human wording of what a value must be, used in messages.
 */

import { OPERATION_CATEGORIES } from './shorthands.js';

export type JsonSchema = { [key: string]: unknown };

const s = (expected: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  'x-expected': expected,
  ...extra,
});
const text = (what: string) => s(`${what} as a string`);
const date = (what: string) => s(`${what} as a date YYYY-MM-DD`, { format: 'calendar-date' });
const amount = (what: string) => ({ type: 'number', 'x-expected': `${what} as a number (amount)` });
const nonNegative = (what: string, why: string) => ({
  type: 'number',
  minimum: 0,
  'x-expected': `${what} as a number not below 0 (${why})`,
});
const country = (what: string) =>
  s(`${what} as an ISO 3166-1 alpha-2 country code of 2 uppercase letters, e.g. FR`, {
    pattern: '^[A-Z]{2}$',
  });
const currency = (what: string) =>
  s(`${what} as an ISO 4217 currency code of 3 uppercase letters, e.g. EUR`, { pattern: '^[A-Z]{3}$' });

function object(what: string, properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  const o: JsonSchema = {
    type: 'object',
    'x-expected': what,
    properties,
    additionalProperties: false,
  };
  if (required.length > 0) o.required = required;
  return o;
}

const arrayOf = (what: string, items: JsonSchema): JsonSchema => ({
  type: 'array',
  'x-expected': what,
  items,
});
const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });
const enumOf = (what: string, values: readonly string[]): JsonSchema => ({
  type: 'string',
  enum: values,
  'x-expected': `${what}: one of ${values.join(', ')}`,
});

const definitions: Record<string, JsonSchema> = {
  // Shorthand, not a business term (shorthands.ts): complete() expands it
  vatExemption: object(
    'a VAT exemption object { code, reason? } with a VATEX code, e.g. { "code": "VATEX-FR-FRANCHISE" }',
    {
      code: s('a VATEX code such as VATEX-FR-FRANCHISE or VATEX-EU-G', { pattern: '^VATEX-[A-Z0-9-]+$' }),
      reason: text('the exemption mention to print'),
    },
    ['code'],
  ),
  identifier: object(
    'an identifier object { id, scheme? }',
    { id: text('the identifier'), scheme: text('the identifier scheme') },
    ['id'],
  ),
  address: object('an address object', {
    street: text('address line 1'),
    additionalStreet: text('address line 2'),
    addressLine3: text('address line 3'),
    city: text('the city'),
    postalCode: text('the post code'),
    countrySubdivision: text('the country subdivision'),
    country: country('the country'),
  }),
  contact: object('a contact object', {
    name: text('the contact point'),
    phone: text('the telephone number'),
    email: text('the email address'),
    // Not EN 16931: the department beside a person (CII EXTENDED; decision 0126)
    department: text('the contact department'),
  }),
  party: object('a party object', {
    name: text('the name'),
    tradingName: text('the trading name'),
    siret: text('the SIRET'),
    identifiers: arrayOf('an array of identifiers', ref('identifier')),
    legalRegistrationId: ref('identifier'),
    vatNumber: text('the VAT identifier'),
    taxRegistrationId: text('the tax registration identifier'),
    legalInformation: text('the additional legal information'),
    electronicAddress: ref('identifier'),
    address: ref('address'),
    contact: ref('contact'),
  }),
  period: object('a period object { startDate?, endDate? }', {
    startDate: date('the start date'),
    endDate: date('the end date'),
  }),
  allowanceCharge: object('an allowance or charge object', {
    amount: amount('the amount'),
    baseAmount: amount('the base amount'),
    percentage: nonNegative('the percentage', 'a percentage of the base amount'),
    vatCategory: text('the VAT category code'),
    vatRate: nonNegative('the VAT rate', 'VAT rates are not negative'),
    // Not a business term: a tax scheme other than VAT read from XML (set by readers, see model.ts)
    taxScheme: text('the tax scheme of the category when it is not VAT'),
    reason: text('the reason'),
    reasonCode: text('the reason code'),
  }),
  line: object('an invoice line object', {
    id: text('the line identifier'),
    note: text('the line note'),
    // Not EN 16931: the line note's subject code (CII EXTENDED; decision 0126)
    noteSubjectCode: text('the line note subject code'),
    objectIdentifier: ref('identifier'),
    quantity: amount('the invoiced quantity'),
    unitCode: text('the unit of measure code'),
    netAmount: amount('the line net amount'),
    orderLineReference: text('the purchase order line reference'),
    accountingReference: text('the buyer accounting reference'),
    period: ref('period'),
    allowances: arrayOf('an array of line allowances', ref('allowanceCharge')),
    charges: arrayOf('an array of line charges', ref('allowanceCharge')),
    unitPrice: nonNegative('the item net price', 'BR-27: the net price shall not be negative'),
    priceDiscount: nonNegative('the item price discount', 'a discount subtracted from the gross price'),
    grossPrice: nonNegative('the item gross price', 'BR-28: the gross price shall not be negative'),
    baseQuantity: {
      type: 'number',
      exclusiveMinimum: 0,
      'x-expected': 'the price base quantity as a number greater than 0 (the price is divided by it)',
    },
    baseQuantityUnitCode: text('the base quantity unit code'),
    vatCategory: text('the VAT category code'),
    vatRate: nonNegative('the VAT rate', 'VAT rates are not negative'),
    vatExemptionReason: text('the VAT exemption reason'),
    vatExemptionReasonCode: text('the VAT exemption reason code'),
    vatExemption: ref('vatExemption'),
    // Not a business term: a tax scheme other than VAT read from XML (set by readers, see model.ts)
    taxScheme: text('the tax scheme of the category when it is not VAT'),
    description: text('the item name'),
    itemDescription: text('the item description'),
    sellerItemId: text("the item seller's identifier"),
    buyerItemId: text("the item buyer's identifier"),
    standardItemId: ref('identifier'),
    classifications: arrayOf(
      'an array of item classifications',
      object(
        'a classification object { id, scheme?, version? }',
        {
          id: text('the classification identifier'),
          scheme: text('the scheme'),
          version: text('the scheme version'),
        },
        ['id'],
      ),
    ),
    originCountry: country('the item country of origin'),
    attributes: arrayOf(
      'an array of item attributes',
      object(
        'an item attribute object { name, value }',
        { name: text('the attribute name'), value: text('the attribute value') },
        ['name', 'value'],
      ),
    ),
    // Not EN 16931: the EXTENDED-CTC-FR line data of multi-vendor / bidirectional invoices (model.ts)
    frenchCtc: object('a French CTC line extension object', {
      parentLineId: text('the parent line identifier (EXT-FR-FE-162)'),
      subType: text('the line sub-type GROUP, DETAIL or INFORMATION (EXT-FR-FE-163)'),
      seller: object('a line seller object', {
        name: text('the line seller name (EXT-FR-FE-164)'),
        globalId: ref('identifier'),
        legalId: ref('identifier'),
        vatId: text('the line seller VAT identifier (EXT-FR-FE-168)'),
        country: country('the line seller country (EXT-FR-FE-177)'),
      }),
      vatTotal: amount('the line VAT total (EXT-FR-FE-181)'),
      vatTotalInTaxCurrency: amount('the line VAT total in accounting currency (EXT-FR-FE-182)'),
      totalWithVat: amount('the line total with VAT (EXT-FR-FE-184)'),
      taxPointDateCode: text('the line VAT point date code (EXT-FR-FE-180)'),
      precedingInvoice: object('a line preceding invoice object', {
        number: text('the preceding invoice number (EXT-FR-FE-136)'),
        issueDate: date('the preceding invoice date (EXT-FR-FE-138)'),
      }),
      subInvoiceNumber: text('the sub-invoice number (BT-128 scheme AFL)'),
      subInvoiceFramework: text('the sub-invoice billing framework (BT-128 scheme AVV)'),
    }),
  }),
};

/** JSON Schema of the `invoice` object of a request. */
export const INVOICE_SCHEMA: JsonSchema = {
  $id: 'https://einv.dev/schemas/invoice.json',
  definitions,
  ...object('an invoice object', {
    number: text('the invoice number'),
    issueDate: date('the issue date'),
    typeCode: text('the invoice type code'),
    currency: currency('the invoice currency'),
    taxCurrency: currency('the VAT accounting currency'),
    taxPointDate: date('the VAT point date'),
    taxPointDateCode: text('the VAT point date code'),
    dueDate: date('the payment due date'),
    buyerReference: text('the buyer reference'),
    projectReference: text('the project reference'),
    contractReference: text('the contract reference'),
    purchaseOrderReference: text('the purchase order reference'),
    salesOrderReference: text('the sales order reference'),
    receivingAdviceReference: text('the receiving advice reference'),
    despatchAdviceReference: text('the despatch advice reference'),
    tenderOrLotReference: text('the tender or lot reference'),
    invoicedObjectIdentifier: ref('identifier'),
    buyerAccountingReference: text('the buyer accounting reference'),
    paymentTerms: text('the payment terms'),
    // Not EN 16931: several payment terms of a CII EXTENDED invoice (model.ts, decision 0089)
    paymentSchedule: arrayOf(
      'an array of payment terms',
      object('a payment terms object { description?, dueDate?, amount? }', {
        description: text('the payment terms text'),
        dueDate: date('the due date'),
        amount: amount('the amount due at that date'),
      }),
    ),
    notes: arrayOf(
      'an array of notes',
      object(
        'a note object { subjectCode?, text }',
        { subjectCode: text('the note subject code'), text: text('the note') },
        ['text'],
      ),
    ),
    businessProcessType: text('the business process type'),
    operationCategory: enumOf('the operation category', OPERATION_CATEGORIES),
    vatExemption: ref('vatExemption'),
    specificationIdentifier: text('the specification identifier'),
    precedingInvoices: arrayOf(
      'an array of preceding invoice references',
      object(
        'a preceding invoice object { number, issueDate? }',
        { number: text('the preceding invoice number'), issueDate: date('the preceding invoice issue date') },
        ['number'],
      ),
    ),
    seller: ref('party'),
    buyer: ref('party'),
    payee: object('a payee object', {
      name: text('the payee name'),
      identifier: ref('identifier'),
      legalRegistrationId: ref('identifier'),
    }),
    taxRepresentative: object('a tax representative object', {
      name: text('the tax representative name'),
      vatNumber: text('the tax representative VAT identifier'),
      address: ref('address'),
    }),
    delivery: object('a delivery object', {
      partyName: text('the deliver-to party name'),
      locationId: ref('identifier'),
      date: date('the actual delivery date'),
      address: ref('address'),
    }),
    invoicingPeriod: ref('period'),
    paymentMeans: object('a payment instructions object', {
      typeCode: text('the payment means type code'),
      text: text('the payment means text'),
      remittanceInformation: text('the remittance information'),
      creditTransfers: arrayOf(
        'an array of credit transfers',
        object('a credit transfer object', {
          accountId: text('the payment account identifier'),
          // Not EN 16931: a proprietary id beside the IBAN (CII EXTENDED; decision 0126)
          proprietaryId: text('the proprietary account identifier given beside the IBAN'),
          accountName: text('the payment account name'),
          serviceProviderId: text('the payment service provider identifier'),
        }),
      ),
      card: object('a payment card object', {
        accountNumber: text('the card primary account number'),
        holderName: text('the card holder name'),
      }),
      directDebit: object('a direct debit object', {
        mandateReference: text('the mandate reference'),
        creditorId: text('the bank assigned creditor identifier'),
        debitedAccountId: text('the debited account identifier'),
      }),
    }),
    allowances: arrayOf('an array of document allowances', ref('allowanceCharge')),
    charges: arrayOf('an array of document charges', ref('allowanceCharge')),
    totals: object('a totals object', {
      lineNetTotal: amount('the sum of line net amounts'),
      allowanceTotal: amount('the sum of allowances'),
      chargeTotal: amount('the sum of charges'),
      taxExclusiveAmount: amount('the total without VAT'),
      vatTotal: amount('the total VAT amount'),
      vatTotalInTaxCurrency: amount('the total VAT amount in accounting currency'),
      // Not a business term: how many BT-110 values an XML source carried (set by readers, see model.ts)
      vatTotalCount: {
        type: 'integer',
        minimum: 1,
        'x-expected': 'the number of VAT totals in the source as a whole number of at least 1',
      },
      taxInclusiveAmount: amount('the total with VAT'),
      prepaidAmount: amount('the paid amount'),
      roundingAmount: amount('the rounding amount'),
      amountDue: amount('the amount due for payment'),
    }),
    vatBreakdown: arrayOf(
      'an array of VAT breakdown entries',
      object('a VAT breakdown object', {
        taxableAmount: amount('the VAT category taxable amount'),
        taxAmount: amount('the VAT category tax amount'),
        category: text('the VAT category code'),
        rate: nonNegative('the VAT category rate', 'VAT rates are not negative'),
        exemptionReason: text('the VAT exemption reason'),
        exemptionReasonCode: text('the VAT exemption reason code'),
        // Not a business term: a tax scheme other than VAT read from XML (set by readers, see model.ts)
        taxScheme: text('the tax scheme of the category when it is not VAT'),
      }),
    ),
    attachments: arrayOf(
      'an array of supporting documents',
      object('a supporting document object', {
        id: text('the supporting document reference'),
        description: text('the supporting document description'),
        externalUri: text('the external document location'),
        content: text('the attached document (base64)'),
        mimeCode: text('the attached document MIME code'),
        filename: text('the attached document filename'),
      }),
    ),
    lines: arrayOf('an array of invoice lines', ref('line')),
  }),
};
