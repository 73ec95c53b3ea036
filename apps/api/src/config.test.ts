import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dirs: string[] = [];
function tmp() {
  const d = mkdtempSync(join(tmpdir(), 'cfg-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dataDir = tmp();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, defaultLocale: 'de', env: 'development' });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.accounts.signUpsPerIpPerHour).toBe(10);
  });

  it('takes the trusted proxies from TRUST_PROXY (hops or addresses), and refuses anything else', () => {
    const dataDir = tmp();
    expect(loadConfig({ DATA_DIR: dataDir }).operations.trustProxy).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).operations.trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).operations.trustProxy,
    ).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback' }).operations.trustProxy).toBe('loopback');
    for (const bad of ['true', 'everyone', '1; drop']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  it('takes the sign-ups per IP address and hour from SIGN_UPS_PER_IP_PER_HOUR, and refuses nonsense', () => {
    const dataDir = tmp();
    expect(
      loadConfig({ DATA_DIR: dataDir, SIGN_UPS_PER_IP_PER_HOUR: '200' }).accounts.signUpsPerIpPerHour,
    ).toBe(200);
    expect(() => loadConfig({ DATA_DIR: dataDir, SIGN_UPS_PER_IP_PER_HOUR: '0' })).toThrow(ConfigError);
  });

  it('generates a development secret once and keeps it in the data dir', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'app-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
  });

  it('refuses to start in production without APP_SECRET', () => {
    const dataDir = tmp();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/APP_SECRET/);
    expect(existsSync(join(dataDir, 'app-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['DEFAULT_LOCALE', 'fr'],
    ['APP_SECRET', 'short'],
  ])('names the wrong variable %s=%s', (name, value) => {
    const err = (() => {
      try {
        loadConfig({ DATA_DIR: tmp(), [name]: value });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(name);
  });

  it('keeps /metrics open only outside production unless a metrics token or port is set', () => {
    const dataDir = tmp();
    const secret = 'x'.repeat(32);
    const dev = loadConfig({ DATA_DIR: dataDir }).operations;
    expect(dev).toEqual({
      metrics: { token: undefined, port: undefined, openOnApiPort: true },
      shutdownGraceMs: 10_000,
    });
    const prod = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', APP_SECRET: secret }).operations;
    expect(prod.metrics.openOnApiPort).toBe(false);
    const withToken = loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'operator-metrics-token-1' }).operations;
    expect(withToken.metrics).toEqual({
      token: 'operator-metrics-token-1',
      port: undefined,
      openOnApiPort: false,
    });
    const withPort = loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464', SHUTDOWN_GRACE_MS: '2500' });
    expect(withPort.operations).toEqual({
      metrics: { token: undefined, port: 9464, openOnApiPort: false },
      shutdownGraceMs: 2500,
    });
  });

  it.each([
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['METRICS_PORT', { METRICS_PORT: '70000' }],
    ['METRICS_PORT', { METRICS_PORT: '3000', PORT: '3000' }],
    ['SHUTDOWN_GRACE_MS', { SHUTDOWN_GRACE_MS: '-1' }],
  ])('refuses a wrong %s', (name, env) => {
    const err = (() => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...env });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(name);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
