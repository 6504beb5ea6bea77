/**
 * Which per-document errors of the official oracle may be cached with its verdicts: the XSLT's own
 * dynamic errors (an emptied amount is no xs:decimal, a root that is no invoice) come back the same
 * for the same XML, so a warm rerun need not pay SaxonJS for them again; anything that smells of
 * the machine rather than the document (memory, time, resources) is not cached.
 */
const TRANSIENT = /memory|heap|timed? ?out|ENOMEM|EAGAIN|EMFILE|killed/i;

/** True when an oracle answer for one document may be stored under the document's hash */
export function cacheableOracleAnswer(answer) {
  return !answer.error || !TRANSIENT.test(String(answer.error));
}
