// Numbered papers that never change, and go with the customer's mail. `payments.receipt_paper` keeps a receipt as
// it was printed (JSON, as invoices.paper does), so editing the inquiry later does not change an issued receipt;
// receipts issued before it are kept now from the inquiry as it stands (all but the agency, which the migration
// cannot know: those print today's). `notification_outbox.attachment` names an issued paper ({"paper","id"}) that
// the sender lays out as a PDF and attaches when it sends the mail.
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const KOLKATA_OFFSET_MS = 330 * 60_000;
/** D27's quotation number as it was when this migration was written (history: never the runtime function). */
const quotationNumber = (id: string, createdAt: number) =>
  `Q-${new Date(createdAt + KOLKATA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '')}-${id
    .replace(/-/g, '')
    .slice(-6)
    .toUpperCase()}`;

interface IssuedRow {
  id: string;
  receipt_number: string;
  received_at: number | string;
  verified_at: number | string | null;
  created_at: number | string;
  amount_paise: number | string;
  mode: string | null;
  reference: string | null;
  customer_name: string;
  location: string;
  inquiry_id: string;
  inquiry_created_at: number | string;
}

export function mailPapers(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('payments').addColumn('receipt_paper', t.text).execute();
      await db.schema.alterTable('notification_outbox').addColumn('attachment', t.text).execute();
      const issued = await sql<IssuedRow>`
        SELECT p.id, p.receipt_number, p.received_at, p.verified_at, p.created_at, p.amount_paise, p.mode,
               p.reference, i.customer_name, i.location, i.id AS inquiry_id, i.created_at AS inquiry_created_at
        FROM payments p JOIN inquiries i ON i.id = p.inquiry_id
        WHERE p.receipt_number IS NOT NULL`.execute(db);
      for (const r of issued.rows) {
        const paper = {
          agency: null,
          number: r.receipt_number,
          receivedAt: new Date(Number(r.received_at)).toISOString(),
          issuedAt: new Date(Number(r.verified_at ?? r.created_at)).toISOString(),
          customerName: r.customer_name,
          trip: r.location,
          quotationNumber: quotationNumber(r.inquiry_id, Number(r.inquiry_created_at)),
          amountPaise: Number(r.amount_paise),
          mode: r.mode ?? 'upi',
          reference: r.reference,
          fileName: `${r.receipt_number.replaceAll('/', '-')}.pdf`,
        };
        await sql`UPDATE payments SET receipt_paper = ${JSON.stringify(paper)} WHERE id = ${r.id}`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('notification_outbox').dropColumn('attachment').execute();
      await db.schema.alterTable('payments').dropColumn('receipt_paper').execute();
    },
  };
}
