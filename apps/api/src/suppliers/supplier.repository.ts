// Data access for the supplier directory (D33): suppliers, and the rates sent quotation lines named them at.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx, SuppliersTable } from '../db/database';

export type SupplierRow = Selectable<SuppliersTable>;
export type NewSupplierRow = Insertable<SuppliersTable>;
export type SupplierChanges = Updateable<Omit<SuppliersTable, 'id' | 'created_at'>>;

export interface SupplierFilter {
  /** Lower-cased words, each of which must appear in the search text. */
  words: string[];
  kind?: SuppliersTable['kind'];
  /** Lower-cased, the whole city. */
  cityKey?: string;
  active?: boolean;
}

/** LIKE's own characters stand for themselves in a search ('!' is the escape). */
const likeContaining = (word: string) => `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;

function filtered(db: DbOrTx, f: SupplierFilter) {
  let q = db.selectFrom('suppliers');
  for (const word of f.words) q = q.where(sql<boolean>`search_text LIKE ${likeContaining(word)} ESCAPE '!'`);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.cityKey) q = q.where('city_key', '=', f.cityKey);
  if (f.active !== undefined) q = q.where('active', '=', f.active ? 1 : 0);
  return q;
}

/** A page of suppliers in name order, and how many match. */
export async function findSuppliers(db: DbOrTx, f: SupplierFilter, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('name_key').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findSupplierById(db: DbOrTx, id: string) {
  return db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The suppliers among `ids` (unknown ids are left out). */
export async function findSuppliersByIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('suppliers').select(['id', 'active']).where('id', 'in', ids).execute();
}

export function findSupplierByKey(db: DbOrTx, kind: SuppliersTable['kind'], nameKey: string, cityKey: string) {
  return db
    .selectFrom('suppliers')
    .select('id')
    .where('kind', '=', kind)
    .where('name_key', '=', nameKey)
    .where('city_key', '=', cityKey)
    .executeTakeFirst();
}

export async function insertSupplier(db: DbOrTx, row: NewSupplierRow): Promise<void> {
  await db.insertInto('suppliers').values(row).execute();
}

/** False when there is no such supplier. */
export async function updateSupplier(db: DbOrTx, id: string, changes: SupplierChanges): Promise<boolean> {
  const r = await db.updateTable('suppliers').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface SentRate {
  lineIndex: number;
  supplierId: string;
  kind: string;
  unitCostPaise: number;
  description: string;
}

/** A version was sent: the rates of its lines that name a supplier. */
export async function insertSentRates(db: DbOrTx, versionId: string, rates: SentRate[], at: number): Promise<void> {
  if (rates.length === 0) return;
  await db
    .insertInto('supplier_rates')
    .values(
      rates.map((r) => ({
        version_id: versionId,
        line_index: r.lineIndex,
        supplier_id: r.supplierId,
        kind: r.kind,
        unit_cost_paise: r.unitCostPaise,
        description: r.description,
        sent_at: at,
      })),
    )
    .execute();
}

/** The newest sent line of that kind with the supplier (of one version, its first such line). */
export function findLastRate(db: DbOrTx, supplierId: string, kind: string) {
  return db
    .selectFrom('supplier_rates')
    .select(['unit_cost_paise', 'description', 'sent_at'])
    .where('supplier_id', '=', supplierId)
    .where('kind', '=', kind)
    .orderBy('sent_at', 'desc')
    .orderBy('line_index', 'asc')
    .limit(1)
    .executeTakeFirst();
}
