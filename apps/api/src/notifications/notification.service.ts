// D25 notifications: which mails a change causes (written in its transaction), the customers' unsubscribe
// tokens, the back office's preferences and the Owner's view of delivery.
import crypto from 'node:crypto';
import {
  NOTIFICATION_MESSAGES,
  SIGNUP_NOTICE_INTERVAL_MINUTES,
  type Notification,
  type NotificationSummary,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import { findInquiryById, findInquirySender, type InquiryRow } from '../inquiries/inquiry.repository';
import { findUserById } from '../users/user.repository';
import {
  CUSTOMER_STATUS_NOTES,
  assignmentMail,
  newInquiryMail,
  quoteAcceptedMail,
  quoteChangesMail,
  quoteSentMail,
  paperIssuedMail,
  receiptMail,
  signupNoticeMail,
  statusMail,
  type IssuedPaper,
  type RenderedMail,
  type SentVersion,
  type SiteSettings,
} from './notification-mails';
import {
  countFailingSince,
  findHandlerOrOwners,
  findNewInquiryRecipients,
  findOutboxPage,
  findOutboxRow,
  findPreferences,
  insertOutboxRows,
  insertUnsubscribe,
  isUnsubscribed,
  requeueFailed,
  upsertPreferences,
  type NewOutboxRow,
  type OutboxRow,
} from './notification.repository';
import { attachmentColumn, type MailAttachment } from './mail-attachments';

/** What the inquiry service needs to write an inquiry's mails in its own transaction. */
export interface InquiryNotifier {
  inquiryCreated(trx: DbOrTx, row: InquiryRow, creator: AuthUser | null): Promise<void>;
  inquiryUpdated(trx: DbOrTx, before: InquiryRow, after: InquiryRow, actor: AuthUser): Promise<void>;
  /** The customer accepted a version on the trip link: one mail per version accepted. */
  quoteAccepted(trx: DbOrTx, inquiryId: string, accepted: AcceptedVersion): Promise<void>;
  /** Staff sent a version: the customer's mail, once per version. */
  quoteSent(trx: DbOrTx, inquiryId: string, versionId: string, sent: SentVersion): Promise<void>;
  /** D32: staff issued an invoice or a credit note: the customer's mail, once per paper. */
  paperIssued(trx: DbOrTx, inquiryId: string, issued: IssuedPaper): Promise<void>;
  /** The customer asked for changes on the trip link: one mail per request. */
  quoteChangesAsked(trx: DbOrTx, inquiryId: string, message: string): Promise<void>;
  /** After the commit: the sender looks at once instead of at its next round. */
  committed(): void;
}

interface AcceptedVersion {
  versionId: string;
  version: number;
  /** The name the customer typed. */
  acceptedBy: string;
  totalPaise: number;
}

export interface NotifierDeps {
  site: SiteSettings;
  /** HMAC key of unsubscribe tokens. */
  unsubscribeKey: Buffer;
  nudge(): void;
}

/** The unsubscribe key, derived from the OTP key (itself from the JWT secret), so every process agrees on it. */
export const deriveUnsubscribeKey = (otpKey: Buffer) =>
  crypto.createHmac('sha256', otpKey).update('safarnama:unsubscribe:v1').digest();

const tokenMac = (key: Buffer, email: string) =>
  crypto.createHmac('sha256', key).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');

/** A token that stops status mails to `email`; it names the address and cannot be made for another. */
export function unsubscribeToken(key: Buffer, email: string): string {
  return `${Buffer.from(email.toLowerCase()).toString('base64url')}.${tokenMac(key, email)}`;
}

/** The address a token was made for, or undefined when it was not made with `key`. */
function verifyUnsubscribeToken(key: Buffer, token: string): string | undefined {
  const [encoded, mac] = token.split('.');
  if (!encoded || !mac || token.split('.').length !== 2) return undefined;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(tokenMac(key, email));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? email : undefined;
}

const unsubscribeUrl = (deps: NotifierDeps, email: string) =>
  `${deps.site.SITE_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.unsubscribeKey, email))}`;

export function outboxRow(
  kind: NewOutboxRow['kind'],
  dedupeKey: string,
  recipient: string,
  mail: RenderedMail,
  at: number,
  unsubscribe: string | null = null,
  attachment: MailAttachment | null = null,
): NewOutboxRow {
  return {
    id: newId(),
    kind,
    dedupe_key: dedupeKey,
    recipient,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    unsubscribe_url: unsubscribe,
    attachment: attachmentColumn(attachment),
    status: 'pending',
    tries: 0,
    next_attempt_at: at,
    lease_id: null,
    lease_until: null,
    last_error: null,
    last_attempt_at: null,
    sent_at: null,
    created_at: at,
  };
}

/**
 * Whether the inquiry's words may go to its address: staff typed it in (any source but the website), or a Customer
 * signed in with that very address sent it. Otherwise anyone could have typed the address, and customer mails
 * repeat none of the free text (docs/notifications.md). Being linked to the address's account is not enough: an
 * inquiry a visitor sent with the address is linked too (D5). `senderId`: who sent it (null: a visitor), looked up
 * from its 'created' event when not given.
 */
export async function sentByAddressOwner(db: DbOrTx, row: InquiryRow, senderId?: string | null): Promise<boolean> {
  if (row.source !== 'website') return true;
  if (row.customer_user_id === null) return false;
  const sender = senderId === undefined ? await findInquirySender(db, row.id) : senderId;
  if (sender !== row.customer_user_id) return false;
  const account = await findUserById(db, sender);
  return account?.email === row.customer_email && account.email_verified_at !== null;
}

/**
 * A trip-link answer's mail to the inquiry's handler, or the Owner when it has none (docs/quotations.md). No
 * preference turns it off: the customer is waiting for an answer.
 */
async function queueTripAnswer(
  trx: DbOrTx,
  inquiryId: string,
  kind: 'quote_accepted' | 'quote_changes',
  event: string,
  mail: (row: InquiryRow) => RenderedMail,
): Promise<void> {
  const row = await findInquiryById(trx, inquiryId);
  if (!row) return;
  const at = now();
  const rendered = mail(row);
  const recipients = await findHandlerOrOwners(trx, row.staff_id);
  await insertOutboxRows(
    trx,
    recipients.map((user) => outboxRow(kind, `${event}:${user.id}`, user.email, rendered, at)),
  );
}

export function createInquiryNotifier(deps: NotifierDeps): InquiryNotifier {
  return {
    async inquiryCreated(trx, row, creator) {
      const at = now();
      const rows: NewOutboxRow[] = [];
      const staffMail = newInquiryMail(deps.site, row);
      for (const user of await findNewInquiryRecipients(trx)) {
        // Whoever typed it in from the back office knows already.
        if (user.id === creator?.id) continue;
        rows.push(outboxRow('new_inquiry', `new:${row.id}:${user.id}`, user.email, staffMail, at));
      }
      const unsubscribe = unsubscribeUrl(deps, row.customer_email);
      const ownAddress = await sentByAddressOwner(trx, row, creator?.id ?? null);
      rows.push(
        outboxRow(
          'customer_receipt',
          `receipt:${row.id}`,
          row.customer_email,
          receiptMail(deps.site, row, unsubscribe, ownAddress),
          at,
          unsubscribe,
        ),
      );
      await insertOutboxRows(trx, rows);
    },

    async inquiryUpdated(trx, before, after, actor) {
      const at = now();
      const rows: NewOutboxRow[] = [];
      if (after.staff_id && after.staff_id !== before.staff_id && after.staff_id !== actor.id) {
        const prefs = await findPreferences(trx, after.staff_id);
        if (!prefs || prefs.assignment === 1) {
          rows.push(
            outboxRow(
              'assignment',
              `assign:${after.id}:${after.staff_id}:${at}`,
              after.staff_email,
              assignmentMail(deps.site, after, actor.name),
              at,
            ),
          );
        }
      }
      // One note per status an inquiry reaches: moving back and forth does not mail the customer again.
      const note = CUSTOMER_STATUS_NOTES[after.status];
      if (after.status !== before.status && note && !(await isUnsubscribed(trx, after.customer_email))) {
        const unsubscribe = unsubscribeUrl(deps, after.customer_email);
        rows.push(
          outboxRow(
            'customer_status',
            `status:${after.id}:${after.status}`,
            after.customer_email,
            statusMail(deps.site, after, after.status, unsubscribe, await sentByAddressOwner(trx, after)),
            at,
            unsubscribe,
          ),
        );
      }
      await insertOutboxRows(trx, rows);
    },

    async quoteSent(trx, inquiryId, versionId, sent) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row) return;
      // Asked for, like the receipt: sent even to an address that stopped the status notes.
      const unsubscribe = unsubscribeUrl(deps, row.customer_email);
      const mail = quoteSentMail(deps.site, row, sent, await sentByAddressOwner(trx, row));
      await insertOutboxRows(trx, [
        outboxRow('quote_sent', `quote-sent:${versionId}`, row.customer_email, mail, now(), unsubscribe),
      ]);
    },

    async paperIssued(trx, inquiryId, issued) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row) return;
      const mail = paperIssuedMail(deps.site, row, issued.paper, await sentByAddressOwner(trx, row));
      const attachment = { paper: issued.paper.kind, id: issued.id } as const;
      await insertOutboxRows(trx, [
        outboxRow('paper_issued', `paper:${issued.id}`, row.customer_email, mail, now(), null, attachment),
      ]);
    },

    quoteAccepted: (trx, inquiryId, accepted) =>
      queueTripAnswer(trx, inquiryId, 'quote_accepted', `quote-accepted:${accepted.versionId}`, (row) =>
        quoteAcceptedMail(deps.site, row, accepted),
      ),

    // Each request is its own event (the trip link's rate limit bounds them).
    quoteChangesAsked: (trx, inquiryId, message) =>
      queueTripAnswer(trx, inquiryId, 'quote_changes', `quote-changes:${inquiryId}:${newId()}`, (row) =>
        quoteChangesMail(deps.site, row, message),
      ),

    committed: () => deps.nudge(),
  };
}

