// Every migration, in order. Names sort; add new ones at the end.
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './001-initial';
import { inquiryList } from './002-inquiry-list';

/**
 * A migration, with the PostgreSQL tables to VACUUM once it is applied (connection.ts): VACUUM cannot run in the
 * migrations' transaction.
 */
export type SafarnamaMigration = Migration & { vacuumAfter?: readonly string[] };

export function allMigrations(engine: Engine): Record<string, SafarnamaMigration> {
  return {
    '001-initial': initial(engine),
    '002-inquiry-list': inquiryList(engine),
  };
}
