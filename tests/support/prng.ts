/** mulberry32 (scripts/lib/prng.mjs, the one copy), typed: every run of a mutation suite mutates the same way */
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { prng as mulberry32 } from '../../scripts/lib/prng.mjs';

export const prng: (seed: number) => () => number = mulberry32;
