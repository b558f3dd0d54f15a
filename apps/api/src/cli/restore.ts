// `npm run restore -- <backup folder>` (or `--latest`): puts a backup made by `npm run backup` back into
// DATA_DIR. Stop the server first; what DATA_DIR held is moved aside, never deleted.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadEnvFile } from '../config';
import { BackupError, latestBackup, restoreBackup } from '../backup/backup';

/** A server answering on PORT would keep the old database open and overwrite the restore. */
async function serverIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      latest: { type: 'boolean', default: false },
      out: { type: 'string', default: 'backups' },
      force: { type: 'boolean', default: false },
    },
  });
  loadEnvFile();
  const config = loadConfig();
  if (config.dbEngine === 'postgres') {
    throw new BackupError(
      'DATABASE_URL points at PostgreSQL: restore it with scripts/pg-restore.sh (docs/deployment.md).',
    );
  }
  const backupDir = positionals[0] ?? (values.latest ? latestBackup(path.resolve(values.out)) : undefined);
  if (!backupDir) {
    throw new BackupError('Name the backup folder to restore (npm run restore -- backups/<folder>) or pass --latest.');
  }
  if (!values.force && (await serverIsRunning(config.PORT))) {
    throw new BackupError(
      `A server answers on port ${config.PORT}: stop it before restoring (or pass --force if it is another app).`,
    );
  }
  const { manifest, movedAside } = restoreBackup({
    backupDir,
    dataDir: config.DATA_DIR,
    uploadsDir: config.UPLOADS_DIR,
  });
  console.info(`Restored ${path.resolve(backupDir)} (made ${manifest.createdAt}) into ${config.DATA_DIR}`);
  if (movedAside) console.info(`  the previous data was moved to ${movedAside}`);
  console.info(`  rows: ${JSON.stringify(manifest.rows)}; uploads: ${manifest.uploads} files`);
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
