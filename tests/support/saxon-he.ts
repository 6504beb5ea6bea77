/**
 * The official EN 16931 XSLT under Saxon-HE (Debian libsaxonhe-java) for tests: the same official
 * rules as runOracle, on the JVM, which judges a 1,000-line invoice in seconds where SaxonJS takes
 * minutes. It is the long-lived engine of the differential runs (scripts/lib/saxon-he-oracle.mjs,
 * decision 0115): one JVM, started at the first call and kept until `stopSaxonHe()` (call it in
 * afterAll). Tests that use it skip, saying so, without java or the jar.
 */
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { saxonHeUnavailable, startSaxonHeOracle } from '../../scripts/lib/saxon-he-oracle.mjs';

export interface SaxonHeAssert {
  id: string;
  flag: string;
  location: string;
}

interface SaxonHeEngine {
  validate(xml: string): Promise<{ syntax: string | null; failed: SaxonHeAssert[]; error?: string }>;
  close(): void;
}

/** Why Saxon-HE cannot run on this machine (no java, no jar), or undefined when it can */
export const saxonHeMissing: string | undefined = saxonHeUnavailable();
export const hasSaxonHe = saxonHeMissing === undefined;

let engine: Promise<SaxonHeEngine> | undefined;

/**
 * The failed assertions (fatal and warning) of the official CEN XSLT on one CII or UBL document;
 * `syntax` is what the caller sent, checked against the schematron the engine chose by the root
 */
export async function saxonHeFailedAsserts(syntax: 'cii' | 'ubl', xml: string): Promise<SaxonHeAssert[]> {
  engine ??= startSaxonHeOracle() as Promise<SaxonHeEngine>;
  const answer = await (await engine).validate(xml);
  if (answer.error) throw new Error(`Saxon-HE could not judge the document: ${answer.error}`);
  if (answer.syntax !== syntax) throw new Error(`Saxon-HE judged a ${answer.syntax} document, not ${syntax}`);
  return answer.failed.map(({ id, flag, location }) => ({ id, flag, location }));
}

/** Stops the JVM, if one was started */
export async function stopSaxonHe(): Promise<void> {
  const started = engine;
  engine = undefined;
  (await started)?.close();
}
