// `npm run bench:pdf`: how long one PDF takes, asked for as a user does (issue 54: a quotation, receipt, invoice or
// voucher PDF at most 300 ms p95). A fresh SQLite app, one priced inquiry, its quotation PDF downloaded one at a
// time through the whole app (app.inject: access, the database, the worker pool, the layout), after a few to warm
// up. Writes bench/results/pdf.{md,json}.
//
//   npm run bench:pdf -- [--runs 100]
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Inquiry } from '@safarnama/contract';
import { saveResult } from './lib';
import { benchToken, prepareTarget, startApp } from './seeded-app';

const BUDGET_MS = 300;
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
const RUNS = Number(args.runs);
const WARM_UP = 5;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;

async function main() {
  const target = await prepareTarget('sqlite', { name: 'pdf', count: 1 });
  const app = await startApp(target);
  try {
    const token = await benchToken(app, 'Staff');
    const headers = { authorization: `Bearer ${token}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      headers,
      payload: {
        name: 'Rohan Mehta',
        email: 'rohan.mehta@example.com',
        whatsappNumber: '+91 98765 43210',
        travelingFrom: 'Delhi',
        location: 'Manali and Kasol',
        noOfAdults: 2,
        noOfKids: 1,
        extraInfo: 'Honeymoon; a room with a view of the river, and a late check-out on the last day.',
        tourDuration: '5N/6D',
        hotelType: 'standard',
        dropCity: 'Chandigarh',
        budget: 55000,
      },
    });
    if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
    const id = created.json<Inquiry>()._id;
    const priced = await app.inject({ method: 'PUT', url: `/api/inquiries/${id}`, headers, payload: { tpc: 62500 } });
    if (priced.statusCode !== 200) throw new Error(`price: ${priced.statusCode} ${priced.body}`);
    // The machine's load average at the start and end of the timed part (the bench shares the machine).
    const load = [os.loadavg()[0]!];
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/inquiries/${id}/quotation.pdf`, headers });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`pdf: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
      if (i >= WARM_UP) times.push(took);
    }
    load.push(os.loadavg()[0]!);
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    const max = Math.max(...times);
    const md = [
      '## PDFs',
      '',
      `A priced inquiry's quotation PDF (${Math.round(bytes / 1024)} KB), downloaded ${RUNS} times one after another ` +
        `through the app and its worker pool (SQLite), after ${WARM_UP} to warm up; load average ` +
        `${load.map((l) => l.toFixed(1)).join(' at the start, ')} at the end.`,
      '',
      '| paper | p50 | p95 | max | budget |',
      '| --- | --- | --- | --- | --- |',
      `| quotation | ${p50.toFixed(0)} ms | ${p95.toFixed(0)} ms | ${max.toFixed(0)} ms | ` +
        `${p95 <= BUDGET_MS ? 'met' : 'MISSED'} (p95 ≤ ${BUDGET_MS} ms) |`,
      '',
    ].join('\n');
    console.info(md);
    saveResult('pdf', { quotation: { runs: RUNS, bytes, p50, p95, max }, load }, md);
  } finally {
    await app.close();
    await target.drop();
  }
}

await main();
