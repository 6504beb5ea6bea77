/**
 * /api/portal: the page and its JSON API (session cookie, HttpOnly, SameSite=Strict). Mutations
 * must be same-origin JSON, so a foreign page can neither post a form nor read an answer.
 * Mailed links carry their token in the URL fragment; the page posts it to verify-email or
 * password-reset.
 */

import { createHash } from 'node:crypto';
import { bodyObject, problemText, requireJson, sameOriginOnly, sendProblem } from '@einv/http-kit';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import type { Account, AccountService, Failure } from '../accounts.js';
import { isFailure } from '../accounts.js';
import type { AuthAttempts } from '../auth/auth-attempts.js';
import { sendTooManyAttempts } from '../auth/auth-attempts.js';
import type { KeyService } from '../keys.js';

export const SESSION_COOKIE = 'einv_session';

export function cookieValue(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Failures of the account and key services as problem answers */
const FAILURE_STATUS: Record<string, [number, string]> = {
  taken: [409, 'email-taken'],
  'invalid-link': [400, 'invalid-link'],
  'wrong-password': [403, 'wrong-password'],
  'key-limit': [403, 'key-limit'],
  'key-not-found': [404, 'key-not-found'],
};
function sendFailure(res: Response, failure: Failure, invalidSlug: string, title: string): void {
  const [status, slug] = FAILURE_STATUS[failure.error] ?? [400, invalidSlug];
  sendProblem(res, status, slug, title, failure.detail, failure.field ? { field: failure.field } : {});
}

/** A short, non-reversible tag of an email for warn logs (the address itself stays out of logs) */
const emailTag = (email: unknown) =>
  typeof email === 'string'
    ? createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12)
    : undefined;

export interface PortalDependencies {
  accounts: AccountService;
  keys: KeyService;
  attempts: AuthAttempts;
  pageHtml: string;
  secureCookies: boolean;
}

