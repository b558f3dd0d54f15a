// zod 4 compiles a fast parser for each object schema with `new Function`, and finds out whether it may by
// calling `new Function('')` once. The server's Content-Security-Policy has no 'unsafe-eval' (D13), so that
// probe is refused: harmless, as zod catches it, but the browser reports a CSP violation for it (Chrome's
// Issues panel, Lighthouse's best-practices audit `inspector-issues`) on every page that loads a form's
// validation. zod skips the probe under its `jitless` setting. Set here, in the entry, without importing zod
// (its config object lives on globalThis, where zod reads it when it loads), so the setting holds before any
// schema is built, whichever chunk builds it, and costs the first load no zod code.

interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
