/** Which bytes may be moved to a thread rather than copied (transfer.ts) */
import { describe, expect, it } from '@jest/globals';
import { asBuffer, movableBuffers, resultBytes } from './transfer.js';

describe('movableBuffers', () => {
  it('moves a view that owns its whole buffer, once', () => {
    const bytes = new Uint8Array(64 * 1024);
    expect(movableBuffers([bytes, bytes])).toEqual([bytes.buffer]);
    const body = Buffer.alloc(10_000); // above half the pool size: its own ArrayBuffer
    expect(movableBuffers([new Uint8Array(body.buffer, body.byteOffset, body.length)])).toEqual([
      body.buffer,
    ]);
  });

  it('copies slices: of the Buffer pool, of a larger buffer; and shared or empty buffers', () => {
    const pooled = Buffer.from('<Invoice/>'); // a slice of Node's shared 8 KB pool
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const whole = new Uint8Array(100);
    expect(
      movableBuffers([
        pooled,
        whole.subarray(10),
        whole.subarray(0, 50),
        new Uint8Array(new SharedArrayBuffer(16)),
        new Uint8Array(0),
        'text',
        undefined,
      ]),
    ).toEqual([]);
  });
});

describe('resultBytes', () => {
  it('finds byte arrays in plain objects up to three levels, not in arrays', () => {
    const json = new Uint8Array(4);
    const pdf = new Uint8Array(8);
    const deep = new Uint8Array(2);
    const result = {
      known: true,
      json,
      receipt: { body: pdf, type: 'application/pdf' },
      a: { b: { c: { d: deep } } },
      findings: [{ bytes: new Uint8Array(1) }],
    };
    expect(resultBytes(result)).toEqual([json, pdf]);
    expect(resultBytes(pdf)).toEqual([pdf]);
    expect(resultBytes('report')).toEqual([]);
  });
});

describe('asBuffer', () => {
  it('is a Buffer over the same memory, not a copy (a slice stays a slice)', () => {
    const whole = new Uint8Array([1, 2, 3, 4, 5]);
    const view = whole.subarray(1, 4);
    const buffer = asBuffer(view);
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect([...buffer]).toEqual([2, 3, 4]);
    whole[2] = 9;
    expect([...buffer]).toEqual([2, 9, 4]);
  });
});
