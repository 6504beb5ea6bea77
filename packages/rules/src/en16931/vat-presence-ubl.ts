/**
 * The UBL "01" VAT presence tests (BR-S-01, BR-Z-01 … BR-O-01) on the category nodes of the XML
 * (source facts `VAT-CATEGORY` of readUbl) rather than on the model. The official tests count
 * nodes the model does not hold, or holds elsewhere: the category of a cac:AllowanceCharge without
 * cbc:ChargeIndicator, of a line-level allowance, of a French sub-line, a line's second
 * cac:ClassifiedTaxCategory, the breakdowns of every cac:TaxTotal whatever its currency.
 */
import type { SourceValue } from '@einv/core-model';
import type { PresenceMode } from './vat-rules.js';

/**
 * How the first half of the atLeastOne test compares the breakdown's code: normalized and of any
 * scheme (BR-S-01), or as written (`cbc:ID = 'L'`, no normalize-space) of any scheme (BR-AF-01) or
 * of the VAT scheme (BR-AG-01). The second half always normalizes; BR-S-01 never filters by scheme.
 */
export type UblBreakdownCode = 'normalized' | 'asWrittenAnyScheme' | 'asWrittenVatScheme';

const normalizeSpace = (text: string): string => text.replace(/[ \t\r\n]+/g, ' ').trim();

interface CategoryNode {
  code: string | undefined;
  written: string | undefined;
  place: string;
  vat: boolean;
}

function categoryNodes(nodes: readonly SourceValue[]): CategoryNode[] {
  return nodes.map((n) => {
    const [place = 'other', scheme] = (n.tag ?? '').split('+');
    return {
      code: n.value === undefined ? undefined : normalizeSpace(n.value),
      written: n.value,
      place,
      vat: scheme === 'VAT',
    };
  });
}

/** True when the official UBL presence test of category `code` holds on these category nodes */
export function ublPresenceHolds(
  sourceNodes: readonly SourceValue[],
  code: string,
  mode: PresenceMode,
  vatSchemeOnly: boolean,
  breakdownCode: UblBreakdownCode = 'normalized',
): boolean {
  const nodes = categoryNodes(sourceNodes);
  const count = (keep: (n: CategoryNode) => boolean) => nodes.filter(keep).length;
  const used = (n: CategoryNode) => n.place === 'line' || n.place === 'allowance';
  if (mode !== 'atLeastOne') {
    // exists(//cac:TaxCategory[VAT]/cbc:ID[. = X]) or exists(//cac:ClassifiedTaxCategory[…]), and
    // then exactly one cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[VAT] of X
    const given = nodes.some((n) => n.vat && n.code === code);
    return !given || count((n) => n.place === 'breakdown' && n.vat && n.code === code) === 1;
  }
  const scheme = (n: CategoryNode) => !vatSchemeOnly || n.vat;
  const uses = count((n) => used(n) && scheme(n) && n.code === code);
  const breakdowns = count((n) => n.place === 'breakdown' && scheme(n) && n.code === code);
  const firstBreakdowns =
    breakdownCode === 'normalized'
      ? breakdowns
      : count(
          (n) =>
            n.place === 'breakdown' &&
            n.written === code &&
            (breakdownCode === 'asWrittenAnyScheme' || n.vat),
        );
  return (uses > 0 && firstBreakdowns > 0) || (uses === 0 && breakdowns === 0);
}
