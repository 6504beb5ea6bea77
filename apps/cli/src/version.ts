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
import { say } from './i18n/messages.js';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };

export const CLI_VERSION = pkg.version;

/** One line per rule set, as `validate` reports them in its results */
export function versionText(): string {
  return [
    `einv ${CLI_VERSION}`,
    say('version.en16931', { version: EN16931_VERSION }),
    say('version.brfr', {
      versions: BR_FR_STANDARD_VERSIONS.join(', '),
      standard: BR_FR_VERSIONS.standard,
      transition: BR_FR_VERSIONS.transition,
    }),
    say('version.facturx', { version: FACTURX_VERSION }),
    say('version.advisory', { version: ADVISORY_VERSION }),
    say('version.structure'),
    `node ${process.versions.node}`,
  ].join('\n');
}
