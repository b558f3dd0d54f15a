// better-sqlite3 for the Node that runs us. Node 22+ gets 13.x (Node-API, prebuilt in the package): Node 24.19 changed
// node::ObjectWrap so that 12.x aborts the process when a garbage-collected statement is finalised outside JavaScript
// (an idle GC), which a server on SQLite hits within minutes. Node 20 keeps 12.x, compiled here, because 13.x's
// prebuilt binary crashes on Node 20 (decisions §3). Both have the same API; docs/dependencies.md says more.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Whether this Node takes better-sqlite3 13 (Node-API). */
const usesNodeApiSqlite = Number(process.versions.node.split('.')[0]) >= 22;

// A literal name in each require, so that knip sees both packages in use.
const SQLite = (usesNodeApiSqlite ? require('better-sqlite3-napi') : require('better-sqlite3')) as typeof BetterSqlite3;
export default SQLite;
