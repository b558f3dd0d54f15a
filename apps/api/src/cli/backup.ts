// `npm run backup [-- --out ./backups]`: a consistent copy of the SQLite database and the uploads into
// a timestamped folder, safe while the server runs (docs/deployment.md, Backups).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadEnvFile } from '../config';
import { BackupError, createBackup } from '../backup/backup';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  loadEnvFile();
  const config = loadConfig();
  if (config.dbEngine === 'postgres') {
    // D29: on PostgreSQL the images are rows of the database unless UPLOADS_DIR keeps them in a shared folder.
    const images = config.UPLOADS_DIR
      ? `and copy UPLOADS_DIR (${config.UPLOADS_DIR}), where the uploaded images are`
      : 'which holds the uploaded images too (table image_renditions)';
    throw new BackupError(
      `DATABASE_URL points at PostgreSQL: back it up with pg_dump (docs/deployment.md, scripts/pg-backup.sh), ${images}; ` +
        'this command backs up the embedded SQLite database.',
    );
  }
  const started = Date.now();
  const { dir, manifest } = await createBackup({
    dataDir: config.DATA_DIR,
    uploadsDir: config.UPLOADS_DIR,
    outDir: path.resolve(values.out),
  });
  const rows = Object.entries(manifest.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.info(`Backup written to ${dir} in ${Date.now() - started} ms`);
  console.info(`  database: integrity ${manifest.integrity}; ${rows}`);
  console.info(`  uploads: ${manifest.uploads} files`);
  if (manifest.missingImages.length > 0) {
    console.warn(`  warning: ${manifest.missingImages.length} referenced image files were missing from DATA_DIR`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
