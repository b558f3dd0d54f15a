// Migration 012 on a database of quotations sent before versions counted their views: a sent or accepted version
// whose trip link was opened after it was sent counts as seen once (when last), every other starts unseen, and the
// way down and up again keeps the data.
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test/helper';
import { migrateToLatest, openDatabase } from '../db/connection';
import { allMigrations } from '../db/migrations/index';
import { newId } from '../lib/ids';
import { insertInquiryRows } from '../inquiries/inquiry.repository';
import { row } from '../test/inquiry-kit';

const T = Date.UTC(2030, 0, 10);
const HOUR = 3_600_000;

describe.each(testEngines)('migration 012 on %s', (engine) => {
  it('counts a sent version seen once when its link was opened after the send, else unseen', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before 012
      const db = handle.db as any;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('011-quotes')).error).toBeUndefined();

      const version = (quoteId: string, number: number, status: string, sentAt: number | null) => ({
        id: newId(),
        quote_id: quoteId,
        number,
        status,
        days: '[]',
        lines: '[]',
        travellers: 2,
        gst_basis_points: 0,
        cost_paise: 0,
        price_paise: 0,
        gst_paise: 0,
        total_paise: 0,
        per_traveller_paise: 0,
        hotel_cost_paise: 0,
        cab_cost_paise: 0,
        other_cost_paise: 0,
        valid_until: '2030-02-01',
        notes: '',
        inclusions: '[]',
        exclusions: '[]',
        created_at: T,
        updated_at: T,
        sent_at: sentAt,
      });
      /** A quotation with its versions, and a link last opened at `viewedAt`. */
      const quotation = async (versions: [string, number | null][], viewedAt: number | null) => {
        const inquiry = row();
        await insertInquiryRows(db, [inquiry]);
        const quoteId = newId();
        await db.insertInto('quotes').values({ id: quoteId, inquiry_id: inquiry.id, created_at: T }).execute();
        const rows = versions.map(([status, sentAt], i) => version(quoteId, i + 1, status, sentAt));
        await db.insertInto('quote_versions').values(rows).execute();
        await db
          .insertInto('trip_links')
          .values({
            inquiry_id: inquiry.id,
            token_hash: newId(),
            created_at: T,
            views: viewedAt === null ? 0 : 5,
            last_viewed_at: viewedAt,
          })
          .execute();
        return rows.map((r) => r.id);
      };
      const [oldSent, newSent, draft] = await quotation(
        [
          ['superseded', T],
          ['sent', T + 10 * HOUR],
          ['draft', null],
        ],
        T + 12 * HOUR,
      );
      const [unseenSent] = await quotation([['sent', T + 10 * HOUR]], T + 5 * HOUR);
      const [accepted] = await quotation([['accepted', T]], T + HOUR);
      const [neverOpened] = await quotation([['sent', T]], null);

      const seen = async () => {
        const found: { id: string; views: number; last_viewed_at: number | null }[] = await db
          .selectFrom('quote_versions')
          .select(['id', 'views', 'last_viewed_at'])
          .execute();
        return Object.fromEntries(found.map((r) => [r.id, [Number(r.views), r.last_viewed_at]]));
      };
      await migrateToLatest(handle);
      const expected = {
        [oldSent!]: [0, null],
        [newSent!]: [1, T + 12 * HOUR],
        [draft!]: [0, null],
        [unseenSent!]: [0, null],
        [accepted!]: [1, T + HOUR],
        [neverOpened!]: [0, null],
      };
      expect(await seen()).toEqual(expected);

      expect((await migrator.migrateTo('011-quotes')).error).toBeUndefined();
      await migrateToLatest(handle);
      expect(await seen()).toEqual(expected);
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});
