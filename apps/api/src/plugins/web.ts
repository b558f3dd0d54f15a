// Serves the built single-page app (hashed assets cached for a year, index.html never cached) and /uploads.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hintsFor, pageModules, readManifest, renderHints, withHints } from './page-hints';
import { setDocumentHeaders } from './security';
import { pageHeadTags, withHead } from '../seo/page-head';

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa: (reply: FastifyReply) => Promise<FastifyReply>;
  }
}

const YEAR = 'public, max-age=31536000, immutable';

/** Source maps (should a build ever emit them) stay on the server: they would publish the source. */
const isServable = (pathname: string) => !pathname.endsWith('.map');

export default fp(
  async (app: FastifyInstance) => {
    const uploadsDir = path.join(app.config.DATA_DIR, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      // 'ignore' answers 404 for any path with a dot-segment (.env, .git/…); serveDotFiles only affects globbing.
      dotfiles: 'ignore',
      allowedPath: isServable,
      index: false,
      // Stored names are content-unique and never rewritten.
      setHeaders: (res) => {
        res.header('cache-control', YEAR);
        res.header('x-content-type-options', 'nosniff');
      },
    });

    const indexFile = path.join(app.config.WEB_DIR, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn({ webDir: app.config.WEB_DIR }, 'web app not built; serving the API only');
      return;
    }
    const indexHtml = fs.readFileSync(indexFile, 'utf8');
    const modules = pageModules(readManifest(app.config.WEB_DIR));
    app.decorate('serveSpa', async (reply: FastifyReply) => {
      // Hints are an optimisation: should reading the data fail, the page still loads, in a chain.
      const [tags, head] = await Promise.all([
        hintsFor(app.db, reply.request.url, modules).then(renderHints, (err: unknown) => {
          reply.request.log.warn({ err }, 'page hints skipped');
          return '';
        }),
        pageHeadTags(app, reply.request),
      ]);
      setDocumentHeaders(reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withHead(withHints(indexHtml, tags), head));
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
        res.header('cache-control', isHashed ? YEAR : 'public, max-age=3600');
      },
    });
    app.get('/', { config: { access: 'public' } }, (_request, reply) => app.serveSpa(reply));
    app.get('/index.html', { config: { access: 'public' } }, (_request, reply) => app.serveSpa(reply));
  },
  { name: 'web' },
);
