/**
 * Failed authentications (portal logins, API keys) limited per account and per IP with growing
 * delays (FailureThrottle). The account subject of a login is the submitted email, known or not, so
 * a blocked answer says nothing about whether the email has an account.
 */
import type { GenerationConfig } from '../config.js';
import { FailureThrottle } from './failure-throttle.js';

export class AuthAttempts {
  private readonly perAccount: FailureThrottle;
  private readonly perIp: FailureThrottle;

  constructor(config: GenerationConfig['authThrottle']) {
    const delays = { baseDelayMs: config.baseDelayMs, maxDelayMs: config.maxDelayMs };
    this.perAccount = new FailureThrottle({ freeFailures: config.accountFreeFailures, ...delays });
    this.perIp = new FailureThrottle({ freeFailures: config.ipFreeFailures, ...delays });
  }

  /** Milliseconds before this IP and subject may try again (0: now) */
  waitMs(ip: string, subject: string | undefined): number {
    return Math.max(
      this.perIp.retryAfterMs([`ip:${ip}`]),
      subject ? this.perAccount.retryAfterMs([subject]) : 0,
    );
  }

  /** Records a failure; returns the failure count of the account subject (or of the IP without one) */
  failed(ip: string, subject: string | undefined): number {
    const ipCount = this.perIp.recordFailure([`ip:${ip}`]);
    return subject ? this.perAccount.recordFailure([subject]) : ipCount;
  }

  succeeded(subject: string): void {
    this.perAccount.recordSuccess([subject]);
  }
}
