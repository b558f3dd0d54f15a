// Package rules: rows to the contract's shape, the catalogue cache behind every read and search, and
// writes that store images first and rows after (D11), never leaving files of a failed request.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import {
  KEEP_IMAGES_FIELD,
  MAX_PACKAGE_IMAGES,
  PACKAGE_MESSAGES,
  fieldErrors,
  packageFieldsSchema,
  type PackageFields,
  type PackageSearchParams,
  type TourPackage,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { badRequest, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import { removeBrochures } from '../brochure/brochure-store';
import { deleteImages, imagePathOf, keyOfImagePath } from '../uploads/image-store';
import { discardUpload, type UploadForm } from '../uploads/upload-form';
import type { ImageStorage } from '../uploads/image-storage';
import {
  deletePackageRow,
  findAllPackages,
  findPackageById,
  findPackageImages,
  inTransaction,
  insertPackage,
  replacePackageImages,
  updatePackageRow,
  type PackageRow,
} from './package.repository';

export interface CatalogueContext {
  db: Db;
  /** Where stored images live (uploads/image-storage.ts). */
  images: ImageStorage;
  log: FastifyBaseLogger;
}

const parseList = (json: string): string[] => JSON.parse(json) as string[];

function toPackage(row: PackageRow, imageKeys: readonly string[]): TourPackage {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_paise / 100,
    duration: row.duration_days,
    images: imageKeys.map(imagePathOf),
    packageOverview: row.overview,
    tourItinerary: row.itinerary,
    inclusions: parseList(row.inclusions),
    exclusions: parseList(row.exclusions),
    importantNotes: parseList(row.important_notes),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

// ---------------------------------------------------------------------------------------------------
// The catalogue cache.
//
// Every read (list, details, search) is answered from the whole catalogue mapped once and held in
// memory, and search filters it in JS. Why: the catalogue is tens to hundreds of packages (D10), so
// a scan of a few hundred pre-lowered strings costs microseconds, far less than any query round trip,
// and it keeps `GET /api/packages/search` within the decisions §8 budget (≥ 0.5× /healthz, p99 ≤ 10 ms) on both
// engines without FTS machinery. Every package write through this module drops the cache at once, so
// one process always reads its own writes. Several processes on one PostgreSQL (D29) cannot see
// each other's writes, so an entry also expires after CACHE_TTL_MS: another process's edit shows within
// a second, at the price of one query per second per process.
// ---------------------------------------------------------------------------------------------------

const CACHE_TTL_MS = 1000;

interface CatalogueEntry {
  pkg: TourPackage;
  /** `pkg` serialised once: reads send these bytes instead of serialising per request. */
  json: Buffer;
  /** Name, destinations and overview, lower-cased once for search. */
  haystack: string;
}

interface Catalogue {
  entries: CatalogueEntry[];
  /** The whole list, serialised. */
  json: Buffer;
  byId: Map<string, CatalogueEntry>;
  /** The whole list's answer (ETag, compressed forms). */
  all: JsonAnswer;
  /** Search answers by the ids they hold: many searches share one (none, all, a region's few). */
  searches: Map<string, JsonAnswer>;
  loadedAt: number;
}

/** Distinct search answers kept per cache load; a full map starts over, so arbitrary queries stay bounded. */
const MAX_CACHED_SEARCHES = 128;

class CatalogueCache {
  private generation = 0;
  private current: Catalogue | undefined;
  private loading: Promise<Catalogue> | undefined;

  get(db: Db): Promise<Catalogue> {
    if (this.current && Date.now() - this.current.loadedAt < CACHE_TTL_MS) return Promise.resolve(this.current);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = loadCatalogue(db).then(
      (catalogue) => {
        // A write that landed while this load ran makes its result stale: serve it to those who
        // asked before the write, but do not keep it.
        if (generation === this.generation) this.current = catalogue;
        if (this.loading === loading) this.loading = undefined;
        return catalogue;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }

  invalidate() {
    this.generation += 1;
    this.current = undefined;
    this.loading = undefined;
  }
}

/** One cache per database handle, so every app (and every test app) has its own. */
const caches = new WeakMap<Db, CatalogueCache>();
function cacheOf(db: Db): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogueCache();
    caches.set(db, cache);
  }
  return cache;
}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const { packages, images } = await findAllPackages(db);
  const keysByPackage = new Map<string, string[]>();
  for (const img of images) {
    const keys = keysByPackage.get(img.package_id);
    if (keys) keys.push(img.file_key);
    else keysByPackage.set(img.package_id, [img.file_key]);
  }
  const entries = packages.map((row) => {
    const pkg = toPackage(row, keysByPackage.get(row.id) ?? []);
    return {
      pkg,
      json: Buffer.from(JSON.stringify(pkg)),
      haystack: `${row.name}\n${row.description}\n${row.overview}`.toLowerCase(),
    };
  });
  const json = joinJson(entries);
  return {
    entries,
    json,
    all: jsonAnswer(json),
    byId: new Map(entries.map((e) => [e.pkg._id, e])),
    searches: new Map(),
    loadedAt: Date.now(),
  };
}

/**
 * A search's answer: its JSON bytes and an ETag that is their digest, so it stays the same across the cache's
 * reloads (and processes) while the catalogue does not change; compressed forms are kept by that ETag.
 */
export interface JsonAnswer {
  json: Buffer;
  etag: string;
}

const jsonAnswer = (json: Buffer): JsonAnswer => ({
  json,
  etag: `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
});

/** Compressed answers by ETag and encoding; bounded like the searches (a full map starts over). */
const compressed = new Map<string, Buffer>();

/**
 * An answer compressed as `encoding`, once per distinct answer: compressing a catalogue search per request was
 * most of what it cost a browser (docs/performance.md, "API throughput").
 */
export function compressedAnswer(answer: JsonAnswer, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}${answer.etag}`;
  let body = compressed.get(key);
  if (!body) {
    if (compressed.size >= 2 * MAX_CACHED_SEARCHES) compressed.clear();
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(answer.json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.json.length,
            },
          })
        : zlib.gzipSync(answer.json, { level: 9 });
    compressed.set(key, body);
  }
  return body;
}

