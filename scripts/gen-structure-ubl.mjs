// Compiles what UBL 2.1 Invoice and CreditNote reach in the OASIS XSD (../shared/ubl-2.1) into
// packages/ubl/src/check/generated/structure-model.ts. Dev-time only: the product never reads XSDs.
//   node scripts/gen-structure-ubl.mjs [path/to/shared]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeModule, XsdCompiler } from './gen-structure-xsd.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(process.argv[2] ?? path.join(repo, '../shared'));
const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:';

const c = new XsdCompiler();
c.load(path.join(shared, 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd'));
c.load(path.join(shared, 'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd'));
const roots = {
  Invoice: c.rootElement(`${UBL}Invoice-2`, 'Invoice'),
  CreditNote: c.rootElement(`${UBL}CreditNote-2`, 'CreditNote'),
};
// ExtensionContent holds one element under processContents="lax": libxml2 validates it when the
// schema set declares it. The extension schemas UBL imports for that are the signature ones.
for (const ns of [
  `${UBL}CommonSignatureComponents-2`,
  `${UBL}SignatureAggregateComponents-2`,
  `${UBL}SignatureBasicComponents-2`,
  'http://www.w3.org/2000/09/xmldsig#',
  'http://uri.etsi.org/01903/v1.3.2#',
  'http://uri.etsi.org/01903/v1.4.1#',
])
  c.addLaxNamespace(ns);
const out = path.join(repo, 'packages/ubl/src/check/generated/structure-model.ts');
const size = writeModule(
  out,
  'scripts/gen-structure-ubl.mjs from the OASIS UBL 2.1 XSD',
  'UBL_STRUCTURE_DATA',
  'string',
  '',
  JSON.stringify({ ...c.output(), roots }),
);
console.log(`wrote ${path.relative(repo, out)} (${size} bytes)`);
