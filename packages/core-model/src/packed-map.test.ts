/** packedMap answers as `map` does, and its result stays packed in optimised code (decision 0269). */
import v8 from 'node:v8';
import { describe, expect, it } from '@jest/globals';
import { packedMap } from './packed-map.js';

/** What a call gives: length, own keys (holes show as missing keys), values, or its error's message */
const outcome = (f: () => readonly unknown[]) => {
  try {
    const list = f();
    return { length: list.length, keys: Object.keys(list), json: JSON.stringify(list) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/**
 * Whether `body` (an expression of `list`, `double` and `packedMap`) returns a holey array once the
 * function evaluating it, and packedMap itself, are optimised by TurboFan. V8's natives syntax, allowed for this probe only.
 */
function holeyWhenOptimised(body: string): { optimised: boolean; holey: boolean } {
  v8.setFlagsFromString('--allow-natives-syntax');
  const probe = new Function(
    'packedMap',
    `const double = (x) => x * 2;
     const f = (list) => ${body};
     const list = [1, 2, 3];
     %PrepareFunctionForOptimization(f);
     %PrepareFunctionForOptimization(packedMap);
     f(list); f(list);
     %OptimizeFunctionOnNextCall(f);
     %OptimizeFunctionOnNextCall(packedMap);
     const out = f(list);
     return { optimised: (%GetOptimizationStatus(f) & 16) !== 0, holey: %HasHoleyElements(out) };`,
  );
  return probe(packedMap);
}

describe('packedMap', () => {
  const sparse: number[] = [1];
  sparse[2] = 3;
  sparse.length = 5; // holes at 1, 3 and 4 (trailing)
  const lists: unknown[][] = [[], [1, 2, 3], sparse, [undefined, null, 0], new Array(2)];

  it('gives what map gives: values, indexes, holes and length', () => {
    const fn = (x: unknown, i: number) => `${String(x)}@${i}`;
    for (const list of lists) expect(outcome(() => packedMap(list, fn))).toEqual(outcome(() => list.map(fn)));
  });

  it('fails as map does on what is not an array', () => {
    const notAList = { length: 1 } as unknown as number[];
    expect(() => packedMap(notAList, (x) => x)).toThrow(TypeError);
  });

  it('stays packed once its caller is optimised, where map turns holey', () => {
    const packed = holeyWhenOptimised('packedMap(list, double)');
    expect(packed).toEqual({ optimised: true, holey: false });
    // the V8 behaviour the helper exists for; if a Node upgrade makes this packed, the helper may go
    const mapped = holeyWhenOptimised('list.map(double)');
    expect(mapped).toEqual({ optimised: true, holey: true });
  });
});
