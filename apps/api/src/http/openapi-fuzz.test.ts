import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannel } from '../db/seed/channel.ts';
import { operatorWithToken } from '../modules/admin/admin.test-kit.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { type Session, seededSession } from '../test/profile.ts';

/*
 * Bounded fuzz test driven by the OpenAPI document (issue 15). Every operation is called anonymously,
 * as a customer, and (operator API) as an operator with two-factor, with hostile input: wrong types,
 * missing and unknown fields, oversize strings, control characters and NUL, invalid JSON, wrong
 * content types, path tricks (`..`, encoded slashes, huge and negative ids). Deterministic: a seeded
 * PRNG, so a failure names a request that fails again. It asserts no 5xx, every 4xx a problem+json
 * with `status`, `title` and `code`, and every status documented in the operation's responses.
 *
 * About 3,000 requests by default (FUZZ_REQUESTS=30000 for a longer run; FUZZ_SEED picks another
 * sequence): under a minute per database on an idle 2-core machine.
 */

const requestCount = Number(process.env.FUZZ_REQUESTS ?? 3000);
const seed = Number(process.env.FUZZ_SEED ?? 15);

/** mulberry32: a small deterministic PRNG, so a run can be repeated exactly. */
function prng(start: number) {
  let a = start >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof prng>;

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type Who = 'anonymous' | 'customer' | 'operator';

let t: TestApp;
let doc: Doc;
let customer: Session;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  // The platform's channel (its operator's address, the contact form's recipient) always exists.
  await t.app.db.transaction((tx) => seedChannel(tx));
  doc = t.app.swagger() as unknown as Doc;
  customer = await seededSession(t);
  ({ token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret));
});
afterAll(async () => {
  await t.close();
});

/** Strings an attacker tries in any field. */
const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\r\n',
  '\ud800',
  '../../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '%00',
  '١٢٣',
  '9'.repeat(40),
  '-1',
  '1e309',
  'null',
  'true',
  '2026-02-30',
  'x'.repeat(5_000),
];
/** Values of the wrong kind for any field. */
const hostileValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 31),
  1e308,
  [],
  [1, 'a', null],
  {},
  { $ne: null },
  { constructor: { prototype: { admin: true } } },
  ...hostileStrings,
];
/** Path parameter values: tricks on the router, the decoder and the parsers of ids. */
const hostileParams = [
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a%00b',
  '%ZZ',
  '%C0%AF',
  '%E2%82%AC',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999999',
  '2147483648',
  '9007199254740993',
  'x'.repeat(250),
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-0000-4000-8000-000000000000',
  '%20',
  'null',
  'undefined',
  '%F0%9F%92%A3',
  'ä',
];
/** Bodies that are not JSON, or not what a JSON body should be. */
const brokenJson = [
  '{"a":',
  '[',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{"a":"\\ud800"}',
  '1',
];
const wrongContentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
];

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name]);
  }
  return schema;
}

/** A value the schema would probably accept, as a start for mutations. */
function plausible(schemaIn: JsonSchema | undefined, r: Random, depth = 0): unknown {
  const schema = resolve(schemaIn);
  if (depth > 4) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return r.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return plausible(r.pick(variants.filter((v) => resolve(v).type !== 'null')), r, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.chance(0.5)) out[key] = plausible(value, r, depth + 1);
      }
      return out;
    }
    case 'array':
      return [plausible(schema.items, r, depth + 1)];
    case 'integer':
    case 'number':
      return r.pick([1, 2, 100]);
    case 'boolean':
      return r.chance(0.5);
    case 'string':
      if (schema.format === 'date') return '1990-01-01';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'Fuzz';
    default:
      return r.pick(hostileValues);
  }
}

/** One hostile change of a plausible object: a wrong type, a missing or unknown field, a huge string. */
function mutate(value: unknown, r: Random): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return r.pick(hostileValues);
  const out = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(out);
  const key = keys.length > 0 ? r.pick(keys) : 'field';
  switch (r.int(6)) {
    case 0:
      delete out[key];
      break;
    case 1:
      out[r.pick(['unknownField', 'id', 'customer', 'roles', '\u0000', 'a'.repeat(300)])] =
        r.pick(hostileValues);
      break;
    case 2:
      out[key] = 'x'.repeat(r.pick([300, 10_000, 100_000]));
      break;
    case 3: {
      let nested: unknown = 1;
      for (let i = 0; i < 200; i += 1) nested = { a: nested };
      out[key] = nested;
      break;
    }
    default:
      out[key] = r.pick(hostileValues);
  }
  return out;
}

type Call = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
};

function pathValue(name: string, r: Random): string {
  if (r.chance(0.4)) return r.pick(hostileParams);
  if (name === 'uuid') return r.pick([customer.uuid, '6f1c3e0a-3b5e-4c8e-9d55-0c2b8f0a1e11']);
  if (name === 'code') return r.pick(['DE', 'EUR', 'nope']);
  return r.pick(['1', '2', '42', customer.uuid, 'abc']);
}

/** Percent-encoding that also takes a lone surrogate (as its WTF-8 bytes, as a raw client may send them). */
function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')).concat('%ED%A0%80');
  }
}

function queryString(op: Operation, r: Random): string {
  const q: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query' || !r.chance(0.3)) continue;
    const v = r.chance(0.5) ? String(plausible(p.schema, r)) : String(r.pick(hostileStrings)).slice(0, 500);
    q.push(`${encodeURIComponent(p.name)}=${encodeQuery(v)}`);
  }
  if (r.chance(0.2))
    q.push(r.pick(['unknown=1', 'page=-1', 'itemsPerPage=100000', 'page=1&page=2', 'a=%00', '%ZZ=1']));
  return q.length > 0 ? `?${q.join('&')}` : '';
}

