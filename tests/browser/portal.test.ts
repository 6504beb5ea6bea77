/**
 * The portal page in a real browser: sign up, create a key, use it on /api/v1/generate, revoke it,
 * and see the same key refused with 401.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { buildApp, validInvoice } from '../../apps/generation-api/src/__tests__/harness.js';
import { describeIfChromium, launchChromium, listen } from '../support/browser.js';

describeIfChromium('portal page (headless Chromium)', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await listen(buildApp().app));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('sign up, create a key, generate with it, revoke it, then 401', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/api/portal`);
    await page.fill('#email', 'grace@example.com');
    await page.fill('#password', 'a long enough password');
    await page.click('#signup');
    await page.waitForSelector('#signed-in:not([hidden])');
    expect(await page.textContent('#plan')).toContain('FREE');

    await page.fill('#key-name', 'browser key');
    await page.click('#create-key');
    await page.waitForSelector('#new-key:not([hidden])');
    const key = (await page.textContent('#new-key-value'))?.trim() ?? '';
    expect(key).toMatch(/^einv_/);
    await page.waitForSelector('#keys tbody tr');

    const generate = () =>
      fetch(`${url}/api/v1/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ invoice: validInvoice() }),
      });
    const ok = await generate();
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { pdf: string };
    expect(Buffer.from(body.pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.click('#keys tbody tr button.revoke');
    await page.waitForSelector('#keys tbody tr td.status-revoked');
    expect((await generate()).status).toBe(401);
    await page.close();
  });
});