const COMMA = Buffer.from(',');
const joinJson = (entries: readonly CatalogueEntry[]) =>
  Buffer.concat([Buffer.from('['), ...entries.flatMap((e, i) => (i ? [COMMA, e.json] : [e.json])), Buffer.from(']')]);

/** Drops the cached catalogue (after any package write, including the demo seed's). */
export const invalidateCatalogue = (db: Db) => cacheOf(db).invalidate();

// ---------------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------------

// Each read has a `…Json` twin that answers the same data as JSON bytes, built from the packages
// serialised once per cache load: a search then costs a filter and, for a set of results not seen since
// the load, a join — not a serialisation of several long itineraries, nor even the UTF-8 encoding of a
// string, per request (the decisions §8 search budget, docs/performance.md). The route schemas still describe the
// shape for the docs, and the tests parse these answers with the contract's schemas.

/** Every package, newest first. */
export async function listPackages(ctx: Pick<CatalogueContext, 'db'>): Promise<TourPackage[]> {
  return (await cacheOf(ctx.db).get(ctx.db)).entries.map((e) => e.pkg);
}
export async function listPackagesJson(ctx: Pick<CatalogueContext, 'db'>): Promise<Buffer> {
  return (await cacheOf(ctx.db).get(ctx.db)).json;
}

async function findEntry(ctx: Pick<CatalogueContext, 'db'>, id: string): Promise<CatalogueEntry> {
  const entry = isId(id) ? (await cacheOf(ctx.db).get(ctx.db)).byId.get(id.toLowerCase()) : undefined;
  if (!entry) throw notFound(PACKAGE_MESSAGES.notFound);
  return entry;
}

/** One package; 404 for unknown and malformed ids alike. */
export async function getPackage(ctx: Pick<CatalogueContext, 'db'>, id: string): Promise<TourPackage> {
  return (await findEntry(ctx, id)).pkg;
}
export async function getPackageJson(ctx: Pick<CatalogueContext, 'db'>, id: string): Promise<Buffer> {
  return (await findEntry(ctx, id)).json;
}

/**
 * Packages whose name, destinations or overview contain every word of `search` (case-insensitive,
 * plain substrings: no wildcards to escape), within the inclusive price and duration ranges; newest first.
 */
