/**
 * EXTENDED-CTC-FR rules of the line structure itself (EXT-FR-FE-162 parent line, EXT-FR-FE-163
 * sub-type), on Line.frenchCtc (decision 0110): the sub-type's code list (BR-FREXT-05), a parent
 * line needs a sub-type (BR-FREXT-06), a parent line must exist (BR-FREXT-11), a GROUP line net
 * amount is the sum of its GROUP and DETAIL children (BR-FREXT-08), whose GROUP children then all
 * have one (BR-FREXT-12: judged here, not on the XML, because the official test counts each GROUP
 * line's children over every line, quadratic in the number of lines; decision 0125).
 */
import type { Line } from '@einv/core-model';
import { sumComputed } from '../computed.js';
import type { RuleDefinition } from '../define.js';
import { type Dec, dec, round2, ZERO } from '../util/money.js';
import { eachObject, en16931Rule } from '../util/rule.js';

const SUBTYPES = new Set(['DETAIL', 'GROUP', 'INFORMATION']);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function frext(
  id: string,
  terms: string[],
  en: readonly [string, string, string],
  fr: readonly [string, string, string],
  check: RuleDefinition['check'],
): RuleDefinition {
  return { ...en16931Rule(id, 'FREXT', terms, en, fr, check), ruleSet: 'EXTENDED-CTC-FR' };
}

