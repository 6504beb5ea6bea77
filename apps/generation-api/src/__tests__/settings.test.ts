/** Start-up settings (issue 14): DATABASE_URL schemes, loud misconfiguration, static assets by allow-list. */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ConfigError, configWarnings, databaseFrom, loadConfig } from '../config.js';
import { buildApp } from './harness.js';

describe('DATABASE_URL', () => {
  it('takes paths, file: URLs and :memory: as SQLite, postgres URLs as PostgreSQL', () => {
    expect(databaseFrom('./data/einv.sqlite')).toEqual({ kind: 'sqlite', file: './data/einv.sqlite' });
    expect(databaseFrom('file:///var/lib/einv.db')).toEqual({ kind: 'sqlite', file: '/var/lib/einv.db' });
    expect(databaseFrom(':memory:')).toEqual({ kind: 'sqlite', file: ':memory:' });
    expect(databaseFrom('postgres://u:p@db:5432/einv')).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/einv',
    });
    expect(databaseFrom('postgresql://db/einv').kind).toBe('postgres');
  });

  it('refuses any other scheme, naming it', () => {
    expect(() => databaseFrom('mysql://u@h/db')).toThrow(ConfigError);
    expect(() => databaseFrom('redis://h')).toThrow(/unsupported scheme "redis:"/);
  });
});

describe('misconfiguration warnings', () => {
  const secret = { BILLING_WEBHOOK_SECRET: 's' };
  it('a webhook secret without variant ids, and insecure cookies in production, are warnings', () => {
    expect(configWarnings(loadConfig(secret)).join('\n')).toMatch(
      /BILLING_SITE_VARIANT_IDS and BILLING_MULTI_VARIANT_IDS are empty/,
    );
    expect(configWarnings(loadConfig({ ...secret, BILLING_SITE_VARIANT_IDS: '1' })).join('\n')).toMatch(
      /BILLING_MULTI_VARIANT_IDS is empty/,
    );
    const prod = configWarnings(
      loadConfig({
        ...secret,
        BILLING_SITE_VARIANT_IDS: '1',
        BILLING_MULTI_VARIANT_IDS: '2',
        NODE_ENV: 'production',
      }),
    );
    expect(prod.join('\n')).toMatch(/COOKIE_SECURE is not true while NODE_ENV=production/);
  });

  it('a complete production setting has no warning', () => {
    const env = {
      ...secret,
      BILLING_SITE_VARIANT_IDS: '1',
      BILLING_MULTI_VARIANT_IDS: '2',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
    };
    expect(configWarnings(loadConfig(env))).toEqual([]);
  });

  it('server timeouts are settings with named errors', () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '2000' }).timeouts.headersTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS must be a number/);
  });
});

describe('static assets', () => {
  it('serve the files the docs page loads, not the package metadata or source maps', async () => {
    const { app } = await buildApp();
    expect((await request(app).get('/api/docs/assets/swagger-ui.css')).status).toBe(200);
    expect((await request(app).get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    for (const file of ['package.json', 'swagger-ui-bundle.js.map', 'README.md', 'index.js'])
      expect((await request(app).get(`/api/docs/assets/${file}`)).status).toBe(404);
  });
});
