import { isQuestionnairePassed } from '@token/domain/questionnaires';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOnboarding } from '../../modules/onboarding/onboarding.service.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { answeredQuestionnaires, customers } from '../schema/index.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
});
afterAll(async () => {
  await t.close();
});

async function onboardingOfDemo(email: string) {
  const [c] = await t.app.db.select().from(customers).where(eq(customers.email, email));
  expect(c, email).toBeDefined();
  return getOnboarding({ db: t.app.db, customerId: c!.id });
}

describe('demo people at every stage of onboarding (README table)', () => {
  it.each([
    ['a fresh investor', 'anna.becker@demo.tokenwerk.example', '/self-disclosure/personal', false],
    ['one in the middle', onboardingDemoPeople.midway, '/self-disclosure/adequacy-optional', false],
    ['one waiting for review', onboardingDemoPeople.inReview, null, false],
    ['one approved with a wallet', onboardingDemoPeople.approved, null, true],
    ['a second approved one, receiver of transfers', onboardingDemoPeople.receiver, null, true],
    [
      'a company with representatives and documents',
      onboardingDemoPeople.company,
      '/self-disclosure/adequacy-optional',
      false,
    ],
    ['one asked for more information', onboardingDemoPeople.followUp, '/contact', false],
    ['one banned', onboardingDemoPeople.banned, '/banned', false],
  ])('%s: next %s, may buy %s', async (_who, email, nextRoute, mayBuy) => {
    const onboarding = await onboardingOfDemo(email);
    expect(onboarding.nextRoute).toBe(nextRoute);
    expect(onboarding.mayBuy).toBe(mayBuy);
  });

  it('the review banner for the customer waiting, the welcome banner for the approved one', async () => {
    expect((await onboardingOfDemo(onboardingDemoPeople.inReview)).banner).toBe('not_approved');
    expect((await onboardingOfDemo(onboardingDemoPeople.approved)).banner).toBe('welcome');
  });

  it('questionnaires are graded for real by the published version', async () => {
    const rows = await t.app.db.select().from(answeredQuestionnaires);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.version).toMatch(/^\d{4}-\d{2}$/);
      expect(isQuestionnairePassed({ type: row.type as never, result: row.result })).toBe(true);
    }
  });
});
