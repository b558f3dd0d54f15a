// Inquiry routes (spec §7, decisions §6, D10): capture, the list with its count headers, details, events,
// edit and soft delete. Thin: validate, call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INQUIRY_MESSAGES,
  TOTAL_COUNT_CAPPED_HEADER,
  SEARCH_COUNT_LIMIT,
  TOTAL_COUNT_HEADER,
  UNFILTERED_COUNT_HEADER,
  apiErrorSchema,
  createInquiryBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idParamsSchema,
  idempotentCreateHeadersSchema,
  inquiryEventListSchema,
  inquiryEventSchema,
  inquiryNoteBodySchema,
  inquiryListQuerySchema,
  inquiryListSchema,
  inquirySchema,
  inquiryViewSchema,
  messageResponseSchema,
  statusCountListSchema,
  updateInquiryBodySchema,
} from '@safarnama/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database';
import { idempotentCreate } from '../idempotency/idempotent-create';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { now } from '../lib/clock';
import { findShownQuotations } from '../quotes/quote-seen';
import { isBackOffice } from './inquiry.policy';
import {
  addInquiryNote,
  createInquiry,
  createInquiryContext,
  deleteInquiry,
  getInquiry,
  listInquiryEvents,
  listStatusCounts,
  markInquiryContacted,
  updateInquiry,
  viewFor,
} from './inquiry.service';
import { listInquiries } from './inquiry-list.service';

const tags = ['inquiries'];
/**
 * D15: inquiries without a token (createPublic, and createLoggedIn sent without one) share one budget per
 * client address; the logged-in form allows an office's pace. An e-mail address gets a few inquiries an hour
 * from each sender (a signed-in Customer, else a client address), so one sender cannot spend another's, and at
 * most `perEmail` from everyone outside the back office, the ceiling that keeps its mailbox from a flood of
 * receipts. A Customer signed in with that very address is never held to the ceiling: others' use of the
 * address cannot stop its owner's inquiry (issue 49).
 */
export const INQUIRY_LIMITS = {
  publicPerClient: [5, '1 minute'],
  loggedInPerClient: [30, '1 minute'],
  perSenderEmail: [5, '1 hour'],
  perEmail: [20, '1 hour'],
} as const satisfies Record<string, readonly [number, string]>;

