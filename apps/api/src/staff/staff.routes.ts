// /api/auth/staff: list (back office), create and remove (Owner).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_MESSAGES,
  createStaffBodySchema,
  idParamsSchema,
  inquiryHandlerSchema,
  messageResponseSchema,
  staffMemberSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { createStaff, listFormerStaff, listHandlers, listStaff, removeStaff } from './staff.service';

const secured = { tags: ['staff'], security: [{ bearer: [] }] };

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/staff',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'listStaff',
        summary: 'The staff accounts (Staff, Owner)',
        ...secured,
        response: { 200: z.array(staffMemberSchema) },
      },
    },
    async () => listStaff(app),
  );

  app.get(
    '/api/auth/staff/former',
    {
      config: { access: roles.owner },
      schema: {
        ...secured,
        operationId: 'listFormerStaff',
        summary: 'List removed Staff members, who can be re-enabled (Owner)',
        response: { 200: z.array(staffMemberSchema) },
      },
    },
    async () => listFormerStaff(app),
  );

  // The inquiry editor's handler dropdown: the Staff list plus the Owner, whom a Staff editor may assign too.
  app.get(
    '/api/auth/handlers',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'listHandlers',
        summary: 'Who an inquiry may be assigned to: active Staff and the Owner',
        ...secured,
        response: { 200: z.array(inquiryHandlerSchema) },
      },
    },
    async () => listHandlers(app),
  );

  app.post(
    '/api/auth/staff',
    {
      config: { access: roles.owner, rateLimit: app.limit(30, '1 minute') },
      schema: {
        operationId: 'createStaff',
        summary: 'Add a staff account (Owner)',
        ...secured,
        body: createStaffBodySchema,
        response: { 201: staffMemberSchema },
      },
    },
    async (request, reply) => {
      const member = await createStaff(app, request.body, request.user!.id);
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/api/auth/staff/:id',
    {
      config: { access: roles.owner },
      schema: {
        operationId: 'removeStaff',
        summary: 'Remove a staff member: the account is disabled, their inquiries keep their name (Owner)',
        ...secured,
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await removeStaff(app, request.params.id, request.user!.id);
      return { message: STAFF_MESSAGES.removed };
    },
  );
};
