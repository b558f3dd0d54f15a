// Issue 8, item 10: `npm run backup` (the bundled CLI) copies SQLite and the uploads while the server runs and
// takes writes; `npm run restore` puts the copy back into an empty DATA_DIR, and the restored server has
// every inquiry acknowledged before the backup began and every image, served.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../../db/sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@safarnama/contract';
import { MANIFEST_FILE, type BackupManifest } from '../../backup/backup';
import { SQLITE_FILE_NAME } from '../../db/connection';
import { makePng, multipart, packageFields } from '../upload-kit';
import { recordFigures } from '../security/security-kit';
import {
  buildServerBundle,
  spawnServer,
  streamEmail,
  streamInquiries,
  waitFor,
  type SpawnedServer,
} from './reliability-kit';

const OWNER = { email: 'backup-owner@example.com', password: 'Owner#Pass123' };

/** Runs a bundled CLI; answers its exit code and output. */
function runCli(bundleDir: string, name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(bundleDir, 'cli', `${name}.js`), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore (sqlite)', () => {
  let bundle: ReturnType<typeof buildServerBundle>;
  let work: string;
  let server: SpawnedServer | undefined;
  beforeAll(() => {
    bundle = buildServerBundle();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-backup-'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    bundle?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up online, mid-stream, and a restore finds every inquiry and image', async () => {
    const liveDir = path.join(work, 'live');
    const backupsDir = path.join(work, 'backups');
    // No JWT_SECRET: the server generates one in DATA_DIR, and the backup must carry it.
    const env = { DATA_DIR: liveDir, OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };
    server = await spawnServer(bundle.dir, env);
    await server.ready();
    const url = server.url;

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    // Catalogue with images: three packages of two images, and two backgrounds.
    const imagePaths: string[] = [];
    for (let i = 0; i < 3; i++) {
      const form = multipart([
        ...packageFields({ name: `Backup package ${i}` }),
        { name: 'images', file: await makePng(320, 200, '#1d3557') },
        { name: 'images', file: await makePng(300, 240, '#e63946') },
      ]);
      const res = await fetch(`${url}/api/packages`, {
        method: 'POST',
        headers: { ...form.headers, ...auth },
        body: form.payload,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      imagePaths.push(...((await res.json()) as { images: string[] }).images);
    }
    const bg = multipart([
      { name: 'images', file: await makePng(400, 200, '#457b9d') },
      { name: 'images', file: await makePng(400, 220, '#a8dadc') },
    ]);
    const bgRes = await fetch(`${url}/api/backgrounds`, {
      method: 'POST',
      headers: { ...bg.headers, ...auth },
      body: bg.payload,
    });
    expect(bgRes.status).toBe(201);
    imagePaths.push(...((await bgRes.json()) as { imageUrl: string }[]).map((b) => b.imageUrl));
    expect(imagePaths).toHaveLength(8);

    // Writes keep flowing while the backup runs.
    const stream = streamInquiries(() => url, 'bk', 4);
    expect(await waitFor(() => stream.acknowledged.size >= 100, 60_000)).toBe(true);
    const ackedBeforeBackup = new Set(stream.acknowledged);
    const backup = await runCli(bundle.dir, 'backup', ['--out', backupsDir], { DATA_DIR: liveDir });
    const ackedDuringBackup = stream.acknowledged.size - ackedBeforeBackup.size;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to/);
    await stream.stop();

    // A restore while a server answers on the configured port is refused.
    const port = new URL(url).port;
    const refused = await runCli(bundle.dir, 'restore', ['--latest', '--out', backupsDir], {
      DATA_DIR: path.join(work, 'elsewhere'),
      PORT: port,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/stop it before restoring/);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const [folder] = fs.readdirSync(backupsDir);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(backupsDir, folder!, MANIFEST_FILE), 'utf8'),
    ) as BackupManifest;
    expect(manifest.integrity).toBe('ok');
    expect(manifest.missingImages).toEqual([]);
    expect(manifest.rows.packages).toBe(3);
    expect(manifest.rows.background_images).toBe(2);

    // Restore into an empty DATA_DIR, as after losing the machine.
    const restoredDir = path.join(work, 'restored');
    const restore = await runCli(bundle.dir, 'restore', ['--latest', '--out', backupsDir], {
      DATA_DIR: restoredDir,
      PORT: port,
    });
    expect(restore.code, restore.output).toBe(0);

    const db = new SQLite(path.join(restoredDir, SQLITE_FILE_NAME), { readonly: true });
    let restoredEmails: Set<string>;
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      restoredEmails = new Set(
        (db.prepare('select customer_email from inquiries').all() as { customer_email: string }[]).map(
          (r) => r.customer_email,
        ),
      );
    } finally {
      db.close();
    }
    const missing = [...ackedBeforeBackup].map((n) => streamEmail('bk', n)).filter((e) => !restoredEmails.has(e));
    expect(missing, 'inquiries acknowledged before the backup began').toEqual([]);

    // The restored server serves the catalogue and every image at every width.
    server = await spawnServer(bundle.dir, { DATA_DIR: restoredDir });
    await server.ready();
    const packages = (await (await fetch(`${server.url}/api/packages`)).json()) as { images: string[] }[];
    expect(packages).toHaveLength(3);
    let imagesServed = 0;
    for (const imagePath of imagePaths) {
      for (const width of IMAGE_WIDTHS) {
        const res = await fetch(`${server.url}${imagePath.replace(/-\d+\.webp$/, `-${width}.webp`)}`);
        expect(res.status, imagePath).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        imagesServed++;
      }
    }
    // The Owner's token from before the backup still works: the JWT secret came back too.
    expect((await fetch(`${server.url}/api/profile`, { headers: auth })).status).toBe(200);

    recordFigures('backup', 'sqlite', {
      inquiriesAckedBeforeBackup: ackedBeforeBackup.size,
      inquiriesAckedDuringBackup: ackedDuringBackup,
      inquiriesRestored: restoredEmails.size,
      inquiriesMissing: missing.length,
      imageFilesRestoredAndServed: imagesServed,
      integrityCheck: manifest.integrity,
    });
  }, 180_000);
});
