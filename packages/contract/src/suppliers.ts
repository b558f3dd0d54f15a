// D33 the supplier directory: the create/edit body, the answer, the list's parameters and a supplier's last rate.
import { z } from 'zod';
import { emailSchema, idSchema, optionalText, pagingQuerySchema, requiredText, searchText } from './common';
import { customerCallLink } from './inquiries';
import { QUOTE_LINE_KINDS, SUPPLIER_KINDS } from './quotes-rules';
import { SUPPLIER_LIMITS, SUPPLIER_MESSAGES } from './supplier-rules';

/** The pattern an inquiry's WhatsApp number follows (inquiries.ts), plus a country the wa.me link can use. */
const PHONE_PATTERN = /^[+\d][\d\s()-]{4,29}$/;
const phoneSchema = optionalText(SUPPLIER_LIMITS.phone).refine(
  (v) => v === '' || (PHONE_PATTERN.test(v) && customerCallLink(v) !== undefined),
  { error: SUPPLIER_MESSAGES.phoneInvalid },
);
const optionalEmailSchema = optionalText(254)
  .refine((v) => v === '' || emailSchema(SUPPLIER_MESSAGES.emailInvalid).safeParse(v).success, {
    error: SUPPLIER_MESSAGES.emailInvalid,
  })
  .transform((v) => v.toLowerCase());

const activeSchema = z.boolean({ error: SUPPLIER_MESSAGES.activeInvalid });

/** POST /api/suppliers and PUT /api/suppliers/{id}: the whole supplier (a PUT replaces every field). */
export const supplierBodySchema = z
  .object({
    kind: z.enum(SUPPLIER_KINDS, { error: SUPPLIER_MESSAGES.kindInvalid }),
    name: requiredText(SUPPLIER_MESSAGES.nameRequired, SUPPLIER_LIMITS.name),
    city: requiredText(SUPPLIER_MESSAGES.cityRequired, SUPPLIER_LIMITS.city),
    contactPerson: optionalText(SUPPLIER_LIMITS.contactPerson),
    address: optionalText(SUPPLIER_LIMITS.address, { multiLine: true }),
    phone: phoneSchema,
    email: optionalEmailSchema,
    notes: optionalText(SUPPLIER_LIMITS.notes, { multiLine: true }),
    active: activeSchema.default(true),
  })
  .superRefine((s, ctx) => {
    if (s.phone === '' && s.email === '') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: SUPPLIER_MESSAGES.contactRequired });
    }
  });
export type SupplierBody = z.output<typeof supplierBodySchema>;
export type SupplierFormValues = z.input<typeof supplierBodySchema>;

export const supplierSchema = z.object({
  _id: idSchema,
  kind: z.enum(SUPPLIER_KINDS),
  name: z.string(),
  city: z.string(),
  contactPerson: z.string(),
  /** '' when none; printed on vouchers. */
  address: z.string(),
  /** '' when none. */
  phone: z.string(),
  /** '' when none. */
  email: z.string(),
  notes: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.array(supplierSchema);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** D10 list parameters of GET /api/suppliers: a search, a kind, a city (whole, any case) and active or not. */
export const supplierListQuerySchema = pagingQuerySchema.extend({
  q: searchText(SUPPLIER_LIMITS.search).optional(),
  kind: z.preprocess(
    blankToUndefined,
    z.enum(SUPPLIER_KINDS, { error: SUPPLIER_MESSAGES.kindFilterInvalid }).optional(),
  ),
  city: z.preprocess(blankToUndefined, searchText(SUPPLIER_LIMITS.city).optional()),
  active: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: SUPPLIER_MESSAGES.activeInvalid })
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type SupplierListParams = z.output<typeof supplierListQuerySchema>;

/** GET /api/suppliers/{id}/last-rate?kind=: the line kind (D30) the rate is asked for. */
export const supplierRateQuerySchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, { error: `kind must be one of: ${QUOTE_LINE_KINDS.join(', ')}` }),
});

/** The unit cost (rupees) of the newest sent quotation line of that kind with the supplier; nulls when none. */
export const supplierRateSchema = z.object({
  unitCost: z.number().nullable(),
  description: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type SupplierRate = z.infer<typeof supplierRateSchema>;
