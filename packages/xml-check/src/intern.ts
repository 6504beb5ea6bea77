/**
 * One engine-internalized copy of a string. The parser interns element names and namespace URIs
 * (@einv/xml); names compiled here from the generated tables (JSON text, XPath source) are interned
 * too, so comparing a document's name with a table's is an identity check, not a character loop
 * (an 80-character namespace URI per comparison otherwise).
 */
export function intern(s: string): string {
  // a property key is internalized by the engine
  return Object.keys({ [s]: 0 })[0] ?? s;
}
