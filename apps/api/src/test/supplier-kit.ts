// What the supplier tests share: adding a supplier to the directory through the API (D33).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Supplier } from '@safarnama/contract';
import type { Db } from '../db/database';
import { insertSupplier } from '../suppliers/supplier.repository';
import { bearer } from './factories';

let n = 0;

/** A supplier body; each call's name is new, so the kind-name-city rule never trips by accident. */
export const supplierBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'hotel',
  name: `Test Supplier ${++n}`,
  city: 'Manali',
  contactPerson: 'Desk',
  phone: '+91 98160 12345',
  email: 'desk@supplier.example',
  notes: '',
  ...overrides,
});

/** Adds a supplier as the given back-office user; fails the test unless it is created. */
export async function createSupplierViaApi(
  app: Pick<FastifyInstance, 'inject'>,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Supplier> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/suppliers',
    headers: bearer(token),
    payload: supplierBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Supplier>();
}

/**
 * Puts a supplier with a given id straight into the directory, for tests whose quotation lines name a fixed
 * supplier id (the server accepts only suppliers of the directory on a line).
 */
export async function insertSupplierWithId(db: Db, id: string): Promise<void> {
  const at = Date.now();
  await insertSupplier(db, {
    id,
    kind: 'activity',
    name: `Fixture Supplier ${id.slice(-4)}`,
    city: 'Fixture City',
    contact_person: '',
    address: '',
    phone: '+91 98160 12345',
    email: '',
    notes: '',
    active: 1,
    name_key: `fixture supplier ${id.slice(-4)}`,
    city_key: 'fixture city',
    search_text: `fixture supplier ${id.slice(-4)} fixture city`,
    created_at: at,
    updated_at: at,
  });
}
