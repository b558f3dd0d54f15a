// Every migration, in order. Names sort; add new ones at the end.
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './001-initial';
import { inquiryIndexes } from './004-inquiry-indexes';
import { inquiryListVersion } from './005-inquiry-list-version';
import { inquiryVersionByRows } from './006-inquiry-version-by-rows';
import { inquirySearchText } from './007-inquiry-search-text';
import { inquiryWordPairs } from './008-inquiry-word-pairs';
import { inquiryWordPairsPostgres } from './009-inquiry-word-pairs-postgres';
import { inquiryWordPairsCreated } from './010-inquiry-word-pairs-created';
import { accountCodes } from './011-account-codes';
import { settings } from './012-settings';
import { notifications } from './013-notifications';
import { reportRollups } from './014-report-rollups';

/**
 * A migration, with the PostgreSQL tables to VACUUM once it is applied (connection.ts): VACUUM cannot run in the
 * migrations' transaction.
 */
export type SafarnamaMigration = Migration & { vacuumAfter?: readonly string[] };

export function allMigrations(engine: Engine): Record<string, SafarnamaMigration> {
  return {
    '001-initial': initial(engine),
    '004-inquiry-indexes': inquiryIndexes(engine),
    '005-inquiry-list-version': inquiryListVersion(engine),
    '006-inquiry-version-by-rows': inquiryVersionByRows(engine),
    '007-inquiry-search-text': inquirySearchText(engine),
    '008-inquiry-word-pairs': inquiryWordPairs(engine),
    '009-inquiry-word-pairs-postgres': inquiryWordPairsPostgres(engine),
    '010-inquiry-word-pairs-created': inquiryWordPairsCreated(engine),
    '011-account-codes': accountCodes(engine),
    '012-settings': settings(engine),
    '013-notifications': notifications(engine),
    '014-report-rollups': reportRollups(engine),
  };
}
