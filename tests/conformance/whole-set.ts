/**
 * The whole-set comparison's vocabulary: which rule ids are compared with the official CEN XSLT,
 * how two sets differ, and the differences pinned with their reason (each one a known, explained
 * disagreement; a new one fails the suites that use this file).
 */

/** EN 16931 business rules (not BR-FR) and the EN 16931 syntax rules of both syntaxes */
export function isComparedRule(rule: string): boolean {
  return (rule.startsWith('BR-') && !rule.startsWith('BR-FR')) || /^(CII|UBL)-(SR|DT|CR)-/.test(rule);
}

/**
 * The id of an official case: file and test number, plus the case's position where cases.jsonl
 * holds two tests with one number (BR-E-04 #3 of the UBL invoice tests)
 */
export function caseId(c: { file: string; test_id?: string }, index: number): string {
  return `${c.file}#${c.test_id ?? ''}@${index}`;
}

export interface SetDifference {
  onlyOurs: string[];
  onlyOfficial: string[];
}

/** undefined when both sets hold the same ids; otherwise what each side has alone, sorted */
export function compareSets(
  ours: ReadonlySet<string>,
  official: ReadonlySet<string>,
): SetDifference | undefined {
  const onlyOurs = [...ours].filter((r) => !official.has(r)).sort();
  const onlyOfficial = [...official].filter((r) => !ours.has(r)).sort();
  return onlyOurs.length || onlyOfficial.length ? { onlyOurs, onlyOfficial } : undefined;
}

export interface PinnedDifference {
  /** document id (caseId: `<file>#<test id>@<line of cases.jsonl>`) */
  doc: string;
  onlyOurs: string[];
  onlyOfficial: string[];
  reason: string;
}

export const WHOLE_SET_PINNED: PinnedDifference[] = [
  {
    doc: 'test/Invoice-unit-UBL/BR-CL-17.xml#1@262',
    onlyOurs: [],
    onlyOfficial: ['BR-S-01'],
    reason:
      'the cac:AllowanceCharge has no cbc:ChargeIndicator, so the model has it neither as an allowance nor ' +
      'as a charge (the reader cannot place it); the official UBL BR-S-01 counts every ' +
      '//cac:AllowanceCharge/cac:TaxCategory whatever its indicator',
  },
  {
    doc: 'test/Invoice-unit-UBL/BR-IG-08-3.xml#5@643',
    onlyOurs: ['BR-AF-04'],
    onlyOfficial: [],
    reason:
      "the charge's category is written ' L' (with a space): the official UBL BR-AF-04 guard compares " +
      "cbc:ID = 'L' without normalize-space, so the official rule passes; the model holds the code " +
      'trimmed, as every other test reads it (normalize-space)',
  },
];

export interface PinnedCause {
  reason: string;
  /** true when this cause explains the difference on a mutant made by `what` */
  covers: (what: string, diff: SetDifference) => boolean;
}

/** Differences of the schema-driven differential explained by a known cause (docs/conformance.md) */
export const SCHEMA_DIFFERENTIAL_PINNED: PinnedCause[] = [
  {
    reason:
      'CII: an emptied ram:PostalTradeAddress is read as no address; the official BR-08 / BR-10 see the ' +
      'element (exists) and BR-57 tests the missing country of the empty deliver-to address',
    covers: (what, d) =>
      what.includes('empty ram:PostalTradeAddress') &&
      only(d.onlyOurs, ['BR-08', 'BR-10']) &&
      only(d.onlyOfficial, ['BR-57']),
  },
  {
    reason:
      'CII: a ram:URIUniversalCommunication left without ram:URIID gives the model no electronic address; ' +
      "the official BR-62 / BR-63 (context the root) test the empty element's scheme",
    covers: (what, d) =>
      what.includes('remove ram:URIID') && !d.onlyOurs.length && only(d.onlyOfficial, ['BR-62', 'BR-63']),
  },
  {
    reason:
      'CII: a period date whose udt:DateTimeString is emptied is read as an empty date; BR-29 compares it ' +
      'on our side, the official comparison of an empty string passes',
    covers: (what, d) =>
      what.includes('empty udt:DateTimeString') && only(d.onlyOurs, ['BR-29']) && !d.onlyOfficial.length,
  },
  {
    reason:
      'UBL: an emptied cac:CommodityClassification is read as an item classification without scheme; the ' +
      'official BR-65 context is cbc:ItemClassificationCode, absent there',
    covers: (what, d) =>
      what.includes('empty cac:CommodityClassification') &&
      only(d.onlyOurs, ['BR-65']) &&
      !d.onlyOfficial.length,
  },
  {
    reason:
      'UBL: an emptied cac:SubInvoiceLine (French sub-line) changes which categories the official BR-S-01 ' +
      'counts (every //cac:ClassifiedTaxCategory) and the model lines differently; not analysed further',
    covers: (what, d) =>
      what.includes('empty cac:SubInvoiceLine') && only(d.onlyOurs, ['BR-S-01']) && !d.onlyOfficial.length,
  },
  {
    reason:
      'UBL: a line with two cac:ClassifiedTaxCategory (one with an emptied cac:TaxScheme): the model holds ' +
      'one category per line, the official BR-S-02 guard counts both nodes',
    covers: (what, d) =>
      what.includes('duplicate cac:ClassifiedTaxCategory') &&
      only(d.onlyOurs, ['BR-S-02']) &&
      !d.onlyOfficial.length,
  },
];

/** true when every id of `ids` is one of `allowed` */
function only(ids: readonly string[], allowed: readonly string[]): boolean {
  return ids.every((id) => allowed.includes(id));
}
