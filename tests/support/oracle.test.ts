import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import { runOracle } from './oracle.js';
import { describeIfShared, sharedPath } from './shared.js';

describeIfShared('official oracle harness', () => {
  it('reports no failed assert on an official example and BR-02 when the number is removed', async () => {
    const xml = fs.readFileSync(sharedPath('en16931/cii/examples/CII_example1.xml'), 'utf8');
    const broken = xml.replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, '$1');
    expect(broken).not.toEqual(xml);
    const [ok, bad] = await runOracle([
      { id: 'ok', xml },
      { id: 'bad', xml: broken },
    ]);
    expect(ok?.failed).toEqual([]);
    expect(bad?.failed.map((f) => f.id)).toContain('BR-02');
  });
});
