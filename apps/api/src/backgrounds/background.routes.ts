// Background image routes (spec §7): a public list, Owner-only upload and delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKGROUND_MESSAGES,
  apiErrorSchema,
  backgroundListSchema,
  idParamsSchema,
  messageResponseSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { readUploadForm } from '../uploads/upload-form';
import { withMultipart } from '../uploads/multipart';
import { createBackgrounds, deleteBackground, listBackgrounds } from './background.service';

const tags = ['backgrounds'];

export const backgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/backgrounds',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listBackgrounds',
        tags,
        summary: 'Hero backgrounds in display order',
        response: { 200: backgroundListSchema },
      },
    },
    async () => listBackgrounds({ db: app.db }),
  );

  await withMultipart(app, (uploads) => {
    uploads.post(
      '/api/backgrounds',
      {
        config: { access: roles.owner },
        schema: {
          operationId: 'createBackgrounds',
          tags,
          summary: 'Upload backgrounds (Owner)',
          description: 'multipart/form-data: images (files, repeated). Answers the new backgrounds.',
          consumes: ['multipart/form-data'],
          response: { 201: backgroundListSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const form = await readUploadForm(request, app.images);
        const created = await createBackgrounds({ db: app.db, images: app.images, log: request.log }, form);
        return reply.status(201).send(created);
      },
    );
  });

  app.delete(
    '/api/backgrounds/:id',
    {
      config: { access: roles.owner },
      schema: {
        operationId: 'deleteBackground',
        summary: 'Delete a background image (Owner)',
        tags,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteBackground({ db: app.db, images: app.images, log: request.log }, request.params.id);
      return { message: BACKGROUND_MESSAGES.deleted };
    },
  );
};
