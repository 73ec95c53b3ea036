import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './test/create-test-app.ts';
import { type FakeSmtp, startFakeSmtp } from './test/fake-smtp.ts';
import { freePort, startServerProcess, stopServerProcess } from './test/server-process.ts';

// Decision 027: SIGTERM under load loses no request and no job. The real process, as `npm start` runs it.
const usePostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'token-shutdown-'));
const demo = { email: 'anna.becker@demo.tokenwerk.example', password: 'Tokenwerk-Demo-2026!' };
let dropDatabase = async () => {};
let smtp: FakeSmtp | undefined;

afterAll(async () => {
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

type Outcome = { ok: number; refused: number; failures: string[] };

/** One client looping GETs on its own kept-alive connection until the server refuses to connect. */
async function loadLoop(base: string, path: string, outcome: Outcome, stopAt: () => boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (!stopAt()) {
      const result = await new Promise<{ status?: number; code?: string }>((resolve) => {
        const req = httpRequest(`${base}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
          res.on('error', (e: NodeJS.ErrnoException) => resolve({ code: e.code ?? e.message }));
        });
        req.on('error', (e: NodeJS.ErrnoException) => resolve({ code: e.code ?? e.message }));
        req.end();
      });
      if (result.code === 'ECONNREFUSED') {
        outcome.refused++;
        return; // the server stopped listening: a client goes elsewhere
      }
      if (result.status && result.status >= 200 && result.status < 300) outcome.ok++;
      else outcome.failures.push(`${path}: ${result.status ?? result.code}`);
    }
  } finally {
    agent.destroy();
  }
}

/** A login whose body arrives in two parts, `pauseMs` apart: a request in flight across the signal. */
function slowLogin(port: number, userAgent: string) {
  const body = JSON.stringify(demo);
  const socket = connect(port, '127.0.0.1');
  let response = '';
  const done = new Promise<string>((resolve, reject) => {
    socket.on('data', (d) => {
      response += d.toString();
    });
    socket.on('end', () => resolve(response));
    socket.on('close', () => resolve(response));
    socket.on('error', reject);
  });
  socket.write(
    `POST /api/v2/shop/authentication-token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Accept: application/json\r\nUser-Agent: ${userAgent}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 10),
  );
  return {
    finish: () => socket.write(body.slice(10)),
    response: done,
  };
}

async function login(base: string, userAgent: string) {
  const res = await fetch(`${base}/api/v2/shop/authentication-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(demo),
  });
  expect(res.status).toBe(200);
}

type MailboxEntry = { id: number; status: string; template: string };
async function mailbox(base: string): Promise<MailboxEntry[]> {
  return (await (await fetch(`${base}/api/dev/mailbox?limit=500`)).json()) as MailboxEntry[];
}

describe('SIGTERM', () => {
  it('answers every request and loses no job while the process stops under load', async () => {
    let databaseUrl = '';
    if (usePostgres) {
      const fresh = await freshPostgresDatabase('t_shutdown');
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // Every mail delivery takes 2 s at the mail server: one is running when the signal comes.
    smtp = await startFakeSmtp({ delayMs: 2000 });
    const env = {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SHUTDOWN_GRACE_MS: '8000',
    };
    const port = await freePort();
    const first = await startServerProcess({ port, env, timeoutMs: 170_000 });
    const exited = new Promise<number | null>((resolve) => first.proc.on('exit', (code) => resolve(code)));

    // New devices: each login queues a "new sign-in" mail, delivered by a job.
    for (let i = 0; i < 4; i++) await login(first.base, `shutdown-test-device-${i}`);
    const deadline = Date.now() + 30_000;
    while (smtp.inProgress() === 0 && Date.now() < deadline) await sleep(50);
    expect(smtp.inProgress()).toBeGreaterThan(0);

    const outcome: Outcome = { ok: 0, refused: 0, failures: [] };
    const stopLoad = Date.now() + 30_000;
    const paths = ['/api/health', '/api/v2/shop/countries?itemsPerPage=5', '/api/health/live'];
    const loops = Array.from({ length: 6 }, (_, i) =>
      loadLoop(first.base, paths[i % paths.length]!, outcome, () => Date.now() > stopLoad),
    );
    const slow = slowLogin(port, 'shutdown-test-slow-device');
    await sleep(500);
    const beforeSignal = outcome.ok;
    first.proc.kill('SIGTERM');
    // The rest of the slow request's body arrives after shutdown began.
    await sleep(1000);
    slow.finish();

    const code = await exited;
    await Promise.all(loops);
    const slowResponse = await slow.response;
    expect(code).toBe(0);
    expect(beforeSignal).toBeGreaterThan(0);
    expect(outcome.failures).toEqual([]);
    // Every client found the port closed once its connection was done.
    expect(outcome.refused).toBe(6);
    expect(slowResponse).toMatch(/^HTTP\/1\.1 200/);
    expect(slowResponse.toLowerCase()).toContain('connection: close');
    // The delivery running at the signal finished before the exit.
    expect(smtp.inProgress()).toBe(0);
    const deliveredBeforeRestart = smtp.received.length;
    expect(deliveredBeforeRestart).toBeGreaterThan(0);

    // After a restart every queued mail goes out, each exactly once: no job was lost or run twice.
    const second = await startServerProcess({ port, env, timeoutMs: 170_000 });
    try {
      let mails: MailboxEntry[] = [];
      const until = Date.now() + 60_000;
      for (;;) {
        mails = (await mailbox(second.base)).filter((m) => m.template === 'new_sign_in');
        if (mails.length > 0 && mails.every((m) => m.status === 'sent')) break;
        if (Date.now() > until) break;
        await sleep(500);
      }
      // four logins and the slow one, each from a new device (the first login may be the first ever)
      expect(mails.length).toBeGreaterThanOrEqual(4);
      expect(mails.map((m) => m.status)).toEqual(mails.map(() => 'sent'));
      expect(new Set(smtp.received).size).toBe(smtp.received.length);
      expect(smtp.received.length).toBeGreaterThan(deliveredBeforeRestart);
    } finally {
      expect(await stopServerProcess(second.proc)).toBe(0);
    }
  }, 480_000);
});
