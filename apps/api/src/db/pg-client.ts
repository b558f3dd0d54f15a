// The PostgreSQL client the pool opens: pg's own, but its promise-returning query() goes through pg's callback form.
//
// Why: pg 8's promise form sets the query's callback after the Query object is built, and a result answered that way
// lives on until it is promoted, so every young-generation GC copied the rows of every request since the last one,
// and its pause set the list's p95 (docs/performance.md, "PostgreSQL results that die young"). Handing pg the
// callback when the Query is built, as its callback form does, lets the rows die young; pg-gc.test.ts tells the two
// apart.
import pg from 'pg';

type Query = typeof pg.Client.prototype.query;
type Callback = (error: Error | null, result: pg.QueryResult) => void;

const pgQuery: Query = pg.Client.prototype.query;

export class PgClient extends pg.Client {}

PgClient.prototype.query = function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const call = (...args: unknown[]) => (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  // A callback given, or a Submittable (a cursor), or a config that carries its own callback: pg's path as it is.
  const own = typeof config === 'object' && config !== null && ('submit' in config || 'callback' in config);
  if (callback !== undefined || typeof values === 'function' || own) return call(config, values, callback);
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const done: Callback = (error, result) => (error ? reject(error) : resolve(result));
    call(config, values, done);
  }).catch((error: Error) => {
    // As pg does: a stack that leads back to the caller rather than to the socket's read.
    Error.captureStackTrace(error);
    throw error;
  });
} as Query;
