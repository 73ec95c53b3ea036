import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

// What Node's HTTP parser refuses never reaches `inject`: these talk to a listening server over TCP.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Sends raw bytes and reads the answer until the server closes the connection. */
function sendRaw(bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.write(bytes);
  });
}

function expectProblem(res: RawAnswer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ status, code });
  expect(body.title).toBeTruthy();
  expect(res.headers['x-request-id']).toBe(body.requestId);
  return body;
}

describe('errors of the HTTP parser', () => {
  it('answers over-long headers with 431 problem+json in the language the raw request asked for', async () => {
    const res = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const body = expectProblem(res, 431, 'headers_too_large');
    expect(body.title).toBe('The request headers are too large.');
  });

  it('answers an over-long URL with 414 problem+json', async () => {
    const res = await sendRaw(
      `GET /api/v2/shop/products?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const body = expectProblem(res, 414, 'uri_too_long');
    expect(body.title).toBe('Die Adresse der Anfrage ist zu lang.');
  });

  it.each([
    ['in the URL', Buffer.from('GET /api/v2/shop/products/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')],
    ['in a header name', Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nX-\xe4: 1\r\n\r\n', 'latin1')],
    [
      'as a NUL in a header value',
      Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n', 'latin1'),
    ],
  ])('answers raw bytes that HTTP forbids %s with 400 problem+json', async (_, bytes) => {
    expectProblem(await sendRaw(bytes), 400, 'bad_request');
  });

  it('answers a well-formed but unknown method with 501 and a malformed one with 400', async () => {
    expectProblem(await sendRaw('FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n'), 501, 'not_implemented');
    expectProblem(await sendRaw('G(T /api/health HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'bad_request');
  });

  it('answers an unknown HTTP version with 400 problem+json', async () => {
    expectProblem(await sendRaw('GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'bad_request');
  });

  it('keeps serving ordinary requests afterwards', async () => {
    const res = await sendRaw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
