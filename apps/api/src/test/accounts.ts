import type { App } from '../http/types.ts';
import { totpCode } from '../modules/accounts/totp.ts';

/** A password that meets the policy and is on no breach list. */
export const testPassword = 'Quarz-Fenster-48!';

let counter = 0;
/** A fresh, unique address for one test. */
export function uniqueEmail(prefix = 'investor'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

type Inject = { status: number; body: Record<string, unknown> & { [k: string]: unknown } };

async function call(
  app: App,
  method: string,
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  ip: string,
): Promise<Inject> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    remoteAddress: ip,
    headers: { accept: 'application/json', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  let body: Record<string, unknown> = {};
  try {
    body = res.body ? res.json() : {};
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body };
}

/** A fresh client IP, so per-IP throttles of one test do not reach into another. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** Calls the shop API as a visitor or, with `token`, as a logged-in customer (from `ip`). */
export function shop(app: App, token?: string, ip = '127.0.0.1') {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const base = '/api/v2/shop';
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      call(app, 'GET', `${base}${path}`, undefined, { ...auth, ...headers }, ip),
    post: (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(app, 'POST', `${base}${path}`, body ?? {}, { ...auth, ...headers }, ip),
    put: (path: string, body?: unknown) => call(app, 'PUT', `${base}${path}`, body ?? {}, auth, ip),
    patch: (path: string, body?: unknown) =>
      call(
        app,
        'PATCH',
        `${base}${path}`,
        JSON.stringify(body ?? {}),
        { ...auth, 'content-type': 'application/merge-patch+json' },
        ip,
      ),
    delete: (path: string) => call(app, 'DELETE', `${base}${path}`, undefined, auth, ip),
  };
}

/** The newest mail to an address (optionally of one template), as the dev mailbox shows it. */
export async function lastMail(app: App, to: string, template?: string) {
  const q = new URLSearchParams({ to, ...(template ? { template } : {}) });
  const res = await app.inject({ url: `/api/dev/mailbox?${q}` });
  const [mail] = res.json() as { subject: string; text: string; template: string; to: string }[];
  return mail;
}

/** The token of the first link with `path` in a mail's text (`/verify-email/<token>`). */
export function linkToken(text: string, path: string): string {
  const m = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${path} link in mail`);
  return m[1];
}

export type TestCustomer = { email: string; password: string; uuid: string };

/** The sign-up body of a personal account (POST customers). */
export const personalSignUp = (email: string) => ({
  firstName: 'Erika',
  lastName: 'Mustermann',
  email,
  password: testPassword,
  confirmPassword: testPassword,
  accountType: 'personal',
  termsConsent: true,
  subscribedToNewsletter: false,
});

/** Signs up a personal account through the API (the verification mail waits in the outbox). */
export async function signUp(app: App, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const email = (overrides.email as string) ?? uniqueEmail();
  const res = await shop(app, undefined, uniqueIp()).post('/customers', {
    ...personalSignUp(email),
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password: testPassword, uuid: res.body.uuid as string };
}

/** Signs up through the API and opens the verification link from the mail. */
export async function signUpVerified(
  app: App,
  overrides: Record<string, unknown> = {},
): Promise<TestCustomer> {
  const customer = await signUp(app, overrides);
  const mail = await lastMail(app, customer.email, 'verify_email');
  const verified = await shop(app).patch(
    `/account-verification-requests/${linkToken(mail!.text, '/verify-email')}`,
  );
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
  return customer;
}

/** Logs in; answers the token pair. */
export async function loginAs(app: App, who: { email: string; password: string }, code?: string) {
  const res = await shop(app).post('/authentication-token', {
    email: who.email,
    password: who.password,
    ...(code ? { code } : {}),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, refreshToken: res.body.refresh_token as string };
}

/** The current code of a base32 TOTP secret, as an authenticator app shows it. */
export function currentCode(secret: string, at: Date = new Date()): Promise<string> {
  return totpCode(secret, at);
}
