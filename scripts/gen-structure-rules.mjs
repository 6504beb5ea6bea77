// Compiles the EN 16931 (CEN/TC434 1.3.16) syntax rules, CII-SR/CII-DT and UBL-SR/UBL-CR/UBL-DT,
// into rule tables for packages/{cii,ubl}/src/check/generated/syntax-rules.ts. Dev-time only.
//   node scripts/gen-structure-rules.mjs [path/to/shared]
// What is kept from the artefacts: each rule's id, flag, context and test (the XPath that *is* the
// rule, evaluated by @einv/xml-check (xpath.ts)), and the order of the rules of the syntax pattern
// (schematron fires only the first rule whose context matches a node). Messages are our own:
// generated from the shape of the test for the ~1,280 "X must not be present" / "X at most once"
// rules, written by hand below for the others (docs/decisions/0041-syntax-rules.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { writeModule } from './gen-structure-xsd.mjs';
import { absolutize } from './lib/schematron-contexts.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(process.argv[2] ?? path.join(repo, '../shared'));
const SCH = 'http://purl.oclc.org/dsdl/schematron';

/** Our wording for the rules whose test is more than "absent" or "at most once" */
const MESSAGES = {
  'CII-SR-046': 'the global identifier (ram:GlobalID) of the item needs its scheme identifier (@schemeID)',
  'CII-SR-090': 'the country of origin (ram:OriginTradeCountry) may hold at most one ram:ID',
  'CII-SR-119':
    'the gross price may only carry a price discount: an ram:AppliedTradeAllowanceCharge with ram:ChargeIndicator false and an ram:ActualAmount, or neither',
  'CII-SR-463': 'each allowance or charge (BG-20/BG-21) must have a charge indicator (ram:ChargeIndicator)',
  'CII-SR-474':
    'an invoice line may reference at most one invoiced object (ram:AdditionalReferencedDocument with TypeCode 130)',
  'CII-SR-450': 'the buyer may have either an ram:ID or an ram:GlobalID, not both',
  'CII-SR-455': 'the seller may have at most one contact (ram:DefinedTradeContact)',
  'CII-SR-456': 'the buyer may have at most one contact (ram:DefinedTradeContact)',
  'CII-SR-457':
    'at most one tender or lot reference (ram:AdditionalReferencedDocument with TypeCode 50) is allowed',
  'CII-SR-458':
    'at most one invoiced object identifier (ram:AdditionalReferencedDocument with TypeCode 130) is allowed',
  'CII-SR-465':
    'the seller contact point (BT-41) must be given once: either ram:PersonName or ram:DepartmentName, not both',
  'CII-SR-466':
    'the buyer contact point (BT-56) must be given once: either ram:PersonName or ram:DepartmentName, not both',
  'CII-SR-475': 'an attached document (TypeCode 916) may have at most one description (ram:Name, BT-123)',
  'CII-SR-476':
    'an attached document (TypeCode 916) may have at most one attachment (ram:AttachmentBinaryObject, BT-125)',
  'CII-SR-449': 'the deliver-to location may have either an ram:ID or an ram:GlobalID, not both',
  'CII-SR-451': 'the payee may have either an ram:ID or an ram:GlobalID, not both',
  'CII-SR-462': 'all VAT point date codes (ram:DueDateTypeCode) must have the same value',
  'CII-SR-470':
    'a credit transfer (payment means 30 or 58) needs a payment account: ram:IBANID or ram:ProprietaryID (BT-84)',
  'CII-SR-467': 'all payment means type codes (BT-81) must have the same value',
  'CII-SR-468': 'all payment means texts (BT-82) must have the same value',
  'CII-DT-015':
    'ram:URIID is only used on an attached document (ram:AdditionalReferencedDocument with TypeCode 916)',
  'CII-DT-018':
    'ram:TypeCode is only used on an ram:AdditionalReferencedDocument, with the value 50, 130 or 916',
  'CII-DT-021':
    'ram:Name is only used on an attached document (ram:AdditionalReferencedDocument with TypeCode 916)',
  'CII-DT-022':
    'ram:AttachmentBinaryObject is only used on an attached document (ram:AdditionalReferencedDocument with TypeCode 916)',
  'CII-DT-024':
    'ram:ReferenceTypeCode is only used on an invoiced object reference (ram:AdditionalReferencedDocument with TypeCode 130)',
  'CII-DT-027':
    'ram:FormattedIssueDateTime is only used on a preceding invoice reference (ram:InvoiceReferencedDocument)',
  'CII-DT-033':
    'the @unitCode attribute is only used on the invoiced quantity of a line (ram:BilledQuantity)',
  'CII-DT-037': 'the tax type code (ram:TypeCode) must be VAT',
  'CII-DT-041':
    'ram:BasisAmount is only used in the document-level settlement (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-052': 'ram:ExemptionReasonCode is only used in a VAT breakdown (ram:ApplicableTradeTax)',
  'CII-DT-098': 'ram:ExemptionReason is only used in a VAT breakdown (ram:ApplicableTradeTax)',
  'CII-DT-054':
    'ram:TaxPointDate is only used in the document-level settlement (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-058':
    'ram:DueDateTypeCode is only used in the document-level settlement (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-097': 'a date with format 102 must be written YYYYMMDD (a real month and day, e.g. 20240131)',
  'UBL-SR-51': 'an address may have at most one third address line (cac:AddressLine)',
  'UBL-SR-42': 'the seller may have at most two tax schemes (cac:PartyTaxScheme)',
  'UBL-SR-43':
    'the scheme identifier (@schemeID) of an additional document reference is only used for an invoiced object (DocumentTypeCode 130, or 50 in a credit note)',
  'UBL-DT-01': 'amounts may have at most two decimals',
  'UBL-DT-06': 'a binary object must have the @mimeCode attribute',
  'UBL-DT-07': 'a binary object must have the @filename attribute',
  'UBL-SR-53':
    'when a tax scheme identifier (cac:TaxScheme/cbc:ID) is given, the tax identifier (cbc:CompanyID) must be given too',
  'UBL-CR-002': 'cbc:UBLVersionID should be absent or 2.1',
  'UBL-CR-412': 'cbc:PaymentDueDate in cac:PaymentMeans is not used in an invoice (only in a credit note)',
  'UBL-CR-420': 'the card security code (cac:CardAccount/cbc:CV2ID) must never be sent',
  'UBL-CR-665': 'an additional document reference ID has a @schemeID only when its DocumentTypeCode is 130',
  'UBL-CR-666':
    'an invoiced object reference (DocumentTypeCode 130) must not carry an attachment (cac:Attachment)',
  'UBL-CR-673':
    'an invoiced object reference (DocumentTypeCode 130) must not carry a description (cbc:DocumentDescription)',
  'UBL-DT-18': 'the @name attribute is only used on cbc:PaymentMeansCode',
  'UBL-SR-04': 'at most one invoiced object identifier (DocumentTypeCode 130) is allowed',
  'UBL-SR-12': 'the seller may have at most one VAT identifier',
  'UBL-SR-13': 'the seller may have at most one tax registration identifier',
  'UBL-SR-18': 'the buyer may have at most one VAT identifier',
  'UBL-SR-29': 'at most one bank assigned creditor identifier (scheme SEPA) is allowed',
  'UBL-SR-44': 'all payment identifiers (cbc:PaymentID) must have the same value',
  'UBL-SR-46': 'the payment means text (@name of cbc:PaymentMeansCode) may occur at most once',
  'UBL-SR-47': 'all payment means codes must have the same value',
  'UBL-SR-19': 'the payee, when different from the seller, may have at most one name',
  'UBL-SR-20': 'the payee, when different from the seller, may have at most one identifier',
  'UBL-SR-21':
    'the payee, when different from the seller, may have at most one legal registration identifier',
  'UBL-SR-07':
    'a preceding invoice reference must give the preceding invoice number (cac:InvoiceDocumentReference/cbc:ID)',
};

