import fs from 'node:fs';
import path from 'node:path';
import { readCii } from '@einv/cii';
import { contextCountsOf, hasWellFormedValues, locationsOf, releaseSourceFacts } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { hasShared, sharedPath } from '../../../tests/support/shared.js';
import { closeDocumentScope, keptForDocument, openDocumentScope } from './document-scope.js';
import { rules as en16931Rules } from './en16931/index.js';
import { rules as facturxRules } from './facturx-profiles/index.js';
import { sourceContext } from './source-context.js';
import { validate } from './validate.js';

const EXAMPLES = sharedPath('en16931/cii/examples');

const ids = [...en16931Rules, ...facturxRules].map((r) => r.id);
/** contextCounts as contextCount gives each id (NaN for undefined) */
const oneByOne = (source: NonNullable<ReturnType<typeof sourceContext>>, list: readonly string[]) =>
  list.map((id) => source.contextCount(id) ?? Number.NaN);
/** contextCounts by rule: NaN where it gives none */
const byRule = (source: ReturnType<typeof sourceContext>, list: readonly string[]) => {
  const counted = source?.contextCounts(list);
  if (!counted) return undefined;
  return list.map((_, i) => {
    const k = counted.at[i] as number;
    return k >= 0 ? (counted.counts[k] as number) : Number.NaN;
  });
};

describe('sourceContext contextCounts (decision 0201)', () => {
  (hasShared ? it : it.skip)('gives what contextCount gives for every rule, from a reader’s facts', () => {
    for (const file of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'))) {
      const read = readCii(fs.readFileSync(path.join(EXAMPLES, file)));
      const source = sourceContext(read.source, locationsOf(read));
      if (!source) throw new Error(`${file}: no source facts`);
      expect({ file, counts: byRule(source, ids) }).toEqual({
        file,
        counts: oneByOne(source, ids),
      });
      // some rule is skipped and some is counted: the test can tell them apart
      expect(byRule(source, ids)).toContain(0);
      // facts whose record was replaced read the new record, not the reader's counts
      const zeroed = Object.fromEntries(Object.keys(read.source.contexts ?? {}).map((id) => [id, 0]));
      const replaced = sourceContext({ ...read.source, contexts: zeroed }, undefined);
      const counts = byRule(replaced, ids) ?? [];
      expect(counts.filter((n) => n === 0)).toHaveLength(Object.keys(zeroed).length);
    }
  });

  it('reads a record given by hand, and has no counts without one', () => {
    const facts = {
      values: {},
      unreadable: new Set<string>(),
      contexts: { 'BR-01': 2, 'BR-02': 0, 'BR-03': -1 },
    };
    const source = sourceContext(facts, undefined);
    expect(byRule(source, ['BR-01', 'BR-02', 'BR-03', 'BR-04'])).toEqual([2, 0, Number.NaN, Number.NaN]);
    expect(byRule(sourceContext({ values: {}, unreadable: new Set<string>() }, undefined), ids)).toBe(
      undefined,
    );
  });
});

describe('sourceContext values (decisions 0107, 0217)', () => {
  const node = { value: 'EUR', xpath: '/a/b', line: 2 };
  const bad = { value: 3, xpath: '/a/c', line: 'x' };

  (hasShared ? it : it.skip)(
    'reads a reader’s marked record as it is, and checks the same lists given by a caller',
    () => {
      for (const file of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'))) {
        const read = readCii(fs.readFileSync(path.join(EXAMPLES, file)));
        expect(hasWellFormedValues(read.source.values)).toBe(true);
        const marked = sourceContext(read.source, undefined);
        // the same lists in a record the reader did not make: checked node by node, the same answers
        const copied = sourceContext({ ...read.source, values: { ...read.source.values } }, undefined);
        for (const id of [...Object.keys(read.source.values), 'BR-NONE', 'constructor'])
          expect({ id, nodes: marked?.values(id) }).toEqual({ id, nodes: copied?.values(id) });
      }
    },
  );

  it('keeps only well-formed nodes of a record given by hand, and nothing inherited', () => {
    const values = { 'BR-CL-03': [node, bad, node], 'BR-CL-04': [], 'BR-CL-05': 'no list' };
    const source = sourceContext({ values, unreadable: new Set<string>() } as never, undefined);
    expect(source?.values('BR-CL-03')).toEqual([node, node]);
    expect(source?.values('BR-CL-03')).toBe(source?.values('BR-CL-03'));
    expect(source?.values('BR-CL-04')).toEqual([]);
    expect(source?.values('BR-CL-05')).toBeUndefined();
    expect(source?.values('toString')).toBeUndefined();
    expect(hasWellFormedValues(values)).toBe(false);
  });
});

describe('releaseSourceFacts (decision 0233)', () => {
  (hasShared ? it : it.skip)(
    'forgets the counts and the mark, and validate() then gives the same result by lookups',
    () => {
      for (const file of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'))) {
        const read = readCii(fs.readFileSync(path.join(EXAMPLES, file)));
        const options = { syntax: 'CII' as const, locations: locationsOf(read), source: read.source };
        const before = validate(read.invoice, options);
        expect(contextCountsOf(read.source.contexts ?? {})).toBeDefined();
        releaseSourceFacts(read.source);
        expect(contextCountsOf(read.source.contexts ?? {})).toBeUndefined();
        expect(hasWellFormedValues(read.source.values)).toBe(false);
        expect({ file, result: validate(read.invoice, options) }).toEqual({ file, result: before });
      }
    },
  );
});

describe('keptForDocument (decision 0233)', () => {
  const key = {};
  let runs = 0;
  const counted = (_: object) => ++runs;

  it('computes once per key while a scope is open, every time when none is', () => {
    runs = 0;
    expect([keptForDocument(counted, key), keptForDocument(counted, key)]).toEqual([1, 2]);
    const outer = openDocumentScope();
    try {
      expect([keptForDocument(counted, key), keptForDocument(counted, key)]).toEqual([3, 3]);
      // a nested scope (validate() called by a predicate) keeps its own, and gives the outer one back
      const inner = openDocumentScope();
      expect(keptForDocument(counted, key)).toBe(4);
      closeDocumentScope(inner);
      expect(keptForDocument(counted, key)).toBe(3);
    } finally {
      closeDocumentScope(outer);
    }
    expect(keptForDocument(counted, key)).toBe(5);
  });
});
