import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, loadEnvFile } from './config';

describe('loadConfig', () => {
  it('gives defaults and freezes the result', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dbEngine).toBe('sqlite');
    expect(c.JWT_TTL).toBe(86400);
    expect(c.SEED_DEMO).toBe(true);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('selects PostgreSQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).dbEngine).toBe('postgres');
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['JWT_TTL', 'forever'],
    ['SEED_DEMO', 'maybe'],
    ['SITE_WHATSAPP', 'call me'],
    ['OWNER_EMAIL', 'not-an-email'],
    ['SITE_URL', 'javascript:alert(1)'],
    ['SITE_URL', 'https://example.com/?next=x'],
  ])('names %s when its value is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('takes a GSTIN only with its check character right, and then the legal name and address (D32)', () => {
    const registered = { GST_LEGAL_NAME: 'Safarnama Tours LLP', SITE_ADDRESS: '12 MG Road, Pune 411001' };
    const c = loadConfig({ ...registered, GST_NUMBER: ' 27aapfu0939f1zv ' });
    expect(c.GST_NUMBER).toBe('27AAPFU0939F1ZV');
    expect(c.GST_RATE).toBe(5);
    expect(loadConfig({}).GST_NUMBER).toBeUndefined();
    expect(loadConfig({ GST_RATE: '12.5' }).GST_RATE).toBe(12.5);
    expect(() => loadConfig({ ...registered, GST_NUMBER: '27AAPFU0939F1ZW' })).toThrow(
      /GST_NUMBER: must be a GSTIN of 15 characters whose last character checks/,
    );
    expect(() => loadConfig({ ...registered, GST_NUMBER: '27AAPFU0939F1Z' })).toThrow(/GST_NUMBER/);
    expect(() => loadConfig({ GST_NUMBER: '27AAPFU0939F1ZV' })).toThrow(
      /GST_LEGAL_NAME: is required when GST_NUMBER is set\n {2}SITE_ADDRESS: is required when GST_NUMBER is set/,
    );
    expect(() => loadConfig({ GST_NUMBER: '27AAPFU0939F1ZV', GST_LEGAL_NAME: 'X' })).toThrow(
      /SITE_ADDRESS: is required when GST_NUMBER is set/,
    );
    for (const rate of ['0', '-5', '29', '5.125', 'five']) {
      expect(() => loadConfig({ GST_RATE: rate }), rate).toThrow(/GST_RATE/);
    }
  });

  it('seeds the demo by default only on the embedded SQLite without an Owner of its own (D24)', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ OWNER_EMAIL: 'owner@agency.in', OWNER_PASSWORD: 'Owner#Pass1' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: '' }).SEED_DEMO).toBe(true);
  });

  it('reads a .env file without overriding the environment, and names the file when it is bad', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-env-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, 'SAFARNAMA_TEST_FROM_FILE=file\nSAFARNAMA_TEST_BOTH=file\n');
    process.env.SAFARNAMA_TEST_BOTH = 'environment';
    try {
      loadEnvFile(file);
      expect(process.env.SAFARNAMA_TEST_FROM_FILE).toBe('file');
      expect(process.env.SAFARNAMA_TEST_BOTH).toBe('environment');
      expect(() => loadEnvFile(path.join(dir, 'absent.env'))).not.toThrow();
    } finally {
      delete process.env.SAFARNAMA_TEST_FROM_FILE;
      delete process.env.SAFARNAMA_TEST_BOTH;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes SITE_URL without its trailing slash, by default the local address', () => {
    expect(loadConfig({ SITE_URL: 'https://tours.example.in/' }).SITE_URL).toBe('https://tours.example.in');
    expect(loadConfig({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
  });

  it('parses durations', () => {
    expect(loadConfig({ JWT_TTL: '30m' }).JWT_TTL).toBe(1800);
    expect(loadConfig({ JWT_TTL: '7d' }).JWT_TTL).toBe(604800);
  });
});
