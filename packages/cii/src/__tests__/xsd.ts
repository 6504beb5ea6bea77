/**
 * Test helper: validates CII against the Factur-X 1.09.2 XSD of a profile with libxmljs2 (a native
 * dev dependency, never used by the package itself). Each XSD is compiled once per test file.
 */
import fs from 'node:fs';
import type { Profile } from '@einv/core-model';
import libxmljs from 'libxmljs2';
import { sharedPath } from '../../../../tests/support/shared.js';

const XSD_DIR: Record<Profile, [string, string]> = {
  MINIMUM: ['MINIMUM', 'MINIMUM'],
  'BASIC-WL': ['BASIC-WL', 'BASICWL'],
  BASIC: ['BASIC', 'BASIC'],
  EN16931: ['EN16931', 'EN16931'],
  EXTENDED: ['EXTENDED', 'EXTENDED'],
};

/** Compiling an XSD is slow: once per profile per test file */
const schemas = new Map<Profile, libxmljs.Document>();
function xsdFor(profile: Profile): libxmljs.Document {
  let s = schemas.get(profile);
  if (!s) {
    const [dir, name] = XSD_DIR[profile];
    const file = sharedPath('facturx/1.09.2', dir, `FACTUR-X_${name}.xsd`);
    s = libxmljs.parseXml(fs.readFileSync(file, 'utf8'), { baseUrl: file });
    schemas.set(profile, s);
  }
  return s;
}

/** Schema errors of `xml` for `profile` (empty when valid) */
export function xsdErrors(xml: string, profile: Profile): string[] {
  const doc = libxmljs.parseXml(xml);
  if (doc.validate(xsdFor(profile))) return [];
  return doc.validationErrors.map((e) => `${e.line}: ${e.message.trim()}`);
}
