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
import { idempotencyKeys } from './020-idempotency-keys';
import { suppliers } from './021-suppliers';
import { documentCounters } from './022-document-counters';
import { payments } from './023-payments';
import { customerState } from './024-customer-state';
import { invoices } from './025-invoices';
import { liveReferences } from './029-live-references';
import { vouchers } from './030-vouchers';
import { supplierPayments } from './031-supplier-payments';
import { mailPapers } from './032-mail-papers';
import { listVersionColumns } from './033-list-version-columns';

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
    '020-idempotency-keys': idempotencyKeys(engine),
    '021-suppliers': suppliers(engine),
    '022-document-counters': documentCounters(engine),
    '023-payments': payments(engine),
    '024-customer-state': customerState(engine),
    '025-invoices': invoices(engine),
    '029-live-references': liveReferences(engine),
    '030-vouchers': vouchers(engine),
    '031-supplier-payments': supplierPayments(engine),
    '032-mail-papers': mailPapers(engine),
    '033-list-version-columns': listVersionColumns(engine),
  };
}
