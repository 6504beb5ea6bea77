import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ruleCatalogue } from '../catalogue.js';
import { renderRulesDoc } from './rules-doc.js';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/rules.md');

describe('docs/rules.md', () => {
  it('lists every rule of the catalogue', () => {
    const text = renderRulesDoc();
    for (const r of ruleCatalogue) expect(text).toContain(`| ${r.id} |`);
  });

  it('is up to date with the catalogue (EINV_UPDATE_DOCS=1 regenerates it)', () => {
    const text = renderRulesDoc();
    if (process.env.EINV_UPDATE_DOCS === '1') fs.writeFileSync(DOC, text);
    expect(fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '').toBe(text);
  });
});
