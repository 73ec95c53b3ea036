import {
  changeEmailSchema,
  companySignUpSchema,
  emailRequestSchema,
  loginSchema,
  resetPasswordSchema,
  sessionViewSchema,
  signUpSchema,
} from '@token/domain/accounts';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { iri } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { login, requestAccountLink, signUp, verifyEmail } from './accounts.service.ts';
import { confirmEmailChange, requestEmailChange, resetPassword } from './credentials.service.ts';
import {
  endSessionOfRefreshToken,
  type IssuedTokens,
  listSessions,
  refreshSession,
  revokeSession,
} from './sessions.service.ts';

/**
 * A mailed link's token. Only its hash is looked up, so any string up to 200 characters is safe to
 * try: one cut short or mangled when copied answers `token_invalid` like an expired one, and the page
 * tells the visitor the link is invalid rather than that a parameter is malformed.
 */
const tokenParam = z.strictObject({ token: z.string().min(1).max(200) });
const signedUpSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  accountType: z.enum(['personal', 'company']),
  verified: z.boolean(),
});
const tokensSchema = z.object({
  token: z.string().describe('JWT access token (15 minutes); read its `exp`'),
  refresh_token: z.string().describe('Opaque, single-use; rotates on every refresh'),
  customer: z.string().describe('IRI of the customer'),
});
const acceptedSchema = z.object({ message: z.string() });

function tokensBody(t: IssuedTokens) {
  return { token: t.token, refresh_token: t.refreshToken, customer: iri('customers', t.customerUuid) };
}

function clientOf(request: { ip: string; headers: Record<string, unknown> }) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

