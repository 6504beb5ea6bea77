/**
 * /api/portal: the page and its JSON API (session cookie, HttpOnly, SameSite=Strict). Mutations
 * must be same-origin JSON, so a foreign page can neither post a form nor read an answer.
 */

import { bodyObject, requireJson, sameOriginOnly, sendProblem } from '@einv/http-kit';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import type { Account, AccountService } from '../accounts.js';
import { isFailure } from '../accounts.js';

export const SESSION_COOKIE = 'einv_session';

function cookieValue(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function portalRouter(accounts: AccountService, pageHtml: string, secureCookies: boolean): Router {
  const router = Router();
  const setSession = (res: Response, token: string, maxAgeMs: number) =>
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api/portal',
      maxAge: maxAgeMs,
    });

  const requireSession = (req: Request, res: Response, next: NextFunction) => {
    const account = accounts.sessionAccount(cookieValue(req, SESSION_COOKIE));
    if (!account)
      return sendProblem(res, 401, 'not-signed-in', 'Not signed in', 'Sign in to the portal first.');
    res.locals.account = account;
    next();
  };

  router.get('/', (_req, res) => {
    res.type('html').send(pageHtml);
  });

  router.post('/signup', sameOriginOnly, requireJson, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const result = await accounts.signup(body.email, body.password);
    if (isFailure(result)) {
      const status = result.error === 'taken' ? 409 : 400;
      return sendProblem(
        res,
        status,
        result.error === 'taken' ? 'email-taken' : 'invalid-signup',
        'Cannot sign up',
        result.detail,
        result.field ? { field: result.field } : {},
      );
    }
    const session = accounts.createSession(result.id);
    setSession(res, session.token, session.maxAgeMs);
    res.status(201).json(accounts.me(result));
  });

  router.post('/login', sameOriginOnly, requireJson, async (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const account = await accounts.login(body.email, body.password);
    if (!account)
      return sendProblem(
        res,
        401,
        'bad-credentials',
        'Wrong email or password',
        'Check the email and password, or sign up.',
      );
    const session = accounts.createSession(account.id);
    setSession(res, session.token, session.maxAgeMs);
    res.json(accounts.me(account));
  });

  router.post('/logout', sameOriginOnly, (req, res) => {
    accounts.endSession(cookieValue(req, SESSION_COOKIE));
    res.clearCookie(SESSION_COOKIE, { path: '/api/portal' });
    res.status(204).end();
  });

  router.get('/me', requireSession, (_req, res) => {
    res.json(accounts.me(res.locals.account as Account));
  });

  router.get('/keys', requireSession, (_req, res) => {
    res.json({ keys: accounts.listKeys(res.locals.account as Account) });
  });

  router.post('/keys', sameOriginOnly, requireJson, requireSession, (req, res) => {
    const body = bodyObject(req, res);
    if (!body) return;
    const created = accounts.createKey(res.locals.account as Account, body.name);
    if (isFailure(created)) {
      const status = created.error === 'key-limit' ? 403 : 400;
      return sendProblem(
        res,
        status,
        created.error === 'key-limit' ? 'key-limit' : 'invalid-key-name',
        'Cannot create key',
        created.detail,
        created.field ? { field: created.field } : {},
      );
    }
    res.status(201).json(created);
  });

  router.delete('/keys/:id', sameOriginOnly, requireSession, (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0)
      return sendProblem(
        res,
        400,
        'invalid-key-id',
        'Invalid key id',
        'Expected a positive integer key id.',
        { field: 'id' },
      );
    if (!accounts.revokeKey(res.locals.account as Account, id))
      return sendProblem(res, 404, 'key-not-found', 'Key not found', `No live key ${id} on this account.`, {
        field: 'id',
      });
    res.status(204).end();
  });

  return router;
}
