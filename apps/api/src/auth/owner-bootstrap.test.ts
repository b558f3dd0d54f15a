// D2: OWNER_EMAIL / OWNER_PASSWORD / OWNER_NAME create a verified Owner at start when none exists.
import { describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../test/helper';
import { createUser } from '../test/factories';
import { runStartupTasks } from '../startup';

const OWNER_PASSWORD = 'Owner#Secret42';

describe.each(testEngines)('owner bootstrap on %s', (engine) => {
  it('creates the Owner once, logs it without the password, and the Owner can log in', async () => {
    const t = await createTestApp(engine, {
      OWNER_EMAIL: 'Boss@Agency.example',
      OWNER_PASSWORD,
      OWNER_NAME: 'Priya Boss',
    });
    try {
      await runStartupTasks(t.app);
      await runStartupTasks(t.app);
      const owners = await t.app.db.selectFrom('users').selectAll().where('role', '=', 'Owner').execute();
      expect(owners).toHaveLength(1);
      expect(owners[0]).toMatchObject({ email: 'boss@agency.example', name: 'Priya Boss', disabled_at: null });
      expect(owners[0]!.email_verified_at).not.toBeNull();

      const logs = t.logs.join('');
      expect(logs).toContain('Owner bootstrap: created the Owner account boss@agency.example');
      expect(logs.match(/Owner bootstrap/g)).toHaveLength(1);
      expect(logs).not.toContain(OWNER_PASSWORD);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'boss@agency.example', password: OWNER_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role: 'Owner', name: 'Priya Boss' });
    } finally {
      await t.close();
    }
  });

  it('does nothing when an Owner already exists or no OWNER_EMAIL is set', async () => {
    const t = await createTestApp(engine, { OWNER_EMAIL: 'second@agency.example', OWNER_PASSWORD });
    try {
      await createUser(t, { role: 'Owner', email: 'first@agency.example' });
      await runStartupTasks(t.app);
      const owners = await t.app.db.selectFrom('users').select('email').where('role', '=', 'Owner').execute();
      expect(owners).toEqual([{ email: 'first@agency.example' }]);
    } finally {
      await t.close();
    }
    const bare = await createTestApp(engine);
    try {
      await runStartupTasks(bare.app);
      expect(await bare.app.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('promotes the account that already uses OWNER_EMAIL and revokes its tokens', async () => {
    const t = await createTestApp(engine, { OWNER_EMAIL: 'me@agency.example', OWNER_PASSWORD });
    try {
      const existing = await createUser(t, { role: 'Customer', email: 'me@agency.example' });
      await runStartupTasks(t.app);
      const row = await t.app.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('Owner');
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${existing.token}` },
      });
      expect(old.statusCode).toBe(401);
      expect(t.logs.join('')).toContain('promoted me@agency.example to Owner');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with an OWNER_PASSWORD that breaks the password rule', async () => {
    const t = await createTestApp(engine, { OWNER_EMAIL: 'weak@agency.example', OWNER_PASSWORD: 'password' });
    try {
      await expect(runStartupTasks(t.app)).rejects.toThrow(/OWNER_PASSWORD/);
      expect(await t.app.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