/** D34, in both create routes' OpenAPI description. */
const IDEMPOTENCY_DESCRIPTION =
  `Send an ${IDEMPOTENCY_KEY_HEADER} header (for example a random UUID) to make a retry safe: for ` +
  `${IDEMPOTENCY_KEY_TTL_HOURS} hours a repeat with the same key and body from the same caller (the account, or ` +
  `for a request without a token the client address) creates nothing and gets the first answer again, with ` +
  `${IDEMPOTENT_REPLAYED_HEADER}: true; while the first is still running, the repeat waits for it (409 if it ` +
  `takes too long). The same key with a different body is 422; a malformed key 400. Only a created inquiry's ` +
  `answer is kept: after an error the key is free again.`;

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { ...createInquiryContext(app.db, app.dbEngine), notifier: app.notifier };
  const user = (request: FastifyRequest) => request.user!;
  // D34: a create with an Idempotency-Key is made once; both routes are the one operation.
  const idempotent = idempotentCreate(app, 'inquiries.create');
  const created = async (request: FastifyRequest, reply: FastifyReply, body: Parameters<typeof createInquiry>[2]) => {
    const recorder = idempotent.recorderFor(request);
    const recordAnswer = recorder && ((db: DbOrTx, answer: unknown) => recorder(db, 201, answer));
    const result = await createInquiry(ctx, request.user, body, recordAnswer);
    if (result.discarded) request.log.info({ event: 'honeypot' }, 'inquiry discarded: honeypot field filled');
    return reply.status(201).send(result.inquiry);
  };

  const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email.toLowerCase();
  const senderOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `client:${request.ip}`);
  const publicPerClient = app.budget(...INQUIRY_LIMITS.publicPerClient, (request) =>
    limitKey('inquiry-public', request.ip),
  );
  const perSenderEmail = app.budget(...INQUIRY_LIMITS.perSenderEmail, (request) =>
    limitKey('inquiry-sender-email', senderOf(request), emailOf(request)),
  );
  const perEmail = app.budget(...INQUIRY_LIMITS.perEmail, (request) => limitKey('inquiry-email', emailOf(request)));
  /**
   * preHandler: the public budget for a sender without a token, then the sender's own for the address (its
   * refusals spend nothing of the ceiling), then the ceiling unless a Customer sends with their own address.
   */
  const captureLimits = async (request: FastifyRequest, reply: FastifyReply) => {
    const sender = request.user;
    if (isBackOffice(sender)) return;
    if (!sender) await publicPerClient.hit(request, reply);
    await perSenderEmail.hit(request, reply);
    // The token's account is verified (plugins/access.ts), so its e-mail is the sender's own.
    if (sender?.email === emailOf(request)) return;
    await perEmail.hit(request, reply);
  };

  // Static paths are declared before `/:id`; Fastify's router prefers static segments either way.
  app.post(
    '/api/inquiries/createPublic',
    {
      config: { access: 'public', rateLimit: app.limit(...INQUIRY_LIMITS.publicPerClient) },
      preHandler: [idempotent.preHandler, captureLimits],
      onResponse: idempotent.onResponse,
      schema: {
        operationId: 'createPublicInquiry',
        tags,
        summary: 'Send a trip inquiry from the public contact form (no token)',
        description: IDEMPOTENCY_DESCRIPTION,
        headers: idempotentCreateHeadersSchema,
        body: createInquiryBodySchema,
        response: {
          201: inquiryViewSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => created(request, reply, request.body),
  );

  app.post(
    '/api/inquiries/createLoggedIn',
    {
      config: { access: 'optional', rateLimit: app.limit(...INQUIRY_LIMITS.loggedInPerClient) },
      preHandler: [idempotent.preHandler, captureLimits],
      onResponse: idempotent.onResponse,
      schema: {
        operationId: 'createInquiry',
        tags,
        summary: "Create an inquiry with the token if present (a Customer's own is linked to their account)",
        description: IDEMPOTENCY_DESCRIPTION,
        headers: idempotentCreateHeadersSchema,
        body: createInquiryBodySchema,
        response: {
          201: inquiryViewSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => created(request, reply, request.body),
  );

  app.get(
    '/api/inquiries',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'listInquiries',
        tags,
        summary: 'A page of inquiries (a Customer sees only their own)',
        description:
          `Headers: ${TOTAL_COUNT_HEADER} (matching rows; a search counts up to ` +
          `${SEARCH_COUNT_LIMIT.toLocaleString('en-IN')} and then sets ` +
          `${TOTAL_COUNT_CAPPED_HEADER}: true) and ${UNFILTERED_COUNT_HEADER} (rows before q, status and the ` +
          `workflow filters). assignedTo: me, unassigned or a staff id; followUp: overdue (before now), today ` +
          `(from now to the end of today in Asia/Kolkata), upcoming (later days) or none.`,
        querystring: inquiryListQuerySchema,
        response: { 200: inquiryListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await listInquiries(ctx, user(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      reply.header(UNFILTERED_COUNT_HEADER, String(page.unfiltered));
      if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
      const viewer = user(request);
      if (!isBackOffice(viewer)) return page.items.map((inquiry) => viewFor(viewer, inquiry));
      // Issue 51: the page's own ids only, once the list has found them (docs/quotations.md).
      const shown = await findShownQuotations(
        app.db,
        page.items.map((i) => i._id),
        now(),
      );
      return page.items.map((inquiry) => ({ ...inquiry, quotation: shown.get(inquiry._id) ?? null }));
    },
  );

  app.get(
    '/api/inquiries/statuses',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'listInquiryStatuses',
        tags,
        summary: 'Each status present, with its count',
        response: { 200: statusCountListSchema },
      },
    },
    async (request) => listStatusCounts(ctx, user(request)),
  );

  app.get(
    '/api/inquiries/:id',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'getInquiry',
        summary: "One inquiry (a Customer's own, without the agency's costs and profit)",
        tags,
        params: idParamsSchema,
        response: { 200: inquiryViewSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getInquiry(ctx, user(request), request.params.id),
  );

  app.get(
    '/api/inquiries/:id/events',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'listInquiryEvents',
        tags,
        summary: "The inquiry's history and notes, newest first (a Customer sees the status changes of their own)",
        params: idParamsSchema,
        response: { 200: inquiryEventListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listInquiryEvents(ctx, user(request), request.params.id),
  );

  app.post(
    '/api/inquiries/:id/notes',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'addInquiryNote',
        tags,
        summary: "Append an internal note to the inquiry's timeline (Staff, Owner; never shown to Customers)",
        params: idParamsSchema,
        body: inquiryNoteBodySchema,
        response: { 201: inquiryEventSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addInquiryNote(ctx, user(request), request.params.id, request.body.text)),
  );

  app.post(
    '/api/inquiries/:id/contacted',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'markInquiryContacted',
        tags,
        summary: 'Mark contacted: a note in the timeline, and Working when the inquiry is New, at once (Staff, Owner)',
        params: idParamsSchema,
        response: { 200: inquirySchema, 404: apiErrorSchema },
      },
    },
    async (request) => markInquiryContacted(ctx, user(request), request.params.id),
  );

  app.put(
    '/api/inquiries/:id',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'updateInquiry',
        tags,
        summary: 'Edit an inquiry: fields, status, assignment and money (Staff, Owner)',
        description:
          'Absent fields keep their stored values. staff: {id} assigns an active Staff or Owner, null or ' +
          '{id: null} unassigns. pendingAmount and profit are computed by the server.',
        params: idParamsSchema,
        body: updateInquiryBodySchema,
        response: { 200: inquirySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => updateInquiry(ctx, user(request), request.params.id, request.body),
  );

  app.delete(
    '/api/inquiries/:id',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'deleteInquiry',
        tags,
        summary: 'Delete an inquiry (kept, marked deleted with who and when; Staff, Owner)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteInquiry(ctx, user(request), request.params.id);
      return { message: INQUIRY_MESSAGES.deleted };
    },
  );
};
