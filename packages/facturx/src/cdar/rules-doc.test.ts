import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { renderCdvRulesDoc } from './rules-doc.js';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/rules-cdv.md');

describe('docs/rules-cdv.md', () => {
  it('is the rendering of the BR-FR-CDV table (EINV_UPDATE_DOCS=1 rewrites it)', () => {
    const doc = renderCdvRulesDoc();
    if (process.env.EINV_UPDATE_DOCS === '1') fs.writeFileSync(DOC, doc);
    expect(fs.readFileSync(DOC, 'utf8')).toBe(doc);
    expect(doc.match(/^\| `BR-FR/gm)).toHaveLength(43);
  });
});
