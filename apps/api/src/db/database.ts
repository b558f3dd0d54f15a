// The Database type: one interface per table. Times are epoch milliseconds; money is integer paise.
import type { Generated, Kysely, Transaction } from 'kysely';
import type { NotificationKind } from '@safarnama/contract';

export interface UsersTable {
  id: string;
  name: string;
  /** Always lower-cased: e-mail is case-insensitive everywhere. */
  email: string;
  password_hash: string;
  role: 'Owner' | 'Staff' | 'Customer';
  email_verified_at: number | null;
  disabled_at: number | null;
  /** D18: tokens issued before this instant (ms) are refused; each revocation moves it on by at least 1 ms. */
  tokens_valid_after: number;
  /** D21: a new e-mail waiting for its code; login and inquiry visibility keep using `email` until then. */
  pending_email: string | null;
  created_at: number;
  updated_at: number;
}

interface OtpChallengesTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
  created_at: number;
  /** What the code is for; each purpose has its own newest code. */
  purpose: OtpPurpose;
  /** A sign-up code's sign-up: the name and password hash the account takes when the code is entered (D3). */
  attempt_name: string | null;
  attempt_password_hash: string | null;
}

/** signup: verifies a new account (D3); email: a changed e-mail (D21); reset: forgot password (D22);
 * login: the right password once the failed-login budget is spent (D19). */
export type OtpPurpose = 'signup' | 'email' | 'reset' | 'login';

export interface PackagesTable {
  id: string;
  name: string;
  description: string;
  price_paise: number;
  duration_days: number;
  overview: string;
  itinerary: string;
  /** JSON arrays of strings. */
  inclusions: string;
  exclusions: string;
  important_notes: string;
  created_at: number;
  updated_at: number;
}

interface PackageImagesTable {
  id: string;
  package_id: string;
  position: number;
  /** The stored file key; the API exposes `/uploads/<key>-960.webp`. */
  file_key: string;
  created_at: number;
}

export interface BackgroundImagesTable {
  id: string;
  file_key: string;
  position: number;
  created_at: number;
}

export interface InquiriesTable {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_whatsapp: string;
  customer_user_id: string | null;
  staff_id: string | null;
  /** Copies of the assignee's name and e-mail ('' when unassigned) so lists sort and show them without joins. */
  staff_name: string;
  staff_email: string;
  traveling_from: string;
  location: string;
  drop_city: string;
  /** D32: the customer's state or union territory, its two-digit GST code (null or '' when not known). */
  customer_state: string | null;
  adults: number;
  kids: number;
  extra_info: string;
  tour_duration: string;
  hotel_type: 'budget' | 'standard' | 'luxury' | null;
  budget_paise: number;
  status: string;
  total_revenue_paise: number;
  hotel_cost_paise: number;
  cab_cost_paise: number;
  advance_paise: number;
  tpc_paise: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  deleted_by: string | null;
  /** D26 (migration 007): a Kolkata date YYYY-MM-DD. */
  travel_date: string | null;
  /** D26: website | phone | whatsapp | walk-in | referral | other; null is "not recorded". */
  source: string | null;
  /** D26: the package asked about; set to null when the package is deleted, its title copy stays. */
  package_id: string | null;
  package_title: string | null;
  /** D26: when staff mean to follow up (epoch ms). */
  follow_up_at: number | null;
}

export interface InquiryEventsTable {
  id: string;
  inquiry_id: string;
  actor_id: string | null;
  actor_name: string;
  type: 'created' | 'status' | 'assignment' | 'edit' | 'deleted' | 'note';
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  created_at: number;
}

/** Visible (not deleted) inquiries per status, kept by triggers (migration 002). */
interface InquiryStatusCountsTable {
  status: string;
  n: number;
}

/** Visible inquiries per creation month ('YYYY-MM' in Asia/Kolkata), kept by triggers (migration 002). */
interface InquiryMonthCountsTable {
  month: string;
  n: number;
}

/** One row (id 1): the search cache's data versions, moved on by the triggers of migrations 002 and 033. */
interface InquiryListVersionTable {
  id: number;
  /** Moves when a write changes what a kept list holds (migration 033). */
  v: number;
  /** Moves with every update (a list sorted by updated_at reads it with v). */
  touched: number;
}

