// D31: a payment's reference (UTR, cheque number) is used only while the payment is not reversed, so a customer whose
// claim was reversed by mistake can enter the real UTR again. The unique index moves to `live_reference`: the
// reference while the entry stands, null once it is reversed (the one column of a ledger entry that moves after
// verification, like invoices.credited_paise). `reference` itself stays as printed on the receipt, not unique.
// Renaming keeps the unique index with the column on both engines (SQLite cannot drop a column's UNIQUE without
// rebuilding the table), and the plain `reference` is added beside it.
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function liveReferences(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('payments').renameColumn('reference', 'live_reference').execute();
      await db.schema.alterTable('payments').addColumn('reference', t.text).execute();
      await sql`UPDATE payments SET reference = live_reference`.execute(db);
      await sql`UPDATE payments SET live_reference = NULL
        WHERE id IN (SELECT reversal_of FROM payments WHERE reversal_of IS NOT NULL)`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`UPDATE payments SET live_reference = reference`.execute(db);
      await db.schema.alterTable('payments').dropColumn('reference').execute();
      await db.schema.alterTable('payments').renameColumn('live_reference', 'reference').execute();
    },
  };
}
