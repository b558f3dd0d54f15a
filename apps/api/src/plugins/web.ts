// Serves the built single-page app (hashed assets cached for a year, index.html never cached) and /uploads.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { APP_MANIFEST } from '@safarnama/contract/offline';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hintsFor, pageModules, readManifest, renderHints, withHints } from './page-hints';
import { SERVICE_WORKER_CSP, setDocumentHeaders } from './security';
import { pageHead, withHead } from '../seo/page-head';
import { LINK_PREVIEW, linkPreview } from '../seo/link-preview';
import { isBrochureName } from '../brochure/brochure-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the app's page: 200 at one of its routes, else 404 (the app then shows its 404 page). */
    serveSpa: (reply: FastifyReply, status?: 200 | 404) => Promise<FastifyReply>;
  }
}

const YEAR = 'public, max-age=31536000, immutable';

/** The longest file name a file system takes; a longer segment names no file (and the OS refuses to look). */
const NAME_MAX = 255;

/** Source maps (should a build ever emit them) stay on the server: they would publish the source. */
const isServable = (pathname: string) => !pathname.endsWith('.map');

/** A segment longer than any file name names no file: the static handler's look-up answered such paths 403. */
const namesNoFile = (url: string) =>
  url
    .split('?')[0]!
    .split('/')
    .some((segment) => segment.length > NAME_MAX);

/** Uploaded images from a folder (DATA_DIR/uploads or UPLOADS_DIR); @fastify/static sends ETags and answers 304. */
async function serveUploadedFiles(app: FastifyInstance, dir: string) {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/uploads/',
    decorateReply: false,
    // 'ignore' answers 404 for any path with a dot-segment (.env, .git/…); serveDotFiles only affects globbing.
    dotfiles: 'ignore',
    // Brochures kept in the folder (brochure/brochure-store.ts) are sent by their route, under its rate limit.
    allowedPath: (pathname) => isServable(pathname) && !isBrochureName(path.basename(pathname)),
    index: false,
    // Stored names are content-unique and never rewritten.
    setHeaders: (res) => {
      res.header('cache-control', YEAR);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d{2,4}\.webp$/;

/** Uploaded images from the database (PostgreSQL without UPLOADS_DIR), for any instance to serve (D29). */
function serveUploadedRows(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      // Stored names only (`<uuid>-<width>.webp`): anything else is not looked up.
      const name = request.params.name;
      const stored = STORED_NAME.test(name) ? await app.images.read(name) : undefined;
      if (!stored) return reply.callNotFound();
      reply.header('cache-control', YEAR).header('x-content-type-options', 'nosniff').header('etag', stored.etag);
      if (request.headers['if-none-match'] === stored.etag) return reply.status(304).send();
      return reply.type('image/webp').send(stored.body);
    },
  );
}

export default fp(
  async (app: FastifyInstance) => {
    // An id longer than any id that missed its route (maxParamLength) lands on a static wildcard; it gets the
    // router's 404 (D14's JSON under /api, the app's 404 page elsewhere), not the file system's 403.
    // Hooked on those two routes only, so no other request pays for the check.
    const refuseOverlong = async (request: FastifyRequest, reply: FastifyReply) => {
      if (namesNoFile(request.url)) return reply.callNotFound();
    };
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*' && route.url !== '/uploads/*') return;
      const existing = route.onRequest;
      route.onRequest = existing
        ? [refuseOverlong, ...(Array.isArray(existing) ? existing : [existing])]
        : [refuseOverlong];
    });

    if (app.images.dir) await serveUploadedFiles(app, app.images.dir);
    else serveUploadedRows(app);
    // Link previews (og:image), made from a stored image on first request (seo/link-preview.ts). For crawlers,
    // not API clients: left out of the OpenAPI document.
    app.get<{ Params: { file: string } }>(
      '/uploads/previews/:file',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const image = await linkPreview(app.images, request.params.file);
        if (!image) return reply.callNotFound();
        reply.header('cache-control', YEAR).header('x-content-type-options', 'nosniff').header('etag', image.etag);
        if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
        return reply.type(LINK_PREVIEW.type).send(image.body);
      },
    );

    const indexFile = path.join(app.config.WEB_DIR, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn({ webDir: app.config.WEB_DIR }, 'web app not built; serving the API only');
      return;
    }
    const indexHtml = fs.readFileSync(indexFile, 'utf8');
    const modules = pageModules(readManifest(app.config.WEB_DIR), (page, chunk) =>
      app.log.warn({ page, chunk }, 'no such chunk in the web build: the page is served without its chunk hints'),
    );
    app.decorate('serveSpa', async (reply: FastifyReply, status: 200 | 404 = 200) => {
      // Hints are an optimisation: should reading the data fail, the page still loads, in a chain.
      const [tags, head] = await Promise.all([
        hintsFor(app.db, reply.request.url, modules).then(renderHints, (err: unknown) => {
          reply.request.log.warn({ err }, 'page hints skipped');
          return '';
        }),
        pageHead(app, reply.request),
      ]);
      setDocumentHeaders(reply);
      if (head.noindex) reply.header('x-robots-tag', 'noindex, nofollow');
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withHead(withHints(indexHtml, tags), head.tags));
    });
    await app.register(fastifyStatic, {
      root: app.config.WEB_DIR,
      prefix: '/',
      index: false,
      dotfiles: 'ignore',
      allowedPath: isServable,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is looked at on every visit: a cached copy would keep an old build for an hour (D34).
        const isWorker = `/${path.basename(filePath)}` === APP_MANIFEST.serviceWorkerPath;
        res.header('cache-control', isHashed ? YEAR : isWorker ? 'no-cache' : 'public, max-age=3600');
        if (isWorker) res.header('content-security-policy', SERVICE_WORKER_CSP);
      },
    });
    // The app's page, not an API operation: kept out of the OpenAPI document.
    const page = { config: { access: 'public' as const }, schema: { hide: true } };
    app.get('/', page, (_request, reply) => app.serveSpa(reply));
    app.get('/index.html', page, (_request, reply) => app.serveSpa(reply));
  },
  { name: 'web' },
);
