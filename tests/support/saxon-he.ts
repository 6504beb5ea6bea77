/**
 * The official EN 16931 XSLT under Saxon-HE (Debian libsaxonhe-java) as a second way to ask the
 * oracle: the same official rules as runOracle, on the JVM, which judges a 1,000-line invoice in
 * seconds where SaxonJS takes minutes. Tests that use it skip, saying so, without java or the jar.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedPath } from './shared.js';

export const SAXON_HE_JAR = '/usr/share/java/Saxon-HE.jar';
export const hasSaxonHe = fs.existsSync(SAXON_HE_JAR) && spawnSync('java', ['-version']).status === 0;

export interface SaxonHeAssert {
  id: string;
  flag: string;
  location: string;
}

/** The failed assertions (fatal and warning) of the official CEN XSLT on one CII or UBL document */
export function saxonHeFailedAsserts(syntax: 'cii' | 'ubl', xml: string): SaxonHeAssert[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-saxon-'));
  try {
    const file = path.join(dir, 'invoice.xml');
    fs.writeFileSync(file, xml);
    const xslt = sharedPath(`en16931/${syntax}/xslt/EN16931-${syntax.toUpperCase()}-validation.xslt`);
    const run = spawnSync(
      'java',
      ['-cp', SAXON_HE_JAR, 'net.sf.saxon.Transform', `-s:${file}`, `-xsl:${xslt}`],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    if (run.status !== 0) throw new Error(`Saxon-HE failed (${run.status}): ${run.stderr.slice(0, 2000)}`);
    if (!run.stdout.includes('schematron-output')) throw new Error('Saxon-HE wrote no SVRL report');
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
    return [...run.stdout.matchAll(/<svrl:failed-assert\b([^>]*)>/g)].map((m) => ({
      id: attr(m[1] ?? '', 'id'),
      flag: attr(m[1] ?? '', 'flag') || 'fatal',
      location: attr(m[1] ?? '', 'location'),
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
