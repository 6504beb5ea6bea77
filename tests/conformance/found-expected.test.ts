/**
 * Every calculation or consistency finding carries the value it found and the value it expected
 * (issue #16, decisions 0130 and 0139). Two guards, on mechanisms rather than on instances:
 * 1. every rule of the families that compare values (EN 16931 co / dec and the VAT-category -08 / -09,
 *    BR-FR CO / DEC, EXTENDED-CTC-FR FREXT) is classified here: it compares a value with one it
 *    computes (VALUE), or it is a condition with nothing to expect (CONDITIONS, with the reason);
 *    a new rule of those families fails until it is classified;
 * 2. triggers — the 1,203 official EN 16931 cases and the Annexe B examples with every BR-FR and
 *    EXTENDED-CTC-FR mutation through validateDocument, and every number of every fixture (and of the every-term invoice) made wrong
 *    (off by 1.005: a wrong total with three decimals) under EN 16931 and EXTENDED-CTC-FR — and every
 *    finding of a VALUE rule must carry `expected` (and `found` whenever the document gives a value),
 *    except the branches of a rule that test a missing value (PRESENCE_BRANCHES). Each VALUE rule
 *    must fire at least once. A calculation judged on the XML must also carry its `derivation`.
 */
import { complete, type Invoice } from '@einv/core-model';
import { type Finding, validateDocument } from '@einv/facturx';
import { ruleCatalogue, validate, xmlCalculationFormula } from '@einv/rules';
import { comparedValues, type PatternData } from '@einv/xml-check';
import { expect, it } from '@jest/globals';
import { EVERY_TERM_INVOICE } from '../../fixtures/every-term.js';
import { fixtureNames, loadFixture } from '../../fixtures/load.js';
import { CII_EXTENDED_CTC_FR_RULES_DATA } from '../../packages/cii/src/check/generated/extended-ctc-fr-rules.js';
import { EXTENDED_CTC_FR_XML_JUDGED_IDS } from '../../packages/rules/src/extended-ctc-fr/generated-xml-judged-ids.js';
import { UBL_EXTENDED_CTC_FR_RULES_DATA } from '../../packages/ubl/src/check/generated/extended-ctc-fr-rules.js';
import { buildCorpus, loadExamples } from '../extended-ctc-fr/corpus.js';
import { describeIfShared } from '../support/shared.js';
import { loadCases } from './cases.js';

/** The VAT-category families of EN 16931, whose rules -08 and -09 compute a breakdown's amounts */
const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'IC', 'G', 'O', 'AF', 'AG'];

/** Families whose rules compare values of the document */
const COMPARING = (id: string, family: string): boolean =>
  ['co', 'dec', 'CO', 'DEC', 'FREXT'].includes(family) ||
  (VAT_CATEGORIES.includes(family) && /-0[89]$/.test(id));

/** Rules of those families that check a presence or a condition: no value to expect */
const CONDITIONS: Record<string, string> = {
  'BR-CO-03': 'BT-7 and BT-8 both given: a choice, not a value',
  'BR-CO-04': 'a line without VAT category: presence',
  'BR-CO-05': 'reason code and text agree: a pairing, no computed value',
  'BR-CO-06': 'reason code and text agree: a pairing, no computed value',
  'BR-CO-07': 'reason code and text agree: a pairing, no computed value',
  'BR-CO-08': 'reason code and text agree: a pairing, no computed value',
  'BR-CO-09': 'VAT identifier prefix: a pattern, no computed value',
  'BR-CO-18': 'no VAT breakdown: presence',
  'BR-CO-19': 'period without dates: presence',
  'BR-CO-20': 'line period without dates: presence',
  'BR-CO-21': 'allowance without reason: presence',
  'BR-CO-22': 'charge without reason: presence',
  'BR-CO-23': 'line allowance without reason: presence',
  'BR-CO-24': 'line charge without reason: presence',
  'BR-CO-25': 'amount due without due date or terms: presence',
  'BR-CO-26': 'seller without identifier: presence',
  'BR-FR-CO-03': 'credit note 262 without contract or period: presence',
  'BR-FR-CO-05': 'credit note without preceding invoice: presence',
  'BR-FR-CO-08': 'a framework that excludes some types: no single expected value',
  'BR-FR-CO-10': 'identifier scheme missing or repeated: presence / uniqueness',
  'BR-FR-CO-14': 'VAT-group note missing: presence',
  'BR-FR-CO-15': 'VAT-group representative missing: presence',
  'BR-FREXT-CO-04': 'a line without VAT category: presence',
  'BR-FREXT-BR-22': 'presence',
  'BR-FREXT-BR-23': 'presence',
  'BR-FREXT-BR-24': 'presence',
  'BR-FREXT-BR-26': 'presence',
  'BR-FREXT-BR-38': 'presence',
  'BR-FREXT-BR-44': 'presence',
  'BR-FREXT-22': 'presence',
  'BR-FREXT-23': 'presence',
  'BR-FREXT-24': 'presence',
  'BR-FREXT-26': 'presence',
  'BR-FREXT-05': 'sub-type from a closed list: a code, not a computed value',
  'BR-FREXT-06': 'parent without sub-type: presence',
  'BR-FREXT-11': 'parent line that does not exist: a reference, no computed value',
  'BR-FREXT-12': 'GROUP child line without a net amount: presence (on the model, decision 0125)',
};

