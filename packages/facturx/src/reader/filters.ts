/**
 * Stream decoding for the reader. FlateDecode (with PNG/TIFF predictors, used by xref streams) is
 * what embedded files, object streams and metadata use in practice; pako is pure JS and synchronous,
 * so the same code runs in Node and browsers (decision 0082). Output is capped: a 10 kB zip bomb
 * cannot expand into gigabytes.
 */
import { Inflate } from 'pako';
import {
  arrayOf,
  dictOf,
  nameOf,
  numberOf,
  type PdfDict,
  type PdfObject,
  type PdfStream,
} from './objects.js';

export class DecodeError extends Error {}

export type Resolve = (o: PdfObject | undefined) => PdfObject | undefined;

function inflate(data: Uint8Array, maxBytes: number): Uint8Array {
  const inflator = new Inflate({ chunkSize: 64 * 1024 });
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooBig = false;
  inflator.onData = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > maxBytes) tooBig = true;
    else chunks.push(chunk);
  };
  // pako stops feeding on error; for size we check after each 64 kB input slice
  for (let i = 0; i < data.length && !tooBig; i += 65536) {
    inflator.push(data.subarray(i, Math.min(data.length, i + 65536)), i + 65536 >= data.length);
    if (inflator.err && total === 0) throw new DecodeError(`FlateDecode: ${inflator.msg || 'corrupt data'}`);
    if (inflator.err) break; // keep what decoded (many producers append junk after the zlib stream)
  }
  if (tooBig) throw new DecodeError(`decoded stream larger than ${maxBytes} bytes`);
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

function unpredict(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor = numberOf(parms?.get('Predictor')) ?? 1;
  if (predictor < 10) return data;
  const colors = numberOf(parms?.get('Colors')) ?? 1;
  const bpc = numberOf(parms?.get('BitsPerComponent')) ?? 8;
  const columns = numberOf(parms?.get('Columns')) ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (rowLength <= 0) throw new DecodeError('bad predictor parameters');
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  const prev = new Uint8Array(rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const row = data.subarray(r * (rowLength + 1) + 1, (r + 1) * (rowLength + 1));
    const cur = out.subarray(r * rowLength, (r + 1) * rowLength);
    for (let i = 0; i < rowLength; i++) {
      const left = i >= bpp ? cur[i - bpp]! : 0;
      const up = prev[i]!;
      const upLeft = i >= bpp ? prev[i - bpp]! : 0;
      const x = row[i]!;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + left;
          break;
        case 2:
          v = x + up;
          break;
        case 3:
          v = x + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new DecodeError(`unknown PNG predictor ${type}`);
      }
      cur[i] = v & 0xff;
    }
    prev.set(cur);
  }
  return out;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let hi = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x41 && c <= 0x46
          ? c - 55
          : c >= 0x61 && c <= 0x66
            ? c - 87
            : -1;
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out.push((hi << 4) | v);
      hi = -1;
    }
  }
  if (hi >= 0) out.push(hi << 4);
  return Uint8Array.from(out);
}

/** Decodes a stream's data through its /Filter chain. Throws DecodeError for unsupported or broken data. */
export function decodeStream(stream: PdfStream, resolve: Resolve, maxBytes: number): Uint8Array {
  const filterObj = resolve(stream.dict.get('Filter'));
  const parmsObj = resolve(stream.dict.get('DecodeParms'));
  const filters = filterObj === undefined || filterObj === null ? [] : (arrayOf(filterObj) ?? [filterObj]);
  const parms = arrayOf(parmsObj) ?? [parmsObj];
  let data = stream.raw;
  filters.forEach((f, i) => {
    const name = nameOf(resolve(f));
    const p = dictOf(resolve(parms[i] ?? undefined));
    if (name === 'FlateDecode' || name === 'Fl') data = unpredict(inflate(data, maxBytes), p);
    else if (name === 'ASCIIHexDecode' || name === 'AHx') data = asciiHex(data);
    else throw new DecodeError(`unsupported filter ${name ?? '?'}`);
  });
  return data;
}
