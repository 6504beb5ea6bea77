import { Rows } from './rows.js';

describe('Rows', () => {
  it('keeps every row across the first block growing and later blocks', () => {
    const rows = new Rows<string>(32);
    const n = 3 * 1024 + 5;
    for (let i = 0; i < n; i++)
      expect(rows.push(i, -1 - i, i * 7, i % 3 === 0 ? `o${i}` : undefined)).toBe(i);
    expect(rows.length).toBe(n);
    for (let i = 0; i < n; i++) {
      expect([rows.int(i, 0), rows.int(i, 1), rows.int(i, 2)]).toEqual([i, -1 - i, i * 7]);
      expect(rows.object(i)).toBe(i % 3 === 0 ? `o${i}` : undefined);
    }
    rows.setObject(2000, 'set');
    expect(rows.object(2000)).toBe('set');
  });
});
