import { addCalendarYears, addDays, platformToday } from '@token/domain/calendar';
import type { customers } from '../db/schema/index.ts';
import { seedInvestor } from '../db/seed/factories.ts';
import { loginAs, testPassword } from './accounts.ts';
import type { TestApp } from './create-test-app.ts';

/** A logged-in customer of a test: the record's uuid and id, and a bearer token. */
export type Session = { id: number; uuid: string; email: string; token: string };

/**
 * A customer who can log in (seeded, confirmed) with a session: a personal account by default,
 * a company account with `{ accountType: 'company', companyName }`.
 */
export async function seededSession(
  t: TestApp,
  overrides: Partial<typeof customers.$inferInsert> = {},
): Promise<Session> {
  const c = await seedInvestor(t.app.db, {
    appSecret: t.config.appSecret,
    password: testPassword,
    ...overrides,
  });
  const { token } = await loginAs(t.app, { email: c.email, password: testPassword });
  return { id: c.id, uuid: c.uuid, email: c.email, token };
}

let companies = 0;
/** A company account (unique name) with a session. */
export function companySession(t: TestApp, overrides: Partial<typeof customers.$inferInsert> = {}) {
  companies += 1;
  return seededSession(t, {
    accountType: 'company',
    companyName: `Hafennebel ${companies} ${Date.now().toString(36)} GmbH`,
    companyType: 'limited_liability_company',
    ...overrides,
  });
}

/** `YYYY-MM-DD` of today (Berlin) moved by whole years and days: ages on the edge of 18. */
export function dayFromToday(years: number, days = 0, now = new Date()): string {
  return addDays(addCalendarYears(platformToday(now), years), days);
}