function matchEntries({ entries }: Catalogue, query: PackageSearchParams) {
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const { minPrice = -Infinity, maxPrice = Infinity, minDuration = -Infinity, maxDuration = Infinity } = query;
  return entries.filter(
    ({ pkg, haystack }) =>
      pkg.price >= minPrice &&
      pkg.price <= maxPrice &&
      pkg.duration >= minDuration &&
      pkg.duration <= maxDuration &&
      words.every((w) => haystack.includes(w)),
  );
}

export async function searchPackagesJson(
  ctx: Pick<CatalogueContext, 'db'>,
  query: PackageSearchParams,
): Promise<JsonAnswer> {
  const catalogue = await cacheOf(ctx.db).get(ctx.db);
  const matched = matchEntries(catalogue, query);
  if (matched.length === catalogue.entries.length) return catalogue.all;
  const key = matched.map((e) => e.pkg._id).join();
  let answer = catalogue.searches.get(key);
  if (!answer) {
    if (catalogue.searches.size >= MAX_CACHED_SEARCHES) catalogue.searches.clear();
    answer = jsonAnswer(joinJson(matched));
    catalogue.searches.set(key, answer);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------
// Writes.
// ---------------------------------------------------------------------------------------------------

/** The form's text fields through the contract schema; a 400 naming every bad field otherwise. */
function parsePackageFields(fields: ReadonlyMap<string, readonly string[]>): PackageFields {
  const input: Record<string, unknown> = {};
  for (const name of Object.keys(packageFieldsSchema.shape)) {
    const values = fields.get(name);
    // A repeated list field (one item per part) is accepted as well as one text with line breaks.
    if (values) input[name] = values.length === 1 ? values[0] : values;
  }
  const parsed = packageFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    throw badRequest(Object.values(errors)[0] ?? PACKAGE_MESSAGES.addFailed, errors);
  }
  return parsed.data;
}

function rowValues(fields: PackageFields) {
  return {
    name: fields.name,
    description: fields.description,
    price_paise: Math.round(fields.price * 100),
    duration_days: fields.duration,
    overview: fields.packageOverview,
    itinerary: fields.tourItinerary,
    inclusions: JSON.stringify(fields.inclusions),
    exclusions: JSON.stringify(fields.exclusions),
    important_notes: JSON.stringify(fields.importantNotes),
  };
}

function checkImageCount(count: number) {
  if (count === 0) throw badRequest(PACKAGE_MESSAGES.atLeastOneImage, { images: PACKAGE_MESSAGES.atLeastOneImage });
  if (count > MAX_PACKAGE_IMAGES) {
    throw badRequest(PACKAGE_MESSAGES.tooManyImages, { images: PACKAGE_MESSAGES.tooManyImages });
  }
}

/**
 * Creates a package from fields whose images are already stored (`imageKeys`, in order). The caller
 * drops the catalogue cache once the write is committed (invalidateCatalogue).
 */
export async function insertPackageWithImages(
  db: DbOrTx,
  fields: PackageFields,
  imageKeys: readonly string[],
): Promise<TourPackage> {
  checkImageCount(imageKeys.length);
  const at = now();
  const row: PackageRow = { id: newId(), ...rowValues(fields), created_at: at, updated_at: at };
  await inTransaction(db, async (trx) => {
    await insertPackage(trx, row);
    await replacePackageImages(
      trx,
      row.id,
      imageKeys.map((file_key) => ({ id: newId(), file_key, created_at: at })),
    );
  });
  return toPackage(row, imageKeys);
}

/** POST /api/packages: the uploaded form (images already stored) becomes a package, or its files go. */
export async function createPackage(ctx: CatalogueContext, form: UploadForm): Promise<TourPackage> {
  try {
    const created = await insertPackageWithImages(ctx.db, parsePackageFields(form.fields), form.imageKeys);
    invalidateCatalogue(ctx.db);
    return created;
  } catch (err) {
    await discardUpload(ctx.images, form.imageKeys, ctx.log);
    throw err;
  }
}

/** 404 before any upload is processed for a package that is not there. */
export async function assertPackageExists(ctx: Pick<CatalogueContext, 'db'>, id: string): Promise<void> {
  if (!isId(id) || !(await findPackageById(ctx.db, id.toLowerCase()))) throw notFound(PACKAGE_MESSAGES.notFound);
}

/** `keepImages` as stored keys, in order, without repeats; undefined when the field was not sent. */
function keepList(fields: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const values = fields.get(KEEP_IMAGES_FIELD);
  if (!values) return undefined;
  const keys: string[] = [];
  for (const value of values) {
    if (value.trim() === '') continue;
    const key = keyOfImagePath(value);
    if (!key)
      throw badRequest(PACKAGE_MESSAGES.keepUnknownImage, { [KEEP_IMAGES_FIELD]: PACKAGE_MESSAGES.keepUnknownImage });
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * PUT /api/packages/{id}: replaces the text fields; keeps the images named by `keepImages` (all when
 * absent) in that order and appends the new ones. Files of dropped images are deleted after the commit.
 */
export async function updatePackage(ctx: CatalogueContext, id: string, form: UploadForm): Promise<TourPackage> {
  let removedKeys: string[];
  let updated: TourPackage;
  try {
    const fields = parsePackageFields(form.fields);
    const keep = keepList(form.fields);
    const packageId = id.toLowerCase();
    ({ removedKeys, updated } = await inTransaction(ctx.db, async (trx) => {
      const existing = isId(id) ? await findPackageById(trx, packageId) : undefined;
      if (!existing) throw notFound(PACKAGE_MESSAGES.notFound);
      const current = await findPackageImages(trx, packageId);
      const byKey = new Map(current.map((img) => [img.file_key, img]));
      const kept = keep
        ? keep.map((key) => {
            const img = byKey.get(key);
            if (!img) {
              throw badRequest(PACKAGE_MESSAGES.keepUnknownImage, {
                [KEEP_IMAGES_FIELD]: PACKAGE_MESSAGES.keepUnknownImage,
              });
            }
            return img;
          })
        : current;
      const at = now();
      const images = [
        ...kept.map(({ id: imageId, file_key, created_at }) => ({ id: imageId, file_key, created_at })),
        ...form.imageKeys.map((file_key) => ({ id: newId(), file_key, created_at: at })),
      ];
      checkImageCount(images.length);
      const row: PackageRow = { ...existing, ...rowValues(fields), updated_at: Math.max(at, existing.updated_at) };
      await updatePackageRow(trx, packageId, row);
      await replacePackageImages(trx, packageId, images);
      const keptKeys = new Set(kept.map((img) => img.file_key));
      return {
        removedKeys: current.filter((img) => !keptKeys.has(img.file_key)).map((img) => img.file_key),
        updated: toPackage(
          row,
          images.map((img) => img.file_key),
        ),
      };
    }));
  } catch (err) {
    await discardUpload(ctx.images, form.imageKeys, ctx.log);
    throw err;
  }
  invalidateCatalogue(ctx.db);
  const left = await deleteImages(ctx.images, removedKeys);
  if (left.length > 0) ctx.log.error({ files: left }, 'could not delete the files of removed package images');
  // The kept brochure shows the old version; the next request makes the new one.
  if (!(await removeBrochures(ctx.images, updated._id))) ctx.log.warn({ packageId: id }, 'could not remove brochures');
  return updated;
}

/** DELETE /api/packages/{id}: the rows go first, then the files. */
export async function deletePackage(ctx: CatalogueContext, id: string): Promise<void> {
  if (!isId(id)) throw notFound(PACKAGE_MESSAGES.notFound);
  const packageId = id.toLowerCase();
  const keys = await inTransaction(ctx.db, async (trx) => {
    const images = await findPackageImages(trx, packageId);
    if (!(await deletePackageRow(trx, packageId))) throw notFound(PACKAGE_MESSAGES.notFound);
    return images.map((img) => img.file_key);
  });
  invalidateCatalogue(ctx.db);
  const left = await deleteImages(ctx.images, keys);
  if (left.length > 0) ctx.log.error({ files: left }, 'could not delete the files of a deleted package');
  if (!(await removeBrochures(ctx.images, packageId))) ctx.log.warn({ packageId }, 'could not remove brochures');
}
