/**
 * Issue #16 acceptance, in a real browser: the validator page in French chosen by the browser's
 * language (Accept-Language / navigator.languages), on a UBL invoice with a wrong total: the found
 * and expected values and the calculation are visible, the XML around the finding unfolds, the
 * report PDF downloads and is preflight-clean (einv preflight, qpdf, pdffonts) with the values in the
 * reader's number format (pdftotext), every rule link opens an
 * explanation, no English words from a small list on the French page, the choice of language is
 * remembered; the same at 375 px with no horizontal scroll. Screenshots go to docs/screenshots when
 * EINV_UPDATE_SCREENSHOTS=1, else to a temp folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { preflight } from '@einv/facturx';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { buildApp, wrongTotalUbl } from '../../apps/validator-api/src/__tests__/harness.js';
import { describeIfChromium, launchChromium, listen } from '../support/browser.js';
import { REPO_ROOT } from '../support/shared.js';

const SHOTS =
  process.env.EINV_UPDATE_SCREENSHOTS === '1'
    ? path.join(REPO_ROOT, 'docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'einv-shots-'));

/** Words of the page's own English that must not show on the French page */
const ENGLISH = [
  'Error',
  'Errors',
  'Warning',
  'Warnings',
  'fatal',
  'warning',
  'Rule',
  'Severity',
  'Location',
  'Business term',
  'Found',
  'Expected',
  'Valid invoice',
  'Invalid invoice',
  'None',
  'Download',
  'the invoice says',
  'line',
  'Language',
  'French rules',
  'requests per minute',
  'syntax rules',
];

describeIfChromium('validator page for people (headless Chromium, issue #16)', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-people-'));
  const file = path.join(dir, 'facture-F2026-0001.xml');
  beforeAll(async () => {
    // one element per line, as invoicing software writes it (the snippet shows lines)
    fs.writeFileSync(file, wrongTotalUbl().replace(/></g, '>\n<'));
    ({ server, url } = await listen(buildApp()));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function frenchPage(width: number): Promise<Page> {
    const context = await browser.newContext({
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
      viewport: { width, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#report:not([hidden])');
    return page;
  }

  it('French from the browser: found, expected and the calculation of the wrong total', async () => {
    const page = await frenchPage(1200);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.textContent('#verdict')).toBe('Facture non valide');
    const row = page.locator('tr.finding', { has: page.locator('a.rule-link', { hasText: 'BR-CO-15' }) });
    expect(await row.locator('.found').textContent()).toBe('Trouvé\u202f: 999,99');
    expect(await row.locator('.expected').textContent()).toBe('Attendu\u202f: 1\u202f259,64');
    expect(await row.locator('.derivation').textContent()).toBe(
      'BT-112 = BT-109 + BT-110 = 1\u202f049,70 + 209,94 = 1\u202f259,64\u202f; la facture indique 999,99',
    );
    expect(await row.locator('.sev-fatal').textContent()).toBe('Erreur');
    // the XML around the finding's line, folded, as text
    const snippet = row.locator('details.snippet');
    await snippet.locator('summary').click();
    expect(await snippet.locator('.hit').textContent()).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">999.99<',
    );
    await page.screenshot({ path: path.join(SHOTS, 'validator-fr-wrong-total.png'), fullPage: true });

    const text = await page.innerText('body');
    const english = ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
    expect(english).toEqual([]);
    await page.context().close();
  });

  it('a consistency finding shows a count as a count (BR-FR-CO-04: 0 preceding invoices, 1 expected)', async () => {
    const corrective = path.join(dir, 'rectificative.xml');
    fs.writeFileSync(
      corrective,
      wrongTotalUbl()
        .replace(/<cbc:InvoiceTypeCode>380</, '<cbc:InvoiceTypeCode>384<')
        .replace(/></g, '>\n<'),
    );
    const context = await browser.newContext({
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr' },
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.setInputFiles('#file', corrective);
    await page.waitForSelector('#report:not([hidden])');
    const row = page.locator('tr.finding', { has: page.locator('a.rule-link', { hasText: 'BR-FR-CO-04' }) });
    expect(await row.locator('.found').textContent()).toBe('Trouvé\u202f: 0');
    expect(await row.locator('.expected').textContent()).toBe('Attendu\u202f: 1');
    await context.close();
  });

  it('the report PDF downloads and is a clean PDF/A (einv preflight, qpdf --check)', async () => {
    const page = await frenchPage(1200);
    expect(await page.textContent('#download')).toBe('Télécharger le rapport (PDF)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe('rapport-einv-facture-F2026-0001.pdf');
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const pdf = new Uint8Array(fs.readFileSync(saved));
    expect(preflight(pdf).filter((f) => !f.rule.startsWith('FX-'))).toEqual([]);
    const qpdf = spawnSync('qpdf', ['--check', saved], { encoding: 'utf8' });
    if (qpdf.error === undefined) expect([qpdf.status, qpdf.stderr]).toEqual([0, '']);
    // every font embedded; found / expected written as on the page, not as raw decimals
    const fonts = spawnSync('pdffonts', [saved], { encoding: 'utf8' });
    if (fonts.error === undefined) {
      const rows = fonts.stdout.split('\n').slice(2).filter(Boolean);
      expect(rows.length).toBeGreaterThan(0);
      for (const line of rows) expect(line).toMatch(/\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
    }
    const text = spawnSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    if (text.error === undefined) {
      expect(text.stdout).toMatch(/Trouvé +999,99\n/);
      // (pdftotext gives the narrow no-break space between thousands as a plain space)
      expect(text.stdout).toMatch(/Attendu +1[ \u202f]259,64\n/);
      expect(text.stdout).not.toContain('1259.64');
    }
    await page.context().close();
  });

  it('in English: found and expected with English grouping', async () => {
    const context = await browser.newContext({
      locale: 'en-GB',
      extraHTTPHeaders: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#report:not([hidden])');
    const row = page.locator('tr.finding', { has: page.locator('a.rule-link', { hasText: 'BR-CO-15' }) });
    expect(await row.locator('.found').textContent()).toBe('Found: 999.99');
    expect(await row.locator('.expected').textContent()).toBe('Expected: 1,259.64');
    await context.close();
  });

  it('every rule link opens an explanation, and its address answers too', async () => {
    const page = await frenchPage(1200);
    const links = page.locator('a.rule-link');
    const count = await links.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const code = (await link.textContent()) ?? '';
      await link.click();
      await page.waitForSelector('#explanation:not([hidden])');
      expect(await page.textContent('#explanation-title')).toBe(code);
      expect((await page.textContent('#explanation-body'))?.length).toBeGreaterThan(40);
      const href = (await link.getAttribute('href')) ?? '';
      const res = await page.request.get(`${url}${href}`);
      expect([code, res.status()]).toEqual([code, 200]);
      await page.click('#close-explanation');
    }
    await page.context().close();
  });

  it('at 375 px: nothing wider than the screen', async () => {
    const page = await frenchPage(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const row = page.locator('tr.finding', { has: page.locator('a.rule-link', { hasText: 'BR-CO-15' }) });
    expect(await row.locator('.derivation').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'validator-fr-375px.png'), fullPage: true });
    await page.context().close();
  });

  it('the language chosen on the page is remembered over the browser’s', async () => {
    const page = await frenchPage(1200);
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('[data-i18n="validate"]')).toBe('Validate');
    await page.context().close();
  });
});
