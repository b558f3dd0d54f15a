// The CSV export's exact bytes (D27), on both engines: the fast path (rows formatted straight from the table, in
// large keyset batches) against the implementation it replaced, kept here as the reference — each inquiry as the
// API answers it, each cell read from it by its field's path — over awkward values: quotes, commas, line breaks,
// formula starters, non-ASCII text, empty and null fields, money with paise and below zero, and times either side
// of midnight in Asia/Kolkata. A few lines are also written out by hand, so that both paths agreeing on a wrong
// byte would fail too.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  INQUIRY_CSV_COLUMNS,
  inquiryField,
  inquiryValueAt,
  sourceLabel,
  gstStateLabel,
  yesNoLabel,
  type Inquiry,
  inquiryListQuerySchema,
  type InquiryCsvCell,
  EXPORT_POOL_MESSAGES,
  EXPORT_RETRY_AFTER_SECONDS,
} from '@safarnama/contract';
import { kolkataDateTime } from '@safarnama/contract/payments-rules';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { insertRows, row } from '../test/inquiry-kit';
import type { NewInquiryRow } from './inquiry.repository';
import { createInquiryContext } from './inquiry.service';
import { exportInquiriesCsv } from './inquiry-export.service';
import { exportLines } from './inquiry-export.repository';
import { createExportPool } from './inquiry-export-pool';
import { CrlfRowEnds } from './inquiry-export-sql';

// --- the reference: the export as it was written before the fast path (2026-12), cell by cell from an Inquiry ---

function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
const text = (v: string) => csvCell(neutraliseFormula(v));
const REFERENCE_CELLS: Record<InquiryCsvCell, (value: unknown) => string> = {
  text: (v) => text(v === null || v === undefined ? '' : String(v)),
  count: (v) => String(v),
  money: (v) => (v as number).toFixed(2),
  when: (v) => (v ? kolkataDateTime(Date.parse(v as string)) : ''),
  source: (v) => text(v ? sourceLabel(v as string) : ''),
  yesNo: (v) => text(yesNoLabel(v as boolean | null)),
  gstState: (v) => text(v ? gstStateLabel(String(v)) : ''),
};
const REFERENCE_COLUMNS = INQUIRY_CSV_COLUMNS.map((key) => {
  const { header, cell, path } = inquiryField(key).csv!;
  return { header, cell: (i: Inquiry) => REFERENCE_CELLS[cell](inquiryValueAt(i, path ?? key)) };
});
const referenceCsv = (items: readonly Inquiry[]) =>
  `\uFEFF${REFERENCE_COLUMNS.map((c) => c.header).join(',')}\r\n` +
  items.map((i) => `${REFERENCE_COLUMNS.map((c) => c.cell(i)).join(',')}\r\n`).join('');

// --- awkward rows ---

const AWKWARD_TEXT = [
  '=HYPERLINK("http://evil.example","click")',
  '+91 98765 43210',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  'Sharma, Rahul',
  'Ravi "Bunty" Kumar',
  '"',
  '""',
  ',',
  'Line one\nline two',
  'Line one\r\nline two',
  'ends with a break\n',
  'राहुल शर्मा',
  'Zoë Ångström',
  '🏔️ Ladakh — Nubra',
  'e\u0301 combining',
  ' leading space',
  'trailing space ',
  "'already quoted",
  '',
];
/** Amounts in paise: paise of every kind, whole rupees, crores, and amounts that leave a negative profit. */
const PAISE = [0, 1, 5, 10, 99, 100, 101, 150, 12_345, 99_999_999, 1_000_000_000_07, 123_456_789_01];
/** Instants either side of midnight in Kolkata (18:30 UTC), a year's end, a leap day and a second's end. */
const INSTANTS = [
  Date.UTC(2025, 11, 31, 18, 29, 59, 999),
  Date.UTC(2025, 11, 31, 18, 30, 0, 0),
  Date.UTC(2024, 1, 28, 18, 30, 0, 0),
  Date.UTC(2024, 1, 29, 18, 29, 0, 0),
  Date.UTC(2026, 5, 30, 23, 59, 59, 999),
  Date.UTC(2026, 6, 1, 0, 0, 0, 1),
  Date.UTC(1999, 11, 31, 18, 30),
  Date.UTC(2099, 11, 31, 18, 29),
];
const SOURCES = [null, 'website', 'phone', 'whatsapp', 'walk-in', 'referral', 'other'] as const;
const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;

const HAND_WRITTEN_ID = '01a23006-948f-74e3-87a1-3e6d101677a5';
const HAND_WRITTEN_LINE =
  `${HAND_WRITTEN_ID},2025-12-31 23:59,2026-01-01 00:00,New,"'=cmd|""/c calc""!A1",'@evil.example,` +
  `'+91 98765 43210,"Pune, ""MH""",'-Leh,"Srinagar\nJ&K",2,0,'\t3N/4D,,0.01,"Line\r\nnext ""q""",,,` +
  `100000.99,0.05,100000.94,1.00,1.50,0.01,-0.51,2026-01-01,Walk-in,"🏔️ Ladakh — ""Nubra"", Pangong",` +
  `2024-02-29 00:00,\r\n`;

