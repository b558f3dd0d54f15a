// A small Express 5 server answering GET /api/packages/search from the same SQLite database, standing in for
// the original MERN-style stack in the benchmark (benchmark-only; not part of the product).
import { createRequire } from 'node:module';
import express from 'express';

// The same driver choice as apps/api/src/db/sqlite-driver.ts: 12.x on Node 20, 13.x (Node-API) on Node 22+.
const nodeApi = Number(process.versions.node.split('.')[0]) >= 22;
const Database = createRequire(import.meta.url)(nodeApi ? 'better-sqlite3-napi' : 'better-sqlite3');

const db = new Database(process.env.DB_FILE, { readonly: true });
const app = express();

const rowToPackage = (r, images) => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  price: r.price_paise / 100,
  duration: r.duration_days,
  images,
  packageOverview: r.overview,
  tourItinerary: r.itinerary,
  inclusions: JSON.parse(r.inclusions),
  exclusions: JSON.parse(r.exclusions),
  importantNotes: JSON.parse(r.important_notes),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const imagesOf = db.prepare('select file_key from package_images where package_id = ? order by position');

app.get('/api/packages/search', (req, res) => {
  const where = [];
  const params = [];
  for (const word of String(req.query.search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)) {
    where.push('(lower(name) like ? or lower(description) like ? or lower(overview) like ?)');
    params.push(`%${word}%`, `%${word}%`, `%${word}%`);
  }
  const bound = (q, col, op, scale) => {
    if (req.query[q] === undefined || req.query[q] === '') return;
    where.push(`${col} ${op} ?`);
    params.push(Number(req.query[q]) * scale);
  };
  bound('minPrice', 'price_paise', '>=', 100);
  bound('maxPrice', 'price_paise', '<=', 100);
  bound('minDuration', 'duration_days', '>=', 1);
  bound('maxDuration', 'duration_days', '<=', 1);
  const sql = `select * from packages ${where.length ? 'where ' + where.join(' and ') : ''} order by created_at desc`;
  const rows = db.prepare(sql).all(...params);
  res.json(
    rows.map((r) =>
      rowToPackage(
        r,
        imagesOf.all(r.id).map((i) => `/uploads/${i.file_key}-960.webp`),
      ),
    ),
  );
});

app.listen(Number(process.env.PORT), '127.0.0.1');
