/**
 * Targeted mutations: text edits aimed at the core rules that random mutations rarely reach
 * (parties, tax representative, payee, card, periods, allowances without reason, schemes…). Each
 * edit names the rule it aims at; it is applied to the first few documents of its syntax where its
 * anchor exists. Whatever fires is compared with the official validator like any other mutation.
 */
import type { Mutant } from './mutations.js';
import type { Syntax } from './support.js';
import { CII_EDITS } from './targeted-cii.js';
import { UBL_EDITS } from './targeted-ubl.js';

const EDITS = [...CII_EDITS, ...UBL_EDITS];

/** Targeted mutants of the given documents: each edit on at most `perEdit` documents of its syntax */
export function targeted(
  bases: { id: string; xml: string; syntax: Syntax }[],
  perEdit: number,
): (Mutant & { syntax: Syntax })[] {
  const out: (Mutant & { syntax: Syntax })[] = [];
  EDITS.forEach((edit, e) => {
    let used = 0;
    for (const base of bases) {
      if (used >= perEdit) break;
      if (base.syntax !== edit.syntax) continue;
      const xml = edit.apply(base.xml);
      if (xml === undefined || xml === base.xml) continue;
      used++;
      out.push({ id: `${base.id}~t${e}`, xml, what: `targets ${edit.aim}`, syntax: base.syntax });
    }
  });
  return out;
}
