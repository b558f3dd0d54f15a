// Backup and restore of the embedded deployment: the SQLite database through SQLite's online backup
// (consistent while the server keeps writing) and the uploaded images, into one timestamped folder.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../db/sqlite-driver';
import type BetterSqlite3 from 'better-sqlite3';
import { IMAGE_WIDTHS } from '@safarnama/contract';
import { SQLITE_FILE_NAME } from '../db/connection';
import { sqliteFilesOf } from '../db/dialect';
import { LEGACY_JWT_SECRET_FILE as JWT_SECRET_FILE } from '../auth/jwt-secret';
import {
  PRIVATE_DIR_MODE,
  copyPrivateFile,
  makePrivateDir,
  makePrivateFiles,
  touchPrivateFile,
  writePrivateFile,
} from '../lib/private-files';
import { uploadsDirOf } from '../uploads/image-store';

export const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: 'sqlite';
  /** PRAGMA integrity_check of the copy. */
  integrity: string;
  rows: Record<string, number>;
  uploads: number;
  /** Stored image files the copied database refers to but the copy lacks (should be empty). */
  missingImages: string[];
}

export class BackupError extends Error {}

const COUNTED_TABLES = ['users', 'packages', 'package_images', 'background_images', 'inquiries', 'inquiry_events'];

/** `2026-05-04T10-20-30-123Z`: sortable and valid in every file system. */
const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

function rowCounts(db: BetterSqlite3.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  const existing = new Set(
    (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name),
  );
  for (const table of COUNTED_TABLES) {
    if (!existing.has(table)) continue;
    counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  }
  return counts;
}

/** Every stored file the database refers to (each key exists at every width). */
function referencedFiles(db: BetterSqlite3.Database): string[] {
  const keys = new Set<string>();
  for (const table of ['package_images', 'background_images']) {
    try {
      for (const row of db.prepare(`select file_key from ${table}`).all() as { file_key: string }[])
        keys.add(row.file_key);
    } catch {
      // table absent in an old schema
    }
  }
  return [...keys].flatMap((key) => IMAGE_WIDTHS.map((w) => `${key}-${w}.webp`));
}

/** Copies the files of `from` that `to` lacks; stored images are never rewritten, so a name is its content. */
function copyNewFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const target = path.join(to, entry.name);
    if (fs.existsSync(target)) continue;
    try {
      fs.copyFileSync(path.join(from, entry.name), target, fs.constants.COPYFILE_FICLONE);
      copied++;
    } catch (err) {
      // Deleted by the server between listing and copying: it is gone from the live data too.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return copied;
}

function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * Makes `<outDir>/<timestamp>/` with `safarnama.db`, `uploads/`, the generated JWT secret (when DATA_DIR
 * has one) and `manifest.json`: the folder and its files readable by this user only, as the database holds the
 * token signing key (a missing outDir is made so too). Safe while the server runs. Uploads are copied before and after the
 * database snapshot: an image deleted during the backup was caught by the first pass, one added during
 * it by the second, so every image the snapshot refers to is in the copy (the manifest says if not).
 */