/** A message for "not(X)" and "count(X) <= 1" / "= 1" tests, from the shape of the test */
function generatedMessage(flag, test) {
  const t = test.trim();
  let m = /^not\s*\(\s*([^()]*|\([^()]*\)[^()]*)\)$/.exec(t);
  if (m) {
    const what = describe(m[1]);
    return flag === 'warning'
      ? `${what} is not part of EN 16931 and should not be used`
      : `${what} must not be present`;
  }
  m = /^\(?\s*count\(([^()]*)\)\s*(<=|=)\s*1\s*\)?$/.exec(t);
  if (m)
    return m[2] === '='
      ? `${describe(m[1])} must occur exactly once`
      : `${describe(m[1])} may occur at most once`;
  return null;
}

function describe(p) {
  const s = p
    .trim()
    .replace(/^\/\//, '')
    .replace(/\(cac:InvoiceLine\|cac:CreditNoteLine\)/, 'cac:InvoiceLine');
  const at = s.lastIndexOf('@');
  if (at >= 0) {
    const owner = s.slice(0, at).replace(/\/$/, '');
    return owner ? `the attribute ${s.slice(at)} of ${owner}` : `the attribute ${s.slice(at)}`;
  }
  return s;
}

function compile(schFile, patternId, idPrefix) {
  const doc = new DOMParser().parseFromString(fs.readFileSync(schFile, 'utf8'), 'application/xml');
  const ns = {};
  for (const n of Array.from(doc.getElementsByTagNameNS(SCH, 'ns')))
    ns[n.getAttribute('prefix')] = n.getAttribute('uri');
  const pattern = Array.from(doc.getElementsByTagNameNS(SCH, 'pattern')).find(
    (p) => p.getAttribute('id') === patternId,
  );
  if (!pattern) throw new Error(`no pattern ${patternId}`);
  const rules = [];
  let count = 0;
  for (const r of Array.from(pattern.getElementsByTagNameNS(SCH, 'rule'))) {
    const asserts = [];
    for (const a of Array.from(r.getElementsByTagNameNS(SCH, 'assert'))) {
      const id = a.getAttribute('id');
      if (!id.startsWith(idPrefix)) throw new Error(`unexpected rule ${id} in ${patternId}`);
      const flag = a.getAttribute('flag') === 'warning' ? 'warning' : 'fatal';
      const test = a.getAttribute('test').replace(/\s+/g, ' ').trim();
      const message = MESSAGES[id] ?? generatedMessage(flag, test);
      if (!message) throw new Error(`no message for ${id}: ${test}`);
      asserts.push([id, flag, test, message]);
      count++;
    }
    rules.push([absolutize(r.getAttribute('context').replace(/\s+/g, ' ').trim()), asserts]);
  }
  return { data: { ns, rules }, count };
}

const targets = [
  [
    'cii',
    'en16931/cii/schematron/preprocessed/EN16931-CII-validation-preprocessed.sch',
    'EN16931-CII-Syntax',
    'CII-',
    'CII_SYNTAX_RULES_DATA',
  ],
  [
    'ubl',
    'en16931/ubl/schematron/preprocessed/EN16931-UBL-validation-preprocessed.sch',
    'UBL-syntax',
    'UBL-',
    'UBL_SYNTAX_RULES_DATA',
  ],
];
for (const [pkg, sch, pattern, prefix, name] of targets) {
  const { data, count } = compile(path.join(shared, sch), pattern, prefix);
  const out = path.join(repo, `packages/${pkg}/src/check/generated/syntax-rules.ts`);
  const size = writeModule(
    out,
    'scripts/gen-structure-rules.mjs from the EN 16931 1.3.16 syntax rules',
    name,
    'string',
    '',
    JSON.stringify(data),
  );
  console.log(
    `wrote ${path.relative(repo, out)}: ${count} rules in ${data.rules.length} contexts (${size} bytes)`,
  );
}
