import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from './sqlite-driver';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('the SQLite statement cache', () => {
  const open: BetterSqlite3.Database[] = [];
  const database = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-statements-'));
    const db = new SQLite(path.join(dir, 'test.db'));
    open.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
  });

  it('hands back the statement it prepared for the same text, and a new one for another', () => {
    const cached = withStatementCache(database());
    const first = cached.prepare('SELECT 1 AS n');
    expect(cached.prepare('SELECT 1 AS n')).toBe(first);
    expect(cached.prepare('SELECT 2 AS n')).not.toBe(first);
    expect(first.all([])).toEqual([{ n: 1 }]);
  });

  it('lets the least recently used statement go past its size', () => {
    const cached = withStatementCache(database(), 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(a); // now the most recent
    cached.prepare('SELECT 3'); // pushes out SELECT 2
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('answers from the current schema after it changes', () => {
    const db = database();
    const cached = withStatementCache(db);
    db.exec('CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)');
    expect(cached.prepare('SELECT * FROM t').all([])).toEqual([{ a: 1 }]);
    db.exec('ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2');
    expect(cached.prepare('SELECT * FROM t').all([])).toEqual([{ a: 1, b: 2 }]);
  });
});
