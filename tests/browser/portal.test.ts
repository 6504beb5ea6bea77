/**
 * The portal page in a real browser, with a real in-process SMTP server: sign up, open the
 * verification mail and follow its link, the Upgrade links, Manage subscription, a downgrade where
 * the user chooses the active key, revoke with confirmation, password reset from the mailed link,
 * and account deletion. Screenshots go to docs/screenshots when EINV_UPDATE_SCREENSHOTS=1, else to a
 * temp folder (the test still takes them).
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { buildApp, validInvoice, WEBHOOK_SECRET } from '../../apps/generation-api/src/__tests__/harness.js';
import type { Mailbox } from '../../apps/generation-api/src/__tests__/mailbox.js';
import { startMailbox } from '../../apps/generation-api/src/__tests__/mailbox.js';
import { orderBody, subscriptionBody } from '../../apps/generation-api/src/__tests__/provider-events.js';
import { describeIfChromium, launchChromium } from '../support/browser.js';
import { REPO_ROOT } from '../support/shared.js';

const SHOTS =
  process.env.EINV_UPDATE_SCREENSHOTS === '1'
    ? path.join(REPO_ROOT, 'docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'einv-shots-'));
const CHECKOUT_MULTI = 'https://acme.lemonsqueezy.com/checkout/buy/multi-uuid';

describeIfChromium('portal page (headless Chromium)', () => {
  let browser: Browser;
  let server: http.Server;
  let url: string;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    // Listen first: the mails' links need the real address as PUBLIC_URL.
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { app } = await buildApp({
      SMTP_URL: mailbox.smtpUrl,
      PUBLIC_URL: url,
      BILLING_CHECKOUT_URL_SITE: 'https://acme.lemonsqueezy.com/checkout/buy/site-uuid',
      BILLING_CHECKOUT_URL_MULTI: CHECKOUT_MULTI,
    });
    server.on('request', app);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
    await mailbox?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
  const deliver = (body: string) =>
    fetch(`${url}/api/webhooks/billing`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
      },
      body,
    });
  const useKey = (key: string, path = '/api/v1/validate', body: object = { invoice: {} }) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const keyRow = (page: Page, name: string) =>
    page.locator('#keys tbody tr', {
      has: page.locator('td:first-child', { hasText: new RegExp(`^${name}$`) }),
    });

  it('signup → mail → verify → upgrade link → manage subscription → downgrade choice → reset → deletion', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${url}/api/portal`);
    expect(await page.getAttribute('#signup-password', 'autocomplete')).toBe('new-password');
    await page.fill('#signup-email', 'grace@example.com');
    await page.fill('#signup-password', 'a long enough password');
    await shot(page, 'portal-signup.png');
    await page.click('#signup');
    await page.waitForSelector('#signed-in:not([hidden])');
    expect(await page.textContent('#plan')).toBe('FREE');
    expect(await page.isVisible('#banner-unverified')).toBe(true);

    // The verification mail, rendered, and its link followed in the browser
    const mail = await mailbox.next('grace@example.com', /confirm/i);
    expect(mail.subject).toBe('einv: confirm your email address');
    const mailPage = await context.newPage();
    await mailPage.setContent(mail.html);
    await shot(mailPage, 'portal-verification-mail.png');
    await mailPage.click('a');
    await mailPage.waitForSelector('#message:has-text("confirmed")');
    await mailPage.close();
    await page.reload();
    await page.waitForSelector('#signed-in:not([hidden])');
    expect(await page.isHidden('#banner-unverified')).toBe(true);

    // Upgrade: the provider checkout with the account's opaque id as custom data
    const upgrade = page.locator('#pricing tr[data-plan="MULTI"] a.upgrade');
    const href = (await upgrade.getAttribute('href')) ?? '';
    expect(href.startsWith(CHECKOUT_MULTI)).toBe(true);
    const accountId = new URL(href).searchParams.get('checkout[custom][account_id]') ?? '';
    expect(accountId).toMatch(/^acc_[0-9a-f]{32}$/);
    await upgrade.hover();
    await shot(page, 'portal-upgrade.png');

    // The purchase arrives; the page links to the provider's customer portal
    const purchase = { email: 'grace@example.com', orderId: '4242', variant: 222222, accountId };
    expect(
      (await deliver(orderBody('order_created', { ...purchase, updatedAt: '2026-11-01T00:00:00Z' }))).status,
    ).toBe(200);
    const created = {
      ...purchase,
      subscriptionId: '77',
      status: 'active',
      updatedAt: '2026-11-01T00:00:01Z',
    };
    expect((await deliver(subscriptionBody('subscription_created', created))).status).toBe(200);
    await page.reload();
    await page.waitForSelector('#manage:not([hidden])');
    expect(await page.textContent('#plan')).toBe('MULTI');
    expect(await page.getAttribute('#manage-link', 'href')).toMatch(
      /^https:\/\/acme\.lemonsqueezy\.com\/billing\?user=77/,
    );
    await shot(page, 'portal-manage-subscription.png');

    // Two keys; the "copy it now" box shows only the newest one
    await page.fill('#key-name', 'shop');
    await page.click('#create-key');
    await page.waitForSelector('#new-key:not([hidden])');
    const shopKey = (await page.textContent('#new-key-value'))?.trim() ?? '';
    await page.fill('#key-name', 'backoffice');
    await page.click('#create-key');
    await page.waitForSelector('#keys tbody tr:nth-child(2)');
    const backofficeKey = (await page.textContent('#new-key-value'))?.trim() ?? '';
    expect(backofficeKey).not.toBe(shopKey);
    expect(backofficeKey).toMatch(/^einv_/);
    expect((await useKey(shopKey, '/api/v1/generate', { invoice: validInvoice() })).status).toBe(200);

    // Downgrade: the subscription expires; the newer key is suspended, saying why, and the user chooses
    const expired = { ...created, status: 'expired', updatedAt: '2026-11-10T00:00:00Z' };
    expect((await deliver(subscriptionBody('subscription_expired', expired))).status).toBe(200);
    await page.reload();
    await page.waitForSelector('#keys .status-suspended');
    expect(await keyRow(page, 'backoffice').locator('.why').textContent()).toMatch(
      /FREE plan allows 1 active key; choose which one stays active/,
    );
    await shot(page, 'portal-downgrade-choose-key.png');
    const suspendedAnswer = await useKey(backofficeKey);
    expect(suspendedAnswer.status).toBe(401);
    expect(((await suspendedAnswer.json()) as { type: string }).type).toBe('urn:einv:problem:key-suspended');
    await keyRow(page, 'backoffice').locator('button.activate').click();
    await page.waitForSelector('#message:has-text("is active")');
    expect(await keyRow(page, 'backoffice').locator('.status').textContent()).toMatch(/^active/);
    expect((await useKey(backofficeKey)).status).toBe(200);
    expect((await useKey(shopKey)).status).toBe(401);

    // Revoke asks for confirmation
    await keyRow(page, 'shop').locator('button.revoke').click();
    await keyRow(page, 'shop').locator('button.confirm-revoke').waitFor();
    await keyRow(page, 'shop').locator('button.confirm-revoke').click();
    await page.waitForSelector('#keys .status-revoked');

    // Password reset from the mailed link
    await page.click('#logout');
    await page.click('#forgot-link');
    await page.fill('#forgot-email', 'grace@example.com');
    await page.click('#send-reset');
    await page.waitForSelector('#message:has-text("reset link")');
    const reset = await mailbox.next('grace@example.com', /reset/i);
    await page.goto(reset.link);
    await page.waitForSelector('#reset-form:not([hidden])');
    await page.fill('#reset-password', 'another long password');
    await shot(page, 'portal-password-reset.png');
    await page.click('#reset');
    await page.waitForSelector('#message:has-text("Password changed")');
    await page.fill('#password', 'another long password');
    await page.click('#login');
    await page.waitForSelector('#signed-in:not([hidden])');

    // Account deletion, confirmed by the password
    await page.click('#delete-account summary');
    await page.fill('#delete-password', 'another long password');
    await shot(page, 'portal-account-deletion.png');
    await page.click('#delete');
    await page.waitForSelector('#message:has-text("deleted")');
    expect((await useKey(backofficeKey)).status).toBe(401);
    await context.close();
  });
});
