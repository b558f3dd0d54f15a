// Data access for the dashboard figures that are not inquiry counters: the size of the (small) catalogue.
import type { DbOrTx } from '../db/database';

/** The catalogue is tens to hundreds of rows (D10), so counting it is cheap. */
export async function countPackages(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
