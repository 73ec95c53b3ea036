import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const testPassword = 'Quarz-Fenster-48!';

/** An address no other test (or earlier run on the same server) has used. */
export function uniqueEmail(name = 'anleger'): string {
  return `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type Mail = { subject: string; text: string; template?: string };

/** The token of the newest mail to `to` holding a link to `path` (`/verify-email`, `/new-password`, …). */
export async function linkFromMailbox(request: APIRequestContext, to: string, path: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?${new URLSearchParams({ to })}`);
      const mails = (await res.json()) as Mail[];
      for (const m of mails) {
        const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(m.text);
        if (match) {
          token = match[1];
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return `${path}/${token}`;
}

/** Registers and confirms a customer through the API, as a test's starting point. */
export async function signUpVerified(
  request: APIRequestContext,
  over: { firstName?: string; lastName?: string; accountType?: 'personal' | 'company' } & Record<
    string,
    unknown
  > = {},
) {
  const email = uniqueEmail();
  const company = over.accountType === 'company';
  const res = await request.post(company ? '/api/v2/shop/companies' : '/api/v2/shop/customers', {
    data: {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email,
      password: testPassword,
      confirmPassword: testPassword,
      accountType: 'personal',
      termsConsent: true,
      subscribedToNewsletter: false,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = await linkFromMailbox(request, email, '/verify-email');
  const verified = await request.patch(
    `/api/v2/shop/account-verification-requests/${link.split('/').pop()}`,
    {
      headers: { 'content-type': 'application/merge-patch+json' },
      data: {},
    },
  );
  expect(verified.status()).toBe(200);
  return { email, password: testPassword };
}

/** Logs in through the login form and submits it. */
export async function logInWithForm(
  page: Page,
  who: { email: string; password: string },
  locale: 'de' | 'en' = 'de',
) {
  const de = locale === 'de';
  await page.getByLabel(de ? 'E-Mail-Adresse' : 'E-mail address').fill(who.email);
  await page.getByLabel(de ? 'Passwort' : 'Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: de ? 'Anmelden' : 'Log in', exact: true }).click();
}

/**
 * TOTP codes as an authenticator app shows them (RFC 6238, 30-second steps). The API accepts each
 * time step once, so a second code within the same 30 seconds is the next step's code (the API
 * allows one step of drift), and a third waits for the clock.
 */
export function authenticator(secret: string) {
  let lastStep = 0;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(current, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return generate({ secret, epoch: step * 30 });
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };
}
