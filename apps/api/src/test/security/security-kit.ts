// Shared kit of the security suite: the route table as Fastify registered it, the six principals of the
// authorization matrix, a stronger secrets-leak check, and the figures each suite writes for docs/reliability.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../app';
import type { TestEngine } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { expectNoSecretsLeaked, type AccountsTestApp } from '../accounts-kit';

export interface RegisteredRoute {
  method: HTTPMethods;
  /** As registered, with `:param` placeholders. */
  url: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree (`printRoutes`), so a route added
 * tomorrow shows up here without anyone editing a list. HEAD twins of GET routes are left out (Fastify
 * adds them itself and they run the same handler). Each parsed route is confirmed with `hasRoute`, so a
 * parsing slip fails loudly instead of inventing routes.
 */
export function registeredRoutes(app: App): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    if (!m[3]) continue;
    const methods = m[3].split(',').map((s) => s.trim()) as HTTPMethods[];
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push({ method, url });
    }
  }
  // hasRoute does not match wildcard routes (find-my-way); those are checked by the expectation tables.
  for (const r of routes.filter((route) => !route.url.endsWith('*'))) {
    if (!app.hasRoute({ method: r.method, url: r.url }))
      throw new Error(`route table parse error: ${r.method} ${r.url}`);
  }
  expect(routes.length).toBeGreaterThan(10);
  return routes;
}

export const routeKey = (r: RegisteredRoute) => `${r.method} ${r.url}`;

/** The callers of the matrix (issue 8, item 1). */
export const PRINCIPALS = ['anonymous', 'customerA', 'customerB', 'staff', 'removedStaff', 'owner'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface Principals {
  customerA: CreatedUser;
  customerB: CreatedUser;
  staff: CreatedUser;
  /** A Staff member the Owner removed through the API (D9): their token still carries a valid signature. */
  removedStaff: CreatedUser;
  owner: CreatedUser;
}

export async function createPrincipals(t: AccountsTestApp): Promise<Principals> {
  const owner = await createUser(t, { role: 'Owner', name: 'Matrix Owner' });
  const removedStaff = await createUser(t, { role: 'Staff', name: 'Removed Staff' });
  const removal = await t.api({
    method: 'DELETE',
    url: `/api/auth/staff/${removedStaff.id}`,
    headers: bearer(owner.token),
  });
  expect(removal.statusCode, removal.body).toBe(200);
  return {
    owner,
    removedStaff,
    customerA: await createUser(t, { role: 'Customer', name: 'Customer A' }),
    customerB: await createUser(t, { role: 'Customer', name: 'Customer B' }),
    staff: await createUser(t, { role: 'Staff', name: 'Matrix Staff' }),
  };
}

/** Authorization header of a principal (none for anonymous). */
export const headersOf = (p: Principals, who: Principal): Record<string, string> =>
  who === 'anonymous' ? {} : bearer(p[who].token);

/**
 * expectNoSecretsLeaked, plus the stored secrets themselves: no recorded body contains any password hash
 * or OTP hash present in the database at the end of the suite.
 */
export async function expectNoStoredSecretsInResponses(t: AccountsTestApp) {
  expectNoSecretsLeaked(t);
  const hashes = [
    ...(await t.app.db.selectFrom('users').select('password_hash as h').execute()),
    ...(await t.app.db.selectFrom('otp_challenges').select('code_hash as h').execute()),
  ]
    .map((r) => r.h)
    .filter((h) => h.length >= 16);
  for (const body of t.bodies) {
    for (const h of hashes) expect(body.includes(h), 'a stored hash appeared in a response').toBe(false);
  }
  return { responsesChecked: t.bodies.length, hashesChecked: hashes.length };
}

/** Matches what must never reach a client: stack frames, file paths, SQL and driver errors. */
export const LEAK_PATTERN =
  /\bat .+:\d+:\d+|\/work\/|\/home\/|\/tmp\/|node_modules|[A-Z]:\\|\.ts:\d+|\bSQLITE_\w+|\bsqlite3?\b|\bpostgres\b|\bselect .+ from\b|\binsert into\b|\bsyntax error\b|\bKysely\b|\bZodError\b|\bTypeError\b|\bReferenceError\b|\bFST_\w+/i;

// ---------- figures for docs/reliability.md ----------

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/.reliability: one JSON per suite and engine; gitignored, read by `npm run reliability:report`. */
const FIGURES_DIR = path.resolve(here, '../../../.reliability');

export type Figures = Record<string, string | number | boolean>;

/** Figures written before this test file started belong to an older run and are replaced, not merged. */
const FILE_STARTED = Date.now();

/** Writes the figures of one suite run (merged with earlier calls of the same run). */
export function recordFigures(suite: string, engine: TestEngine | 'all', figures: Figures) {
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${suite}.${engine}.json`);
  let previous: { date?: string; figures?: Figures } = {};
  try {
    previous = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof previous;
  } catch {
    // first write of this suite
  }
  const isThisRun = previous.date !== undefined && Date.parse(previous.date) >= FILE_STARTED;
  const merged = { ...(isThisRun ? previous.figures : {}), ...figures };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ suite, engine, date: new Date().toISOString(), figures: merged }, null, 2)}\n`,
  );
}

/** Issue 8, item 6: what every response carries, JSON, files, redirects and errors alike. */
export function expectSecurityHeaders(res: { statusCode: number; headers: Record<string, unknown> }, what: string) {
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(csp, `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${what}: CSP`).toMatch(/base-uri 'none'/);
  expect(csp, `${what}: CSP blocks plugins`).toMatch(/object-src 'none'|default-src 'none'/);
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1];
  expect(scriptSrc, `${what}: script-src`).toBeDefined();
  expect(scriptSrc, `${what}: script-src`).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|http:/);
  expect(h['referrer-policy'], `${what}: referrer policy`).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/,
  );
  expect(h['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(h['access-control-allow-origin'], `${what}: no CORS grant`).toBeUndefined();
  expect(h['access-control-allow-credentials'], `${what}: no CORS grant`).toBeUndefined();
  expect(h['x-powered-by'], `${what}: no X-Powered-By`).toBeUndefined();
}
