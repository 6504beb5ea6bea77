/** UBL 2.1 namespaces: the table uses the conventional prefixes, the reader matches namespace URIs. */
export const NS: Record<string, string> = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

/** Splits `cbc:ID` into namespace URI and local name */
export function resolveName(qname: string): { ns: string; local: string } {
  const i = qname.indexOf(':');
  const prefix = qname.slice(0, i);
  const ns = NS[prefix];
  if (i < 0 || ns === undefined) throw new Error(`binding table: unknown prefix in ${qname}`);
  return { ns, local: qname.slice(i + 1) };
}
