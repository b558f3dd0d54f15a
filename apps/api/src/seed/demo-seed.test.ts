import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INQUIRY_SOURCES,
  INQUIRY_STATUSES,
  isStrongPassword,
  kolkataDate,
  kolkataDayBounds,
  type BackgroundImage,
  type InquiryEvent,
  type InquiryView,
  type TourPackage,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { uploadsDirOf } from '../uploads/image-store';
import { DEMO_ACCOUNTS, DEMO_LOGINS_FILE, generateDemoPassword, readDemoLogins } from './demo-accounts';
import { hashPassword } from '../auth/password-hash';
import { findUserByEmail, updateUser } from '../users/user.repository';
import { seedDemoAgency } from './demo-seed';

describe.each(testEngines)('demo seed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SEED_DEMO: 'true' });
    expect(await seedDemoAgency(t.app, { printTable: false })).toBe('seeded');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('makes about a dozen complete packages with locally drawn images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/packages' });
    const packages = res.json<TourPackage[]>();
    expect(packages.length).toBeGreaterThanOrEqual(10);
    const names = packages.map((p) => p.name).join(' ');
    for (const place of ['Kerala', 'Ladakh', 'Rajasthan', 'Goa', 'Andaman', 'Varanasi', 'Spiti', 'Sikkim']) {
      expect(names).toContain(place);
    }
    for (const p of packages) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.tourItinerary).toMatch(/\*\*Day 1:.*\*\*\n/);
      expect(p.packageOverview).toContain('**');
      expect(p.inclusions.length).toBeGreaterThan(2);
      expect(p.exclusions.length).toBeGreaterThan(1);
      expect(p.importantNotes.length).toBeGreaterThan(1);
      expect(p.price).toBeGreaterThan(0);
    }
    const image = await t.app.inject({ method: 'GET', url: packages[0]!.images[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The first package (newest) is the one the seed lists last.
    expect(packages[0]!.name).toBe('Kerala Backwaters & Hills');
  });

  it('makes several hero backgrounds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/backgrounds' });
    expect(res.json<BackgroundImage[]>().length).toBeGreaterThanOrEqual(4);
  });

  it('creates demo accounts with passwords generated for this data folder, kept in demo-logins.txt (D24)', async () => {
    const file = path.join(t.config.DATA_DIR, DEMO_LOGINS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const logins = readDemoLogins(t.config.DATA_DIR);
    expect(logins.map((l) => [l.role, l.email])).toEqual(DEMO_ACCOUNTS.map((a) => [a.role, a.email]));
    for (const login of logins) {
      expect(isStrongPassword(login.password)).toBe(true);
      // The passwords once published in the repository open nothing.
      for (const published of ['Owner@123', 'Staff@123', 'Customer@123']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: login.email, password: published },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login.email, password: login.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().token).toEqual(expect.any(String));
    }
    const logged = t.logs.find((line) => line.includes('"demo_logins"'));
    expect(logged).toBeDefined();
    for (const login of logins) expect(logged).toContain(login.password);
  });

  it('generates different strong passwords every time', () => {
    const passwords = Array.from({ length: 200 }, generateDemoPassword);
    expect(new Set(passwords).size).toBe(200);
    for (const p of passwords) expect(isStrongPassword(p)).toBe(true);
  });

  it('makes a few dozen inquiries across every status and every back-office member', async () => {
    const rows = await t.app.db
      .selectFrom('inquiries')
      .select(['status', 'staff_id', 'customer_user_id', 'tpc_paise', 'advance_paise'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(INQUIRY_STATUSES));
    const users = await t.app.db.selectFrom('users').select(['id', 'email', 'role']).execute();
    for (const u of users.filter((u) => u.role !== 'Customer')) {
      expect(
        rows.some((r) => r.staff_id === u.id),
        u.email,
      ).toBe(true);
    }
    expect(rows.some((r) => r.staff_id === null)).toBe(true);
    const customer = users.find((u) => u.email === 'customer@safarnama.example')!;
    expect(rows.filter((r) => r.customer_user_id === customer.id).length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.advance_paise).toBeLessThanOrEqual(r.tpc_paise);
    const events = await t.app.db
      .selectFrom('inquiry_events')
      .select('inquiry_id')
      .where('type', '=', 'created')
      .execute();
    expect(events.length).toBe(rows.length);
  });

  it("shows a day's work: every source, travel dates, Book Now's package, notes and follow-ups due", async () => {
    const owner = readDemoLogins(t.config.DATA_DIR).find((l) => l.role === 'Owner')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    const headers = bearer(login.json<{ token: string }>().token);
    // Each bucket of "My follow-ups" and the list's filter has some, every one with a handler. In the last minutes
    // of a day in India, today's may already be past: that bucket is then not asked for.
    const lateInTheDay = kolkataDayBounds(Date.now()).end - Date.now() < 5 * 60_000;
    for (const followUp of lateInTheDay
      ? (['overdue', 'upcoming'] as const)
      : (['overdue', 'today', 'upcoming'] as const)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/inquiries?followUp=${followUp}`, headers });
      const items = res.json<InquiryView[]>();
      expect(items.length, followUp).toBeGreaterThan(0);
      for (const item of items) expect(item.staff, followUp).not.toBeNull();
    }

    const rows = await t.app.db
      .selectFrom('inquiries')
      .leftJoin('packages', 'packages.id', 'inquiries.package_id')
      .select(['inquiries.id', 'status', 'source', 'travel_date', 'package_title', 'packages.name as package_name'])
      .execute();
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(INQUIRY_SOURCES));
    const today = kolkataDate(Date.now());
    for (const r of rows.filter((r) => r.travel_date !== null)) {
      if (r.status === 'Completed') expect(r.travel_date! < today, r.travel_date!).toBe(true);
      else expect(r.travel_date! > today, r.travel_date!).toBe(true);
    }
    const booked = rows.filter((r) => r.package_title !== null);
    expect(booked.length).toBeGreaterThan(0);
    for (const r of booked) expect(r.package_name).toBe(r.package_title);

    const noted = await t.app.db.selectFrom('inquiry_events').select('inquiry_id').where('type', '=', 'note').execute();
    expect(noted.length).toBeGreaterThan(0);
    const events = await t.app.inject({ method: 'GET', url: `/api/inquiries/${noted[0]!.inquiry_id}/events`, headers });
    const note = events.json<InquiryEvent[]>().find((e) => e.type === 'note')!;
    expect(note.to).toMatch(/\w/);
    expect(note.actor?.name).toEqual(expect.any(String));
  });

  it('is skipped on a database that is no longer empty, changing nothing', async () => {
    const files = fs.readdirSync(uploadsDirOf(t.config.DATA_DIR)).length;
    const packages = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<unknown[]>().length;
    const lines = t.logs.length;
    expect(await seedDemoAgency(t.app, { printTable: false })).toBe('skipped');
    expect(fs.readdirSync(uploadsDirOf(t.config.DATA_DIR)).length).toBe(files);
    // A later start prints the kept logins that still work, and not one whose password was changed.
    const [owner, ...others] = readDemoLogins(t.config.DATA_DIR);
    const ownerRow = await findUserByEmail(t.app.db, owner!.email);
    await updateUser(t.app.db, ownerRow!.id, { password_hash: await hashPassword('Changed#Pass1') });
    expect(await seedDemoAgency(t.app, { printTable: false })).toBe('skipped');
    const printed = t.logs.slice(lines).filter((line) => line.includes('"demo_logins"'));
    expect(printed).toHaveLength(2);
    expect(printed[1]).not.toContain(owner!.email);
    for (const login of others) expect(printed[1]).toContain(login.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/packages' })).json<unknown[]>().length).toBe(packages);
  });
});

describe.each(testEngines)('demo seed switches on %s', (engine) => {
  it('does nothing with SEED_DEMO=false', async () => {
    const t = await createTestApp(engine, { SEED_DEMO: 'false' });
    try {
      expect(await seedDemoAgency(t.app, { printTable: false })).toBe('disabled');
      expect((await t.app.inject({ method: 'GET', url: '/api/packages' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('leaves an agency with its own staff alone', async () => {
    const t = await createTestApp(engine, { SEED_DEMO: 'true' });
    try {
      await createUser(t, { role: 'Staff' });
      expect(await seedDemoAgency(t.app, { printTable: false })).toBe('skipped');
      expect((await t.app.inject({ method: 'GET', url: '/api/packages' })).json()).toEqual([]);
      expect(fs.readdirSync(uploadsDirOf(t.config.DATA_DIR))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
