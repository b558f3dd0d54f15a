// Trip inquiries: statuses, the create payload (spec §3, spec §5), the staff edit, lists and events.
import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  moneySchema,
  multiLineText,
  oneLineText,
  optionalNumber,
  optionalText,
  pagingQuerySchema,
  requiredNumber,
  requiredText,
  searchText,
} from './common';
import { HOTEL_TYPES, INQUIRY_TEXT_LIMITS } from './inquiry-form-rules';
import {
  AGENCY_ONLY_INQUIRY_FIELDS,
  AGENCY_ONLY_NESTED_FIELDS,
  INQUIRY_TABLE_FIELDS,
  type AgencyTopLevelKey,
  type InquiryAskedFieldKey,
  type InquiryFieldSpec,
  type InquiryTextFieldKey,
  type InquiryYesNoFieldKey,
} from './inquiry-fields';
import { INQUIRY_EVENT_TYPES, INQUIRY_MESSAGES, INQUIRY_SORTS, canonicalStatus } from './inquiry-rules';
import { FOLLOW_UP_FILTERS, INQUIRY_SOURCES, NOTE_MAX_LENGTH, WORKFLOW_MESSAGES } from './inquiry-workflow-rules';
import { GST_STATE_CODE, GST_STATE_MESSAGE } from './gst-state-code';
import { kolkataDate } from './kolkata-time';
import { inquiryQuotationSchema } from './quotes';

/** D26: a travel date, YYYY-MM-DD (a Kolkata calendar day); blank is none. */
const travelDateSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: WORKFLOW_MESSAGES.travelDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: WORKFLOW_MESSAGES.travelDateInvalid })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: WORKFLOW_MESSAGES.travelDateInvalid,
      },
    )
    .nullable(),
);
const sourceSchema = z.enum(INQUIRY_SOURCES, { error: WORKFLOW_MESSAGES.sourceInvalid });
const packageIdSchema = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable());
/** D26: an instant (ISO 8601 with offset); blank or null clears it. */
const followUpAtSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso.datetime({ offset: true, error: WORKFLOW_MESSAGES.followUpInvalid }).nullable(),
);

const hotelTypeSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(HOTEL_TYPES, { error: INQUIRY_MESSAGES.hotelTypeInvalid }).optional(),
);

const adultsSchema = requiredNumber(INQUIRY_MESSAGES.adultsRequired).pipe(
  z
    .number()
    .int({ error: 'Number of adults must be a whole number' })
    .min(1, { error: 'At least 1 adult is required' })
    .max(100, { error: 'At most 100 adults' }),
);
const kidsSchema = optionalNumber('Number of kids must be a number').pipe(
  z
    .number()
    .int({ error: 'Number of kids must be a whole number' })
    .min(0, { error: 'Number of kids cannot be negative' })
    .max(100, { error: 'At most 100 kids' })
    .optional()
    .default(0),
);
const budgetSchema = requiredNumber(INQUIRY_MESSAGES.budgetRequired).pipe(
  z.number().min(0, { error: 'Budget cannot be negative' }).max(1_000_000_000, { error: 'Budget is too large' }),
);
const whatsappSchema = requiredText(INQUIRY_MESSAGES.whatsappRequired, 30).pipe(
  z.string().regex(/^[+\d][\d\s()-]{4,29}$/, { error: 'Enter a valid WhatsApp number' }),
);

/** A yes/no answer: true, false, or null (blank) when not known. */
const yesNoInput = (f: InquiryFieldSpec) =>
  z.preprocess((v) => (v === '' ? null : v), z.boolean({ error: `${f.label} must be yes or no` }).nullable());
/** A state or union territory as its two-digit GST code ('' when not known). */
const gstStateInput = optionalText(100).refine((v) => v === '' || GST_STATE_CODE.test(v), {
  error: GST_STATE_MESSAGE,
});
const textInput = (f: InquiryFieldSpec) =>
  f.kind === 'gstState' ? gstStateInput : optionalText(f.max, { multiLine: f.kind === 'longText' });

/** The schemas of the fields inquiry-fields.ts describes wholly, by key: what a create, an update and an answer hold. */
function tableShape<T extends z.ZodType, Y extends z.ZodType>(
  text: (f: InquiryFieldSpec) => T,
  yesNo: (f: InquiryFieldSpec) => Y,
): Record<InquiryTextFieldKey, T> & Record<InquiryYesNoFieldKey, Y> {
  return Object.fromEntries(
    INQUIRY_TABLE_FIELDS.map((f) => [f.key, f.kind === 'yesNo' ? yesNo(f) : text(f)]),
  ) as Record<InquiryTextFieldKey, T> & Record<InquiryYesNoFieldKey, Y>;
}