// --- account notices --------------------------------------------------------------------------------------

const SIGNUP_NOTICE_INTERVAL_MS = SIGNUP_NOTICE_INTERVAL_MINUTES * 60_000;

/**
 * Tells a verified account's owner that someone signed up with their address (docs/accounts.md), at most once per
 * interval: the dedupe key names the interval, so repeated sign-ups cannot fill the mailbox. The caller nudges the
 * sender.
 */
export async function queueSignupNotice(
  db: DbOrTx,
  site: SiteSettings,
  user: { id: string; name: string; email: string },
  at: number,
): Promise<void> {
  const interval = Math.floor(at / SIGNUP_NOTICE_INTERVAL_MS);
  const mail = signupNoticeMail(site, user.name);
  await insertOutboxRows(db, [
    outboxRow('signup_notice', `signup-notice:${user.id}:${interval}`, user.email, mail, at),
  ]);
}

// --- unsubscribe ------------------------------------------------------------------------------------------

/** Records the address of a valid token; false for a token that is not ours. */
export async function unsubscribe(db: DbOrTx, key: Buffer, token: string): Promise<boolean> {
  const email = verifyUnsubscribeToken(key, token);
  if (!email) return false;
  await insertUnsubscribe(db, email, now());
  return true;
}

// --- preferences ------------------------------------------------------------------------------------------

