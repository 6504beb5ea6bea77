/**
 * The two structure suites (CII, UBL) share their shape: each document plus rotating mutations of
 * it, our verdict against the XSD verdict, a table of agreement per group, and the list of
 * disagreements. This module holds that shape once.
 */
import type { Finding } from '@einv/core-model';
import { type Doc, MUTATIONS, mutate } from './support.js';

export type Case = Doc & { group: string };

/** Each document, then `perDoc` mutated variants of it (the kind and the seed rotate with it) */
export function withMutations(docs: readonly Doc[], perDoc: number, seedStep: number): Case[] {
  const cases: Case[] = [];
  docs.forEach((d, i) => {
    cases.push({ ...d, group: 'original' });
    for (let k = 0; k < perDoc; k++) {
      const kind = MUTATIONS[(i * perDoc + k) % MUTATIONS.length] ?? 'drop-element';
      const xml = mutate(d.xml, kind, i * seedStep + k);
      if (xml) cases.push({ id: `${d.id}#${kind}`, xml, group: kind });
    }
  });
  return cases;
}

interface Row {
  docs: number;
  agree: number;
  xsdInvalid: number;
}

/** Agreement of our structure findings with the XSD verdict, per table row */
export class Agreement {
  readonly disagreements: string[] = [];
  readonly #rows = new Map<string, Row>();

  /** `xsd` is the XSD errors, null when the XSD accepts the document */
  add(row: string, id: string, ours: readonly Finding[], xsd: string[] | null): void {
    const r = this.#rows.get(row) ?? { docs: 0, agree: 0, xsdInvalid: 0 };
    r.docs++;
    if (xsd) r.xsdInvalid++;
    if ((ours.length === 0) === (xsd === null)) r.agree++;
    else
      this.disagreements.push(
        `${id}\n  xsd: ${xsd?.join(' | ') ?? 'valid'}\n  ours: ${ours.map((f) => `${f.rule} ${f.message}`).join(' | ') || 'valid'}`,
      );
    this.#rows.set(row, r);
  }

  /** The Markdown table, `heading` naming the row key (e.g. "CII profile / case") */
  table(heading: string, total: number): string {
    const lines = [...this.#rows.entries()]
      .sort()
      .map(
        ([k, r]) =>
          `| ${k} | ${r.docs} | ${r.xsdInvalid} | ${r.agree} | ${((100 * r.agree) / r.docs).toFixed(1)}% |`,
      );
    return [
      `| ${heading} | docs | XSD-invalid | agree | agreement |`,
      '|---|---|---|---|---|',
      ...lines,
      `total ${total}`,
    ].join('\n');
  }
}
