// GET /manifest.webmanifest (D34): what makes the web app installable, with the agency's own name.
import type { FastifyPluginAsync } from 'fastify';
import { APP_MANIFEST, appManifest } from '@safarnama/contract/offline';

export const appManifestRoutes: FastifyPluginAsync = async (app) => {
  const body = JSON.stringify(appManifest(app.config.SITE_NAME));
  // For browsers, not API clients: left out of the OpenAPI document.
  app.get(APP_MANIFEST.path, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
};
