import { AppError } from '@token/domain/errors';
import { isPartnerResult, type PartnerResult } from '@token/domain/identification';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../http/types.ts';
import { isForeignOrigin, sandboxPageLocale, sendSandboxPage } from '../../sandbox-pages.ts';
import {
  renderSandboxCasePage,
  renderSandboxErrorPage,
  type SandboxErrorKind,
} from './sandbox-identification.page.ts';
import {
  type SandboxAction,
  type SandboxCorrections,
  sandboxCaseIdPattern,
  sandboxCompanyId,
} from './sandbox-identification.ts';
import { sandboxBackScript, sandboxBackScriptPath } from './sandbox-identification-back.script.ts';

const correctionsSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]*$/u),
  lastName: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]*$/u),
  birthDate: z.iso.date(),
});

const formSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{40}$/),
  action: z.string().max(40),
  /** `lose`: the decision's webhook is never sent (the platform's polling must find it). */
  callback: z.literal('lose').optional(),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  birthDate: z.string().max(20).optional(),
});

/**
 * The sandbox identification partner's pages (outside /api, registered while the sandbox is the
 * partner): `GET /sandbox/kyc/{caseId}` shows the case; `POST /sandbox/kyc/{caseId}/actions` applies a
 * tester's action and redirects back (303). CSRF: the case id is 256 random bits and the only key to
 * the case; every form carries a token bound to the case's current state (a stale or foreign form is
 * refused), and a POST from another origin is refused.
 */
export async function sandboxIdentificationRoutes(app: App) {
  const partner = app.partners.identification;
  if (!('sandbox' in partner)) return;
  const sandbox = partner.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const platformUrl = `${app.config.publicUrl}/self-disclosure/kyc`;

  const error = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    kind: SandboxErrorKind,
    caseId: string | null,
  ) =>
    sendSandboxPage(
      reply,
      status,
      renderSandboxErrorPage({ kind, locale: sandboxPageLocale(request), caseId }),
    );

  app.get(sandboxBackScriptPath, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(sandboxBackScript),
  );

  // The partner's side of decision 029, as IDnow serves it: the webhook signing keys, the API's
  // login (tokens with a lifetime) and the result by transaction number.
  app.get('/sandbox/kyc/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(sandbox.jwks()),
  );

  app.post(
    `/sandbox/kyc/api/v1/${sandboxCompanyId}/login`,
    { schema: { hide: true } },
    async (request, reply) => {
      const token = await sandbox.login((request.body as { apiKey?: unknown } | null)?.apiKey);
      reply.header('cache-control', 'no-store');
      if (!token) return reply.status(401).send({ errors: [{ cause: 'INVALID_API_KEY' }] });
      return reply.send({ authToken: token });
    },
  );

  app.get(
    `/sandbox/kyc/api/v1/${sandboxCompanyId}/identifications/:reference`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { reference } = request.params as { reference: string };
      const loginToken = request.headers['x-api-login-token'];
      const { status, body } = await sandbox.apiResult({
        db: app.db,
        loginToken: typeof loginToken === 'string' ? loginToken : undefined,
        reference: reference.slice(0, 200),
      });
      return reply.status(status).header('cache-control', 'no-store').send(body);
    },
  );

  app.get('/sandbox/kyc/:caseId', { schema: { hide: true } }, async (request, reply) => {
    const { caseId } = request.params as { caseId: string };
    const c = await sandbox.findCase(app.db, caseId);
    if (!c) return error(request, reply, 404, 'not_found', null);
    const sent = (request.query as { sent?: unknown }).sent;
    return sendSandboxPage(
      reply,
      200,
      renderSandboxCasePage({
        c,
        locale: sandboxPageLocale(request),
        token: sandbox.formToken(c),
        delaySeconds: sandbox.delaySeconds,
        platformUrl,
        sentResult: isPartnerResult(sent) && sent === c.result ? (sent as PartnerResult) : null,
      }),
    );
  });

  app.post('/sandbox/kyc/:caseId/actions', { schema: { hide: true } }, async (request, reply) => {
    const { caseId } = request.params as { caseId: string };
    if (!sandboxCaseIdPattern.test(caseId)) return error(request, reply, 404, 'not_found', null);
    if (isForeignOrigin(request, publicOrigin)) return error(request, reply, 403, 'forbidden', caseId);
    const form = formSchema.safeParse(request.body);
    if (!form.success) return error(request, reply, 400, 'bad_request', caseId);
    const action = form.data.action;
    if (action !== 'start_call' && !isPartnerResult(action))
      return error(request, reply, 400, 'bad_request', caseId);
    let corrections: SandboxCorrections | undefined;
    if (action === 'SUCCESS_DATA_CHANGED') {
      const parsed = correctionsSchema.safeParse(form.data);
      if (!parsed.success) return error(request, reply, 400, 'bad_request', caseId);
      corrections = parsed.data;
    }
    try {
      await sandbox.act({
        db: app.db,
        caseId,
        token: form.data.token,
        action: action as SandboxAction,
        ...(corrections ? { corrections } : {}),
        ...(form.data.callback === 'lose' ? { loseCallback: true } : {}),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found')
        return error(request, reply, 404, 'not_found', null);
      if (err instanceof AppError && err.code === 'invalid_transition') {
        return error(request, reply, 409, 'conflict', caseId);
      }
      throw err;
    }
    const q = new URLSearchParams({
      locale: sandboxPageLocale(request),
      ...(action === 'start_call' ? {} : { sent: action }),
    });
    return reply.status(303).header('cache-control', 'no-store').redirect(`/sandbox/kyc/${caseId}?${q}`, 303);
  });
}