/** Only the fields the inquiry form asks for are taken on create (spec §3's payload); the others start empty. */
function askedOnly<T extends object>(shape: T): Pick<T, InquiryAskedFieldKey & keyof T> {
  const asked = new Set<string>(INQUIRY_TABLE_FIELDS.filter((f) => f.asked).map((f) => f.key));
  return Object.fromEntries(Object.entries(shape).filter(([key]) => asked.has(key))) as Pick<
    T,
    InquiryAskedFieldKey & keyof T
  >;
}
/**
 * A shape with the table's other fields after its own: the table's fields it names keep their place (a spread
 * keeps the place of a key already there, and answers are written in their schema's key order).
 */
function withTableFields<S extends z.ZodRawShape, T extends z.ZodRawShape>(shape: S, table: T): S & Omit<T, keyof S> {
  return { ...shape, ...table };
}
const tableCreate = askedOnly(tableShape(textInput, (f) => yesNoInput(f).optional()));
const tableUpdate = tableShape(
  (f) => textInput(f).optional(),
  (f) => yesNoInput(f).optional(),
);
const tableAnswer = tableShape(
  () => z.string(),
  () => z.boolean().nullable(),
);

/** Spec §3 "Inquiry create payload" with the spec §5 rules and messages. */
export const createInquiryBodySchema = z.object(
  withTableFields(
    {
      name: requiredText(INQUIRY_MESSAGES.nameRequired, INQUIRY_TEXT_LIMITS.name),
      email: emailSchema(INQUIRY_MESSAGES.emailInvalid),
      whatsappNumber: whatsappSchema,
      travelingFrom: tableCreate.travelingFrom,
      location: requiredText(INQUIRY_MESSAGES.locationRequired, INQUIRY_TEXT_LIMITS.location),
      noOfAdults: adultsSchema,
      noOfKids: kidsSchema,
      extraInfo: tableCreate.extraInfo,
      tourDuration: tableCreate.tourDuration,
      hotelType: hotelTypeSchema,
      dropCity: tableCreate.dropCity,
      budget: budgetSchema,
      /** D26; on create it may not be before today in Asia/Kolkata. */
      travelDate: travelDateSchema
        .refine((v) => !v || v >= kolkataDate(Date.now()), { error: WORKFLOW_MESSAGES.travelDatePast })
        .optional(),
      /** D26: ignored on the public form (always 'website'); staff default to 'phone'. */
      source: z.preprocess((v) => (v === '' || v === null ? undefined : v), sourceSchema.optional()),
      /** D26: the package a visitor booked from (Book Now); must exist. */
      packageId: packageIdSchema.optional(),
      /** D15 honeypot: people never fill it; a bot that does gets a quiet success and nothing stored. */
      website: z.string().max(500).optional(),
    },
    tableCreate,
  ),
);
export type CreateInquiryBody = z.input<typeof createInquiryBodySchema>;
export type CreateInquiryData = z.output<typeof createInquiryBodySchema>;

const statusSchema = z.string({ error: INQUIRY_MESSAGES.statusInvalid }).transform((v, ctx) => {
  const s = canonicalStatus(v);
  if (!s) {
    ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.statusInvalid });
    return z.NEVER;
  }
  return s;
});

/**
 * PUT /api/inquiries/{id}: the whole inquiry as the edit form holds it. Absent fields keep their
 * stored value, so a partial client never wipes data; derived money and ids are ignored (D7).
 */
