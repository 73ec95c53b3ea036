import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bondTokenPaths, compileBondToken, serializeBondTokenArtifact } from './bond-token-compile.ts';

describe('BondToken artifact', () => {
  it('is what BondToken.sol compiles to today (run `npm run contracts:build` after changing the contract)', async () => {
    const committed = await readFile(bondTokenPaths.artifact, 'utf8');
    const fresh = serializeBondTokenArtifact(await compileBondToken());
    expect(committed === fresh, 'apps/api/contracts/BondToken.json is stale: npm run contracts:build').toBe(
      true,
    );
  }, 60_000);
});
