// The CSV export's columns against the fields' table (INQUIRY_FIELDS): one inquiry with a different value in every
// field, exported, and each column's cell checked against the value its header's entry names in the API's answer,
// so a header paired with another field's cell fails here. The cells' exact bytes are inquiry-export.test.ts's.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GST_STATES,
  INQUIRY_CSV_COLUMNS,
  INQUIRY_FIELDS,
  INQUIRY_TABLE_FIELDS,
  inquiryValueAt,
  sourceLabel,
  type Inquiry,
  type InquiryCsvCell,
  type InquiryFieldSpec,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { insertRows, row } from '../test/inquiry-kit';
import { tableColumnsOf } from './inquiry-columns';

/** 'YYYY-MM-DD HH:mm' in Asia/Kolkata, written with Intl rather than the service's arithmetic. */
function kolkataTime(iso: string | null) {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** What a cell of this kind shows for a value (the values below need no quoting or neutralising). */
const EXPECTED: Record<InquiryCsvCell, (v: unknown) => string> = {
  text: (v) => (v === null ? '' : String(v)),
  count: (v) => String(v),
  money: (v) => (v as number).toFixed(2),
  when: (v) => kolkataTime(v as string | null),
  source: (v) => sourceLabel(v as string),
  yesNo: (v) => (v === true ? 'Yes' : v === false ? 'No' : ''),
  gstState: (v) => {
    const state = GST_STATES.find((s) => s.code === v);
    return state ? `${state.name} (${state.code})` : '';
  },
};

const MINUTE = 60_000;
const at = Date.UTC(2030, 4, 6, 3, 0);

describe.each(testEngines)('the CSV columns and the fields’ table on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff', name: 'Meera Handler' });
    // Every field its own value: text fields their own names, yes/no fields alternately yes and no, a state
    // Karnataka's code.
    const tableValues = Object.fromEntries(
      INQUIRY_TABLE_FIELDS.map((f, i) => [
        f.key,
        f.kind === 'yesNo' ? i % 2 === 0 : f.kind === 'gstState' ? '29' : `${f.key} value`,
      ]),
    );
    const inquiry = row({
      ...tableColumnsOf(tableValues),
      customer_name: 'Asha Verma',
      customer_email: 'asha@example.com',
      customer_whatsapp: '9000000001',
      staff_id: staff.id,
      staff_name: staff.name,
      staff_email: staff.email,
      location: 'Goa',
      adults: 3,
      kids: 2,
      hotel_type: 'luxury',
      budget_paise: 4_000_011,
      status: 'Working',
      total_revenue_paise: 3_456_789,
      hotel_cost_paise: 456_789,
      cab_cost_paise: 56_789,
      advance_paise: 234_567,
      tpc_paise: 1_234_567,
      created_at: at,
      updated_at: at + 7 * MINUTE,
      travel_date: '2031-02-03',
      source: 'referral',
      package_title: 'Kerala backwaters',
      follow_up_at: at + 42 * MINUTE,
    });
    id = inquiry.id;
    await insertRows(t, [inquiry]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes each column’s header and cell from the same entry', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/inquiries/${id}`, headers: bearer(staff.token) });
    expect(answer.statusCode, answer.body).toBe(200);
    const inquiry = answer.json<Inquiry>();
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/export.csv', headers: bearer(staff.token) });
    expect(res.statusCode, res.body).toBe(200);
    const [headers, cells, ...rest] = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(rest).toEqual([]);

    // Every field with a CSV column is exported once, under its own header.
    const exported = INQUIRY_FIELDS.filter((f) => 'csv' in f) as InquiryFieldSpec[];
    expect(headers).toHaveLength(exported.length);
    expect([...INQUIRY_CSV_COLUMNS].sort()).toEqual(exported.map((f) => f.key).sort());
    for (const field of exported) {
      const { header, cell, path } = field.csv!;
      const column = headers!.indexOf(header);
      expect(column, header).toBeGreaterThanOrEqual(0);
      expect(cells![column], header).toBe(EXPECTED[cell](inquiryValueAt(inquiry, path ?? field.key)));
    }
    // The values differ from field to field (but yes/no ones), so a cell under another field's header could not pass.
    const yesNo = new Set(exported.filter((f) => f.kind === 'yesNo').map((f) => headers!.indexOf(f.csv!.header)));
    const distinct = cells!.filter((_c, i) => !yesNo.has(i));
    expect(new Set(distinct).size).toBe(distinct.length);
  });
});
