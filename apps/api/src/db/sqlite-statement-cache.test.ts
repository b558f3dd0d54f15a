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

  it('gives rows as objects of their columns, in every way a statement is run', () => {
    const db = database();
    const cached = withStatementCache(db);
    cached.prepare('CREATE TABLE t (a INTEGER, "b c" TEXT, "d""e" TEXT)').run([]);
    expect(cached.prepare('INSERT INTO t VALUES (?, ?, ?)').run([1, 'x', null])).toMatchObject({ changes: 1 });
    cached.prepare('INSERT INTO t VALUES (?, ?, ?)').run([2, 'y', 'z']);
    const select = cached.prepare('SELECT * FROM t ORDER BY a');
    expect(select.all([])).toEqual([
      { a: 1, 'b c': 'x', 'd"e': null },
      { a: 2, 'b c': 'y', 'd"e': 'z' },
    ]);
    expect([...cached.prepare('SELECT a FROM t WHERE a > ?').iterate([1])]).toEqual([{ a: 2 }]);
    // A repeated name keeps the last column's value, as better-sqlite3's own objects do.
    const same = 'SELECT 1 AS n, 2 AS n';
    expect(cached.prepare(same).all([])).toEqual(db.prepare(same).all());
    expect(cached.prepare('INSERT INTO t VALUES (3, null, null) RETURNING a').all([])).toEqual([{ a: 3 }]);
  });
});
