import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCreator, seedCustomer, seedInvestor, seedProduct } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(() => t.close());

async function customer(
  overrides: Parameters<typeof seedInvestor>[1] extends infer O ? Partial<O> : never = {},
) {
  const row = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, token, api: shop(t.app, token) };
}

const links = [
  { network: 'instagram', url: 'https://instagram.com/annaberg' },
  { network: 'other', url: 'https://annaberg.example/blog' },
];

describe('public profiles', () => {
  it('show what the creator chose, to visitors, and nothing private', async () => {
    const { row, api } = await customer({ firstName: 'Johanna', lastName: 'Geheimrat' });
    const saved = await api.put(`/customers/${row.uuid}`, {
      displayName: 'Anna Berg',
      profileName: 'anna.berg',
      profileDescription: 'Fotografin aus Leipzig',
      website: 'https://annaberg.example',
      socialLinks: links,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      displayName: 'Anna Berg',
      profileName: 'anna.berg',
      socialLinks: links,
    });

    const visitor = shop(t.app);
    const res = await visitor.get(`/public-profiles/${row.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: row.uuid,
      displayName: 'Anna Berg',
      profileName: 'anna.berg',
      bio: 'Fotografin aus Leipzig',
      website: 'https://annaberg.example',
      socialLinks: links,
      profileImage: null,
      mediaFiles: [],
    });
    const text = JSON.stringify(res.body);
    for (const secret of [row.email, 'Johanna', 'Geheimrat']) expect(text).not.toContain(secret);

    const byName = await visitor.get('/public-profiles?profileName=anna.berg');
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([res.body]);
    expect((await visitor.get('/public-profiles?profileName=nobody-here')).body).toEqual([]);
  });

  it('makes a creator of products public even without a profile name; others are 404', async () => {
    const maker = await seedCustomer(t.app.db, { email: `maker-${Date.now()}@example.com` });
    await seedProduct(t.app.db, { creatorId: maker.id });
    const res = await shop(t.app).get(`/public-profiles/${maker.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('');
    const plain = await seedCustomer(t.app.db, { email: `plain-${Date.now()}@example.com` });
    expect((await shop(t.app).get(`/public-profiles/${plain.uuid}`)).status).toBe(404);
    expect((await shop(t.app).get('/public-profiles/not-a-uuid')).status).toBe(400);
    expect((await shop(t.app).get('/public-profiles')).status).toBe(400);
    expect((await shop(t.app).get('/public-profiles?profileName=a%20b')).status).toBe(400);
  });

  it('shows the creator’s avatar', async () => {
    const creator = await seedCreator(t.app.db, { profileName: `avatar${Date.now().toString(36)}` });
    const res = await shop(t.app).get(`/public-profiles?profileName=${creator.profileName}`);
    expect(res.body).toEqual([expect.objectContaining({ uuid: creator.uuid, profileImage: null })]);
  });
});

describe('PUT customers/{uuid}: the public profile fields', () => {
  it('refuses a profile name already taken with 422 profile_name_taken', async () => {
    const first = await customer();
    const second = await customer();
    const name = `taken_${Date.now().toString(36)}`;
    expect((await first.api.put(`/customers/${first.row.uuid}`, { profileName: name })).status).toBe(200);
    const clash = await second.api.put(`/customers/${second.row.uuid}`, { profileName: name });
    expect(clash.status).toBe(422);
    expect(clash.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'profileName', code: 'profile_name_taken' }),
    ]);
  });

  it.each([
    [{ profileName: 'ab' }, 'profileName'],
    [{ profileName: 'a'.repeat(31) }, 'profileName'],
    [{ profileName: 'anna berg' }, 'profileName'],
    [{ website: 'http://annaberg.example' }, 'website'],
    [{ website: 'javascript:alert(1)' }, 'website'],
    [{ socialLinks: [{ network: 'myspace', url: 'https://myspace.com/a' }] }, 'socialLinks.0.network'],
    [{ socialLinks: [{ network: 'x', url: 'ftp://x.com/a' }] }, 'socialLinks.0.url'],
    [{ socialLinks: Array.from({ length: 6 }, () => links[0]) }, 'socialLinks'],
  ])('refuses %j on %s', async (body, field) => {
    const { row, api } = await customer();
    const res = await api.put(`/customers/${row.uuid}`, body);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath: field })]);
  });

  it('clears the website and links', async () => {
    const { row, api } = await customer();
    await api.put(`/customers/${row.uuid}`, { website: 'https://a.example', socialLinks: links });
    const res = await api.put(`/customers/${row.uuid}`, { website: '', socialLinks: [] });
    expect(res.body).toMatchObject({ website: null, socialLinks: [] });
  });
});
