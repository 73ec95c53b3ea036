import { z } from 'zod';

// The CSP allows no eval: zod's JIT would probe `new Function('')` when the first object schema is
// built and trip a script-src violation report. Imported first by main.tsx, before any schema exists.
z.config({ jitless: true });
