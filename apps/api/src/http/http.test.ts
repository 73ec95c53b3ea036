import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphiqlPath } from '../graphql/graphiql.routes.ts';
import { graphqlPath } from '../graphql/graphql.plugin.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { matchesIfNoneMatch, weakEtag } from './etag.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP conventions', () => {
  it('answers unknown API paths with a 404 problem in the caller language', async () => {
    const res = await t.app.inject({ url: '/api/v2/shop/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 404,
      code: 'route_not_found',
      title: 'This API path does not exist.',
    });
    const de = await t.app.inject({ url: '/api/unknown' });
    expect(de.json().title).toBe('Diese API-Adresse gibt es nicht.');
  });

  it('sends security headers with a CSP that allows only same-origin scripts', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('echoes a well-formed request id and generates one otherwise', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(given.headers['x-request-id']).toBe('abc-12345678');
    const evil = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'x\n<script>' } });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const res = await t.app.inject({
      url: '/api/v2/shop/countries?itemsPerPage=400',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body['hydra:totalItems']).toBeGreaterThan(200);
  });

  it('reports a healthy database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.kind, environment: t.config.env });
  });

  it('rejects malformed JSON bodies with a 400 problem, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('violations', () => {
  it('calls a missing or blank field required and a wrong kind of value invalid, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      headers: { 'accept-language': 'en' },
      payload: { name: '   ', email: 'a@example.com', subject: 42 },
    });
    expect(res.statusCode).toBe(422);
    const byPath = Object.fromEntries(
      (res.json().violations as { propertyPath: string; code: string; message: string }[]).map((v) => [
        v.propertyPath,
        v,
      ]),
    );
    expect(byPath.name).toMatchObject({ code: 'required', message: 'This field is required' });
    expect(byPath.message).toMatchObject({ code: 'required' });
    expect(byPath.subject).toMatchObject({ code: 'invalid_type' });
    const de = await t.app.inject({ method: 'POST', url: '/api/v2/shop/contact', payload: { name: '' } });
    expect(de.json().violations[0]).toMatchObject({
      propertyPath: 'name',
      message: 'Dieses Feld ist erforderlich',
    });
  });
});

describe('body limits', () => {
  it('refuses a JSON body over 1 MiB with a 413 problem and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({
        name: 'A',
        email: 'a@example.com',
        subject: 'x',
        message: 'x'.repeat(1_100_000),
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', title: 'The request is too large.' });
  });

  it('refuses a content type the route does not take with a 415 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<contact/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });
});

describe('OpenAPI', () => {
  it('serves the document and the UI at /api/docs', async () => {
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.json().openapi).toBe('3.1.0');
  });

  it('lists every API route with its method', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    // GraphQL is documented by its own schema (apps/api/graphql/schema.graphql) and answers its errors
    // in GraphQL's format; GraphiQL is its page (graphql/graphql.test.ts covers both).
    const graphql = (url: string) => url === graphqlPath || url.startsWith(graphiqlPath);
    const apiRoutes = t.app.routeList.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        !graphql(r.url) &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    expect(apiRoutes.length).toBeGreaterThan(25);
    const missing = apiRoutes
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
  });
});

describe('OpenAPI error answers', () => {
  type Operation = {
    parameters?: { in: string }[];
    requestBody?: unknown;
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
  type Doc = {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  let doc: Doc;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  beforeAll(async () => {
    doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
  });

  it('documents the problem+json body once, as a component', () => {
    expect(Object.keys(doc.components.schemas.Problem!.properties)).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'violations']),
    );
  });

  it('gives every operation its error answers as problem+json, by what the operation takes', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const { path, method, op } of ops) {
      const hasBody = op.requestBody !== undefined;
      const hasParams = (op.parameters ?? []).some((p) => p.in === 'path');
      const expected = [
        '400',
        '500',
        ...(hasParams ? ['404', '414'] : []),
        ...(hasBody ? ['413', '415', '422'] : []),
      ];
      for (const status of expected) {
        const schema = op.responses[status]?.content?.['application/problem+json']?.schema;
        if (!schema || JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/Problem' })) {
          wrong.push(`${method} ${path} lacks ${status}`);
        }
      }
      if (method === 'GET' && ['413', '415', '422'].some((s) => op.responses[s]))
        wrong.push(`${method} ${path} documents a body's answers without a body`);
      if (!Object.keys(op.responses).some((s) => s.startsWith('2')))
        wrong.push(`${method} ${path} has no 2xx`);
    }
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/v2/shop/contact']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/api/v2/shop/products']!.get!.responses['429']).toBeUndefined();
  });

  it('documents every error status the API really answers', async () => {
    const undocumented: string[] = [];
    const check = (method: string, path: string, status: number) => {
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (status >= 400 && !op?.responses[String(status)])
        undocumented.push(`${method} ${path} -> ${status}`);
    };
    for (const { path, method } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, 'does-not-exist');
      const unknownParam = await t.app.inject({
        method: method as 'GET',
        url: `${url}?unknownParameter=1`,
        remoteAddress: '10.7.0.1',
      });
      check(method, path, unknownParam.statusCode);
      // Every method but GET and HEAD has its body parsed, with or without a body schema.
      if (method !== 'GET') {
        const inject = (payload: string, type: string) =>
          t.app.inject({
            method: method as 'POST',
            url,
            payload,
            headers: { 'content-type': type },
            remoteAddress: '10.7.0.2',
          });
        check(method, path, (await inject('{}', 'application/json')).statusCode);
        check(method, path, (await inject('{"a":', 'application/json')).statusCode);
        check(method, path, (await inject('<a/>', 'application/xml')).statusCode);
        check(
          method,
          path,
          (await inject(JSON.stringify({ a: 'x'.repeat(1_100_000) }), 'application/json')).statusCode,
        );
      }
    }
    expect(undocumented).toEqual([]);
  });
});

describe('router-level errors', () => {
  it('answers a badly encoded URL with a 400 problem', async () => {
    const res = await t.app.inject({ url: '/api/v2/shop/countries/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('bad_request');
  });

  it('answers an over-long path parameter with a 414 problem', async () => {
    const res = await t.app.inject({
      url: `/api/v2/shop/countries/${'a'.repeat(300)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 'uri_too_long', title: 'The request address is too long.' });
  });
});

describe('matchesIfNoneMatch', () => {
  const tag = weakEtag('body', 'application/json', 'de');
  it.each([
    [undefined, false],
    ['', false],
    [tag, true],
    [tag.slice(2), true], // strong form of the same tag: weak comparison
    [`"other", ${tag}`, true],
    ['*', true],
    ['W/"other"', false],
  ])('%s -> %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, tag)).toBe(expected);
  });
  it('gives different tags to different representations', () => {
    expect(weakEtag('body', 'application/json', 'de')).not.toBe(weakEtag('body', 'application/json', 'en'));
  });
});
