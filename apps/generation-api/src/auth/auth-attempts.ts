/**
 * Failed authentications (portal logins, API keys) limited per account and per IP with growing
 * delays (FailureThrottle, in memory or in Redis). The account subject of a login is the submitted
 * email, known or not, so a blocked answer says nothing about whether the email has an account.
 */
import { sendProblem } from '@einv/http-kit';
import type { Response } from 'express';
import type { GenerationConfig } from '../config.js';
import { type FailureThrottle, memoryThrottles, type ThrottleFactory } from './failure-throttle.js';

export class AuthAttempts {
  private readonly perAccount: FailureThrottle;
  private readonly perIp: FailureThrottle;

  constructor(config: GenerationConfig['authThrottle'], throttles: ThrottleFactory = memoryThrottles) {
    const delays = { baseDelayMs: config.baseDelayMs, maxDelayMs: config.maxDelayMs };
    this.perAccount = throttles('account', { freeFailures: config.accountFreeFailures, ...delays });
    this.perIp = throttles('ip', { freeFailures: config.ipFreeFailures, ...delays });
  }

  /** Milliseconds before this IP and subject may try again (0: now) */
  async waitMs(ip: string, subject: string | undefined): Promise<number> {
    const [byIp, bySubject] = await Promise.all([
      this.perIp.retryAfterMs([`ip:${ip}`]),
      subject ? this.perAccount.retryAfterMs([subject]) : 0,
    ]);
    return Math.max(byIp, bySubject);
  }

  /** Records a failure; returns the failure count of the account subject (or of the IP without one) */
  async failed(ip: string, subject: string | undefined): Promise<number> {
    const ipCount = await this.perIp.recordFailure([`ip:${ip}`]);
    return subject ? this.perAccount.recordFailure([subject]) : ipCount;
  }

  async succeeded(subject: string): Promise<void> {
    await this.perAccount.recordSuccess([subject]);
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
