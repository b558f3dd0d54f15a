#!/usr/bin/env bash
# Restores a dump of scripts/pg-backup.sh into an EMPTY database (docs/deployment.md), in one transaction: it
# either all arrives or nothing does. Restore into a new database, check it, then point DATABASE_URL at it.
#   scripts/pg-restore.sh /var/backups/safarnama/safarnama-20260101T020000Z.dump postgres://…/safarnama_restored
set -euo pipefail
dump="${1:?usage: pg-restore.sh <dump file> <database url>}"
target="${2:?usage: pg-restore.sh <dump file> <database url>}"
[ -f "$dump" ] || { echo "no such dump: $dump" >&2; exit 1; }
pg_restore --list "$dump" >/dev/null # the file is a whole custom-format dump
tables="$(psql "$target" -XAtc "select count(*) from pg_tables where schemaname = 'public'")"
if [ "$tables" != "0" ]; then
  echo "refusing: the target database already has $tables tables (restore into an empty database)" >&2
  exit 1
fi
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname "$target" "$dump"
psql "$target" -XAtc "select 'restored: ' || (select count(*) from users) || ' users, ' || (select count(*) from packages) || ' packages, ' || (select count(*) from inquiries) || ' inquiries, ' || (select count(*) from image_renditions) || ' image renditions'"