export interface NotificationPreferences {
  notifyNewInquiry: boolean;
  notifyAssignment: boolean;
}

async function getNotificationPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const row = await findPreferences(db, userId);
  return { notifyNewInquiry: row ? row.new_inquiry === 1 : true, notifyAssignment: row ? row.assignment === 1 : true };
}

/** Stores the choices given; an absent one keeps its stored value. */
async function setNotificationPreferences(
  db: DbOrTx,
  userId: string,
  choice: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const current = await getNotificationPreferences(db, userId);
  const next = {
    notifyNewInquiry: choice.notifyNewInquiry ?? current.notifyNewInquiry,
    notifyAssignment: choice.notifyAssignment ?? current.notifyAssignment,
  };
  await upsertPreferences(db, {
    user_id: userId,
    new_inquiry: next.notifyNewInquiry ? 1 : 0,
    assignment: next.notifyAssignment ? 1 : 0,
    updated_at: now(),
  });
  return next;
}

/**
 * GET/PUT /api/profile's part: a Staff member's or the Owner's choices, stored first when `choice` gives any;
 * nothing for a Customer (their mails are the unsubscribe link's business).
 */
export async function notificationPreferencesOf(
  db: DbOrTx,
  user: AuthUser,
  choice: Partial<NotificationPreferences> = {},
): Promise<Partial<NotificationPreferences>> {
  if (user.role === 'Customer') return {};
  if (choice.notifyNewInquiry === undefined && choice.notifyAssignment === undefined) {
    return getNotificationPreferences(db, user.id);
  }
  return setNotificationPreferences(db, user.id, choice);
}

// --- the Owner's view -------------------------------------------------------------------------------------

function toNotification(row: OutboxRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    tries: row.tries,
    lastError: row.last_error,
    createdAt: toIso(row.created_at)!,
    lastAttemptAt: toIso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? toIso(row.next_attempt_at) : null,
    sentAt: toIso(row.sent_at),
  };
}

export async function listNotifications(
  db: DbOrTx,
  query: { page: number; pageSize: number; status?: Notification['status'] },
): Promise<{ items: Notification[]; total: number }> {
  const { rows, total } = await findOutboxPage(db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toNotification), total };
}

const DAY_MS = 24 * 3600 * 1000;

export async function summarizeNotifications(db: DbOrTx): Promise<NotificationSummary> {
  return { failing: await countFailingSince(db, now() - DAY_MS) };
}

/** A failed mail goes back to the sender with a fresh set of tries. */
export async function retryNotification(db: DbOrTx, id: string): Promise<Notification> {
  const row = isId(id) ? await findOutboxRow(db, id) : undefined;
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if (!(await requeueFailed(db, id, now()))) throw conflict(NOTIFICATION_MESSAGES.notFailed);
  return toNotification((await findOutboxRow(db, id))!);
}
