/**
 * Wires the generation service from its configuration and database: mail (SMTP or dev-mode log),
 * billing store with its account resolver, accounts, keys and the Express app. Used by main.ts and by
 * the tests, so both run the same assembly.
 */
import type { Database } from '@einv/billing';
import { BillingStore } from '@einv/billing';
import type { Logger } from 'pino';
import { AccountService, accountResolver } from './accounts.js';
import { type AppDependencies, createApp } from './app.js';
import type { GenerationConfig } from './config.js';
import { KeyService } from './keys.js';
import { devLogMailer, smtpMailer } from './mail/mailer.js';

export function createService(
  config: GenerationConfig,
  database: Database,
  logger: Logger,
  clock = () => new Date(),
  runtime: Pick<AppDependencies, 'pool' | 'dependencies' | 'stopping' | 'stores' | 'throttles'> = {},
) {
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : devLogMailer(logger);
  const billing = new BillingStore(database, config.billing, accountResolver(database));
  const accounts = new AccountService({
    database,
    billing,
    limits: config.billing.limits,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    checkoutUrls: config.checkoutUrls,
    clock,
  });
  const keys = new KeyService(database, config.billing.limits, (account) => accounts.planOf(account), clock);
  const app = createApp({ config, accounts, keys, billing, logger, clock, ...runtime });
  return { app, accounts, keys, billing };
}
