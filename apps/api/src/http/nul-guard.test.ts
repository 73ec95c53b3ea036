import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const contact = {
  name: 'Erika Mustermann',
  email: 'erika@example.com',
  subject: 'Frage zur Solaranleihe',
  message: 'Wann wird der Kupon der Solaranleihe ausgezahlt?',
};

/** POST contact from a new address each time, so the contact rate limit never interferes. */
const postContact = (payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/shop/contact',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: `10.9.0.${++ip}`,
  });

const storedMessages = async () => (await t.app.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe('control characters in a body', () => {
  it('refuse a NUL in a text field as a violation on that field, in the caller language, storing nothing', async () => {
    const before = await storedMessages();
    const res = await postContact({ ...contact, subject: 'Hal\u0000lo' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 422,
      code: 'validation_failed',
      violations: [
        {
          propertyPath: 'subject',
          code: 'invalid_characters',
          message: 'The text contains control characters that are not allowed',
        },
      ],
    });
    const de = await postContact({ ...contact, message: `${contact.message}\u0000` }, 'de');
    expect(de.json().violations).toEqual([
      {
        propertyPath: 'message',
        code: 'invalid_characters',
        message: 'Der Text enthält unzulässige Steuerzeichen',
      },
    ]);
    expect(await storedMessages()).toBe(before);
  });

  it.each([
    ['escape', '\u001b[31mrot'],
    ['bell', 'ding\u0007'],
    ['DEL', 'weg\u007f'],
    ['C1 control', 'next\u0085line'],
    ['lone surrogate', 'halb \ud83d'],
  ])('refuse a %s the same way', async (_, subject) => {
    const res = await postContact({ ...contact, subject });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([expect.objectContaining({ propertyPath: 'subject' })]);
  });

  it('let tabs and line breaks through: a message may span lines', async () => {
    const res = await postContact({
      ...contact,
      message: 'Guten Tag,\r\n\tich habe eine Frage\nzur Anleihe.',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuse a NUL in a key and name the key', async () => {
    const res = await postContact(`{"name":"Erika","na\\u0000me":"x"}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'na\u0000me', code: 'invalid_characters' }),
    ]);
  });

  it('answer a body nested far deeper than the call stack with a 4xx, not a 500', async () => {
    const deep = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;
    const res = await postContact(deep);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('control characters in a query or path', () => {
  it('refuse a NUL in the dev mailbox filter as a query violation', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox?to=%00', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_query',
      violations: [{ propertyPath: 'to', code: 'invalid_characters' }],
    });
  });

  it('refuse a NUL in a path parameter', async () => {
    const res = await t.app.inject({ url: '/api/v2/shop/products/SOLAR%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([expect.objectContaining({ propertyPath: 'code' })]);
  });

  /** The problem's code, or the first GraphQL error's (GraphQL answers in its own format, same codes). */
  const codeOf = (body: { code?: string; errors?: { extensions?: { code?: string } }[] }) =>
    body.code ?? body.errors?.[0]?.extensions?.code;

  it('guard every route: each answers a NUL anywhere in its URL with 400 and in its body with 422', async () => {
    const routes = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url.startsWith('/dev/') || r.url.startsWith('/media/')) &&
        !r.url.startsWith('/api/docs') &&
        r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(25);
    const answers: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:\w+|\*/g, 'x');
      // A route that needs a login answers 401 before it reads anything of the request.
      const anonymous = await t.app.inject({
        method: r.method as 'GET',
        url,
        remoteAddress: `10.8.0.${++ip}`,
      });
      if (anonymous.statusCode === 401) continue;
      const inQuery = await t.app.inject({
        method: r.method as 'GET',
        url: `${url}?locale=%00`,
        remoteAddress: `10.8.0.${++ip}`,
      });
      answers.push(`${r.method} ${r.url} query -> ${inQuery.statusCode} ${codeOf(inQuery.json())}`);
      if (r.url.includes(':') || r.url.includes('*')) {
        const inPath = await t.app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:\w+|\*/g, 'x%00'),
        });
        answers.push(`${r.method} ${r.url} path -> ${inPath.statusCode} ${codeOf(inPath.json())}`);
      }
      if (r.method === 'POST') {
        const inBody = await t.app.inject({
          method: 'POST',
          url,
          payload: { field: '\u0000' },
          remoteAddress: `10.8.0.${++ip}`,
        });
        answers.push(`${r.method} ${r.url} body -> ${inBody.statusCode} ${codeOf(inBody.json())}`);
      }
    }
    const wrong = answers.filter(
      (a) =>
        !a.endsWith('query -> 400 invalid_query') &&
        !a.endsWith('path -> 400 invalid_query') &&
        !a.endsWith('body -> 422 validation_failed'),
    );
    expect(wrong).toEqual([]);
  });
});
