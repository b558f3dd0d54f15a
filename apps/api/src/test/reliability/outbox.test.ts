// D25 and decisions §8 "0 queued mails lost": the built server killed with SIGKILL after an inquiry's commit and
// before its mail was handed over still delivers it after a restart (SQLite and PostgreSQL), and two servers on
// one PostgreSQL deliver each mail once.
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../../db/sqlite-driver';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../db/connection';
import { createTestDatabase, testEngines, type TestEngine } from '../helper';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import { LEASE_MS } from '../../notifications/outbox-sender';
import { buildServerBundle, spawnServer, waitFor, type SpawnedServer } from './reliability-kit';

const JWT_SECRET = 'outbox-test-secret-0123456789abcdefghij';
const OWNER = { OWNER_EMAIL: 'owner@outbox.test', OWNER_PASSWORD: 'Owner#Pass1', OWNER_NAME: 'Outbox Owner' };

let bundle: ReturnType<typeof buildServerBundle>;
beforeAll(() => {
  bundle = buildServerBundle();
}, 120_000);
afterAll(() => bundle?.remove());

/** A mail server that accepts connections and never says a word: a send hangs before the mail is handed over. */
async function startSilentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function postInquiry(url: string, email: string): Promise<number> {
  const body = JSON.stringify({
    name: 'Night Lead',
    email,
    whatsappNumber: '+91 98765 43210',
    location: 'Munnar',
    noOfAdults: 2,
    budget: 60000,
  });
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/inquiries/createPublic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.end(body);
  });
}

interface OutboxState {
  id: string;
  status: string;
  tries: number;
  lease_id: string | null;
}

/** Reads the outbox from outside the server, as an operator would. */
function outboxReader(engine: TestEngine, dataDir: string, databaseUrl: string | undefined) {
  return async (): Promise<OutboxState[]> => {
    const q = 'select id, status, tries, lease_id from notification_outbox order by id';
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query<OutboxState>(q)).rows;
      } finally {
        await client.end();
      }
    }
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    if (!fs.existsSync(file)) return [];
    const db = new SQLite(file, { readonly: true });
    try {
      return db.prepare(q).all() as OutboxState[];
    } catch {
      return []; // not migrated yet
    } finally {
      db.close();
    }
  };
}

describe.each(testEngines)('outbox on %s: SIGKILL after the commit, before the send', (engine) => {
  let smtp: TestSmtpServer | undefined;
  let silent: Awaited<ReturnType<typeof startSilentSmtp>> | undefined;
  let server: SpawnedServer | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  afterAll(async () => {
    await server?.crash();
    await smtp?.close();
    await silent?.close();
    await database?.drop();
  });

  it(
    'delivers every mail after the restart, each once',
    async () => {
      database = await createTestDatabase(engine);
      const env = {
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        JWT_SECRET,
        ...OWNER,
      };
      const read = outboxReader(engine, database.dataDir, database.databaseUrl);

      silent = await startSilentSmtp();
      server = await spawnServer(bundle.dir, { ...env, SMTP_URL: silent.url });
      await server.ready();
      const customer = 'night-lead@outbox.test';
      expect(await postInquiry(server.url, customer)).toBe(201);
      // The inquiry is committed with its two mails; the sender has claimed one and is stuck handing it over.
      expect(await waitFor(async () => (await read()).some((r) => r.lease_id !== null), 10_000, 50)).toBe(true);
      await server.crash();
      const atCrash = await read();
      expect(atCrash).toHaveLength(2);
      expect(atCrash.every((r) => r.status === 'pending')).toBe(true);

      smtp = await startSmtpServer();
      server = await spawnServer(bundle.dir, { ...env, SMTP_URL: smtp.url });
      await server.ready();
      // The unclaimed mail goes at once; the claimed one once the dead sender's lease has run out.
      const delivered = await waitFor(
        async () => (await read()).every((r) => r.status === 'sent'),
        LEASE_MS + 30_000,
        250,
      );
      expect(delivered, server.output()).toBe(true);
      expect(smtp.mailsTo(OWNER.OWNER_EMAIL)).toHaveLength(1);
      expect(smtp.mailsTo(customer)).toHaveLength(1);
      expect(smtp.mails).toHaveLength(2);
    },
    LEASE_MS + 90_000,
  );
});

describe.skipIf(!testEngines.includes('postgres'))('outbox with two servers on one PostgreSQL', () => {
  const servers: SpawnedServer[] = [];
  let smtp: TestSmtpServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  afterAll(async () => {
    for (const s of servers) await s.crash();
    await smtp?.close();
    await database?.drop();
  });

  it('sends each mail once, whichever server wrote it', async () => {
    database = await createTestDatabase('postgres');
    smtp = await startSmtpServer();
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-outbox-')));
    for (const dir of dirs) {
      const s = await spawnServer(bundle.dir, {
        DATA_DIR: dir,
        DATABASE_URL: database.databaseUrl!,
        JWT_SECRET,
        SMTP_URL: smtp.url,
        ...OWNER,
      });
      await s.ready();
      servers.push(s);
    }
    // More people to mail per inquiry: three Staff members, added by the Owner.
    const login = await fetch(`${servers[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.OWNER_EMAIL, password: OWNER.OWNER_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const i of [1, 2, 3]) {
      const res = await fetch(`${servers[i % 2]!.url}/api/auth/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Staff ${i}`, email: `staff${i}@outbox.test`, password: 'Staff#Pass1' }),
      });
      expect(res.status).toBe(201);
    }

    const INQUIRIES = 30;
    const statuses = await Promise.all(
      Array.from({ length: INQUIRIES }, (_, i) => postInquiry(servers[i % 2]!.url, `lead${i}@outbox.test`)),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const expected = INQUIRIES * 5;
    const read = outboxReader('postgres', dirs[0]!, database.databaseUrl);
    const done = await waitFor(async () => (await read()).every((r) => r.status === 'sent'), 60_000, 250);
    expect(done).toBe(true);
    const rows = await read();
    expect(rows).toHaveLength(expected);
    // Each row went out once: one Message-ID per row, none twice.
    const ids = smtp.mails.map((m) => m.raw.match(/Message-ID: <([^@>]+)@/i)?.[1]);
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
    expect([...new Set(ids)].sort()).toEqual(rows.map((r) => r.id).sort());
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
