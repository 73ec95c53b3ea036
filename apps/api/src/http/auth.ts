import { isOperator } from '@token/domain/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AccessTokens } from '../modules/accounts/access-tokens.ts';
import {
  type Authenticated,
  authenticate,
  findActiveSessionOwner,
} from '../modules/accounts/sessions.service.ts';
import { sendProblem } from './errors.ts';
import { createOperatorLinks, type OperatorLinks } from './operator-links.ts';
import type { App, RouteAuth } from './types.ts';

/** The logged-in customer of a request. */
export type RequestCustomer = { id: number; uuid: string; sessionId: string };

/**
 * The operator of a request: a customer with the role `admin` and two-factor enabled, whose session
 * was opened by a login with a second factor.
 */
export type RequestOperator = { id: number; uuid: string; sessionId: string; email: string };

/** The operator API: every route below it is operator-only, whatever its config says. */
export const operatorApiBase = '/api/v2/admin';

/**
 * Whether a path lies in the operator API (decoded, any case), so a route there that forgets its
 * `auth`, and an unknown path there, still answer only operators (ARCHITECTURE convention 3).
 */
export function isOperatorPath(url: string | undefined): boolean {
  if (!url) return false;
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape stays as sent; the router answers it with 400
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path === operatorApiBase || path.startsWith(`${operatorApiBase}/`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * The route parameter holding the owner's customer uuid (`customers/{uuid}/…`): another
     * customer's uuid answers 404, as if the resource did not exist.
     */
    ownerParam?: string;
    /**
     * An operator route a browser opens by itself (a document in a new tab, which sends no
     * Authorization header) also accepts a signed short-lived link `?access=` for the resource in
     * route parameter `param` (`createOperatorLinks`).
     */
    operatorLink?: { param: string; resource: string };
  }
  interface FastifyRequest {
    customer: RequestCustomer | null;
    operator: RequestOperator | null;
  }
}

/** The resource name an operator link is signed for (`file:<uuid>`). */
export function operatorLinkResource(resource: string, id: string): string {
  return `${resource}:${id.toLowerCase()}`;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

function unauthorized(request: FastifyRequest, reply: FastifyReply) {
  reply.header('www-authenticate', 'Bearer');
  return sendProblem(request, reply, 'unauthorized', 401);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Operator routes: a valid session (bearer token, or a signed link where the route allows one),
 * then the role `admin` (else 403 `forbidden`), two-factor enabled and a session whose login passed
 * a code (else 403 `operator_two_factor_required`: a session opened before two-factor was enabled
 * needs a new login). Answers carry personal data: never stored by a cache.
 */
async function guardOperator(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { db: Database; tokens: AccessTokens; links: OperatorLinks },
) {
  const token = bearerToken(request);
  let who: Authenticated | null = null;
  if (token) {
    who = await authenticate({ db: opts.db, tokens: opts.tokens, accessToken: token });
  } else {
    const link = request.routeOptions.config?.operatorLink;
    const access = (request.query as Record<string, unknown> | undefined)?.access;
    const id = (request.params as Record<string, string> | undefined)?.[link?.param ?? ''];
    if (link && typeof access === 'string' && id && uuidPattern.test(id)) {
      const claims = opts.links.verify(access, operatorLinkResource(link.resource, id));
      if (claims && uuidPattern.test(claims.sessionId))
        who = await findActiveSessionOwner({
          db: opts.db,
          sessionId: claims.sessionId,
          customerUuid: claims.customerUuid,
        });
    }
  }
  if (!who) return unauthorized(request, reply);
  if (!isOperator(who.roles)) return sendProblem(request, reply, 'forbidden', 403);
  if (!who.twoFactorEnabled || !who.secondFactorPassed)
    return sendProblem(request, reply, 'operator_two_factor_required', 403);
  request.operator = {
    id: who.customerId,
    uuid: who.customerUuid,
    sessionId: who.sessionId,
    email: who.email,
  };
  reply.header('cache-control', 'no-store');
}

/**
 * The one auth guard: routes declare `config: { auth: 'customer', ownerParam: 'uuid' }`; the hook
 * checks the bearer token and its session before the body is read, sets `request.customer`, and
 * hides other customers' resources behind 404. Routes declaring `auth: 'operator'`, and everything
 * under /api/v2/admin/ whatever it declares, answer operators only and set `request.operator`.
 */
export function registerAuth(app: App, opts: { db: Database; tokens: AccessTokens }) {
  const links = createOperatorLinks(app.config.appSecret);
  app.decorateRequest('customer', null);
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const operatorOnly = isOperatorPath(request.routeOptions.url) || isOperatorPath(request.url);
    const auth = operatorOnly ? 'operator' : (config?.auth ?? 'public');
    if (auth === 'public') return;
    if (auth === 'operator') return guardOperator(request, reply, { ...opts, links });
    const who = await authenticateCustomer(request, opts);
    if (!who) return unauthorized(request, reply);
    request.customer = who;
    if (config.ownerParam) {
      const owner = (request.params as Record<string, string> | undefined)?.[config.ownerParam];
      if (owner?.toLowerCase() !== who.uuid) return sendProblem(request, reply, 'not_found', 404);
    }
  });
}

/**
 * The customer whose bearer token (and open session) the request carries, or null: the one token
 * check, used by the route guard above and by GraphQL's context (public endpoint, customer-only fields).
 */
export async function authenticateCustomer(
  request: FastifyRequest,
  opts: { db: Database; tokens: AccessTokens },
): Promise<RequestCustomer | null> {
  const token = bearerToken(request);
  const who = token ? await authenticate({ db: opts.db, tokens: opts.tokens, accessToken: token }) : null;
  return who && { id: who.customerId, uuid: who.customerUuid, sessionId: who.sessionId };
}

/** The logged-in customer of a route declared `auth: 'customer'` (the guard ran). */
export function customerOf(request: FastifyRequest): RequestCustomer {
  if (!request.customer) throw new Error('customerOf() on a route without auth: customer');
  return request.customer;
}

/** The operator of a route under /api/v2/admin/ or declared `auth: 'operator'` (the guard ran). */
export function operatorOf(request: FastifyRequest): RequestOperator {
  if (!request.operator) throw new Error('operatorOf() on a route without auth: operator');
  return request.operator;
}
