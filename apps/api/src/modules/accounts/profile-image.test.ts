import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorProducts } from '../../db/schema/index.ts';
import { seedCreator } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { jsonCalls, shopPath as shop } from '../../test/json-calls.ts';
import { tokenFor } from '../admin/admin.test-kit.ts';
import { seedCreatorContent } from '../content/testing.ts';

/*
 * The avatar on /edit-profile (issue 18): PUT customers/{uuid} `profileImage` takes the customer's own
 * ready public image by IRI (null removes it); the read, the public profile and the product's creator
 * show its path. Another customer's, a private or an unfinished file is a 422 on `profileImage`.
 */

let t: TestApp;
let me: { token: string; uuid: string; id: number };
let other: { token: string; uuid: string; id: number };

const call = jsonCalls(() => t);

/** An upload of `token` through presign and PUT, as its IRI; `put: false` leaves it awaiting its bytes. */
async function upload(token: string, opts: { private?: boolean; put?: boolean } = {}): Promise<string> {
  const bytes = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#aa5533' } })
    .png()
    .toBuffer();
  const presigned = await call('POST', shop('/media-files/presign'), {
    token,
    body: {
      filename: 'avatar.png',
      private: opts.private ?? false,
      hash: createHash('sha256').update(bytes).digest('hex'),
    },
  });
  expect(presigned.status).toBe(201);
  if (opts.put !== false) {
    const url = new URL(presigned.body.uploadUrl, 'http://localhost');
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: presigned.body.headers,
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
  }
  return presigned.body['@id'];
}

const setImage = (who: { token: string; uuid: string }, profileImage: unknown, locale?: 'de' | 'en') =>
  call('PUT', shop(`/customers/${who.uuid}`), { token: who.token, body: { profileImage }, locale });

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedCreator(t.app.db);
  const b = await seedCreator(t.app.db);
  me = { token: await tokenFor(t.app, a), uuid: a.uuid, id: a.id };
  other = { token: await tokenFor(t.app, b), uuid: b.uuid, id: b.id };
});
afterAll(async () => {
  await t.close();
});

describe('the profile image', () => {
  it('is set from the customer’s own upload and shows on the read, the public profile and their products', async () => {
    const before = await call('GET', shop(`/customers/${me.uuid}`), { token: me.token });
    expect(before.body.profileImage).toBeNull();
    const iri = await upload(me.token);
    const res = await setImage(me, iri);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const path: string = res.body.profileImage;
    expect(path).toMatch(/^\/media\/public\//);
    expect((await call('GET', shop(`/customers/${me.uuid}`), { token: me.token })).body.profileImage).toBe(
      path,
    );
    const media = await t.app.inject({ method: 'GET', url: path });
    expect(media.statusCode).toBe(200);

    const profile = await call('GET', shop(`/public-profiles/${me.uuid}`));
    expect(profile.status).toBe(200);
    expect(profile.body.profileImage).toBe(path);

    const { productCode } = await seedCreatorContent(t, me.id);
    const [row] = await t.app.db
      .select({ productId: creatorProducts.productId })
      .from(creatorProducts)
      .where(eq(creatorProducts.creatorId, me.id));
    await t.app.db
      .update(creatorProducts)
      .set({ reviewState: 'approved' })
      .where(eq(creatorProducts.productId, row!.productId));
    const product = await call('GET', shop(`/products/${productCode}`));
    expect(product.status).toBe(200);
    expect(product.body.creator.profileImage).toBe(path);
  });

  it('keeps the image when the read’s own path comes back, replaces it with another, and removes it with null', async () => {
    const current = (await call('GET', shop(`/customers/${me.uuid}`), { token: me.token })).body.profileImage;
    const kept = await setImage(me, current);
    expect(kept.status).toBe(200);
    expect(kept.body.profileImage).toBe(current);
    // the whole read sent back (as some clients do) changes nothing either
    const read = (await call('GET', shop(`/customers/${me.uuid}`), { token: me.token })).body;
    const { profileImage, displayName } = read;
    expect(
      (
        await call('PUT', shop(`/customers/${me.uuid}`), {
          token: me.token,
          body: { profileImage, displayName },
        })
      ).status,
    ).toBe(200);

    const second = await upload(me.token);
    const replaced = await setImage(me, second);
    expect(replaced.status).toBe(200);
    expect(replaced.body.profileImage).not.toBe(current);
    const removed = await setImage(me, null);
    expect(removed.status).toBe(200);
    expect(removed.body.profileImage).toBeNull();
    expect((await call('GET', shop(`/public-profiles/${me.uuid}`))).body.profileImage).toBeNull();
  });

  it('refuses another customer’s, a private, an unfinished or a made-up file, in the user’s language', async () => {
    const theirs = await upload(other.token);
    const hidden = await upload(me.token, { private: true });
    const unfinished = await upload(me.token, { put: false });
    for (const value of [theirs, hidden, unfinished, '/api/v2/shop/media-files/999999']) {
      const res = await setImage(me, value);
      expect(res.status, value).toBe(422);
      expect(res.body.violations).toEqual([
        expect.objectContaining({ propertyPath: 'profileImage', code: 'media_file_unusable' }),
      ]);
    }
    const english = await setImage(me, theirs, 'en');
    expect(english.body.violations[0].message).toBe(
      'This file is not available or has not finished uploading',
    );
    const german = await setImage(me, theirs, 'de');
    expect(german.body.violations[0].message).toBe(
      'Diese Datei ist nicht verfügbar oder noch nicht fertig hochgeladen',
    );
    const madeUp = await setImage(me, 'https://example.com/me.png');
    expect(madeUp.status).toBe(422);
    expect(madeUp.body.violations[0]).toMatchObject({ propertyPath: 'profileImage', code: 'invalid_value' });
    for (const wrong of [42, { iri: theirs }, 'x'.repeat(501)]) {
      const res = await setImage(me, wrong);
      expect([400, 422], JSON.stringify(wrong)).toContain(res.status);
      expect(res.body.code).toBeDefined();
    }
    // nothing changed on the other customer's side
    expect(
      (await call('GET', shop(`/customers/${other.uuid}`), { token: other.token })).body.profileImage,
    ).toBeNull();
  });

  it('is nobody else’s: a visitor gets 401, another customer 404', async () => {
    const iri = await upload(me.token);
    const before = (await call('GET', shop(`/customers/${me.uuid}`), { token: me.token })).body.profileImage;
    expect((await call('PUT', shop(`/customers/${me.uuid}`), { body: { profileImage: iri } })).status).toBe(
      401,
    );
    const res = await call('PUT', shop(`/customers/${me.uuid}`), {
      token: other.token,
      body: { profileImage: iri },
    });
    expect(res.status).toBe(404);
    const after = (await call('GET', shop(`/customers/${me.uuid}`), { token: me.token })).body.profileImage;
    expect(after).toBe(before);
  });
});