/**
 * Branches of VALUE rules that test a missing value, recognised on the finding: there the rule has
 * nothing to compute (BT-111 is the VAT in EUR at the seller's rate; a due date is the seller's)
 */
const PRESENCE_BRANCHES: Record<string, (f: Finding) => boolean> = {
  'BR-FR-CO-09': (f) => f.path === 'invoice.dueDate' || f.value === undefined,
  'BR-FR-CO-12': (f) => f.value === 'EUR',
  'BR-DEC-15': (f) => f.value === undefined,
};

/** The number format rules give no expected value for a number that has too many integer digits */
const tooManyDigits = (f: Finding) =>
  /DEC/.test(f.rule) && typeof f.value === 'number' && Math.abs(f.value) >= 1e17;

/** Every numeric leaf of a value: its path (as keys) */
function numberPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...at, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...at, k]));
  return [];
}

/** A copy of the invoice with the number at `path` off by 1.005 (three decimals, a wrong amount) */
function offBy(invoice: Invoice, path: (string | number)[]): Invoice {
  const copy = structuredClone(invoice) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  node[last] = Math.round(((node[last] as number) + 1.005) * 1000) / 1000;
  return copy as unknown as Invoice;
}

/**
 * The official EXTENDED-CTC-FR calculations judged on the XML (decision 0125): the VAT breakdown
 * amounts per category, rate and exemption reason, in both readings (BR-FREXT-S-08, BR-FXEXT-S-08ini…)
 */
const XML_CALCULATION = /^BR-F[RX]EXT-[A-Z]+-0[89](ini|rev)?$/;
const xmlCalculations = () =>
  [...new Set(Object.values(EXTENDED_CTC_FR_XML_JUDGED_IDS).flat())].filter((id) => XML_CALCULATION.test(id));

const valueRules = () =>
  ruleCatalogue.filter((r) => COMPARING(r.id, r.family) && !(r.id in CONDITIONS)).map((r) => r.id);

it('every rule of the comparing families is classified, and the classification names real rules', () => {
  const comparing = ruleCatalogue.filter((r) => COMPARING(r.id, r.family)).map((r) => r.id);
  expect(Object.keys(CONDITIONS).filter((id) => !comparing.includes(id))).toEqual([]);
  // 8 BR-CO totals, 21 BR-DEC, 18 VAT-category -08/-09, 8 BR-FR, 6 EXTENDED-CTC-FR at least
  expect(valueRules().length).toBeGreaterThanOrEqual(61);
});

