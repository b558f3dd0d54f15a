// Reads the plan of every list and count query the API runs (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on
// PostgreSQL with sequential scans priced out) and fails on a full scan of the inquiries table, or on a
// sort where an index should give the order (decisions §8).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_SORTS } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import type { Database } from '../db/database';
import { SORT_COLUMN, findLatestInquiriesQuery, type InquiryScope } from './inquiry.repository';
import {
  buildPageQuery,
  buildPageRowsQuery,
  buildScopedCountQuery,
  buildWorkflowCountQuery,
  buildWorkflowFirstQuery,
  buildWorkflowRowsQuery,
  type PageQuery,
  type PageStrategy,
  type WorkflowFilter,
} from './inquiry-page.repository';
import {
  buildMatchKeysQuery,
  buildSampleQuery,
  buildSortedMatchesQuery,
  buildWalkCountQuery,
  findMatchKeys,
} from './search/search.repository';
import { prepareSearch } from './search/search-text';
import { insertRows, row } from '../test/inquiry-kit';
import { createUser } from '../test/factories';

interface Variant {
  name: string;
  query: CompiledQuery;
  /** The order must come from an index (no sort step). */
  indexOrder?: boolean;
  /** The plan must walk an index in order (a bounded walk). */
  sortIndex?: boolean;
  /** The plan must read an index alone, no table row (a cached set's first sort). */
  indexOnly?: boolean;
  /** The plan sorts once: its rows come from an index in order, then one bounded sort. */
  oneSort?: boolean;
  /** The follow-up set cached whole: its order and every column from one index, no sort and no table read. */
  keptWhole?: boolean;
}

