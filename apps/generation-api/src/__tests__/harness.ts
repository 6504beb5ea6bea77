/** Builds the real generation app on an in-memory SQLite database, for contract tests over HTTP. */
import { BillingStore, migrateBilling, openSqlite } from '@einv/billing';
import { pino } from 'pino';
import request from 'supertest';
import { AccountService } from '../accounts.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateGeneration } from '../db/migrate.js';

export const WEBHOOK_SECRET = 'test_webhook_secret';

export function buildApp(
  env: Record<string, string> = {},
  clock: () => Date = () => new Date('2026-11-22T10:00:00Z'),
) {
  const config = loadConfig({
    BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BILLING_SITE_VARIANT_IDS: '111111',
    BILLING_MULTI_VARIANT_IDS: '222222',
    RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const { sqlite, db } = openSqlite(':memory:');
  migrateBilling(db);
  migrateGeneration(db);
  const billing = new BillingStore(db, config.billing);
  const accounts = new AccountService(db, billing, config.billing.limits, clock);
  const app = createApp({ config, accounts, billing, logger: pino({ level: 'silent' }), clock });
  return { app, accounts, billing, sqlite, config };
}

/** Signs up through the portal and returns an agent holding the session cookie */
export async function signedIn(
  app: ReturnType<typeof buildApp>['app'],
  email = 'ada@example.com',
  password = 'correct horse battery',
) {
  const agent = request.agent(app);
  const res = await agent.post('/api/portal/signup').send({ email, password });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return agent;
}

export async function newKey(agent: Awaited<ReturnType<typeof signedIn>>, name = 'test'): Promise<string> {
  const res = await agent.post('/api/portal/keys').send({ name });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${res.text}`);
  return res.body.key as string;
}

/** The contract's sample-like invoice: a French B2B sale that passes every rule */
export function validInvoice() {
  return {
    number: 'F2026-0001',
    typeCode: '380',
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    currency: 'EUR',
    buyerReference: 'PO-778',
    paymentTerms:
      'Paiement à 30 jours. Pénalités de retard : 3 fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
    seller: {
      name: 'Atelier Dupont SARL',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      electronicAddress: { id: '732829320', scheme: '0225' },
      address: { street: '12 rue des Lilas', city: 'Lyon', postalCode: '69003', country: 'FR' },
    },
    buyer: {
      name: 'Boulangerie Martin',
      siret: '35600000000048',
      vatNumber: 'FR32356000000',
      electronicAddress: { id: '356000000', scheme: '0225' },
      address: { street: '3 place du Marché', city: 'Paris', postalCode: '75011', country: 'FR' },
    },
    paymentMeans: {
      typeCode: '58',
      creditTransfers: [{ accountId: 'FR7630006000011234567890189', serviceProviderId: 'AGRIFRPP' }],
    },
    lines: [
      {
        id: '1',
        description: 'Développement site web',
        quantity: 10,
        unitCode: 'HUR',
        unitPrice: 75,
        vatRate: 20,
      },
      {
        id: '2',
        description: 'Hébergement annuel',
        quantity: 1,
        unitCode: 'C62',
        unitPrice: 120,
        vatRate: 20,
      },
    ],
  };
}
