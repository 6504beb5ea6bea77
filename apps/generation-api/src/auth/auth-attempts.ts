/**
 * Failed authentications (portal logins, API keys) limited per account and per IP with growing
 * delays (FailureThrottle). The account subject of a login is the submitted email, known or not, so
 * a blocked answer says nothing about whether the email has an account.
 */
import { sendProblem } from '@einv/http-kit';
import type { Response } from 'express';
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

/** The 429 answer while an IP or subject is blocked: Retry-After, and what to retry in words */
export function sendTooManyAttempts(res: Response, waitMs: number, what: string): void {
  const seconds = Math.ceil(waitMs / 1000);
  res.setHeader('Retry-After', String(seconds));
  sendProblem(
    res,
    429,
    'too-many-attempts',
    'Too many failed attempts',
    `Too many failed ${what}; try again in ${seconds} s.`,
    { retryAfterSeconds: seconds },
  );
}
