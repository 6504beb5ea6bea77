/**
 * `einv --version`: the CLI's version and the version of every rule set it applies. Kept apart from
 * the facade so that printing it does not load the PDF and XML machinery (startup time, bench/cli).
 */
import { createRequire } from 'node:module';
import {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  FACTURX_VERSION,
} from '@einv/rules/versions';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };

export const CLI_VERSION = pkg.version;

/** One line per rule set, as `validate` reports them in its results */
export function versionText(): string {
  return [
    `einv ${CLI_VERSION}`,
    `EN16931 ${EN16931_VERSION} (CEN/TC 434 validation artefacts, CII and UBL)`,
    `BR-FR standard edition ${BR_FR_STANDARD_VERSIONS.join(', ')} (default ${BR_FR_VERSIONS.standard}), transition edition ${BR_FR_VERSIONS.transition}`,
    `FACTUR-X ${FACTURX_VERSION} (profiles MINIMUM, BASIC-WL, BASIC, EN16931, EXTENDED)`,
    `EINV-ADVISORY ${ADVISORY_VERSION} (einv's own checks of French identifiers and bank details; warnings only)`,
    'structure: Factur-X 1.09.2 XSD + EN 16931 CII syntax rules; UBL 2.1 XSD + EN 16931 UBL syntax rules',
    `node ${process.versions.node}`,
  ].join('\n');
}