/** Registration, e-mail verification, login, token refresh and logout, sessions, password reset, e-mail change. */
export async function accountRoutes(app: App) {
  const { tokens, secretBox } = app.accountKit;

  for (const [path, schema, summary] of [
    [
      '/customers',
      signUpSchema,
      'Registers a customer (natural or legal person) and mails the verification link',
    ],
    ['/companies', companySignUpSchema, 'Registers a company account and mails the verification link'],
  ] as const) {
    app.post(
      path,
      {
        config: {
          errors: ['already_signed_up', 'company_name_exists', 'referral_code_invalid', 'too_many_requests'],
        },
        schema: { tags: ['accounts'], summary, body: schema, response: { 201: signedUpSchema } },
      },
      async (request, reply) => {
        const view = await signUp({
          db: app.db,
          mailCtx: await mailContext(app),
          input: request.body,
          locale: request.locale,
          ip: request.ip,
          signUpsPerIpPerHour: app.config.accounts.signUpsPerIpPerHour,
        });
        return reply.status(201).send({
          uuid: view.uuid,
          email: view.email,
          firstName: view.firstName,
          lastName: view.lastName,
          accountType: view.accountType,
          verified: view.verified,
        });
      },
    );
  }

  for (const [path, purpose, summary] of [
    ['/account-verification-requests', 'verify_email', 'Mails a new verification link'],
    ['/reset-password-requests', 'reset_password', 'Mails a password-reset link'],
  ] as const) {
    app.post(
      path,
      {
        config: { errors: ['too_many_requests'] },
        schema: {
          tags: ['accounts'],
          summary: `${summary} (same answer whether or not the address has an account)`,
          body: emailRequestSchema,
          response: { 202: acceptedSchema },
        },
      },
      async (request, reply) => {
        await requestAccountLink({
          db: app.db,
          mailCtx: await mailContext(app),
          purpose,
          email: request.body.email,
          ip: request.ip,
        });
        return reply.status(202).send({ message: 'accepted' });
      },
    );
  }

  app.patch(
    '/account-verification-requests/:token',
    {
      config: { errors: ['already_verified', 'token_invalid'] },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms an e-mail address from the mailed link',
        params: tokenParam,
        body: z.strictObject({ token: z.string().max(200).optional() }).optional(),
        response: { 200: z.object({ email: z.string(), verified: z.literal(true) }) },
      },
    },
    async (request) => {
      const { email } = await verifyEmail({ db: app.db, token: request.params.token });
      return { email, verified: true as const };
    },
  );

  app.post(
    '/authentication-token',
    {
      config: {
        errors: ['bad_credentials', 'two_factor_required', 'two_factor_invalid', 'too_many_requests'],
      },
      schema: {
        tags: ['accounts'],
        summary: 'Logs in: access token, refresh token and the customer IRI',
        body: loginSchema,
        response: { 200: tokensSchema },
      },
    },
    async (request) => {
      const issued = await login({
        db: app.db,
        tokens,
        secretBox,
        mailCtx: await mailContext(app),
        input: request.body,
        client: clientOf(request),
      });
      return tokensBody(issued);
    },
  );

  app.post(
    '/token/refresh',
    {
      config: { errors: ['refresh_token_invalid'] },
      schema: {
        tags: ['accounts'],
        summary: 'Rotates a refresh token (each works once; a reused one ends its session)',
        body: z.strictObject({ refresh_token: z.string().min(1).max(200) }),
        response: { 200: tokensSchema },
      },
    },
    async (request) =>
      tokensBody(await refreshSession({ db: app.db, tokens, refreshToken: request.body.refresh_token })),
  );

  app.post(
    '/token/revoke',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Logs out: ends the session of a refresh token (RFC 7009: answers 204 for unknown tokens too)',
        body: z.strictObject({ refresh_token: z.string().min(1).max(200) }),
        response: { 204: z.null().describe('Session ended (or the token was unknown)') },
      },
    },
    async (request, reply) => {
      await endSessionOfRefreshToken({ db: app.db, refreshToken: request.body.refresh_token });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['accounts'],
        summary: "The customer's active sessions (device, IP, last use)",
        response: { 200: z.array(sessionViewSchema) },
      },
    },
    async (request) => {
      const me = customerOf(request);
      return listSessions({ db: app.db, customerId: me.id, currentSessionId: me.sessionId });
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['accounts'],
        summary: 'Signs out one of the customer’s sessions (another device)',
        params: z.strictObject({ id: z.uuid() }),
        response: { 204: z.null().describe('Session ended') },
      },
    },
    async (request, reply) => {
      await revokeSession({ db: app.db, customerId: customerOf(request).id, sessionId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/reset-password-requests/:token',
    {
      config: { errors: ['token_invalid'] },
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password from the mailed link (merge-patch); ends every session',
        params: tokenParam,
        body: resetPasswordSchema,
        response: { 204: z.null().describe('Password set') },
      },
    },
    async (request, reply) => {
      await resetPassword({
        db: app.db,
        mailCtx: await mailContext(app),
        token: request.params.token,
        newPassword: request.body.newPassword,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/email-change-requests',
    {
      config: {
        auth: 'customer',
        errors: [
          'bad_credentials',
          'two_factor_required',
          'two_factor_invalid',
          'too_many_requests',
          'not_found',
        ],
      },
      schema: {
        tags: ['accounts'],
        summary: 'Starts an e-mail change: confirmation link to the new address, notice to the old one',
        body: changeEmailSchema,
        response: { 202: acceptedSchema },
      },
    },
    async (request, reply) => {
      await requestEmailChange({
        db: app.db,
        secretBox,
        mailCtx: await mailContext(app),
        customerId: customerOf(request).id,
        input: request.body,
      });
      return reply.status(202).send({ message: 'accepted' });
    },
  );

  app.patch(
    '/email-change-requests/:token',
    {
      config: { errors: ['token_invalid'] },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms the new e-mail address from the mailed link',
        params: tokenParam,
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await confirmEmailChange({
        db: app.db,
        mailCtx: await mailContext(app),
        token: request.params.token,
      });
      return { email };
    },
  );
}
