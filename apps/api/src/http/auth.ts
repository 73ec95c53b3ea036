import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AccessTokens } from '../modules/accounts/access-tokens.ts';
import { authenticate } from '../modules/accounts/sessions.service.ts';
import { sendProblem } from './errors.ts';
import type { App } from './types.ts';

/** Who may call a route: anyone, a logged-in customer, or an operator (ARCHITECTURE convention 3). */
export type RouteAuth = 'public' | 'customer' | 'operator';

/** The logged-in customer of a request. */
export type RequestCustomer = { id: number; uuid: string; sessionId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * The route parameter holding the owner's customer uuid (`customers/{uuid}/…`): another
     * customer's uuid answers 404, as if the resource did not exist.
     */
    ownerParam?: string;
  }
  interface FastifyRequest {
    customer: RequestCustomer | null;
  }
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

/**
 * The one auth guard: routes declare `config: { auth: 'customer', ownerParam: 'uuid' }`; the hook
 * checks the bearer token and its session before the body is read, sets `request.customer`, and
 * hides other customers' resources behind 404. Operator routes come with the admin area.
 */
export function registerAuth(app: App, opts: { db: Database; tokens: AccessTokens }) {
  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const auth = config?.auth ?? 'public';
    if (auth === 'public') return;
    const token = bearerToken(request);
    const who = token ? await authenticate({ db: opts.db, tokens: opts.tokens, accessToken: token }) : null;
    if (!who) return unauthorized(request, reply);
    if (auth === 'operator') return sendProblem(request, reply, 'not_found', 404);
    request.customer = { id: who.customerId, uuid: who.customerUuid, sessionId: who.sessionId };
    if (config.ownerParam) {
      const owner = (request.params as Record<string, string> | undefined)?.[config.ownerParam];
      if (owner?.toLowerCase() !== who.customerUuid) return sendProblem(request, reply, 'not_found', 404);
    }
  });
}

/** The logged-in customer of a route declared `auth: 'customer'` (the guard ran). */
export function customerOf(request: FastifyRequest): RequestCustomer {
  if (!request.customer) throw new Error('customerOf() on a route without auth: customer');
  return request.customer;
}