export const lineStructureRules: RuleDefinition[] = [
  frext(
    'BR-FREXT-05',
    ['EXT-FR-FE-163'],
    [
      'The line sub-type (EXT-FR-FE-163) is not DETAIL, GROUP or INFORMATION.',
      'EXTENDED-CTC-FR lines are DETAIL (invoiced items), GROUP (the head of a sub-invoice) or INFORMATION (shown, not invoiced).',
      'Use DETAIL, GROUP or INFORMATION, or leave the sub-type out for an ordinary line.',
    ],
    [
      'Le sous-type de ligne (EXT-FR-FE-163) n’est ni DETAIL, ni GROUP, ni INFORMATION.',
      'Les lignes EXTENDED-CTC-FR sont DETAIL (articles facturés), GROUP (tête d’une sous-facture) ou INFORMATION (affichées, non facturées).',
      'Indiquez DETAIL, GROUP ou INFORMATION, ou omettez le sous-type pour une ligne ordinaire.',
    ],
    (inv, report) => {
      eachObject<Line>(inv.lines, (line, i) => {
        const subType = line.frenchCtc?.subType;
        if (subType === undefined || SUBTYPES.has(text(subType))) return;
        report(`invoice.lines[${i}].frenchCtc.subType`, { value: subType });
      });
    },
  ),
  frext(
    'BR-FREXT-06',
    ['EXT-FR-FE-162', 'EXT-FR-FE-163'],
    [
      'The line names a parent line (EXT-FR-FE-162) but has no sub-type (EXT-FR-FE-163).',
      'A line placed under a parent line says what it is there: DETAIL, GROUP or INFORMATION.',
      'Give the line its sub-type.',
    ],
    [
      'La ligne désigne une ligne parente (EXT-FR-FE-162) mais n’a pas de sous-type (EXT-FR-FE-163).',
      'Une ligne placée sous une ligne parente indique ce qu’elle y est : DETAIL, GROUP ou INFORMATION.',
      'Indiquez le sous-type de la ligne.',
    ],
    (inv, report, ctx) => {
      eachObject<Line>(inv.lines, (line, i) => {
        if (text(line.frenchCtc?.parentLineId) === '') return;
        // CII wants a non-empty code; UBL only the element (its test is exists(DocumentStatusCode))
        const subType = line.frenchCtc?.subType;
        if (ctx.syntax === 'UBL' ? subType !== undefined : text(subType) !== '') return;
        report(`invoice.lines[${i}].frenchCtc.subType`);
      });
    },
  ),
  frext(
    'BR-FREXT-11',
    ['EXT-FR-FE-162', 'BT-126'],
    [
      'The parent line (EXT-FR-FE-162) is not another line of the invoice.',
      'A parent line identifier names the line identifier (BT-126) of another line of the same invoice.',
      'Give the identifier of an existing line, not the line’s own.',
    ],
    [
      'La ligne parente (EXT-FR-FE-162) n’est pas une autre ligne de la facture.',
      'L’identifiant de ligne parente désigne l’identifiant (BT-126) d’une autre ligne de la même facture.',
      'Indiquez l’identifiant d’une ligne existante, autre que la ligne elle-même.',
    ],
    (inv, report) => {
      const lines = Array.isArray(inv.lines) ? inv.lines : [];
      // the line ids once (a lookup per line, not a scan: documents have thousands of lines)
      const ids = new Set<string>();
      eachObject<Line>(lines, (line) => {
        ids.add(text(line.id));
      });
      eachObject<Line>(lines, (line, i) => {
        const parent = text(line.frenchCtc?.parentLineId);
        if (parent === '') return;
        // another line with that id: the parent is not the line itself
        const exists = parent !== text(line.id) && ids.has(parent);
        if (!exists) report(`invoice.lines[${i}].frenchCtc.parentLineId`, { value: parent });
      });
    },
  ),
  frext(
    'BR-FREXT-08',
    ['BT-131', 'EXT-FR-FE-162', 'EXT-FR-FE-163'],
    [
      'The net amount (BT-131) of a GROUP line is not the sum of the net amounts of its GROUP and DETAIL lines.',
      'A GROUP line heads a sub-invoice: its net amount, when given, restates the sum of the lines placed under it (rounded to two decimals).',
      'Set the GROUP line’s net amount to the sum of its child lines’ net amounts, or leave it out.',
    ],
    [
      'Le montant net (BT-131) d’une ligne GROUP n’est pas la somme des montants nets de ses lignes GROUP et DETAIL.',
      'Une ligne GROUP est la tête d’une sous-facture : son montant net, s’il est indiqué, reprend la somme des lignes placées sous elle (arrondie à deux décimales).',
      'Mettez le montant net de la ligne GROUP à la somme des montants nets de ses lignes filles, ou omettez-le.',
    ],
    (inv, report) => {
      const lines = Array.isArray(inv.lines) ? inv.lines : [];
      // the GROUP and DETAIL net amounts summed per parent id in one pass, not a scan of every line
      // per GROUP line (documents have thousands of lines)
      const children = new Map<string, { sum: Dec; count: number }>();
      eachObject<Line>(lines, (child) => {
        const kind = text(child.frenchCtc?.subType);
        const d = dec(child.netAmount);
        if ((kind !== 'GROUP' && kind !== 'DETAIL') || !d) return;
        const parent = text(child.frenchCtc?.parentLineId);
        const acc = children.get(parent);
        if (acc) {
          acc.sum = acc.sum.plus(d);
          acc.count++;
        } else children.set(parent, { sum: ZERO.plus(d), count: 1 });
      });
      eachObject<Line>(lines, (line, i) => {
        const own = dec(line.netAmount);
        if (text(line.frenchCtc?.subType) !== 'GROUP' || own === undefined) return;
        const { sum, count } = children.get(text(line.id)) ?? { sum: ZERO, count: 0 };
        if (!own.eq(round2(sum)))
          report(`invoice.lines[${i}].netAmount`, {
            value: line.netAmount,
            computed: sumComputed('BT-131', 'BT-131', { total: sum, count }, round2(sum)),
          });
      });
    },
  ),
  frext(
    'BR-FREXT-12',
    ['BT-131', 'EXT-FR-FE-162', 'EXT-FR-FE-163'],
    [
      'A GROUP line has a net amount (BT-131) but one of its GROUP child lines has none.',
      'When a GROUP line gives its net amount, the GROUP lines placed under it give theirs, so that the amounts add up level by level.',
      'Give every GROUP child line its net amount, or leave the parent GROUP line’s net amount out.',
    ],
    [
      'Une ligne GROUP a un montant net (BT-131) mais l’une de ses lignes filles GROUP n’en a pas.',
      'Quand une ligne GROUP indique son montant net, les lignes GROUP placées sous elle indiquent le leur, pour que les montants s’additionnent niveau par niveau.',
      'Indiquez le montant net de chaque ligne fille GROUP, ou omettez celui de la ligne GROUP parente.',
    ],
    (inv, report) => {
      const lines = Array.isArray(inv.lines) ? inv.lines : [];
      // the GROUP children without a net amount, counted once per parent id
      const missing = new Map<string, number>();
      eachObject<Line>(lines, (child) => {
        if (text(child.frenchCtc?.subType) !== 'GROUP' || child.netAmount !== undefined) return;
        const parent = text(child.frenchCtc?.parentLineId);
        missing.set(parent, (missing.get(parent) ?? 0) + 1);
      });
      if (missing.size === 0) return;
      eachObject<Line>(lines, (line, i) => {
        if (text(line.frenchCtc?.subType) !== 'GROUP' || line.netAmount === undefined) return;
        if (missing.has(text(line.id))) report(`invoice.lines[${i}].netAmount`, { value: line.netAmount });
      });
    },
  ),
];
