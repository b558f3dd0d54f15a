// The PostgreSQL connection settings every API query runs under.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from './dialect';
import { createTestDatabase, testEngines } from '../test/helper';

describe.runIf(testEngines.includes('postgres'))('the PostgreSQL pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('runs queries without parallel workers and under a statement timeout', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const { db } = openPostgres(database.databaseUrl!);
    cleanups.push(() => db.destroy());
    const show = async (name: string) =>
      (await sql<Record<string, string>>`SELECT current_setting(${name}) AS v`.execute(db)).rows[0]!.v;
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
    expect(await show('statement_timeout')).toBe('15s');
  });
});