export const updateInquiryBodySchema = z.object(
  withTableFields(
    {
      customer: z
        .object({
          name: requiredText(INQUIRY_MESSAGES.nameRequired, INQUIRY_TEXT_LIMITS.name).optional(),
          email: emailSchema(INQUIRY_MESSAGES.emailInvalid).optional(),
          whatsappNumber: whatsappSchema.optional(),
        })
        .optional(),
      travelingFrom: tableUpdate.travelingFrom,
      location: requiredText(INQUIRY_MESSAGES.locationRequired, INQUIRY_TEXT_LIMITS.location).optional(),
      dropCity: tableUpdate.dropCity,
      noOfAdults: adultsSchema.optional(),
      noOfKids: kidsSchema.optional(),
      extraInfo: tableUpdate.extraInfo,
      tourDuration: tableUpdate.tourDuration,
      hotelType: z
        .preprocess(
          (v) => (v === '' ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
          z.enum(HOTEL_TYPES, { error: INQUIRY_MESSAGES.hotelTypeInvalid }).nullable(),
        )
        .optional(),
      budget: budgetSchema.optional(),
      status: statusSchema.optional(),
      staff: z.object({ id: idSchema.nullable().optional() }).nullable().optional(),
      totalRevenue: moneySchema('Total revenue').optional(),
      hotelCost: moneySchema('Hotel cost').optional(),
      cabCost: moneySchema('Cab cost').optional(),
      advance: moneySchema('Advance').optional(),
      tpc: moneySchema('Total package cost').optional(),
      travelDate: travelDateSchema.optional(),
      source: sourceSchema.nullable().optional(),
      packageId: packageIdSchema.optional(),
      followUpAt: followUpAtSchema.optional(),
    },
    tableUpdate,
  ),
);
export type UpdateInquiryBody = z.input<typeof updateInquiryBodySchema>;
export type UpdateInquiryData = z.output<typeof updateInquiryBodySchema>;

/** Spec §3 Inquiry, as every inquiry response carries it. */
export const inquirySchema = z.object(
  withTableFields(
    {
      _id: idSchema,
      customer: z.object({ name: z.string(), email: z.string(), whatsappNumber: z.string() }),
      staff: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
      travelingFrom: tableAnswer.travelingFrom,
      location: z.string(),
      dropCity: tableAnswer.dropCity,
      noOfAdults: z.number(),
      noOfKids: z.number(),
      extraInfo: tableAnswer.extraInfo,
      tourDuration: tableAnswer.tourDuration,
      hotelType: z.enum(HOTEL_TYPES).nullable(),
      budget: z.number(),
      status: z.string(),
      createdAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
      totalRevenue: z.number(),
      hotelCost: z.number(),
      cabCost: z.number(),
      advance: z.number(),
      tpc: z.number(),
      pendingAmount: z.number(),
      profit: z.number(),
      travelDate: z.string().nullable(),
      /** null: not recorded (inquiries from before D26). */
      source: z.enum(INQUIRY_SOURCES).nullable(),
      /** The linked package; `title` stays when the package is deleted (then `id` is null). */
      package: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
      followUpAt: z.string().nullable(),
    },
    tableAnswer,
  ),
);
export type Inquiry = z.infer<typeof inquirySchema>;

/**
 * D24: what a Customer (or an anonymous sender) gets of an inquiry: the trip, its status, what it costs
 * them and what is left to pay, and who handles it by name; not the agency's costs, revenue or profit,
 * nor the staff member's e-mail: the fields inquiry-fields.ts gives the agency's audience.
 */
export const customerInquirySchema = inquirySchema
  .omit(Object.fromEntries(AGENCY_ONLY_INQUIRY_FIELDS.map((k) => [k, true])) as Record<AgencyTopLevelKey, true>)
  .extend({
    staff: inquirySchema.shape.staff
      .unwrap()
      .omit(Object.fromEntries((AGENCY_ONLY_NESTED_FIELDS.staff ?? []).map((k) => [k, true])) as { email: true })
      .nullable(),
  });
export type CustomerInquiry = z.infer<typeof customerInquirySchema>;

/** An inquiry answer: the full one for Staff and Owner, the customer view otherwise. */
export const inquiryViewSchema = z.union([inquirySchema, customerInquirySchema]);
export type InquiryView = z.infer<typeof inquiryViewSchema>;

/** A back-office row of GET /api/inquiries: the inquiry and its sent quotation's views (issue 51). */
const inquiryListItemSchema = inquirySchema.extend({ quotation: inquiryQuotationSchema.nullable() });
export type InquiryListItem = z.infer<typeof inquiryListItemSchema>;
export const inquiryListSchema = z.array(z.union([inquiryListItemSchema, customerInquirySchema]));

/** D10 list parameters. */
export const inquiryListQuerySchema = pagingQuerySchema.extend({
  sort: z.enum(INQUIRY_SORTS, { error: `sort must be one of: ${INQUIRY_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  q: searchText(100).optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const s = canonicalStatus(v);
      if (!s) {
        ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.statusInvalid });
        return z.NEVER;
      }
      return s;
    }),
  /** D26: 'me', 'unassigned' or a staff id. */
  assignedTo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    oneLineText().max(64).optional(),
  ),
  followUp: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(FOLLOW_UP_FILTERS, { error: WORKFLOW_MESSAGES.followUpFilterInvalid }).optional(),
  ),
});
export type InquiryListParams = z.output<typeof inquiryListQuerySchema>;

const statusCountSchema = z.object({ status: z.string(), count: z.number() });
export type StatusCount = z.infer<typeof statusCountSchema>;
export const statusCountListSchema = z.array(statusCountSchema);

export const inquiryEventSchema = z.object({
  _id: idSchema,
  type: z.enum(INQUIRY_EVENT_TYPES),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});
export type InquiryEvent = z.infer<typeof inquiryEventSchema>;
export const inquiryEventListSchema = z.array(inquiryEventSchema);

/** D26: POST /api/inquiries/{id}/notes. */
export const inquiryNoteBodySchema = z.object({
  text: multiLineText(WORKFLOW_MESSAGES.noteRequired)
    .min(1, { error: WORKFLOW_MESSAGES.noteRequired })
    .max(NOTE_MAX_LENGTH, { error: WORKFLOW_MESSAGES.noteTooLong }),
});
