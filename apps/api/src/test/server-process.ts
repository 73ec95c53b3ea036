import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository root (the server is started from there, as `npm start` does). */
export const repositoryRoot = join(import.meta.dirname, '../../../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  proc: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Milliseconds from spawn to "ready on". */
  ms: number;
};

/**
 * The real API process (`apps/api/src/main.ts` under tsx, without the web build) on `port`, resolved
 * once it printed "ready on"; rejected with its output when it exits or does not start within
 * `timeoutMs`. `env` goes over the inherited environment; `nodeArgs` before the entry (e.g. --cpu-prof).
 */
export async function startServerProcess(opts: {
  port: number;
  env: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const started = Date.now();
  let out = '';
  const proc = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/main.ts'],
    {
      cwd: repositoryRoot,
      env: { ...process.env, PORT: String(opts.port), ...opts.env },
    },
  );
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      // a bound for a start that fails, not a time the start must keep: CI's two cores also run other test files
      opts.timeoutMs ?? 120_000,
    );
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    };
    proc.on('exit', onExit);
    proc.stdout?.on('data', function ready() {
      if (!out.includes('ready on')) return;
      clearTimeout(timer);
      proc.off('exit', onExit);
      proc.stdout?.off('data', ready);
      resolve();
    });
  });
  return {
    proc,
    port: opts.port,
    base: `http://127.0.0.1:${opts.port}`,
    output: () => out,
    ms: Date.now() - started,
  };
}

/** SIGTERM (or the given signal) and the exit code once the process is gone. */
export function stopServerProcess(
  proc: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      resolve(proc.exitCode);
      return;
    }
    proc.removeAllListeners('exit');
    proc.on('exit', (code) => resolve(code));
    proc.kill(signal);
  });
}

/** Kept-alive connections for `shopCall` (a client keeps its connections, as browsers do). */
const keptAlive = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One call of the shop API over real HTTP (JSON in and out; PATCH as merge-patch), as a client
 * outside the process makes it: the status and the parsed body (null when empty). Plain `node:http`
 * on kept-alive connections: `fetch` cost the benchmark's driver about 1 ms of CPU a call, on the
 * same cores as the server it measures.
 */
export function shopCall(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/v2/shop${path}`,
      {
        method,
        agent: keptAlive,
        headers: {
          accept: 'application/json',
          'user-agent': 'token-platform-test',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : {
                'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
