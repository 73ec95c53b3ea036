import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `vite build` writes the SPA that this process serves. */
export const webDistDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