export function portalRouter({
  accounts,
  keys,
  attempts,
  pageHtml,
  secureCookies,
}: PortalDependencies): Router {
  const router = Router();
  const setSession = async (res: Response, accountId: number) => {
    const { token, maxAgeMs } = await accounts.createSession(accountId);
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api/portal',
      maxAge: maxAgeMs,
    });
  };
  const clearSession = (res: Response) => res.clearCookie(SESSION_COOKIE, { path: '/api/portal' });

  const requireSession = async (req: Request, res: Response, next: NextFunction) => {
    const account = await accounts.sessionAccount(cookieValue(req, SESSION_COOKIE));
    if (!account)
      return sendProblem(res, 401, 'not-signed-in', 'Not signed in', 'Sign in to the portal first.');
    res.locals.account = account;
    next();
  };
  const me = (res: Response) => res.locals.account as Account;
  const keyId = (req: Request, res: Response): number | undefined => {
    const id = Number(req.params.id);
    if (Number.isInteger(id) && id > 0) return id;
    sendProblem(res, 400, 'invalid-key-id', 'Invalid key id', 'Expected a positive integer key id.', {
      field: 'id',
    });
    return undefined;
  };
  const mutation = [sameOriginOnly, requireJson];

  router.get('/', (_req, res) => {
    res.type('html').send(pageHtml);
  });

  router.get('/plans', (_req, res) => {
    res.json({ plans: accounts.plans() });
  });

  router.post('/signup', ...mutation, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.signup(body.email, body.password, body.lang);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-signup', 'Cannot sign up');
    await setSession(res, result.id);
    res.status(201).json(await accounts.me(result));
  });

  router.post('/login', ...mutation, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const ip = req.ip ?? 'unknown';
    const subject = typeof body.email === 'string' ? `login:${body.email.trim().toLowerCase()}` : undefined;
    const wait = await attempts.waitMs(ip, subject);
    if (wait > 0) {
      req.log.warn(
        { ip, email: emailTag(body.email), retryAfterMs: wait },
        'login refused: too many failures',
      );
      return sendTooManyAttempts(res, wait, 'sign-ins from here or for this email');
    }
    const account = await accounts.login(body.email, body.password);
    if (!account) {
      const failures = await attempts.failed(ip, subject);
      req.log.warn({ ip, email: emailTag(body.email), failures }, 'login failed');
      return sendProblem(
        res,
        401,
        'bad-credentials',
        'Wrong email or password',
        'Check the email and password, or reset the password.',
      );
    }
    if (subject) await attempts.succeeded(subject);
    await setSession(res, account.id);
    res.json(await accounts.me(account));
  });

  router.post('/logout', sameOriginOnly, async (req, res) => {
    await accounts.endSession(cookieValue(req, SESSION_COOKIE));
    clearSession(res);
    res.status(204).end();
  });

  router.post('/verify-email', ...mutation, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.followVerifyLink(body.token);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-link', 'Cannot verify the email');
    res.json({ email: result.email, emailVerified: true });
  });

  router.post('/verify-email/resend', sameOriginOnly, requireSession, async (_req, res) => {
    await accounts.resendVerification(me(res));
    res.status(202).json({ sent: !me(res).verified });
  });

  router.post('/password-reset/request', ...mutation, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    await accounts.requestPasswordReset(body.email);
    // The same answer whether or not the email has an account
    const { detail } = problemText(
      'reset-requested',
      '',
      'If this email has an account, a reset link is on its way.',
      res.locals.lang,
    );
    res.status(202).json({ detail });
  });

  router.post('/password-reset', ...mutation, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.resetPassword(body.token, body.password);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-password', 'Cannot reset the password');
    await attempts.succeeded(`login:${result.email}`);
    clearSession(res);
    res.json({ email: result.email });
  });

  router.post('/password', ...mutation, requireSession, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.changePassword(
      me(res),
      cookieValue(req, SESSION_COOKIE),
      body.currentPassword,
      body.newPassword,
    );
    if (isFailure(result)) return sendFailure(res, result, 'invalid-password', 'Cannot change the password');
    res.status(204).end();
  });

  router.post('/email', ...mutation, requireSession, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.requestEmailChange(me(res), body.email, body.password);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-email', 'Cannot change the email');
    res.status(202).json({ pendingEmail: String(body.email).trim().toLowerCase() });
  });

  router.delete('/account', ...mutation, requireSession, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.deleteAccount(me(res), body.password);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-password', 'Cannot delete the account');
    clearSession(res);
    res.status(204).end();
  });

  router.get('/me', requireSession, async (_req, res) => {
    res.json(await accounts.me(me(res)));
  });

  router.get('/keys', requireSession, async (_req, res) => {
    res.json({ keys: await keys.list(me(res)) });
  });

  router.post('/keys', ...mutation, requireSession, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const created = await keys.create(me(res), body.name);
    if (isFailure(created)) return sendFailure(res, created, 'invalid-key-name', 'Cannot create key');
    res.status(201).json(created);
  });

  router.delete('/keys/:id', sameOriginOnly, requireSession, async (req, res) => {
    const id = keyId(req, res);
    if (id === undefined) return;
    if (!(await keys.revoke(me(res), id)))
      return sendProblem(res, 404, 'key-not-found', 'Key not found', `No live key ${id} on this account.`, {
        field: 'id',
      });
    res.status(204).end();
  });

  router.post('/keys/:id/suspend', sameOriginOnly, requireSession, async (req, res) => {
    const id = keyId(req, res);
    if (id === undefined) return;
    if (!(await keys.suspend(me(res), id)))
      return sendProblem(res, 404, 'key-not-found', 'Key not found', `No active key ${id} on this account.`, {
        field: 'id',
      });
    res.status(204).end();
  });

  router.post('/keys/:id/activate', ...mutation, requireSession, async (req, res) => {
    const id = keyId(req, res);
    const body = id === undefined ? undefined : bodyObject(req, res);
    if (id === undefined || !body) return;
    const replacing = body.replacing === undefined ? undefined : Number(body.replacing);
    const result = await keys.activate(me(res), id, replacing);
    if (isFailure(result)) return sendFailure(res, result, 'invalid-key-id', 'Cannot activate the key');
    res.status(204).end();
  });

  return router;
}