describe.each(testEngines)('inquiry query plans on %s', (engine) => {
  let t: TestApp;
  const customer: InquiryScope = { kind: 'customer', userId: '00000000-0000-7000-8000-000000000000' };
  const variants: Variant[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const staffId = (await createUser(t, { role: 'Staff', name: 'Priya' })).id;
    const places = ['Goa', 'Manali', 'Kerala', 'Shimla', 'Jaipur'];
    const statuses = ['New', 'Working', 'Booked', 'Completed'];
    await insertRows(
      t,
      Array.from({ length: 600 }, (_, i) =>
        row({
          customer_name: `Customer ${i % 97}`,
          customer_email: `c${i}@example.com`,
          location: places[i % places.length]!,
          status: statuses[i % statuses.length]!,
          deleted_at: i % 50 === 0 ? 1 : null,
          // D26: a third handled by one Staff member, some with a follow-up time.
          ...(i % 3 === 0 ? { staff_id: staffId, staff_name: 'Priya' } : {}),
          follow_up_at: i % 10 === 0 ? Date.UTC(2024, 0, 1) + i * 3_600_000 : null,
        }),
      ),
    );
    await sql.raw(engine === 'postgres' ? 'VACUUM ANALYZE inquiries' : 'ANALYZE').execute(t.app.db);

    const db = t.app.db;
    const page = (over: Partial<PageQuery>): PageQuery => ({
      scope: { kind: 'all' },
      sort: 'createdAt',
      order: 'desc',
      limit: 50,
      offset: 4950,
      ...over,
    });
    // Each page is planned as the ids alone (whose order must come from an index) and as the statement that
    // runs, which fetches those ids' rows and sorts the page again.
    const addPage = (name: string, p: PageQuery, strategy: PageStrategy, flags: Partial<Variant> = {}) => {
      variants.push({ name, query: buildPageQuery(db, p, strategy), ...flags });
      variants.push({ name: `${name} rows`, query: buildPageRowsQuery(db, p, strategy) });
    };
    const searchStrategies: PageStrategy[] =
      engine === 'sqlite' ? ['fts-rowid', 'fts-join', 'walk'] : ['trigram', 'walk'];
    for (const sort of INQUIRY_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const status of [undefined, 'Booked']) {
          const label = `${sort} ${order}${status ? ' status' : ''}`;
          addPage(`index ${label}`, page({ sort, order, status }), 'index', { indexOrder: true });
          addPage(`customer ${label}`, page({ sort, order, status, scope: customer }), 'index');
          for (const q of ['goa', 'go', 'g']) {
            const search = await prepareSearch(db, engine, q);
            for (const strategy of searchStrategies) {
              if (strategy === 'fts-rowid' && sort !== 'createdAt') continue;
              addPage(`${strategy} q=${q} ${label}`, page({ sort, order, status, search }), strategy, {
                indexOrder: strategy === 'walk',
              });
              if (strategy === 'walk') {
                addPage(
                  `bounded walk q=${q} ${label}`,
                  page({ sort, order, status, search, window: 20_000 }),
                  strategy,
                  { sortIndex: true },
                );
              }
            }
            addPage(`customer q=${q} ${label}`, page({ sort, order, status, search, scope: customer }), 'index');
          }
        }
      }
    }
    for (const q of ['goa', 'go', 'g']) {
      const search = await prepareSearch(db, engine, q);
      for (const status of [undefined, 'Booked']) {
        variants.push({
          name: `match keys q=${q} ${status ?? ''}`,
          query: buildMatchKeysQuery(db, search, 1001, status),
        });
        variants.push({
          name: `sample q=${q} ${status ?? ''}`,
          query: buildSampleQuery(db, search, 1000, status),
          indexOrder: true,
        });
        const keys = await findMatchKeys(db, search, 1001, status);
        addPage(
          `keys page q=${q} ${status ?? ''}`,
          page({ sort: 'customer', search, status, keys, offset: 0 }),
          'keys',
        );
        // The search cache's entries: every match (of one status, for a search too common to sort whole) sorted,
        // from the text index.
        for (const sort of INQUIRY_SORTS) {
          variants.push({
            name: `sorted matches q=${q} ${sort} ${status ?? ''}`,
            query: buildSortedMatchesQuery(db, search, sort, 400_001, status),
          });
        }
        if (engine === 'postgres') {
          variants.push({
            name: `walk count q=${q} ${status ?? ''}`,
            query: buildWalkCountQuery(db, search, 1001, 20_000, status),
            sortIndex: true,
          });
        }
        if (customer.kind === 'customer') {
          variants.push({
            name: `customer count q=${q} ${status ?? ''}`,
            query: buildScopedCountQuery(db, { scope: customer, status, search }),
          });
        }
      }
    }
    if (customer.kind === 'customer')
      variants.push({ name: 'customer count', query: buildScopedCountQuery(db, { scope: customer }) });

    // D26's workflow filters, as inquiry-list.service.ts's findWorkflowPage runs them.
    const at = Date.UTC(2024, 0, 2);
    const workflows: [string, WorkflowFilter][] = [
      ['mine', { staff: staffId }],
      ['unassigned', { staff: null }],
      ['overdue', { followUp: { to: at } }],
      ['today', { followUp: { from: at, to: at + 86_400_000 } }],
      ['upcoming', { followUp: { from: at } }],
      ['with follow-up', { followUp: {} }],
      ['none', { followUp: 'none' }],
      ['mine today', { staff: staffId, followUp: { from: at, to: at + 86_400_000 } }],
      ['mine none', { staff: staffId, followUp: 'none' }],
    ];
    const goa = await prepareSearch(db, engine, 'goa');
    const goaKeys = await findMatchKeys(db, goa, 1001);
    for (const [label, workflow] of workflows) {
      for (const status of [undefined, 'Booked']) {
        const name = `${label}${status ? ' status' : ''}`;
        if (workflow.followUp !== 'none') {
          variants.push({
            name: `workflow count ${name}`,
            query: buildWorkflowCountQuery(db, { status, workflow }, engine),
          });
        }
        for (const sort of INQUIRY_SORTS) {
          for (const order of ['asc', 'desc'] as const) {
            const p = page({ sort, order, status, workflow, hideWorkflowFromIndex: engine === 'sqlite' });
            addPage(`workflow walk ${name} ${sort} ${order}`, p, 'index', { indexOrder: true });
            const byHandlerNewest = sort === 'createdAt' && workflow.staff !== undefined;
            if (byHandlerNewest || workflow.followUp !== 'none') {
              addPage(`workflow by filter ${name} ${sort} ${order}`, p, 'workflow', {
                // A handler's newest first comes in order from their index (a follow-up range reads its own).
                indexOrder: byHandlerNewest && !status && (!workflow.followUp || workflow.followUp === 'none'),
              });
            }
          }
        }
        addPage(
          `workflow keys q=goa ${name}`,
          page({ sort: 'customer', status, workflow, search: goa, keys: goaKeys, offset: 0 }),
          'keys',
        );
      }
    }
    // The set findWorkflowPage keeps whole, read in each sort's order from an index alone (no sort).
    for (const [label, set] of workflows.filter(([l]) => l === 'with follow-up')) {
      for (const sort of INQUIRY_SORTS) {
        variants.push({
          name: `workflow set ${label} ${sort}`,
          query: buildWorkflowRowsQuery(db, set, sort, 400_001, engine),
          indexOnly: true,
          indexOrder: true,
          keptWhole: true,
        });
      }
    }
    // A handler's (or the unassigned) first rows in a page's order, with no follow-up or any: their index read
    // alone, in its order, and sorted once (the bounded sort), in every sort, order and status.
    for (const [label, set] of workflows.filter(([l]) => ['mine', 'unassigned', 'mine none'].includes(l))) {
      for (const sort of INQUIRY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'Booked']) {
            variants.push({
              name: `workflow first ${label} ${sort} ${order} ${status ?? ''}`,
              query: buildWorkflowFirstQuery(db, page({ sort, order, status, workflow: set, limit: 5_000 }), engine),
              indexOnly: true,
              oneSort: true,
            });
          }
        }
      }
    }
    // A handler's few follow-ups, sorted on every request (never kept), are read from an index alone too.
    for (const sort of INQUIRY_SORTS) {
      const mineToday = workflows.find(([l]) => l === 'mine today')![1];
      const p = page({ sort, status: 'Booked', workflow: mineToday });
      variants.push({ name: `workflow few ${sort}`, query: buildPageQuery(db, p, 'workflow'), indexOnly: true });
    }
    variants.push({ name: 'latest by update', query: findLatestInquiriesQuery(db, 10).compile(), indexOrder: true });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The plan as lines of text, read on one connection with the session's planner settings. */
  async function planOf(query: CompiledQuery, settings: string[] = []): Promise<string[]> {
    return t.app.db.connection().execute(async (conn: Kysely<Database>) => {
      if (engine === 'sqlite') {
        const res = await conn.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        return res.rows.map((r) => r.detail);
      }
      try {
        for (const s of settings) await sql.raw(`SET ${s}`).execute(conn);
        const res = await conn.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
        );
        return res.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await sql`RESET ALL`.execute(conn);
      }
    });
  }

  const fullScan = (line: string) =>
    engine === 'sqlite' ? /^SCAN (inquiries|i)\b(?!.*\bUSING\b)/.test(line) : /Seq Scan on inquiries\b/.test(line);
  const sortStep = (line: string) =>
    engine === 'sqlite' ? /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line) : /\bSort\b/.test(line);

  it('builds a plan for every variant', () => {
    expect(variants.length).toBeGreaterThan(100);
  });

  it('never scans the whole inquiries table', async () => {
    const offenders: string[] = [];
    for (const v of variants) {
      const plan = await planOf(v.query, ['enable_seqscan = off']);
      if (plan.some(fullScan)) offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('takes the order of every list sort from an index', async () => {
    const offenders: string[] = [];
    for (const v of variants.filter((x) => x.indexOrder)) {
      // PostgreSQL: with sorting priced out, a plan without a Sort proves an index can give the order.
      const plan = await planOf(v.query, ['enable_seqscan = off', 'enable_sort = off']);
      if (plan.some(sortStep)) offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it("sorts a workflow set's first rows once, reading them from its index in order", async () => {
    const offenders: string[] = [];
    const sortNode = engine === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/ : /(^|->\s+)Sort\s+\(cost/;
    for (const v of variants.filter((x) => x.oneSort)) {
      // PostgreSQL: with sorting priced out, a plan with the one sort left proves the index gives the set's order.
      const plan = await planOf(v.query, ['enable_seqscan = off', 'enable_sort = off']);
      if (plan.filter((line) => sortNode.test(line.trim())).length !== 1) {
        offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
      }
    }
    expect(variants.filter((x) => x.oneSort).length).toBeGreaterThan(0);
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it("reads the follow-up set in each sort's order from an index alone, with no sort", async () => {
    const sets = variants.filter((x) => x.keptWhole);
    expect(sets).toHaveLength(INQUIRY_SORTS.length);
    const offenders: string[] = [];
    for (const v of sets) {
      // PostgreSQL: with sorts and table reads priced out, only an index in the sort's order holding every column
      // leaves a plan with neither (its 002 sort index would read each row's follow-up time from the table).
      const settings = [
        'enable_seqscan = off',
        'enable_sort = off',
        'enable_indexscan = off',
        'enable_bitmapscan = off',
      ];
      const plan = await planOf(v.query, settings);
      const indexOnly = engine === 'sqlite' ? /USING COVERING INDEX/ : /Index Only Scan/;
      if (
        !plan.some((line) => indexOnly.test(line)) ||
        plan.some(sortStep) ||
        plan.some((l) => /Index Scan|Heap/.test(l) && !indexOnly.test(l))
      ) {
        offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
      }
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it.runIf(engine === 'postgres')('carries the follow-up time in every sort index', async () => {
    // followUp=none walks a sort index testing follow_up_at; from the index alone, not each row's table page.
    const defs = (
      await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
        WHERE indexname = 'inquiries_by_status' OR indexname LIKE 'inquiries\_by\_status\_%'
          OR indexname IN (${sql.join(Object.values(SORT_COLUMN).map((c) => `inquiries_by_${c}`))})`.execute(t.app.db)
    ).rows.map((r) => r.indexdef);
    expect(defs).toHaveLength(2 * INQUIRY_SORTS.length - 1);
    for (const def of defs) expect(def).toMatch(/INCLUDE \(follow_up_at\)/);
  });

  it('walks an index in order for every bounded walk', async () => {
    const offenders: string[] = [];
    for (const v of variants.filter((x) => x.sortIndex)) {
      const plan = await planOf(v.query, ['enable_seqscan = off', 'enable_sort = off']);
      const ordered =
        engine === 'sqlite'
          ? /^SCAN .* USING (COVERING )?INDEX|^SEARCH .* USING (COVERING )?INDEX/
          : /Index (Only )?Scan/;
      if (!plan.some((line) => ordered.test(line))) {
        offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
      }
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('reads every cached set from its index alone', async () => {
    if (engine === 'postgres') {
      // On a table this small PostgreSQL's planner takes the narrower staff index (at a million rows it reads the
      // covering one alone, docs/performance.md): each set's index must hold every column a set query names.
      const defs = (
        await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
          WHERE indexname IN ('inquiries_by_staff_created_at', 'inquiries_follow_up', 'inquiries_staff_follow_up')`.execute(
          t.app.db,
        )
      ).rows.map((r) => r.indexdef);
      expect(defs).toHaveLength(3);
      const columns = ['id', 'status', 'staff_id', 'follow_up_at', ...Object.values(SORT_COLUMN)];
      for (const def of defs) for (const c of columns) expect(def).toMatch(new RegExp(`\\b${c}\\b`));
      return;
    }
    const sets = variants.filter((x) => x.indexOnly);
    expect(sets.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const v of sets) {
      const plan = await planOf(v.query, ['enable_seqscan = off', 'enable_bitmapscan = off']);
      const indexOnly = engine === 'sqlite' ? /USING COVERING INDEX/ : /Index Only Scan/;
      const tableRead = engine === 'sqlite' ? /USING INDEX (?!.*COVERING)/ : /(?<!Only )Index Scan|Heap Scan/;
      if (!plan.some((line) => indexOnly.test(line)) || plan.some((line) => tableRead.test(line))) {
        offenders.push(`${v.name}:\n  ${plan.join('\n  ')}`);
      }
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('would catch a full scan (the check itself can fail)', async () => {
    const plan = await planOf(
      CompiledQuery.raw(`SELECT id FROM inquiries WHERE extra_info = 'x' ORDER BY traveling_from`, []),
      [],
    );
    expect(plan.some(fullScan)).toBe(true);
  });
});
