// Starts a real SMTP server (in-process) and the production server on a fresh DATA_DIR with the demo
// seed, the way `npm start` runs it; returns the teardown that stops both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_DIR,
  E2E_METRICS_TOKEN,
  E2E_PORT,
  E2E_SMTP_PORT,
  E2E_WEB_DIR,
  MAILBOX_FILE,
  UPI_ID,
} from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready at ${url}`);
}

export default async function globalSetup() {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DIR, { recursive: true });
  fs.writeFileSync(MAILBOX_FILE, '');
  fs.cpSync(path.join(root, 'apps/web/dist'), E2E_WEB_DIR, { recursive: true });

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        fs.appendFileSync(MAILBOX_FILE, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }) + '\n');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      WEB_DIR: E2E_WEB_DIR,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many logins and registrations from one address in one run.
      RATE_LIMIT_FACTOR: '50',
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // D31: the trip pages show the UPI QR and link (trip-payments.spec.ts decodes the QR).
      SITE_UPI_ID: UPI_ID,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${E2E_BASE_URL}/readyz`, 120_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
