// GET /api/inquiries/export.csv (D27): the file parsed back with a CSV parser and compared cell by cell with the
// rows GET /api/inquiries answers for the same filters — across keyset batches and search pages, with formula
// injection, commas, quotes, line breaks and non-ASCII names — on both engines.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GST_STATES, INQUIRY_CSV_HEADERS, sourceLabel, type Inquiry } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import type { NewInquiryRow } from './inquiry.repository';
import { insertRows, row } from '../test/inquiry-kit';

const TRICKY_NAMES = [
  '=HYPERLINK("http://evil.example","click")',
  '+91 98765 43210',
  '-2+3',
  '@SUM(A1:A9)',
  'Sharma, Rahul',
  'Ravi "Bunty" Kumar',
  'Line one\nline two',
  'राहुल शर्मा',
  'Zoë Ångström',
  '\t=1+1',
];

/** What a spreadsheet should show for a text cell: formula starters get an apostrophe. */
const shown = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** 'YYYY-MM-DD HH:mm' in Asia/Kolkata, written with Intl rather than the service's arithmetic. */
const kolkata = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function kolkataTime(iso: string | null) {
  if (!iso) return '';
  const p = Object.fromEntries(kolkata.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

function expectedCells(i: Inquiry): string[] {
  return [
    i._id,
    kolkataTime(i.createdAt),
    kolkataTime(i.updatedAt),
    i.status,
    shown(i.customer.name),
    shown(i.customer.email),
    shown(i.customer.whatsappNumber),
    shown(i.travelingFrom),
    shown(i.location),
    shown(i.dropCity),
    String(i.noOfAdults),
    String(i.noOfKids),
    shown(i.tourDuration),
    i.hotelType ?? '',
    i.budget.toFixed(2),
    shown(i.extraInfo),
    shown(i.staff?.name ?? ''),
    i.staff?.email ?? '',
    i.tpc.toFixed(2),
    i.advance.toFixed(2),
    i.pendingAmount.toFixed(2),
    i.totalRevenue.toFixed(2),
    i.hotelCost.toFixed(2),
    i.cabCost.toFixed(2),
    i.profit.toFixed(2),
    i.travelDate ?? '',
    i.source ? sourceLabel(i.source) : '',
    shown(i.package?.title ?? ''),
    kolkataTime(i.followUpAt),
    i.customerState ? `${GST_STATES.find((s) => s.code === i.customerState)!.name} (${i.customerState})` : '',
  ];
}

describe.each(testEngines)('inquiries CSV export on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;
  const rows: NewInquiryRow[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff', name: '=Staff, "the" handler' });
    customer = await createUser(t, { role: 'Customer' });
    const statuses = ['New', 'Working', 'Booked', 'Completed'];
    // 2,300 rows: more than two of the export's keyset batches, many sharing a name (ties broken by id).
    for (let i = 0; i < 2300; i++) {
      const tricky = i % 7 === 0 ? TRICKY_NAMES[(i / 7) % TRICKY_NAMES.length]! : null;
      rows.push(
        row({
          customer_name: tricky ?? (i % 3 === 0 ? 'Customer' : `Customer ${i % 50}`),
          location: i % 5 === 0 ? 'Gulmarg' : i % 5 === 1 ? '-Leh, "Ladakh"' : 'Goa',
          extra_info: i % 11 === 0 ? 'Wants a sea view,\r\nand "early" check-in' : '',
          customer_whatsapp: i % 2 ? '+91 90000 00000' : '9000000000',
          status: statuses[i % statuses.length]!,
          staff_id: i % 4 === 0 ? staff.id : null,
          staff_name: i % 4 === 0 ? staff.name : '',
          staff_email: i % 4 === 0 ? staff.email : '',
          tpc_paise: i * 1001,
          advance_paise: i * 333,
          total_revenue_paise: i * 1201,
          hotel_cost_paise: i * 700,
          cab_cost_paise: i * 600,
          deleted_at: i % 13 === 0 ? Date.now() : null,
          // D26's fields, and follow-ups either side of now.
          travel_date: i % 6 === 0 ? '2031-02-0' + (1 + (i % 9)) : null,
          source: i % 3 === 0 ? null : (['website', 'walk-in', 'referral'] as const)[i % 3],
          package_title: i % 8 === 0 ? '=Kerala, "Backwaters"' : null,
          follow_up_at: i % 5 === 0 ? Date.now() + (i - 1150) * 3_600_000 : null,
        }),
      );
    }
    await insertRows(t, rows);
  });
  afterAll(async () => {
    await t.close();
  });

  const exportCsv = (query: string, token = staff.token) =>
    t.app.inject({ method: 'GET', url: `/api/inquiries/export.csv?${query}`, headers: bearer(token) });

  /** Every row GET /api/inquiries answers for the filters, page by page. */
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

  it.each([
    ['the whole list, newest first', 'sort=createdAt&order=desc'],
    ['a status, by customer name (ties across batches)', 'status=working&sort=customer&order=asc'],
    ['by destination, descending', 'sort=destination&order=desc'],
    ['a search across several list pages', 'q=gulmarg'],
    ['a search and a status', 'q=ladakh&status=Booked&sort=customer&order=desc'],
    // D26's workflow filters, alone, with a status and with a search.
    ['my inquiries', 'assignedTo=me&sort=customer&order=asc'],
    ['the unassigned, by destination', 'assignedTo=unassigned&sort=destination&order=desc'],
    ['overdue follow-ups with a status', 'followUp=overdue&status=New'],
    ['upcoming follow-ups', 'followUp=upcoming&sort=updatedAt&order=asc'],
    ['no follow-up, a rare search', 'followUp=none&q=ladakh'],
    ['unassigned, a common search (walked)', 'assignedTo=unassigned&q=goa&sort=contact'],
  ])('%s: the same rows and cells as the list', async (_name, query) => {
    const res = await exportCsv(query);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const records = parse(body, { bom: true, relax_column_count: false }) as string[][];
    expect(records[0]).toEqual([...INQUIRY_CSV_HEADERS]);
    const listed = await listAll(query);
    expect(listed.length).toBeGreaterThan(0);
    expect(records.slice(1)).toEqual(listed.map(expectedCells));
  });

  it('neutralises every formula starter and keeps commas, quotes, line breaks and non-ASCII intact', async () => {
    const body = (await exportCsv('sort=customer&order=asc')).rawPayload.toString('utf8');
    const records = parse(body, { bom: true }) as string[][];
    const names = new Set(records.slice(1).map((r) => r[4]));
    for (const name of TRICKY_NAMES) expect(names, name).toContain(shown(name));
    expect(names).toContain('\'=HYPERLINK("http://evil.example","click")');
    expect(names).toContain('Line one\nline two');
    expect(names).toContain('राहुल शर्मा');
    // No cell a spreadsheet would run: none starts with a formula character.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+@\t\r]/);
    // Handler names are text typed by people too.
    expect(records.slice(1).some((r) => r[16] === '\'=Staff, "the" handler')).toBe(true);
    // Deleted rows are not exported.
    const visible = rows.filter((r) => r.deleted_at === null).length;
    expect(records.length - 1).toBe(visible);
  });

  it('refuses bad filters with the list’s messages, and Customers and anonymous callers', async () => {
    const bad = await exportCsv('status=nope');
    expect(bad.statusCode).toBe(400);
    expect((await exportCsv('', customer.token)).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/inquiries/export.csv' });
    expect(anon.statusCode).toBe(401);
  });
});
