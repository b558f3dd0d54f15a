// D33 the supplier directory for Staff and the Owner: list, add, change (deactivation included: a supplier is never
// deleted, as quotation lines keep naming it), and the rate the newest sent quotation line used with a supplier.
import {
  SUPPLIER_MESSAGES,
  QUOTE_MESSAGES,
  paiseToRupees,
  type Supplier,
  type SupplierBody,
  type SupplierListParams,
  type SupplierRate,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import {
  findLastRate,
  findSupplierById,
  findSupplierByKey,
  findSuppliers,
  findSuppliersByIds,
  insertSentRates,
  insertSupplier,
  updateSupplier,
  type SentRate,
  type SupplierRow,
} from './supplier.repository';

const keyOf = (text: string) => text.normalize('NFC').toLowerCase();

function toSupplier(row: SupplierRow): Supplier {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    city: row.city,
    contactPerson: row.contact_person,
    address: row.address,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    active: row.active === 1,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

/** The stored columns of a body: NFC text, and the lower-cased keys the list and the uniqueness rule read. */
function columnsOf(body: SupplierBody) {
  const name = body.name.normalize('NFC');
  const city = body.city.normalize('NFC');
  const contactPerson = body.contactPerson.normalize('NFC');
  return {
    kind: body.kind,
    name,
    city,
    contact_person: contactPerson,
    address: body.address.normalize('NFC'),
    phone: body.phone,
    email: body.email,
    notes: body.notes.normalize('NFC'),
    active: body.active ? 1 : 0,
    name_key: keyOf(name),
    city_key: keyOf(city),
    search_text: keyOf([name, city, contactPerson, body.phone, body.email].join(' ')),
  };
}

const duplicate = () => conflict(SUPPLIER_MESSAGES.duplicate, { name: SUPPLIER_MESSAGES.duplicate });

async function visibleSupplier(db: DbOrTx, id: string) {
  const row = isId(id) ? await findSupplierById(db, id) : undefined;
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return row;
}

/** GET /api/suppliers: a page in name order, and how many match (D10's X-Total-Count). */
export async function listSuppliers(db: DbOrTx, params: SupplierListParams) {
  const { rows, total } = await findSuppliers(
    db,
    {
      words: params.q ? keyOf(params.q).split(/\s+/).filter(Boolean) : [],
      kind: params.kind,
      cityKey: params.city ? keyOf(params.city) : undefined,
      active: params.active,
    },
    { limit: params.pageSize, offset: (params.page - 1) * params.pageSize },
  );
  return { items: rows.map(toSupplier), total };
}

export async function getSupplier(db: DbOrTx, id: string): Promise<Supplier> {
  return toSupplier(await visibleSupplier(db, id));
}

/** POST /api/suppliers: 409 when the kind, name and city are taken (in any case). */
export async function createSupplier(db: DbOrTx, body: SupplierBody): Promise<Supplier> {
  const at = now();
  const row = { id: newId(), ...columnsOf(body), created_at: at, updated_at: at };
  if (await findSupplierByKey(db, row.kind, row.name_key, row.city_key)) throw duplicate();
  try {
    await insertSupplier(db, row);
  } catch (err) {
    // Two adds at once: the unique constraint lets one in.
    if (await findSupplierByKey(db, row.kind, row.name_key, row.city_key)) throw duplicate();
    throw err;
  }
  return toSupplier(row);
}

/** PUT /api/suppliers/{id}: every field replaced; `active: false` deactivates (there is no delete). */
export async function changeSupplier(db: DbOrTx, id: string, body: SupplierBody): Promise<Supplier> {
  await visibleSupplier(db, id);
  const columns = columnsOf(body);
  const clash = await findSupplierByKey(db, columns.kind, columns.name_key, columns.city_key);
  if (clash && clash.id !== id) throw duplicate();
  try {
    if (!(await updateSupplier(db, id, { ...columns, updated_at: now() }))) throw notFound(SUPPLIER_MESSAGES.notFound);
  } catch (err) {
    const again = await findSupplierByKey(db, columns.kind, columns.name_key, columns.city_key);
    if (again && again.id !== id) throw duplicate();
    throw err;
  }
  return getSupplier(db, id);
}

/** GET /api/suppliers/{id}/last-rate?kind=: the unit cost of the newest sent line of that kind with the supplier. */
export async function lastRate(db: DbOrTx, id: string, kind: string): Promise<SupplierRate> {
  await visibleSupplier(db, id);
  const rate = await findLastRate(db, id, kind);
  return rate
    ? { unitCost: paiseToRupees(rate.unit_cost_paise), description: rate.description, sentAt: toIso(rate.sent_at) }
    : { unitCost: null, description: null, sentAt: null };
}

interface LineSupplier {
  supplierId: string | null;
}

/**
 * D33, for a quotation's PUT: each line's supplier must be one of the directory's active suppliers, or one the
 * version being changed already named (a supplier deactivated since stays on the lines that had it). 400 with the
 * line's field otherwise.
 */
export async function checkLineSuppliers(
  db: DbOrTx,
  lines: readonly LineSupplier[],
  kept: readonly LineSupplier[],
): Promise<void> {
  const named = [...new Set(lines.map((l) => l.supplierId).filter((id): id is string => id !== null))];
  const found = await findSuppliersByIds(db, named.filter(isId));
  const keptIds = new Set(kept.map((l) => l.supplierId));
  const allowed = new Set(found.filter((s) => s.active === 1 || keptIds.has(s.id)).map((s) => s.id));
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (l.supplierId !== null && !allowed.has(l.supplierId))
      errors[`lines.${i}.supplierId`] = QUOTE_MESSAGES.supplierInvalid;
  });
  if (Object.keys(errors).length > 0) throw badRequest(QUOTE_MESSAGES.supplierInvalid, errors);
}

interface SentLine extends LineSupplier {
  kind: string;
  description: string;
  unitCostPaise: number;
}

/** A version was sent: its lines' rates with their suppliers, for the builder's last rate. */
export async function recordSentRates(db: DbOrTx, versionId: string, lines: readonly SentLine[], at: number) {
  const known = new Set(
    (
      await findSuppliersByIds(db, [
        ...new Set(lines.flatMap((l) => (l.supplierId && isId(l.supplierId) ? [l.supplierId] : []))),
      ])
    ).map((s) => s.id),
  );
  const rates: SentRate[] = lines.flatMap((l, lineIndex) =>
    l.supplierId && known.has(l.supplierId)
      ? [
          {
            lineIndex,
            supplierId: l.supplierId,
            kind: l.kind,
            unitCostPaise: l.unitCostPaise,
            description: l.description,
          },
        ]
      : [],
  );
  await insertSentRates(db, versionId, rates, at);
}
