import { z } from 'zod';

// The CSP allows no eval: zod's JIT would probe `new Function('')` when an object schema is built
// and trip a script-src violation report. public/zod-jitless.js sets this before any module chunk
// runs (a schema in a chunk that main.tsx imports is built before main.tsx's own body); this keeps
// the setting where tests and the dev server import the app without that script.
z.config({ jitless: true });
