// GET /sitemap.xml and GET /robots.txt (D28), public.
import type { FastifyPluginAsync } from 'fastify';
import { listPackages } from '../packages/package.service';
import { renderRobots, renderSitemap } from './crawling';

// For crawlers, not API clients: left out of the OpenAPI document.
const crawlerRoute = { config: { access: 'public' as const }, schema: { hide: true } };

export const seoRoutes: FastifyPluginAsync = async (app) => {
  const robots = renderRobots(app.config.SITE_URL);
  app.get('/robots.txt', crawlerRoute, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', crawlerRoute, async (_request, reply) => {
    const packages = await listPackages({ db: app.db });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderSitemap(app.config.SITE_URL, packages));
  });
};
