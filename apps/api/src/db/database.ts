// The Database type: one interface per table. Times are epoch milliseconds; money is integer paise.
import type { Kysely, Transaction } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  /** Always lower-cased: e-mail is case-insensitive everywhere. */
  email: string;
  password_hash: string;
  role: 'Owner' | 'Staff' | 'Customer';
  email_verified_at: number | null;
  disabled_at: number | null;
  /** D18: tokens issued before this instant (seconds precision, ms stored) are refused. */
  tokens_valid_after: number;
  created_at: number;
  updated_at: number;
}

export interface OtpChallengesTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
  created_at: number;
}

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

export interface PackageImagesTable {
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
}

export interface InquiryEventsTable {
  id: string;
  inquiry_id: string;
  actor_id: string | null;
  actor_name: string;
  type: 'created' | 'status' | 'assignment' | 'edit' | 'deleted';
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  created_at: number;
}

/** Visible (not deleted) inquiries per status, kept by triggers (migration 002). */
export interface InquiryStatusCountsTable {
  status: string;
  n: number;
}

/** Visible inquiries per creation month ('YYYY-MM' in Asia/Kolkata), kept by triggers (migration 002). */
export interface InquiryMonthCountsTable {
  month: string;
  n: number;
}

/** One row (id 1) whose `v` moves on with every write to inquiries (migration 002): the search cache's key. */
export interface InquiryListVersionTable {
  id: number;
  v: number;
}

export interface Database {
  users: UsersTable;
  otp_challenges: OtpChallengesTable;
  packages: PackagesTable;
  package_images: PackageImagesTable;
  background_images: BackgroundImagesTable;
  inquiries: InquiriesTable;
  inquiry_events: InquiryEventsTable;
  inquiry_status_counts: InquiryStatusCountsTable;
  inquiry_month_counts: InquiryMonthCountsTable;
  inquiry_list_version: InquiryListVersionTable;
}

export type Db = Kysely<Database>;
/** Repositories take either the database or a transaction first. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
