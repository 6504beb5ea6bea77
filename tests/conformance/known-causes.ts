/**
 * Known causes of differential disagreements, each explained in docs/conformance.md. A disagreement
 * is "explained" when one cause covers every rule of it; anything else is listed as unexplained, the
 * number the suite keeps at its baseline (and should drive to zero).
 */
export interface Disagreement {
  what: string | undefined;
  onlyOurs: string[];
  onlyOfficial: string[];
}

interface Cause {
  id: string;
  owner: string;
  covers: (d: Disagreement) => boolean;
}

const all = (d: Disagreement) => [...d.onlyOurs, ...d.onlyOfficial];
const within = (d: Disagreement, rules: RegExp) => all(d).every((r) => rules.test(r));

export const KNOWN_CAUSES: Cause[] = [
  {
    id: 'UBL invoice currency changed: the breakdown is read from a TaxTotal whose TaxAmount is not BT-110; the official BR-CO-14 checks each TaxTotal against its own subtotals',
    owner: 'model limit (one BT-110, no per-TaxTotal amounts)',
    covers: (d) =>
      /<DocumentCurrencyCode>/.test(d.what ?? '') && d.onlyOfficial.length === 0 && within(d, /^BR-CO-14$/),
  },
  {
    id: 'empty quantity element: exists for the official test, no number for the model',
    owner: 'model limit (decision 0052)',
    covers: (d) =>
      /blank <(Billed|Invoiced|Credited)Quantity>/.test(d.what ?? '') && within(d, /^BR-(22|23)$/),
  },
  {
    id: 'reference document without id: no place in the model',
    owner: 'model limit (decision 0052)',
    covers: (d) => /drop <IssuerAssignedID>/.test(d.what ?? '') && within(d, /^BR-52$/),
  },
  { id: 'code-list rules', owner: 'code-list rules (BR-CL)', covers: (d) => within(d, /^BR-CL-/) },
  {
    id: 'VAT category rules',
    owner: 'VAT family rules',
    covers: (d) => within(d, /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B)-\d+$/),
  },
];

/** The first known cause covering a disagreement, or undefined */
export function explain(d: Disagreement): Cause | undefined {
  return KNOWN_CAUSES.find((c) => c.covers(d));
}
