// Every migration, in order. Names sort; add new ones at the end.
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './001-initial';
import { inquiryList } from './002-inquiry-list';
import { accountCodes } from './003-account-codes';
import { settings } from './004-settings';
import { notifications } from './005-notifications';
import { reportRollups } from './006-report-rollups';
import { inquiryWorkflow } from './007-inquiry-workflow';
import { imageRenditions } from './008-image-renditions';
import { signupAttempts } from './009-signup-attempts';
import { inquiryOwners } from './010-inquiry-owners';
import { quotes } from './011-quotes';
import { quoteViews } from './012-quote-views';
import { documentCounters } from './013-document-counters';
import { payments } from './014-payments';
import { idempotencyKeys } from './020-idempotency-keys';

/**
 * A migration, with the PostgreSQL tables to VACUUM once it is applied (connection.ts): VACUUM cannot run in the
 * migrations' transaction.
 */
export type SafarnamaMigration = Migration & { vacuumAfter?: readonly string[] };

export function allMigrations(engine: Engine): Record<string, SafarnamaMigration> {
  return {
    '001-initial': initial(engine),
    '002-inquiry-list': inquiryList(engine),
    '003-account-codes': accountCodes(engine),
    '004-settings': settings(engine),
    '005-notifications': notifications(engine),
    '006-report-rollups': reportRollups(engine),
    '007-inquiry-workflow': inquiryWorkflow(engine),
    '008-image-renditions': imageRenditions(engine),
    '009-signup-attempts': signupAttempts(engine),
    '010-inquiry-owners': inquiryOwners(engine),
    '011-quotes': quotes(engine),
    '012-quote-views': quoteViews(engine),
    '013-document-counters': documentCounters(engine),
    '014-payments': payments(engine),
    '020-idempotency-keys': idempotencyKeys(engine),
  };
}
