import { writeFile } from 'node:fs/promises';
import {
  bondTokenPaths,
  compileBondToken,
  serializeBondTokenArtifact,
} from '../src/partners/registrar/evm/bond-token-compile.ts';

// `npm run contracts:build`: compiles BondToken.sol with solc-js into the committed BondToken.json.
const artifact = await compileBondToken();
await writeFile(bondTokenPaths.artifact, serializeBondTokenArtifact(artifact));
console.log(
  `wrote ${bondTokenPaths.artifact} (${artifact.compiler}, ${(artifact.bytecode.length - 2) / 2} bytes)`,
);
