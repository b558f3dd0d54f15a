#!/usr/bin/env bash
# PostgreSQL backup job (docs/deployment.md): one pg_dump in custom format into BACKUP_DIR, named by its UTC time,
# then dumps older than KEEP_DAYS are removed. The dump holds every table, the generated JWT secret and, unless
# UPLOADS_DIR keeps them in a folder, the uploaded images (table image_renditions).
#   DATABASE_URL=postgres://… BACKUP_DIR=/var/backups/safarnama KEEP_DAYS=14 scripts/pg-backup.sh
set -euo pipefail
# The dump holds the signing key and every account: the folder (when made here) and each dump are this user's only.
umask 077
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
dir="${BACKUP_DIR:-/var/backups/safarnama}"
keep_days="${KEEP_DAYS:-14}"
mkdir -p "$dir"
name="safarnama-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under another name first: a dump cut short (disk full, a killed job) never looks like a backup.
pg_dump --format=custom --no-owner --no-privileges --file "$dir/$name.partial" "$DATABASE_URL"
mv "$dir/$name.partial" "$dir/$name"
# Retention: whole days, by the file's time; the dump just written is never older.
find "$dir" -maxdepth 1 -name 'safarnama-*.dump' -mtime "+$keep_days" -print -delete | sed 's/^/removed old backup /'
find "$dir" -maxdepth 1 -name 'safarnama-*.dump.partial' -mmin +60 -delete
echo "backup written: $dir/$name ($(du -h "$dir/$name" | cut -f1))"
