/**
 * The derivation of an EXTENDED-CTC-FR calculation judged on the XML (decisions 0125, 0152).
 * @einv/xml-check reads from each official test how it computes the expected amount, in the test's
 * own variable names (`XmlCalculation`); this glossary says which business term each of those names
 * holds, once for every such assert of both syntaxes (the names are the same in the CII and UBL
 * sets; a name ending in `ini` is the initial reading of the same term). The result is the formula
 * the model rules pass in `computed`, so the derivation is written by the same `derivationText`.
 */
import type { XmlCalculation } from '@einv/core-model';
import type { Computed, Operand } from '../computed.js';

/** Official variable → the term it holds; `sum` for a sum over lines, allowances or charges */
const VARIABLE_TERMS: Record<string, { term: string; sum?: true; plain?: true }> = {
  basisAmount: { term: 'BT-116' },
  calculatedAmountBT131: { term: 'BT-131', sum: true },
  allowancesAmountBT92: { term: 'BT-92', sum: true },
  chargesAmountBT99: { term: 'BT-99', sum: true },
  // Factur-X EXTENDED logistics service charges (ram:SpecifiedLogisticsServiceCharge)
  logisticChargeAmount: { term: 'BT-X-272', sum: true },
  vATAmountBT117: { term: 'BT-117' },
  rate: { term: 'BT-119', plain: true },
};

/** The term of an official variable, the initial reading (`…ini`) named as the revised one */
function termOf(variable: string) {
  return VARIABLE_TERMS[variable] ?? VARIABLE_TERMS[variable.replace(/ini$/, '')];
}

/** The formula of a calculation judged on the XML; undefined when a variable is not in the glossary */
export function xmlCalculationFormula(calculation: XmlCalculation): Computed['formula'] | undefined {
  const given = termOf(calculation.given);
  if (!given) return undefined;
  const operands: Operand[] = [];
  for (const { op, variable, value } of calculation.operands) {
    const joined = op ? { op } : {};
    if (variable === undefined) {
      operands.push({ ...joined, value });
      continue;
    }
    const t = termOf(variable);
    if (!t) return undefined;
    operands.push({
      ...joined,
      term: t.term,
      value,
      ...(t.sum ? { sum: true } : {}),
      ...(t.plain ? { plain: true } : {}),
    });
  }
  return { term: given.term, operands };
}
