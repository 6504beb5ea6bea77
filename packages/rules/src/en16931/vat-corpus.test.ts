/**
 * Differential check on the real invoices of ../shared/corpus: for every CII and UBL document, the VAT
 * family and code-list rules that einv reports as fatal are compared with the ones the official CEN
 * 1.3.16 schematron reported (index.tsv, observed_fatal_rules). Prints the agreement and holds a
 * ratchet: the number of documents where both agree may only go up.
 */
import fs from 'node:fs';
import * as cii from '@einv/cii';
import type { Invoice } from '@einv/core-model';
import * as ubl from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import type { Syntax } from '../define.js';
import { validate } from '../validate.js';

type Reader = (xml: Uint8Array) => { invoice: Invoice };
function reader(mod: object, name: string): Reader | undefined {
  const v: unknown = (mod as Record<string, unknown>)[name];
  return typeof v === 'function' ? (v as Reader) : undefined;
}
const READERS: Record<Syntax, Reader | undefined> = {
  CII: reader(cii, 'readCii'),
  UBL: reader(ubl, 'readUbl'),
};

const MINE = /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B|CL)-\d+$/;
/** Documents on which einv and the official validator agree, per syntax (never lower these). */
const BASELINE_AGREEING: Record<Syntax, number> = { CII: 181, UBL: 32 };

interface Row {
  path: string;
  syntax: string;
  kind: string;
  observed: string[];
}

function corpusRows(): Row[] {
  const [header, ...lines] = fs.readFileSync(sharedPath('corpus/index.tsv'), 'utf8').split('\n');
  const cols = (header ?? '').split('\t');
  const at = (name: string) => cols.indexOf(name);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'))
    .map((c) => ({
      path: c[at('path')] ?? '',
      syntax: c[at('syntax')] ?? '',
      kind: c[at('kind')] ?? '',
      observed: (c[at('observed_fatal_rules')] ?? '').split(';').filter((r) => MINE.test(r)),
    }));
}

describeIfShared('VAT family and code-list rules on the real corpus', () => {
  it.each(['CII', 'UBL'] as const)(
    '%s: agree with the official validator on at least the baseline',
    (syntax) => {
      const read = READERS[syntax];
      if (!read) {
        process.stdout.write(`read${syntax === 'CII' ? 'Cii' : 'Ubl'} not available yet: skipped\n`);
        return;
      }
      const rows = corpusRows().filter(
        (r) => r.kind === 'xml' && (syntax === 'CII' ? r.syntax === 'CII' : r.syntax.startsWith('UBL')),
      );
      const disagreements: string[] = [];
      for (const row of rows) {
        const { invoice } = read(fs.readFileSync(sharedPath('corpus', row.path)));
        const result = validate(invoice, {
          syntax,
          ruleSets: ['EN16931'],
          frenchEdition: 'off',
          contractAliases: false,
        });
        const ours = [...new Set(result.errors.map((f) => f.rule).filter((r) => MINE.test(r)))].sort();
        const official = [...new Set(row.observed)].sort();
        if (ours.join() !== official.join())
          disagreements.push(`${row.path}: einv [${ours}] official [${official}]`);
      }
      const agreeing = rows.length - disagreements.length;
      process.stdout.write(
        `corpus ${syntax}: ${agreeing}/${rows.length} documents agree on BR-VAT/BR-CL\n${disagreements.join('\n')}\n`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect({ syntax, agreeing, reachesBaseline: agreeing >= BASELINE_AGREEING[syntax] }).toEqual({
        syntax,
        agreeing,
        reachesBaseline: true,
      });
    },
  );
});
