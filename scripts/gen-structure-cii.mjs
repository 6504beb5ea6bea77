// Compiles the Factur-X 1.09.2 XSD of each profile (../shared/facturx/1.09.2/<PROFILE>/) into
// packages/cii/src/check/generated/structure-model.ts. Dev-time only: the product never reads XSDs.
//   node scripts/gen-structure-cii.mjs [path/to/shared]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeModule, XsdCompiler } from './gen-structure-xsd.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(process.argv[2] ?? path.join(repo, '../shared'));
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const PROFILES = {
  MINIMUM: 'MINIMUM',
  'BASIC-WL': 'BASICWL',
  BASIC: 'BASIC',
  EN16931: 'EN16931',
  EXTENDED: 'EXTENDED',
};

const models = {};
for (const [profile, file] of Object.entries(PROFILES)) {
  const c = new XsdCompiler();
  c.load(path.join(shared, 'facturx/1.09.2', profile, `FACTUR-X_${file}.xsd`));
  const root = c.rootElement(RSM, 'CrossIndustryInvoice');
  models[profile] = { ...c.output(), roots: { CrossIndustryInvoice: root } };
}
const out = path.join(repo, 'packages/cii/src/check/generated/structure-model.ts');
const size = writeModule(
  out,
  'scripts/gen-structure-cii.mjs from the Factur-X 1.09.2 XSD',
  'CII_STRUCTURE_DATA',
  'string',
  '',
  JSON.stringify(models),
);
console.log(`wrote ${path.relative(repo, out)} (${size} bytes)`);