describeIfShared('triggers: every value finding carries found and expected', () => {
  it('the EN 16931 cases, the Annexe B examples with every mutation, every fixture number made wrong', () => {
    const catalogued = new Set(valueRules());
    const values = new Set([...catalogued, ...xmlCalculations()]);
    const fired = new Map<string, number>();
    const missing: string[] = [];
    const judge = (source: string, findings: readonly Finding[]) => {
      for (const f of findings) {
        if (!values.has(f.rule)) continue;
        fired.set(f.rule, (fired.get(f.rule) ?? 0) + 1);
        if (PRESENCE_BRANCHES[f.rule]?.(f) || tooManyDigits(f)) continue;
        const gaps = [
          ...(f.expected === undefined ? ['expected'] : []),
          ...(f.value !== undefined && f.found === undefined ? ['found'] : []),
          // a calculation judged on the XML shows how it computed, as the model's do (decision 0152)
          ...(XML_CALCULATION.test(f.rule) && f.derivation === undefined ? ['derivation'] : []),
        ];
        if (gaps.length) missing.push(`${source}: ${f.rule} at ${f.path} without ${gaps.join(', ')}`);
      }
    };
    const encode = (xml: string) => new TextEncoder().encode(xml);
    for (const c of loadCases()) {
      if (!c.scope.some((r) => values.has(r))) continue;
      const report = validateDocument(encode(c.xml ?? ''), { frenchEdition: 'off' });
      judge(c.file, [...report.errors, ...report.warnings]);
    }
    for (const doc of buildCorpus(loadExamples(), 1)) {
      const report = validateDocument(encode(doc.xml), { frenchEdition: 'standard', lang: 'fr' });
      judge(doc.id, [...report.errors, ...report.warnings]);
    }
    const bases = fixtureNames()
      .filter((n) => !n.startsWith('large'))
      .map((name) => ({ name, invoice: complete(loadFixture(name).invoice) }));
    // the one invoice with every term (allowance and charge base amounts among them)
    bases.push({ name: 'every-term', invoice: complete(structuredClone(EVERY_TERM_INVOICE)) });
    for (const { name, invoice } of bases) {
      for (const path of numberPaths(invoice)) {
        const wrong = offBy(invoice, path);
        for (const profile of [undefined, 'EXTENDED-CTC-FR'] as const) {
          const r = validate(wrong, { frenchEdition: 'standard', ...(profile ? { profile } : {}) });
          judge(`${name} ${path.join('.')}${profile ? ` (${profile})` : ''}`, [...r.errors, ...r.warnings]);
        }
      }
    }
    const never = [...catalogued].filter((id) => !fired.has(id));
    // the XML-judged calculations fire where the examples have the category (S, E): at least one
    // per syntax; that every one of them is read is checked on the tables below
    const firedXml = xmlCalculations().filter((id) => fired.has(id));
    expect(firedXml.some((id) => id.startsWith('BR-FXEXT'))).toBe(true);
    expect(firedXml.some((id) => id.startsWith('BR-FREXT'))).toBe(true);
    console.log(
      `value rules: ${values.size}; fired on the triggers: ${fired.size}; findings judged: ${[...fired.values()].reduce((a, b) => a + b, 0)}`,
    );
    expect(missing.slice(0, 30)).toEqual([]);
    expect(never).toEqual([]);
  });
});

it('every XML-judged calculation assert of EXTENDED-CTC-FR has a test whose given and computed amounts, and how it computes, are read', () => {
  const tables = { CII: CII_EXTENDED_CTC_FR_RULES_DATA, UBL: UBL_EXTENDED_CTC_FR_RULES_DATA };
  const unread: string[] = [];
  let read = 0;
  for (const [syntax, json] of Object.entries(tables)) {
    const parsed = JSON.parse(json) as PatternData | PatternData[];
    for (const pattern of Array.isArray(parsed) ? parsed : [parsed])
      for (const [, asserts, lets = []] of pattern.rules)
        for (const [id, , test] of asserts) {
          if (!XML_CALCULATION.test(id)) continue;
          const compared = comparedValues(test, pattern.ns, new Map(lets));
          // its formula, every variable of which the glossary names as a business term
          const calculation = compared?.calculation && {
            given: compared.calculation.given,
            operands: compared.calculation.operands.map(({ op, variable }) => ({
              ...(op ? { op } : {}),
              ...(variable ? { variable } : {}),
              value: '0',
            })),
          };
          if (calculation && xmlCalculationFormula(calculation)) read++;
          else unread.push(`${syntax} ${id}${compared ? ' (no formula)' : ''}`);
        }
  }
  expect(unread).toEqual([]);
  expect(read).toBeGreaterThanOrEqual(xmlCalculations().length);
});