/** One request for `op`: its path filled with plausible or hostile values, and a hostile body. */
function buildCall(path: string, method: string, op: Operation, r: Random): Call {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = pathValue(name, r);
    return /%|\.\./.test(v) ? v : encodeURIComponent(v);
  });
  const headers: Record<string, string> = {
    accept: r.pick(['application/json', 'application/ld+json', '*/*', 'text/html']),
    'accept-language': r.pick(['de', 'en', 'xx', 'de-DE,en;q=0.5', '\u0007']),
  };
  // Conditional and partial reads: a 304, 206 or 416 must be documented like any other answer.
  if (method === 'GET' && r.chance(0.15)) headers['if-none-match'] = r.pick(['*', 'W/"x"', '"x", *']);
  if (method === 'GET' && r.chance(0.1))
    headers.range = r.pick(['bytes=0-0', 'bytes=999999999-', 'bytes=5-1', 'bytes=-0', 'items=1-2']);
  const call: Call = { method, url: url + queryString(op, r), headers, kind: 'no body' };
  if (method === 'GET' || method === 'HEAD') return call;
  const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [
    'application/json',
    undefined,
  ];
  const jsonType = contentType.includes('json') ? contentType : 'application/json';
  const choice = r.int(10);
  if (choice <= 4 || !op.requestBody) {
    const body = r.chance(0.2) ? plausible(media?.schema, r) : mutate(plausible(media?.schema, r), r);
    call.payload = JSON.stringify(body);
    call.headers['content-type'] = jsonType;
    call.kind = 'json';
  } else if (choice === 5) {
    call.payload = r.pick(brokenJson);
    call.headers['content-type'] = jsonType;
    call.kind = 'broken json';
  } else if (choice === 6) {
    call.payload = JSON.stringify(plausible(media?.schema, r));
    call.headers['content-type'] = r.pick(wrongContentTypes);
    call.kind = 'wrong content type';
  } else if (choice === 7) {
    call.payload = JSON.stringify({ a: 'x'.repeat(1_100_000) });
    call.headers['content-type'] = jsonType;
    call.kind = 'oversize';
  } else if (choice === 8) {
    call.payload = Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d]);
    call.headers['content-type'] = contentType;
    call.kind = 'binary garbage';
  } else {
    call.kind = 'empty';
    if (r.chance(0.5)) call.headers['content-type'] = contentType;
  }
  return call;
}

function identitiesOf(path: string): Who[] {
  return path.startsWith('/api/v2/admin') ? ['anonymous', 'customer', 'operator'] : ['anonymous', 'customer'];
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers hostile input without a 5xx, with problem+json on 4xx, and only documented statuses', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        identitiesOf(path).map((who) => ({ path, method: method.toUpperCase(), op, who })),
      ),
    );
    expect(operations.length).toBeGreaterThan(200);
    const r = prng(seed);
    const failures: string[] = [];
    const tokens: Record<Who, string | undefined> = {
      anonymous: undefined,
      customer: customer.token,
      operator: operatorToken,
    };
    for (let i = 0; i < requestCount; i += 1) {
      const { path, method, op, who } = operations[i % operations.length]!;
      const call = buildCall(path, method, op, r);
      const token = tokens[who];
      const res = await t.app.inject({
        method: call.method as 'GET',
        url: call.url,
        remoteAddress: `10.99.${(i >> 8) & 255}.${i & 255}`,
        headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      const where = `#${i} ${who} ${call.method} ${call.url.slice(0, 120)} (${call.kind}) -> ${res.statusCode}`;
      if (res.statusCode >= 500) failures.push(`${where}: server error ${res.body.slice(0, 200)}`);
      // A `..` or `%2e%2e` segment is resolved by the client (as by curl and browsers): the request lands on
      // another path, which may not serve the method; its 405 with Allow is checked below like any 4xx.
      const movedAway =
        res.statusCode === 405 && Boolean(res.headers.allow) && /\/(\.|%2e){2}(\/|\?|$)/i.test(call.url);
      if (!movedAway && !op.responses[String(res.statusCode)])
        failures.push(`${where}: not documented for ${method} ${path}`);
      if (res.statusCode >= 400) {
        let body: { status?: unknown; title?: unknown; code?: unknown } = {};
        try {
          body = res.json();
        } catch {
          // reported below as a body without the problem's fields
        }
        if (!String(res.headers['content-type']).startsWith('application/problem+json'))
          failures.push(`${where}: content type ${res.headers['content-type']}`);
        if (body.status !== res.statusCode || typeof body.title !== 'string' || typeof body.code !== 'string')
          failures.push(`${where}: not a problem ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
  }, 300_000);

  it('answers a method a path does not serve with 405, Allow and problem+json, TRACE included', async () => {
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      // A method some other route serves on this URL (PUT addresses/company is PUT addresses/{id}) is no case.
      const unserved = ['TRACE', 'PUT', 'DELETE', 'PATCH', 'POST'].filter(
        (m) => !ops[m.toLowerCase()] && t.app.findRoute({ method: m as 'GET', url }) === null,
      );
      for (const method of unserved) {
        // The operator API answers only operators, before it looks at the method.
        const auth = path.startsWith('/api/v2/admin') ? { authorization: `Bearer ${operatorToken}` } : {};
        const res = await t.app.inject({ method: method as 'GET', url, headers: auth });
        const problem = String(res.headers['content-type']).startsWith('application/problem+json');
        if (res.statusCode !== 405 || !res.headers.allow || !problem)
          wrong.push(`${method} ${url} -> ${res.statusCode} allow=${res.headers.allow ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
