/**
 * Wires the generation service from its configuration and database: mail (SMTP or dev-mode log),
 * billing store with its account resolver, accounts, keys and the Express app. Used by main.ts and by
 * the tests, so both run the same assembly.
 */
import type { BillingDb } from '@einv/billing';
import { BillingStore } from '@einv/billing';
import type { Logger } from 'pino';
import { AccountService, accountResolver } from './accounts.js';
import { type AppDependencies, createApp } from './app.js';
import type { GenerationConfig } from './config.js';
import { KeyService } from './keys.js';
import { devLogMailer, smtpMailer } from './mail/mailer.js';

export function createService(
  config: GenerationConfig,
  db: BillingDb,
  logger: Logger,
  clock = () => new Date(),
  runtime: Pick<AppDependencies, 'pool' | 'dependencies' | 'stopping' | 'stores'> = {},
) {
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : devLogMailer(logger);
  const billing = new BillingStore(db, config.billing, accountResolver(db));
  const accounts = new AccountService({
    db,
    billing,
    limits: config.billing.limits,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    checkoutUrls: config.checkoutUrls,
    clock,
  });
  const keys = new KeyService(db, config.billing.limits, (account) => accounts.planOf(account), clock);
  const app = createApp({ config, accounts, keys, billing, logger, clock, ...runtime });
  return { app, accounts, keys, billing };
}
