// A classic script, run before the app's modules (index.html): the app runs under a CSP without
// 'unsafe-eval' (server security-headers.ts), and zod 4 otherwise probes `new Function('')` when
// it builds its first object schema — a CSP violation even though zod falls back — and compiles
// parsers with it. zod reads this global config when it loads. Checked by e2e/csp.e2e.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
