// D34 across processes: two built servers on one database (two processes on one SQLite file; two instances on one
// PostgreSQL) agree on an Idempotency-Key through its unique row alone: the same key sent to both at once makes one
// inquiry and every answer is the first one; another body on the other server is 422.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER, type Inquiry } from '@safarnama/contract';
import { openDatabase } from '../db/connection';
import { createTestDatabase, testEngines } from '../test/helper';
import { validBody } from '../test/inquiry-kit';
import { buildServerBundle, spawnServer, type SpawnedServer } from '../test/reliability/reliability-kit';

const JWT_SECRET = 'idempotency-test-secret-0123456789abcdef';
const OWNER = { OWNER_EMAIL: 'owner@idempotency.test', OWNER_PASSWORD: 'Owner#Pass1', OWNER_NAME: 'Key Owner' };
const CONCURRENT = 16;

let bundle: ReturnType<typeof buildServerBundle>;
beforeAll(() => {
  bundle = buildServerBundle();
}, 120_000);
afterAll(() => bundle?.remove());

describe.each(testEngines)('Idempotency-Key across two servers on one %s database', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: ReturnType<typeof openDatabase>;
  const servers: SpawnedServer[] = [];
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const env = {
      // One DATA_DIR on SQLite is one database file for both processes.
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      JWT_SECRET,
      ...OWNER,
    };
    // One after the other: the first migrates and makes the Owner, the second finds both done.
    for (let i = 0; i < 2; i++) {
      const server = await spawnServer(bundle.dir, env);
      servers.push(server);
      await server.ready(60_000);
    }
    handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    const login = await post(servers[0]!, '/api/auth/login', {
      email: OWNER.OWNER_EMAIL,
      password: OWNER.OWNER_PASSWORD,
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await handle?.db.destroy();
    await database?.drop();
  }, 60_000);

  function post(server: SpawnedServer, url: string, body: object, headers: Record<string, string> = {}) {
    return fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }
  const stored = async (name: string) => {
    const res = await sql<{
      n: number | string;
    }>`SELECT count(*) AS n FROM inquiries WHERE customer_name = ${name}`.execute(handle.db);
    return Number(res.rows[0]!.n);
  };
  /** Sends the same keyed create CONCURRENT times, alternating the servers, all at once. */
  const sendConcurrently = (url: string, key: string, body: object, headers: Record<string, string> = {}) =>
    Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        const res = await post(servers[i % 2]!, url, body, { ...headers, 'idempotency-key': key });
        return { status: res.status, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER), text: await res.text() };
      }),
    );
  const expectOneCreate = (answers: Awaited<ReturnType<typeof sendConcurrently>>) => {
    expect(
      answers.map((a) => a.status),
      answers.map((a) => a.text).join('\n'),
    ).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => (JSON.parse(a.text) as Inquiry)._id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(CONCURRENT - 1);
  };

  it('makes one inquiry from a staff key sent to both servers at once', async () => {
    const answers = await sendConcurrently(
      '/api/inquiries/createLoggedIn',
      crypto.randomUUID(),
      validBody({ name: 'Both Servers Staff', source: 'walk-in' }),
      { authorization: `Bearer ${token}` },
    );
    expectOneCreate(answers);
    expect(await stored('Both Servers Staff')).toBe(1);
  });

  it('makes one inquiry from a public key sent to both servers at once', async () => {
    const answers = await sendConcurrently(
      '/api/inquiries/createPublic',
      crypto.randomUUID(),
      validBody({ name: 'Both Servers Public' }),
    );
    expectOneCreate(answers);
    expect(await stored('Both Servers Public')).toBe(1);
  });

  it('refuses on one server a key the other used for another body', async () => {
    const key = crypto.randomUUID();
    const auth = { authorization: `Bearer ${token}` };
    const first = await post(servers[0]!, '/api/inquiries/createLoggedIn', validBody({ name: 'Server A Body' }), {
      ...auth,
      'idempotency-key': key,
    });
    expect(first.status).toBe(201);
    const other = await post(servers[1]!, '/api/inquiries/createLoggedIn', validBody({ name: 'Server B Body' }), {
      ...auth,
      'idempotency-key': key,
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await stored('Server B Body')).toBe(0);
    expect(await stored('Server A Body')).toBe(1);
  });
});
