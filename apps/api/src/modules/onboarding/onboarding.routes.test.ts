import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type Session, seededSession } from '../../test/profile.ts';

/*
 * PUT customers/{uuid}/follow-up-seen (spec 2 "more information needed leads once to the contact
 * page"): the server records that the customer was led there, and the record it answers names the
 * step that is due instead of /contact. Owner only; idempotent; nothing changes without a follow-up.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

type Onboarding = { nextRoute: string | null; banner: string | null; steps: { step: string }[] };
type Record_ = { uuid: string; followUpMessage: string | null; onboarding: Onboarding };

async function call(who: Session | null, method: 'GET' | 'PUT', path: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v2/shop${path}`,
    headers: {
      accept: 'application/json',
      'accept-language': 'en',
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: res.statusCode, body: res.json() as Record_ & { code?: string } };
}

async function seenAtOf(who: Session): Promise<Date | null> {
  const [row] = await t.app.db
    .select({ seenAt: customers.followUpSeenAt })
    .from(customers)
    .where(eq(customers.id, who.id));
  return row!.seenAt;
}

const message = 'Please upload a current commercial register extract.';

describe('PUT customers/{uuid}/follow-up-seen', () => {
  it('leads once to /contact: after the call the record names the step that is due', async () => {
    const me = await seededSession(t, { status: 'follow_up', followUpMessage: message });
    const before = await call(me, 'GET', `/customers/${me.uuid}`);
    expect(before.status).toBe(200);
    expect(before.body.onboarding.nextRoute).toBe('/contact');
    expect(before.body.onboarding.banner).toBe('more_information');

    const seen = await call(me, 'PUT', `/customers/${me.uuid}/follow-up-seen`);
    expect(seen.status).toBe(200);
    expect(seen.body.uuid).toBe(me.uuid);
    expect(seen.body.followUpMessage).toBe(message);
    // the first step a fresh personal account has to do
    expect(seen.body.onboarding.nextRoute).toBe('/self-disclosure/personal');
    // the banner stays while the follow-up is open: only the one-time redirect is spent
    expect(seen.body.onboarding.banner).toBe('more_information');
    const at = await seenAtOf(me);
    expect(at).toBeInstanceOf(Date);

    const after = await call(me, 'GET', `/customers/${me.uuid}`);
    expect(after.body.onboarding.nextRoute).toBe('/self-disclosure/personal');

    // a second call changes nothing (the first time stays recorded)
    const again = await call(me, 'PUT', `/customers/${me.uuid}/follow-up-seen`, {});
    expect(again.status).toBe(200);
    expect(again.body.onboarding.nextRoute).toBe('/self-disclosure/personal');
    expect((await seenAtOf(me))?.getTime()).toBe(at!.getTime());
  });

  it('works for a follow-up the custody partner asked for (registrar status follow_up) too', async () => {
    const me = await seededSession(t, { cryptoRegistrarStatus: 'follow_up' });
    expect((await call(me, 'GET', `/customers/${me.uuid}`)).body.onboarding.nextRoute).toBe('/contact');
    const seen = await call(me, 'PUT', `/customers/${me.uuid}/follow-up-seen`);
    expect(seen.status).toBe(200);
    expect(seen.body.onboarding.nextRoute).toBe('/self-disclosure/personal');
    expect(await seenAtOf(me)).toBeInstanceOf(Date);
  });

  it('records nothing without an open follow-up and answers the record as it is', async () => {
    const me = await seededSession(t);
    const res = await call(me, 'PUT', `/customers/${me.uuid}/follow-up-seen`);
    expect(res.status).toBe(200);
    expect(res.body.onboarding.nextRoute).toBe('/self-disclosure/personal');
    expect(res.body.onboarding.banner).toBeNull();
    expect(await seenAtOf(me)).toBeNull();
  });

  it("answers 404 for another customer's record and changes nothing there", async () => {
    const a = await seededSession(t, { status: 'follow_up', followUpMessage: message });
    const b = await seededSession(t);
    const res = await call(b, 'PUT', `/customers/${a.uuid}/follow-up-seen`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await seenAtOf(a)).toBeNull();
    expect((await call(a, 'GET', `/customers/${a.uuid}`)).body.onboarding.nextRoute).toBe('/contact');
  });

  it('needs a login, and refuses a body with fields', async () => {
    const me = await seededSession(t, { status: 'follow_up', followUpMessage: message });
    const anonymous = await call(null, 'PUT', `/customers/${me.uuid}/follow-up-seen`);
    expect(anonymous.status).toBe(401);
    const extra = await call(me, 'PUT', `/customers/${me.uuid}/follow-up-seen`, { followUpSeenAt: null });
    expect(extra.status).toBeGreaterThanOrEqual(400);
    expect(extra.status).toBeLessThan(500);
    expect(await seenAtOf(me)).toBeNull();
  });
});
