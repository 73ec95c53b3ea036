import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createRegistrar } from './create-registrar.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'registrar-cfg-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) };
const evm = {
  REGISTRAR_RPC_URL: 'http://127.0.0.1:8545',
  REGISTRAR_AGENT_KEY: `0x${'11'.repeat(32)}`,
  REGISTRAR_CHAIN_ID: '1337',
};

describe('the registrar chosen by configuration', () => {
  it('is the sandbox without REGISTRAR_RPC_URL and the EVM adapter with it', () => {
    expect(createRegistrar({ config: loadConfig(base) }).kind).toBe('sandbox');
    const config = loadConfig({ ...base, ...evm });
    expect(config.registrar.evm).toEqual({
      rpcUrl: evm.REGISTRAR_RPC_URL,
      agentKey: evm.REGISTRAR_AGENT_KEY,
      chainId: 1337,
      confirmations: 1,
      replaceAfterSeconds: 180,
      maxReplacements: 5,
    });
    const tuned = loadConfig({
      ...base,
      ...evm,
      REGISTRAR_REPLACE_AFTER_SECONDS: '60',
      REGISTRAR_MAX_REPLACEMENTS: '2',
    });
    expect(tuned.registrar.evm).toMatchObject({ replaceAfterSeconds: 60, maxReplacements: 2 });
    const registrar = createRegistrar({ config });
    expect(registrar.kind).toBe('evm');
    expect(registrar.webhooks).toBeNull();
  });

  it('refuses an EVM setting without its key or chain id, and a malformed key', () => {
    expect(() => loadConfig({ ...base, REGISTRAR_RPC_URL: evm.REGISTRAR_RPC_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...evm, REGISTRAR_CHAIN_ID: undefined })).toThrow(
      /REGISTRAR_CHAIN_ID/,
    );
    expect(() => loadConfig({ ...base, ...evm, REGISTRAR_AGENT_KEY: '0x1234' })).toThrow(
      /REGISTRAR_AGENT_KEY/,
    );
    expect(() => loadConfig({ ...base, ...evm, REGISTRAR_REPLACE_AFTER_SECONDS: '1' })).toThrow(
      /REGISTRAR_REPLACE_AFTER_SECONDS/,
    );
    expect(() => loadConfig({ ...base, REGISTRAR_AGENT_KEY: evm.REGISTRAR_AGENT_KEY })).toThrow(
      /REGISTRAR_RPC_URL/,
    );
  });
});