describe.each(testEngines)('the CSV export’s bytes on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  const rows: NewInquiryRow[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff', name: '=Staff, "the" handler' });
    rows.push(
      row({
        id: HAND_WRITTEN_ID,
        customer_name: '=cmd|"/c calc"!A1',
        customer_email: '@evil.example',
        customer_whatsapp: '+91 98765 43210',
        traveling_from: 'Pune, "MH"',
        location: '-Leh',
        drop_city: 'Srinagar\nJ&K',
        tour_duration: '\t3N/4D',
        extra_info: 'Line\r\nnext "q"',
        budget_paise: 1,
        tpc_paise: 10_000_099,
        advance_paise: 5,
        total_revenue_paise: 100,
        hotel_cost_paise: 150,
        cab_cost_paise: 1,
        created_at: Date.UTC(2025, 11, 31, 18, 29, 59, 999),
        updated_at: Date.UTC(2025, 11, 31, 18, 30),
        follow_up_at: Date.UTC(2024, 1, 28, 18, 30),
        travel_date: '2026-01-01',
        source: 'walk-in',
        package_title: '🏔️ Ladakh — "Nubra", Pangong',
      }),
    );
    // 240 rows mixing every awkward value into every text field, many sharing a sort value (ties broken by id).
    for (let i = 0; i < 240; i++) {
      const assigned = i % 3 === 0;
      rows.push(
        row({
          customer_name: i % 4 === 0 ? 'Same Name' : pick(AWKWARD_TEXT, i),
          customer_email: pick(AWKWARD_TEXT, i + 1),
          customer_whatsapp: pick(AWKWARD_TEXT, i + 2),
          traveling_from: pick(AWKWARD_TEXT, i + 3),
          location: i % 5 === 0 ? 'Goa' : pick(AWKWARD_TEXT, i + 4),
          drop_city: pick(AWKWARD_TEXT, i + 5),
          tour_duration: pick(AWKWARD_TEXT, i + 6),
          extra_info: pick(AWKWARD_TEXT, i + 7),
          hotel_type: pick([null, 'budget', 'standard', 'luxury'] as const, i),
          adults: i % 9,
          kids: i % 4,
          status: pick(['New', 'Working', 'Booked', 'Completed', 'Cancelled'], i),
          staff_id: assigned ? staff.id : null,
          staff_name: assigned ? staff.name : i % 7 === 0 ? 'left behind' : '',
          staff_email: assigned ? staff.email : '',
          budget_paise: pick(PAISE, i),
          tpc_paise: pick(PAISE, i + 1),
          advance_paise: pick(PAISE, i + 2),
          total_revenue_paise: pick(PAISE, i + 3),
          hotel_cost_paise: pick(PAISE, i + 4),
          cab_cost_paise: pick(PAISE, i + 5),
          created_at: i % 2 ? pick(INSTANTS, i) : Date.UTC(2026, 0, 1) + i * 3_600_000,
          updated_at: pick(INSTANTS, i + 3),
          follow_up_at: i % 3 === 1 ? null : pick(INSTANTS, i + 5),
          travel_date: i % 4 === 1 ? null : `2026-0${1 + (i % 9)}-1${i % 10}`,
          source: pick(SOURCES, i),
          package_title: i % 3 === 2 ? null : pick(AWKWARD_TEXT, i + 9),
          // A state of the list, none, and a union territory (D32's place of supply).
          customer_state: pick([null, '27', '04', '32'], i),
          deleted_at: i % 17 === 0 ? Date.now() : null,
        }),
      );
    }
    await insertRows(t, rows);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every row GET /api/inquiries answers for the filters, page by page: the reference's inquiries. */
  async function listAll(query: string): Promise<Inquiry[]> {
    const all: Inquiry[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inquiries?${query}&page=${page}&pageSize=200`,
        headers: bearer(staff.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<Inquiry[]>();
      all.push(...items);
      if (items.length < 200) return all;
    }
  }

  const QUERIES = [
    'sort=createdAt&order=desc',
    'sort=customer&order=asc',
    'sort=destination&order=desc&status=Working',
    'sort=staff&order=asc&assignedTo=me',
    'sort=updatedAt&order=asc&followUp=none',
    'q=ladakh',
  ];

  it.each(QUERIES)('%s: the same bytes as the reference, over HTTP', async (query) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inquiries/export.csv?${query}`,
      headers: bearer(staff.token),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const expected = referenceCsv(await listAll(query));
    expect(expected.split('\r\n').length).toBeGreaterThan(3);
    expect(res.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(res.rawPayload.toString('utf8')).toBe(expected);
  });

  it('writes the same bytes in small batches, across many batch edges and ties', async () => {
    const ctx = createInquiryContext(t.app.db, engine);
    const pool = t.app.dbHandle.file ? createExportPool() : undefined;
    const lines = exportLines(t.app.db, t.app.dbHandle, pool);
    const user = { id: staff.id, role: 'Staff' as const, name: staff.name, email: staff.email };
    for (const query of QUERIES.slice(0, 5)) {
      const params = inquiryListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      for (const batch of [1, 7, 64]) {
        let body = '';
        for await (const chunk of await exportInquiriesCsv(ctx, lines, user, params, { batch })) body += chunk;
        expect(body, `${query}, batches of ${batch}`).toBe(referenceCsv(await listAll(query)));
      }
    }
    await pool?.close();
  });

  it('writes a line written out by hand', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/export.csv', headers: bearer(staff.token) });
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFID,Received,Updated,Status,Customer name,')).toBe(true);
    expect(body).toContain(`\r\n${HAND_WRITTEN_LINE}`);
    expect(body.endsWith('\r\n')).toBe(true);
  });
});

