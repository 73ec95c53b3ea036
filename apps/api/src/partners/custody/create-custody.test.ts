import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createCustody, isSandboxCustody } from './create-custody.ts';

const dirs: string[] = [];
function env(vars: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'custody-cfg-'));
  dirs.push(dataDir);
  return { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40), ...vars };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tangany = {
  TANGANY_CLIENT_ID: 'client',
  TANGANY_CLIENT_SECRET: 'secret',
  TANGANY_SUBSCRIPTION: 'subscription',
};

describe('custody configuration', () => {
  it('defaults to the sandbox custodian reporting approval after 5 seconds', () => {
    const config = loadConfig(env());
    expect(config.custody).toEqual({ sandboxDelaySeconds: 5, tangany: undefined });
    const custody = createCustody({ config });
    expect(custody.kind).toBe('sandbox');
    expect(isSandboxCustody(custody) && custody.sandbox.delaySeconds).toBe(5);
    expect(custody.webhooks?.provider).toBe('sandbox-custody');
  });

  it('takes CUSTODY_SANDBOX_DELAY_SECONDS', () => {
    const custody = createCustody({ config: loadConfig(env({ CUSTODY_SANDBOX_DELAY_SECONDS: '30' })) });
    expect(isSandboxCustody(custody) && custody.sandbox.delaySeconds).toBe(30);
  });

  it('chooses Tangany when TANGANY_CLIENT_ID is set, with its defaults', () => {
    const config = loadConfig(env(tangany));
    expect(config.custody.tangany).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      subscription: 'subscription',
      vaultUrl: undefined,
      baseUrl: 'https://api.tangany.com/custody',
      customersUrl: 'https://api.tangany.com/customers',
      ethereumNetwork: 'mainnet',
      securityLevel: 2,
    });
    const custody = createCustody({ config });
    expect(custody.kind).toBe('tangany');
    expect(custody.webhooks).toBeNull();
  });

  it('takes level 1 for a Tangany sandbox subscription and another network', () => {
    const config = loadConfig(
      env({ ...tangany, TANGANY_SECURITY_LEVEL: '1', TANGANY_ETHEREUM_NETWORK: 'sepolia' }),
    );
    expect(config.custody.tangany).toMatchObject({ securityLevel: 1, ethereumNetwork: 'sepolia' });
  });

  it.each([
    [{ TANGANY_CLIENT_ID: 'client' }, 'TANGANY_CLIENT_SECRET'],
    [{ TANGANY_CLIENT_ID: 'client', TANGANY_CLIENT_SECRET: 'secret' }, 'TANGANY_SUBSCRIPTION'],
    [{ ...tangany, TANGANY_VAULT_URL: 'not a url' }, 'TANGANY_VAULT_URL'],
    [{ ...tangany, TANGANY_BASE_URL: 'ftp//x' }, 'TANGANY_BASE_URL'],
    // Decision 030: Tangany API 1.0 is being switched off; its base path stops start-up.
    [{ ...tangany, TANGANY_BASE_URL: 'https://api.tangany.com/v1' }, 'TANGANY_BASE_URL'],
    [{ ...tangany, TANGANY_CUSTOMERS_URL: 'customers' }, 'TANGANY_CUSTOMERS_URL'],
    [{ ...tangany, TANGANY_SECURITY_LEVEL: '3' }, 'TANGANY_SECURITY_LEVEL'],
    [{ CUSTODY_SANDBOX_DELAY_SECONDS: 'soon' }, 'CUSTODY_SANDBOX_DELAY_SECONDS'],
    [{ CUSTODY_SANDBOX_DELAY_SECONDS: '-1' }, 'CUSTODY_SANDBOX_DELAY_SECONDS'],
  ])('stops start-up naming the wrong variable (%o)', (vars, name) => {
    expect(() => loadConfig(env(vars))).toThrow(ConfigError);
    expect(() => loadConfig(env(vars))).toThrow(name);
  });
});