/** Values the server generated once and every process shares (migration 004), such as the JWT secret. */
interface SettingsTable {
  key: string;
  value: string;
  created_at: number;
}

/** D25: one mail waiting, sent or given up on; rendered when the change that causes it is written. */
export interface NotificationOutboxTable {
  id: string;
  kind: NotificationKind;
  /** One mail per event: a second write of the same key is ignored. */
  dedupe_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Customer mails: the List-Unsubscribe address. */
  unsubscribe_url: string | null;
  /** JSON: the issued paper sent with the mail as a PDF, laid out at send time (notifications/mail-attachments.ts). */
  attachment: string | null;
  status: 'pending' | 'sent' | 'failed';
  tries: number;
  next_attempt_at: number;
  /** The sender that claimed the row, and until when its claim holds (a crashed sender's claim runs out). */
  lease_id: string | null;
  lease_until: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  sent_at: number | null;
  created_at: number;
}

/** Addresses that asked for no more status mails (lower-cased). */
interface NotificationUnsubscribesTable {
  email: string;
  created_at: number;
}

/** A back-office user's mail choices (1 on, 0 off); no row means both on. */
interface NotificationPreferencesTable {
  user_id: string;
  new_inquiry: number;
  assignment: number;
  updated_at: number;
}

/** A Kolkata day's visible inquiries per handler ('' unassigned) and status, kept by triggers (migration 006). */
interface InquiryReportDaysTable {
  /** Days since 1970-01-01 in Asia/Kolkata. */
  day: number;
  staff_key: string;
  status: string;
  n: number;
  tpc: number;
  advance: number;
  revenue: number;
  hotel: number;
  cab: number;
}

/** A Kolkata day's visible inquiries per source ('' not recorded), kept by triggers (migration 007). */
interface InquiryReportSourcesTable {
  day: number;
  source_key: string;
  n: number;
  converted: number;
  revenue: number;
}

/** A Kolkata day's visible inquiries per destination spelling, kept by triggers (migration 006). */
interface InquiryReportDestinationsTable {
  day: number;
  /** lower(trim(location)): spellings that differ in case or spaces count as one destination. */
  dest_key: string;
  label: string;
  n: number;
  converted: number;
  revenue: number;
}

export interface Database {
  users: UsersTable;
  otp_challenges: OtpChallengesTable;
  packages: PackagesTable;
  package_images: PackageImagesTable;
  background_images: BackgroundImagesTable;
  inquiries: InquiriesTable;
  inquiry_events: InquiryEventsTable;
  inquiry_report_sources: InquiryReportSourcesTable;
  inquiry_status_counts: InquiryStatusCountsTable;
  inquiry_month_counts: InquiryMonthCountsTable;
  inquiry_list_version: InquiryListVersionTable;
  settings: SettingsTable;
  notification_outbox: NotificationOutboxTable;
  notification_unsubscribes: NotificationUnsubscribesTable;
  notification_preferences: NotificationPreferencesTable;
  inquiry_report_days: InquiryReportDaysTable;
  inquiry_report_destinations: InquiryReportDestinationsTable;
  image_renditions: ImageRenditionsTable;
  quotes: QuotesTable;
  quote_versions: QuoteVersionsTable;
  trip_links: TripLinksTable;
  idempotency_keys: IdempotencyKeysTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  instalments: InstalmentsTable;
  payments: PaymentsTable;
  payment_reminders: PaymentRemindersTable;
  suppliers: SuppliersTable;
  supplier_rates: SupplierRatesTable;
  supplier_bookings: SupplierBookingsTable;
  supplier_links: SupplierLinksTable;
  supplier_payments: SupplierPaymentsTable;
  booking_vouchers: BookingVouchersTable;
}