describe.each(testEngines)('an export the client leaves midway on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  const ROWS = 6000;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    // Enough for several chunks of bytes (a few MB), so that the client can go before the end.
    await insertRows(
      t,
      Array.from({ length: ROWS }, (_v, i) => row({ customer_name: `Customer ${i}`, extra_info: 'x'.repeat(400) })),
    );
  });
  afterAll(async () => {
    // The server's side of the left connection stays open until its keep-alive timeout (72 s), which the close
    // would wait for; the test's subject is the database's side.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('ends the read it started (no COPY left running) and the next export is whole', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/inquiries/export.csv`;
    const headers = { authorization: `Bearer ${staff.token}`, 'accept-encoding': 'identity' };
    const aborted = new AbortController();
    const res = await fetch(url, { headers, signal: aborted.signal });
    expect(res.status).toBe(200);
    const first = await res.body!.getReader().read();
    expect(first.done).toBe(false);
    aborted.abort();
    if (engine === 'postgres') {
      const copies = async () =>
        (
          await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'COPY%' AND state <> 'idle'`.execute(t.app.db)
        ).rows[0]!.n;
      await expect.poll(async () => Number(await copies()), { timeout: 10_000 }).toBe(0);
    }
    const whole = (await t.app.inject({ method: 'GET', url: '/api/inquiries/export.csv', headers })).body;
    expect(whole.split('\r\n').length).toBe(ROWS + 2);
  });

  /** The nice value of each of this process's threads, the main thread's first (proc(5): stat's 19th field). */
  const niceValues = () =>
    fs
      .readdirSync('/proc/self/task')
      .sort((a, b) => Number(a) - Number(b))
      .map((tid) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));

  it.runIf(engine === 'sqlite')(
    'refuses an export past the pool with 503 and Retry-After before any byte, and takes one once a thread is free',
    async () => {
      const pool = createExportPool({ threads: 1, queue: 0 });
      const file = t.app.dbHandle.file!;
      const query = { sort: 'createdAt', order: 'desc' } as const;
      const readAll = async (bytes: AsyncIterable<Buffer>) => {
        let lines = 0;
        for await (const chunk of bytes) lines += chunk.toString('utf8').split('\r\n').length - 1;
        return lines;
      };
      try {
        // A reader that takes one batch and stops reading holds the only thread, a few batches ahead at most.
        const held = (await pool.lines(file, query, 100))[Symbol.asyncIterator]();
        expect((await held.next()).done).toBe(false);
        // Its thread yields the core to the event loop (Linux: a nice value a thread, lib/thread-priority.ts).
        if (process.platform === 'linux') expect(niceValues()).toContain(Math.max(15, niceValues()[0]!));
        await expect(pool.lines(file, query, 100)).rejects.toMatchObject({
          statusCode: 503,
          message: EXPORT_POOL_MESSAGES.busy,
          retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
        });
        // The reader gone, its thread stops at its next batch and the next export gets every row.
        await held.return!(undefined);
        await expect
          .poll(() => pool.lines(file, query, 100).then(readAll, () => 'refused'), { timeout: 10_000 })
          .toBe(ROWS);
      } finally {
        await pool.close();
      }
    },
  );
});

describe('COPY’s row ends made CRLF', () => {
  it('keeps line breaks inside quoted cells, however the bytes are split into chunks', () => {
    const lf = 'a,"b\r\nc",d\n"x""y",z\n,,"q\nw"\n"",\n"""\n"\nplain\n';
    const crlf = 'a,"b\r\nc",d\r\n"x""y",z\r\n,,"q\nw"\r\n"",\r\n"""\n"\r\nplain\r\n';
    const bytes = Buffer.from(lf);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const rowEnds = new CrlfRowEnds();
        const chunks = [bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)].map((c) => rowEnds.convert(c));
        expect(Buffer.concat(chunks).toString(), `split at ${i} and ${j}`).toBe(crlf);
      }
    }
  });
});