export async function createBackup(opts: {
  dataDir: string;
  /** Where the images are (UPLOADS_DIR); DATA_DIR/uploads by default. */
  uploadsDir?: string;
  outDir: string;
  now?: Date;
}) {
  const source = path.join(opts.dataDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
  const target = path.join(path.resolve(opts.outDir), stamp(opts.now ?? new Date()));
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  // An outDir that exists keeps its mode (it may be a mount of the operator's); each backup in it is private.
  fs.mkdirSync(path.dirname(partial), { recursive: true, mode: PRIVATE_DIR_MODE });
  makePrivateDir(partial);
  try {
    const uploadsFrom = opts.uploadsDir ?? uploadsDirOf(opts.dataDir);
    const uploadsTo = path.join(partial, 'uploads');
    let uploads = copyNewFiles(uploadsFrom, uploadsTo);

    const live = new SQLite(source, { fileMustExist: true });
    live.pragma('busy_timeout = 5000');
    const dbCopy = path.join(partial, SQLITE_FILE_NAME);
    // Made private before SQLite writes into it: SQLite would create it 0644 less the umask.
    touchPrivateFile(dbCopy);
    try {
      // All pages in one step: one read transaction, so the copy is one consistent snapshot even while
      // the server commits (WAL readers do not block writers).
      await live.backup(dbCopy, { progress: () => 0x7fffffff });
    } finally {
      live.close();
    }
    makePrivateFiles(sqliteFilesOf(dbCopy));
    uploads += copyNewFiles(uploadsFrom, uploadsTo);

    const secret = path.join(opts.dataDir, JWT_SECRET_FILE);
    if (fs.existsSync(secret)) copyPrivateFile(secret, path.join(partial, JWT_SECRET_FILE));

    const copy = new SQLite(dbCopy, { readonly: true, fileMustExist: true });
    let manifest: BackupManifest;
    try {
      manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        engine: 'sqlite',
        integrity: (copy.pragma('integrity_check') as { integrity_check: string }[])
          .map((r) => r.integrity_check)
          .join('; '),
        rows: rowCounts(copy),
        uploads,
        missingImages: referencedFiles(copy).filter((f) => !fs.existsSync(path.join(uploadsTo, f))),
      };
    } finally {
      copy.close();
    }
    if (manifest.integrity !== 'ok')
      throw new BackupError(`The copy failed its integrity check: ${manifest.integrity}`);
    writePrivateFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, target);
    return { dir: target, manifest };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The newest complete backup in `outDir`, if any. */
export function latestBackup(outDir: string): string | undefined {
  if (!fs.existsSync(outDir)) return undefined;
  const names = fs
    .readdirSync(outDir)
    .filter((n) => !n.endsWith('.partial') && fs.existsSync(path.join(outDir, n, MANIFEST_FILE)))
    .sort();
  return names.length ? path.join(outDir, names.at(-1)!) : undefined;
}

/**
 * Puts a backup back into `dataDir` (the server must be stopped). What was there is moved, not deleted,
 * to `<dataDir>/before-restore-<timestamp>/`. The folder, the database and the secret end up this user's only,
 * whatever modes the backup's files had.
 */
export function restoreBackup(opts: {
  backupDir: string;
  dataDir: string;
  /** Where the images go (UPLOADS_DIR); DATA_DIR/uploads by default. */
  uploadsDir?: string;
  now?: Date;
}) {
  const backupDir = path.resolve(opts.backupDir);
  const manifestFile = path.join(backupDir, MANIFEST_FILE);
  const dbFile = path.join(backupDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(dbFile)) {
    throw new BackupError(`${backupDir} is not a backup folder (no ${MANIFEST_FILE} or ${SQLITE_FILE_NAME})`);
  }
  const integrity = integrityOf(dbFile);
  if (integrity !== 'ok') throw new BackupError(`The backup's database failed its integrity check: ${integrity}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;

  makePrivateDir(opts.dataDir);
  const aside = path.join(opts.dataDir, `before-restore-${stamp(opts.now ?? new Date())}`);
  const live = [...sqliteFilesOf(SQLITE_FILE_NAME), 'uploads', JWT_SECRET_FILE].filter((name) =>
    fs.existsSync(path.join(opts.dataDir, name)),
  );
  if (live.length > 0) {
    makePrivateDir(aside);
    for (const name of live) fs.renameSync(path.join(opts.dataDir, name), path.join(aside, name));
  }
  copyPrivateFile(dbFile, path.join(opts.dataDir, SQLITE_FILE_NAME));
  const uploads = path.join(backupDir, 'uploads');
  const uploadsTo = opts.uploadsDir ?? uploadsDirOf(opts.dataDir);
  if (fs.existsSync(uploads)) fs.cpSync(uploads, uploadsTo, { recursive: true });
  else fs.mkdirSync(uploadsTo, { recursive: true });
  const secret = path.join(backupDir, JWT_SECRET_FILE);
  if (fs.existsSync(secret)) copyPrivateFile(secret, path.join(opts.dataDir, JWT_SECRET_FILE));
  return { manifest, movedAside: live.length > 0 ? aside : undefined };
}
