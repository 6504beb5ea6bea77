/**
 * The validator's companion page in a real browser: upload a valid Factur-X PDF and an invalid CII,
 * read the verdicts, open a rule's explanation from its link. Screenshots of both reports go to
 * docs/screenshots when EINV_UPDATE_SCREENSHOTS=1, else to a temp folder (the test still takes them).
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { generate } from '@einv/facturx';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { buildApp, facturxSample, invalidCii } from '../../apps/validator-api/src/__tests__/harness.js';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfChromium, launchChromium, listen } from '../support/browser.js';
import { hasShared, REPO_ROOT } from '../support/shared.js';
import { unreadableInputs } from '../support/unreadable.js';

const describeIfReady = hasShared ? describeIfChromium : describeIfChromium.skip;
const SHOTS =
  process.env.EINV_UPDATE_SCREENSHOTS === '1'
    ? path.join(REPO_ROOT, 'docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'einv-shots-'));

describeIfReady('validator page (headless Chromium)', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-upload-'));
  beforeAll(async () => {
    ({ server, url } = await listen(buildApp()));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('a valid Factur-X PDF gets the valid verdict', async () => {
    const file = path.join(dir, 'facture-F2026-0001.pdf');
    fs.writeFileSync(file, facturxSample().pdf);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(url);
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#report:not([hidden])');
    expect(await page.getAttribute('#verdict', 'class')).toBe('valid');
    expect(await page.textContent('#summary')).toContain('FACTURX-PDF');
    await page.screenshot({ path: path.join(SHOTS, 'validator-valid-facturx.png'), fullPage: true });
    await page.close();
  });

  it('an invalid CII gets the invalid verdict in French, and a rule link opens its explanation', async () => {
    const file = path.join(dir, 'invalid-cii.xml');
    fs.writeFileSync(file, invalidCii());
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${url}/?lang=fr`);
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#report:not([hidden])');
    expect(await page.getAttribute('#verdict', 'class')).toBe('invalid');
    expect(await page.textContent('#verdict')).toBe('Facture non valide');
    const link = page.locator('a.rule-link', { hasText: 'BR-02' }).first();
    await link.click();
    await page.waitForSelector('#explanation:not([hidden])');
    expect(await page.textContent('#explanation-title')).toBe('BR-02');
    expect((await page.textContent('#explanation-body'))?.length).toBeGreaterThan(40);
    await page.screenshot({ path: path.join(SHOTS, 'validator-invalid-cii.png'), fullPage: true });
    await page.close();
  });

  // issue #11: the page showed "Facture non valide" with "Erreurs (0)" for a truncated PDF whose fatal
  // findings were only in the PDF section. The verdict, the count and the list now come from one list.
  for (const input of unreadableInputs(facturxSample().pdf)) {
    it(`${input.name}: invalid, "Erreurs (1)" naming the cause, no warnings`, async () => {
      const file = path.join(dir, input.file);
      fs.writeFileSync(file, input.bytes);
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(`${url}/?lang=fr`);
      await page.setInputFiles('#file', file);
      await page.waitForSelector('#report:not([hidden])');
      expect(await page.textContent('#verdict')).toBe('Facture non valide');
      const headings = await page.locator('#findings h3').allTextContents();
      expect(headings).toEqual(['Erreurs (1)', 'Avertissements (0)']);
      expect(await page.locator('#findings tr.finding').count()).toBe(1);
      expect(await page.locator('#findings tr.finding a.rule-link').textContent()).toBe(input.rule);
      await page.close();
    });
  }

  it('a MINIMUM Factur-X: the booking-aid notice, no EN 16931 cascade', async () => {
    const minimum = generate(loadFixture('fr-b2b-simple').invoice, {
      now: '2026-11-22T10:00:00Z',
      profile: 'MINIMUM',
    });
    const file = path.join(dir, 'minimum.pdf');
    fs.writeFileSync(file, minimum.pdf!);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(url);
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#report:not([hidden])');
    expect(await page.getAttribute('#verdict', 'class')).toBe('valid');
    expect(await page.textContent('#notices .notice')).toMatch(/booking aid, not an invoice/);
    expect(await page.locator('#findings h3').first().textContent()).toBe('Errors (0)');
    await page.screenshot({ path: path.join(SHOTS, 'validator-minimum-notice.png'), fullPage: true });
    await page.close();
  });
});
