// Runs before the app's modules: zod 4 probes `new Function('')` when it builds its first object
// schema, which the Content-Security-Policy (no eval) reports as a violation. Setting zod's global
// config here, ahead of every module chunk, switches that probe off however the bundle is split.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
