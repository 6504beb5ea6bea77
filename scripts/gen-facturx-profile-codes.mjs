#!/usr/bin/env node
// Generates packages/rules/src/facturx-profiles/generated-codes.ts from the Factur-X 1.09.2
// schematrons (../shared/facturx/1.09.2/<PROFILE>/FACTUR-X_<PROFILE>.sch and its _codedb.xml):
// every FX-SCH-A code-list assertion whose context is a business term the einv model holds, with
// the allowed values per profile. Code values are facts of the code lists; nothing else is copied.
// Usage: node scripts/gen-facturx-profile-codes.mjs [path/to/shared] && npx biome format --write packages/rules/src/facturx-profiles
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.argv[2] ?? path.resolve(repo, '../shared');
const PROFILES = {
  MINIMUM: 'MINIMUM',
  'BASIC-WL': 'BASIC-WL',
  BASIC: 'BASIC',
  EN16931: 'EN16931',
  EXTENDED: 'EXTENDED',
};

const T = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const AGR = `${T}/ram:ApplicableHeaderTradeAgreement`;
const SET = `${T}/ram:ApplicableHeaderTradeSettlement`;
const ALLOWANCE = `${SET}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator="false"]`;
const CHARGE = `${SET}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator="true"]`;
const LINE = `${T}/ram:IncludedSupplyChainTradeLineItem`;

/** (context, value expression) → model field key understood by facturx-profiles/code-rules.ts */
const FIELDS = [
  [
    '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID',
    '.',
    'specificationIdentifier',
  ],
  ['/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode', '.', 'typeCode'],
  [
    '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote/ram:SubjectCode',
    '.',
    'noteSubjectCode',
  ],
  [`${SET}/ram:InvoiceCurrencyCode`, '.', 'currency'],
  [`${SET}/ram:TaxCurrencyCode`, '.', 'taxCurrency'],
  [`${AGR}/ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID`, '.', 'sellerCountry'],
  [`${AGR}/ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID`, '.', 'buyerCountry'],
  [
    `${AGR}/ram:SellerTaxRepresentativeTradeParty/ram:PostalTradeAddress/ram:CountryID`,
    '.',
    'taxRepresentativeCountry',
  ],
  [
    `${T}/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID`,
    '.',
    'deliveryCountry',
  ],
  [`${AGR}/ram:SellerTradeParty/ram:GlobalID`, '@schemeID', 'sellerIdentifierScheme'],
  [`${AGR}/ram:BuyerTradeParty/ram:GlobalID`, '@schemeID', 'buyerIdentifierScheme'],
  [`${AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`, '@schemeID', 'sellerLegalScheme'],
  [`${AGR}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`, '@schemeID', 'buyerLegalScheme'],
  [
    `${AGR}/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID`,
    '@schemeID',
    'sellerEndpointScheme',
  ],
  [`${AGR}/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID`, '@schemeID', 'buyerEndpointScheme'],
  [`${SET}/ram:ApplicableTradeTax/ram:CategoryCode`, '.', 'vatBreakdownCategory'],
  [`${SET}/ram:ApplicableTradeTax/ram:ExemptionReasonCode`, '.', 'vatBreakdownExemptionCode'],
  [`${SET}/ram:ApplicableTradeTax/ram:DueDateTypeCode`, '.', 'taxPointDateCode'],
  [`${SET}/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode`, '.', 'paymentMeansType'],
  [`${ALLOWANCE}/ram:CategoryTradeTax/ram:CategoryCode`, '.', 'allowanceVatCategory'],
  [`${CHARGE}/ram:CategoryTradeTax/ram:CategoryCode`, '.', 'chargeVatCategory'],
  [`${ALLOWANCE}/ram:ReasonCode`, '.', 'allowanceReasonCode'],
  [`${CHARGE}/ram:ReasonCode[not (@listID)]`, '.', 'chargeReasonCode'],
  [`${LINE}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`, '@unitCode', 'lineUnitCode'],
  [
    `${LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`,
    '.',
    'lineVatCategory',
  ],
];

