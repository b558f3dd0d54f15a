// D33 the supplier directory's routes for Staff and the Owner (decisions §6). Thin: validate, call the service,
// answer. There is no DELETE: quotation lines keep naming a supplier, so it is deactivated with PUT instead.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  apiErrorSchema,
  idParamsSchema,
  supplierBodySchema,
  supplierListQuerySchema,
  supplierListSchema,
  supplierRateQuerySchema,
  supplierRateSchema,
  supplierSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { changeSupplier, createSupplier, getSupplier, lastRate, listSuppliers } from './supplier.service';

const tags = ['suppliers'];
const security = [{ bearer: [] }];
const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/suppliers',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'listSuppliers',
        summary: 'A page of the supplier directory in name order, searched and filtered by kind, city and active',
        description:
          `Header ${TOTAL_COUNT_HEADER}: the suppliers that match. q: words that must each appear in the name, ` +
          'city, contact person, phone or e-mail (any case); city: the whole city, any case; active: true or false.',
        security,
        querystring: supplierListQuerySchema,
        response: { 200: supplierListSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const page = await listSuppliers(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.items;
    },
  );

  app.post(
    '/api/suppliers',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'createSupplier',
        summary: 'Adds a supplier to the directory',
        description:
          'A phone/WhatsApp number (with its country, or a 10-digit Indian mobile) or an e-mail is ' +
          'needed. 409 when a supplier of the same kind, name and city exists (in any case).',
        security,
        body: supplierBodySchema,
        response: { 201: supplierSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSupplier(app.db, request.body)),
  );

  app.get(
    '/api/suppliers/:id',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'getSupplier',
        summary: 'One supplier of the directory (the quotation builder names the supplier of a line with it)',
        security,
        params: idParamsSchema,
        response: { 200: supplierSchema, ...denied, 404: apiErrorSchema },
      },
    },
    async (request) => getSupplier(app.db, request.params.id),
  );

  app.put(
    '/api/suppliers/:id',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'updateSupplier',
        summary: 'Changes a supplier; active false deactivates it (a supplier is never deleted)',
        description:
          'Every field is replaced. A deactivated supplier stays on the quotation lines that name it and is no ' +
          'longer accepted on other lines. 409 when another supplier has the same kind, name and city.',
        security,
        params: idParamsSchema,
        body: supplierBodySchema,
        response: { 200: supplierSchema, 400: apiErrorSchema, ...denied, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => changeSupplier(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/suppliers/:id/last-rate',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'getSupplierLastRate',
        summary:
          'The unit cost of the newest sent quotation line of a kind with this supplier (the builder prefills it)',
        description: 'Nulls when no sent line of that kind named the supplier. Drafts do not count.',
        security,
        params: idParamsSchema,
        querystring: supplierRateQuerySchema,
        response: { 200: supplierRateSchema, 400: apiErrorSchema, ...denied, 404: apiErrorSchema },
      },
    },
    async (request) => lastRate(app.db, request.params.id, request.query.kind),
  );
};
