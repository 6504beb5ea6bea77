/**
 * mulberry32: a tiny seeded PRNG, so every seeded run (mutation suites, the schema-driven
 * differential, the heap bench's generated invoices) makes the same choices. The one copy: the
 * scripts, the bench and tests/support/prng.ts (typed for the suites) use it.
 */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
