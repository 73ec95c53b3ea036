import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

/*
 * Compiles `apps/api/contracts/BondToken.sol` with solc-js (decision 016, "EVM registrar"): the
 * build script writes `BondToken.json` from it, and a test recompiles to prove the committed artifact
 * is current. Settings are fixed here so the output is reproducible byte for byte.
 */

const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../contracts');

/** Where the contract's source and its compiled artifact live. */
export const bondTokenPaths = {
  source: resolve(contractsDir, 'BondToken.sol'),
  artifact: resolve(contractsDir, 'BondToken.json'),
};

/** The committed artifact's shape: what the adapter deploys and calls. */
export type BondTokenArtifact = {
  contractName: 'BondToken';
  compiler: string;
  evmVersion: string;
  optimizerRuns: number;
  abi: unknown[];
  bytecode: `0x${string}`;
};

// Shanghai: PUSH0 but no Cancun opcodes, so the bytecode runs on ganache 7.9 and on any current chain.
const evmVersion = 'shanghai';
const optimizerRuns = 200;

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};

/** Compiles the contract's source and answers the artifact; throws on a compile error. */
export async function compileBondToken(): Promise<BondTokenArtifact> {
  const content = await readFile(bondTokenPaths.source, 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'BondToken.sol': { content } },
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: optimizerRuns },
      // No metadata hash: the bytecode then depends on the source alone, not on file paths or comments.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { 'BondToken.sol': { BondToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled = output.contracts?.['BondToken.sol']?.BondToken;
  if (!compiled) throw new Error('solc produced no BondToken');
  return {
    contractName: 'BondToken',
    compiler: `solc-js ${solc.version()}`,
    evmVersion,
    optimizerRuns,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
}

/** The artifact as the build script writes it (stable JSON, one trailing newline). */
export function serializeBondTokenArtifact(artifact: BondTokenArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}
