/**
 * The three numbers the glyph check needs from an embedded TrueType/OpenType program: units per
 * em (head), glyph count (maxp) and advance widths (hhea + hmtx), read straight from the table
 * directory. fontkit decodes whole tables through its struct layer, which cost more than the rest
 * of preflight together on a one-page invoice; these reads are a few bounds-checked integers.
 */
export interface SfntMetrics {
  unitsPerEm: number;
  numGlyphs: number;
  /** advance width of a glyph in font units */
  advance(gid: number): number;
}

export function readSfntMetrics(bytes: Uint8Array): SfntMetrics | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at) : undefined);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at) : undefined);
  const numTables = u16(4);
  if (numTables === undefined || numTables > 512) return undefined;
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(rec, rec + 4));
    const offset = u32(rec + 8);
    const length = u32(rec + 12);
    if (offset === undefined || length === undefined || offset + length > bytes.length) return undefined;
    tables.set(tag, { offset, length });
  }
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const maxp = tables.get('maxp');
  const hmtx = tables.get('hmtx');
  if (!head || !hhea || !maxp || !hmtx) return undefined;
  const unitsPerEm = u16(head.offset + 18);
  const numberOfHMetrics = u16(hhea.offset + 34);
  const numGlyphs = u16(maxp.offset + 4);
  if (!unitsPerEm || !numberOfHMetrics || numGlyphs === undefined) return undefined;
  if (4 * numberOfHMetrics > hmtx.length) return undefined;
  return {
    unitsPerEm,
    numGlyphs,
    advance: (gid) => u16(hmtx.offset + 4 * Math.min(gid, numberOfHMetrics - 1)) ?? 0,
  };
}