/** Amounts in paise of an invoice or a credit note (GST included in the total). */
interface PaperAmounts {
  taxable_paise: number;
  cgst_paise: number;
  /** SGST or UTGST (the invoice's state_tax_name). */
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** D32 (migration 025): an issued invoice; only credited_paise and live_inquiry_id ever change. */
export interface InvoicesTable extends PaperAmounts {
  id: string;
  inquiry_id: string;
  quote_version_id: string;
  number: string;
  tax_invoice: number;
  issued_at: number;
  issued_by_id: string | null;
  issued_by_name: string;
  customer_name: string;
  place_of_supply: string | null;
  customer_gstin: string | null;
  gst_basis_points: number;
  state_tax_name: 'SGST' | 'UTGST';
  credited_paise: Generated<number>;
  /** The inquiry's id while the invoice is not fully credited, then null (one live invoice per inquiry). */
  live_inquiry_id: string | null;
  /** JSON: the paper as it was printed (invoices/invoice-paper.ts). */
  paper: string;
}

/** D32 (migration 025): a credit note against an invoice; never changes. */
export interface CreditNotesTable extends PaperAmounts {
  id: string;
  invoice_id: string;
  inquiry_id: string;
  number: string;
  issued_at: number;
  issued_by_id: string | null;
  issued_by_name: string;
  reason: string;
  paper: string;
}

/** D31 (migration 023): an inquiry's instalment; position 1, 2, … in due order. */
export interface InstalmentsTable {
  id: string;
  inquiry_id: string;
  position: number;
  amount_paise: number;
  /** A Kolkata day YYYY-MM-DD. */
  due_date: string;
  created_at: number;
  updated_at: number;
}

/** D33 (migration 021): a supplier of the directory; never deleted, deactivated instead. */
export interface SuppliersTable {
  id: string;
  kind: 'hotel' | 'cab' | 'guide' | 'activity' | 'other';
  name: string;
  city: string;
  contact_person: string;
  /** '' when none (migration 030); printed on the supplier's vouchers. */
  address: string;
  /** '' when none. */
  phone: string;
  /** '' when none; lower-cased. */
  email: string;
  notes: string;
  /** 1 or 0. */
  active: number;
  /** Lower-cased name and city: the order, the city filter and the one-per-kind-name-city rule. */
  name_key: string;
  city_key: string;
  /** Lower-cased name, city, contact, phone and e-mail, for the search. */
  search_text: string;
  created_at: number;
  updated_at: number;
}

/** D31: a ledger entry. A claim has verified_at null until staff verify it; a reversal names the entry it undoes. */
export interface PaymentsTable {
  id: string;
  inquiry_id: string;
  kind: 'payment' | 'reversal';
  amount_paise: number;
  claimed_amount_paise: number | null;
  mode: 'upi' | 'cash' | 'bank' | 'card' | 'cheque' | null;
  /** As entered (spaces removed, upper case) and printed on the receipt. */
  reference: string | null;
  /** The reference while the entry is not reversed, else null: unique, so a reference is used once at a time. */
  live_reference: string | null;
  received_at: number;
  instalment_id: string | null;
  receipt_number: string | null;
  /** JSON: the receipt as it was printed when verified (payments/receipt-paper.ts); null without a receipt. */
  receipt_paper: string | null;
  reversal_of: string | null;
  reason: string | null;
  recorded_by_id: string | null;
  recorded_by_name: string;
  verified_at: number | null;
  verified_by_id: string | null;
  verified_by_name: string | null;
  created_at: number;
}

/** D31: a reminder sent for an instalment's due day, once per kind. */
interface PaymentRemindersTable {
  instalment_id: string;
  kind: 'before' | 'on' | 'after';
  due_date: string;
  sent_at: number;
}

/** D31/D32 (migration 022): the last number issued per paper series and Indian financial year. */
interface DocumentCountersTable {
  series: string;
  fy: string;
  last: number;
}

/** D33 (migration 021): a sent quotation line that named a supplier, with its unit cost (the builder's last rate). */
interface SupplierRatesTable {
  version_id: string;
  /** The line's position in the version. */
  line_index: number;
  supplier_id: string;
  /** The line's kind (D30). */
  kind: string;
  unit_cost_paise: number;
  description: string;
  sent_at: number;
}

/** D33 (migration 021): a booking request to one supplier for the lines of an accepted version that name it. */
export interface SupplierBookingsTable {
  id: string;
  inquiry_id: string;
  version_id: string;
  supplier_id: string;
  status: 'pending' | 'requested' | 'confirmed' | 'declined';
  /** JSON [{kind, description, quantity, unitCostPaise}]. */
  lines: string;
  cost_paise: number;
  confirmation_number: string | null;
  decline_reason: string | null;
  requested_at: number | null;
  answered_at: number | null;
  /** 'supplier' through the link, else the staff member's name. */
  answered_by: string | null;
  created_at: number;
}

/** D33 (migration 021): a booking's link to its supplier; only the SHA-256 (hex) of its token is kept. */
interface SupplierLinksTable {
  booking_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

/** Issue 53 (migration 030): a confirmed hotel or cab booking's voucher, its printed facts kept as JSON. */
interface BookingVouchersTable {
  booking_id: string;
  inquiry_id: string;
  facts: string;
  issued_at: number;
}

/** D34 (migration 020): a caller's Idempotency-Key, pending while its create runs, then with the first answer. */
export interface IdempotencyKeysTable {
  /** SHA-256 (hex) of the caller's scope and the key. */
  key_hash: string;
  /** SHA-256 (hex) of the operation and its parsed body: a repeat must match it. */
  fingerprint: string;
  /** The holder of a pending claim: only it may record the answer or release the key. */
  claim_id: string;
  status: 'pending' | 'done';
  status_code: number | null;
  /** The answer's body as JSON. */
  response: string | null;
  created_at: number;
}

/** D29: an uploaded image's rendition at one width, when images live in the database (uploads/image-storage.ts). */
interface ImageRenditionsTable {
  /** `<key>-<width>.webp`, the name it is served under at /uploads/. */
  name: string;
  image_key: string;
  body: Buffer;
  etag: string;
  created_at: number;
}

/** D30 (migration 011): an inquiry's one quotation. */
export interface QuotesTable {
  id: string;
  inquiry_id: string;
  created_at: number;
}

/** D30: one numbered version of a quotation; `expired` is answered, never stored (a sent version past valid_until). */
export interface QuoteVersionsTable {
  id: string;
  quote_id: string;
  number: number;
  status: 'draft' | 'sent' | 'accepted' | 'superseded';
  /** JSON [{title, text}]. */
  days: string;
  /** JSON [{kind, description, supplierId, quantity, unitCostPaise, unitPricePaise, markupPercent}]. */
  lines: string;
  travellers: number;
  gst_basis_points: number;
  cost_paise: number;
  price_paise: number;
  gst_paise: number;
  total_paise: number;
  per_traveller_paise: number;
  hotel_cost_paise: number;
  cab_cost_paise: number;
  other_cost_paise: number;
  /** A Kolkata day YYYY-MM-DD; the version is valid through its end. */
  valid_until: string;
  notes: string;
  /** JSON arrays of strings. */
  inclusions: string;
  exclusions: string;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  sent_by_id: string | null;
  sent_by_name: string | null;
  accepted_at: number | null;
  accepted_name: string | null;
  accepted_ip: string | null;
  accepted_user_agent: string | null;
  /** Migration 012: how often the trip link was opened while this version was the one it showed, and when last. */
  views: number;
  last_viewed_at: number | null;
}

/** D30: an inquiry's trip link; only the SHA-256 (hex) of its token is kept. */
interface TripLinksTable {
  inquiry_id: string;
  token_hash: string;
  created_at: number;
  rotated_at: number | null;
  views: number;
  last_viewed_at: number | null;
}

export type Db = Kysely<Database>;
/** Repositories take either the database or a transaction first. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/** D33 (migration 031): a payment made to a booking's supplier, or the reversal of one; never edited or deleted. */
export interface SupplierPaymentsTable {
  id: string;
  booking_id: string;
  supplier_id: string;
  kind: 'payment' | 'reversal';
  amount_paise: number;
  mode: 'upi' | 'cash' | 'bank' | 'card' | 'cheque' | null;
  reference: string | null;
  /** The reference while the payment stands (unique), null once reversed and for a reversal. */
  live_reference: string | null;
  paid_at: number;
  reversal_of: string | null;
  reason: string | null;
  recorded_by_id: string | null;
  recorded_by_name: string;
  created_at: number;
}