const decodeXml = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const rules = new Map(); // id → { field, context, message, values: {profile: key} }
const lists = new Map(); // joined values → key
for (const [profile, dir] of Object.entries(PROFILES)) {
  const base = path.join(shared, 'facturx/1.09.2', dir);
  const sch = fs.readFileSync(path.join(base, `FACTUR-X_${dir}.sch`), 'utf8');
  const codedb = fs.readFileSync(path.join(base, `FACTUR-X_${dir}_codedb.xml`), 'utf8');
  const cl = new Map();
  for (const m of codedb.matchAll(/<cl id="(\d+)">([\s\S]*?)<\/cl>/g)) {
    cl.set(
      m[1],
      [...m[2].matchAll(/<enumeration value="([^"]*)"/g)].map((e) => decodeXml(e[1])),
    );
  }
  for (const r of sch.matchAll(/<rule context="([^"]*)"[^>]*>([\s\S]*?)<\/rule>/g)) {
    const context = decodeXml(r[1]);
    const lets = new Map(
      [...r[2].matchAll(/<let name="([^"]+)" value="([^"]*)"\/>/g)].map((l) => [l[1], decodeXml(l[2])]),
    );
    for (const a of r[2].matchAll(/<assert id="(FX-SCH-A-\d+)" test="([^"]*)"[^>]*>([\s\S]*?)<\/assert>/g)) {
      const test = decodeXml(a[2]);
      const m = /cl\[@id=(\d+)\]\/enumeration\[@value=\$(\w+)\]/.exec(test);
      if (!m) continue;
      const valueExpr = lets.get(m[2]);
      const field = FIELDS.find(([c, v]) => c === context && v === valueExpr)?.[2];
      if (!field) continue;
      const values = [...new Set(cl.get(m[1]) ?? [])].sort();
      const joined = values.join('\u0000');
      if (!lists.has(joined)) lists.set(joined, `L${lists.size}`);
      const entry = rules.get(a[1]) ?? { field, message: a[3].trim(), values: {} };
      if (entry.field !== field) throw new Error(`${a[1]} maps to two fields`);
      entry.values[profile] = lists.get(joined);
      rules.set(a[1], entry);
    }
  }
}

const out = [];
out.push(
  '// Generated by scripts/gen-facturx-profile-codes.mjs from the Factur-X 1.09.2 schematrons and code',
);
out.push('// lists (FACTUR-X_<PROFILE>.sch, _codedb.xml). Do not edit: run the script again.');
out.push('');
out.push('/** Allowed values, shared between assertions */');
out.push('const L: Record<string, readonly string[]> = {');
for (const [joined, key] of lists)
  out.push(`  ${key}: ${JSON.stringify(joined === '' ? [] : joined.split('\u0000'))},`);
out.push('};');
out.push('');
out.push('export interface FacturxCodeAssertion {');
out.push('  /** Official assertion id (FX-SCH-A-…) */');
out.push('  id: string;');
out.push('  /** Model field the assertion reads (see code-rules.ts) */');
out.push('  field: string;');
out.push('  /** The official message */');
out.push('  officialMessage: string;');
out.push('  /** Allowed values per profile the assertion belongs to */');
out.push(
  '  values: Partial<Record<"MINIMUM" | "BASIC-WL" | "BASIC" | "EN16931" | "EXTENDED", readonly string[]>>;',
);
out.push('}');
out.push('');
out.push('const at = (key: string): readonly string[] => L[key] ?? [];');
out.push('');
out.push('export const FACTURX_CODE_ASSERTIONS: readonly FacturxCodeAssertion[] = [');
for (const [id, e] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
  const values = Object.entries(e.values)
    .map(([p, k]) => `${JSON.stringify(p)}: at('${k}')`)
    .join(', ');
  out.push(
    `  { id: '${id}', field: '${e.field}', officialMessage: ${JSON.stringify(e.message)}, values: { ${values} } },`,
  );
}
out.push('];');
out.push('');
const target = path.join(repo, 'packages/rules/src/facturx-profiles/generated-codes.ts');
fs.writeFileSync(target, out.join('\n'));
console.log(`wrote ${path.relative(repo, target)}: ${rules.size} assertions, ${lists.size} value lists`);
