/**
 * Issue #16 acceptance: the portal in French, chosen by the browser's language. A French visitor
 * signs up: the page, its messages and the account view are in French (no English words from a small
 * list), the account is created in French (its confirmation mail too). Screenshot in
 * docs/screenshots when EINV_UPDATE_SCREENSHOTS=1, else in a temp folder.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../apps/generation-api/src/__tests__/harness.js';
import type { Mailbox } from '../../apps/generation-api/src/__tests__/mailbox.js';
import { startMailbox } from '../../apps/generation-api/src/__tests__/mailbox.js';
import { describeIfChromium, launchChromium } from '../support/browser.js';
import { REPO_ROOT } from '../support/shared.js';

const SHOTS =
  process.env.EINV_UPDATE_SCREENSHOTS === '1'
    ? path.join(REPO_ROOT, 'docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'einv-shots-'));

const ENGLISH = [
  'Sign in',
  'Sign out',
  'Password',
  'Create an account',
  'Plan',
  'Plans',
  'Generated this month',
  'API keys',
  'Name',
  'Created',
  'Last used',
  'Status',
  'Account',
  'Change password',
  'Delete account',
  'unlimited',
  'Upgrade',
  'Confirm your email',
  'your plan',
];

describeIfChromium('portal in French (headless Chromium, issue #16)', () => {
  let browser: Browser;
  let server: http.Server;
  let url: string;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, PUBLIC_URL: url });
    server.on('request', app);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
    await mailbox?.close();
  });

  it('a French browser gets the portal in French, and a French account', async () => {
    const context = await browser.newContext({
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
      viewport: { width: 1100, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/api/portal`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.textContent('#login')).toBe('Se connecter');
    expect(await page.textContent('#signup-form h2')).toBe('Créer un compte');
    await page.fill('#signup-email', 'amelie@example.com');
    await page.fill('#signup-password', 'un mot de passe assez long');
    await page.click('#signup');
    await page.waitForSelector('#signed-in:not([hidden])');
    expect(await page.textContent('#message')).toBe(
      'Compte créé. Nous avons envoyé un lien de confirmation à amelie@example.com.',
    );
    expect(await page.textContent('#pricing thead')).toContain('Factures générées par mois');
    await page.fill('#key-name', 'boutique');
    await page.click('#create-key');
    await page.waitForSelector('#new-key:not([hidden])');
    expect(await page.textContent('#message')).toBe('Clé «\u202fboutique\u202f» créée.');
    const text = await page.innerText('body');
    const english = ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
    expect(english).toEqual([]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'portal-fr.png'), fullPage: true });
    // the account speaks French: its confirmation mail too
    const mail = await mailbox.next('amelie@example.com', /confirm/i);
    expect(mail.subject).not.toBe('einv: confirm your email address');
    await context.close();
  });
});
