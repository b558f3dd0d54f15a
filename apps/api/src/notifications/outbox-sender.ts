// The sender of the notification outbox (D25), inside the server process: it claims due mails one at a time with
// a lease (so several processes on one database send each mail once), hands each to the transport, marks it sent,
// and on an error keeps the error and tries again later with a growing back-off, giving up after the last try.
// A commit that adds mail nudges it; otherwise it looks again every few seconds (mail written by another process,
// a back-off that ran out, the lease of a sender that crashed).
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Engine } from '../db/dialect';
import type { OutboxTransport } from '../mail/outbox-transport';
import { now } from '../lib/clock';
import type { AttachedFile } from './mail-attachments';
import {
  claimDueMails,
  findNextDueAt,
  isAccountDisabled,
  markAttemptFailed,
  markSent,
  type OutboxRow,
} from './notification.repository';

const MINUTE = 60_000;
/**
 * The wait after each failed try: ten tries spread over about 24 hours, so an SMTP outage of a night loses no
 * mail and a mail server that is down for good is not hammered. After the last try the mail is failed.
 */
export const RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240, 480, 480].map((m) => m * MINUTE);
export const MAX_TRIES = RETRY_DELAYS_MS.length + 1;
/** How long a claim holds: longer than one SMTP conversation can last (SMTP_TIMEOUTS). */
export const LEASE_MS = 60_000;
/** How often the sender looks for mail it was not nudged about. */
const POLL_MS = 3_000;
/** Why a back-office mail was not sent to someone removed (D9) while it waited. */
export const DISABLED_RECIPIENT_ERROR = "Not sent: the recipient's account has been disabled";
/** Kept in the row for the Owner; SMTP answers can be long. */
const MAX_ERROR_LENGTH = 500;
/** Mails to an account (not to a customer's address): held back when the account is disabled before they go. */
const ACCOUNT_KINDS: ReadonlySet<OutboxRow['kind']> = new Set([
  'new_inquiry',
  'assignment',
  'signup_notice',
  'quote_accepted',
  'quote_changes',
  'payment_claimed',
]);

export interface OutboxSenderDeps {
  db: Db;
  engine: Engine;
  transport: OutboxTransport;
  log: FastifyBaseLogger;
  /** The public host, for Message-IDs. */
  messageIdHost: string;
  /** Lays out the paper a row's `attachment` names (mail-attachments.ts). */
  attach(column: string): Promise<AttachedFile>;
}

export class OutboxSender {
  private readonly leaseId = crypto.randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: OutboxSenderDeps) {}

  start(): void {
    this.stopped = false;
    this.nudge();
  }

  /** Sends what is due soon (after a commit that added mail). */
  nudge(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** Sends everything due now and answers once done (tests, and the start of a nudge). */
  async drain(): Promise<void> {
    if (this.pass) {
      // A pass is running: let it finish, then run one more, so mail written before this call is covered.
      this.again = true;
      await this.pass;
      if (this.pass) await this.pass;
      return;
    }
    this.pass = this.run().finally(() => {
      this.pass = undefined;
    });
    await this.pass;
  }

  /** Stops looking; a send in flight finishes (its row is marked) before this resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain().then(
        () => this.scheduleNext(),
        (err: unknown) => {
          this.deps.log.error({ err, event: 'outbox_pass_failed' }, 'notification sender: a pass failed');
          this.scheduleNext();
        },
      );
    }, ms);
    // The sender never holds the process open; shutdown closes it through stop().
    this.timer.unref();
  }

  private async scheduleNext() {
    if (this.stopped) return;
    let wait = POLL_MS;
    try {
      const due = await findNextDueAt(this.deps.db);
      if (due !== undefined) wait = Math.min(POLL_MS, Math.max(0, due - now()));
    } catch {
      // The database is away (a restart): look again after the usual pause.
    }
    if (!this.stopped && !this.timer) this.schedule(wait);
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return;
        const at = now();
        const [row] = await claimDueMails(this.deps.db, this.deps.engine, {
          leaseId: this.leaseId,
          at,
          leaseUntil: at + LEASE_MS,
          limit: 1,
        });
        if (!row) break;
        await this.sendOne(row);
      }
    } while (this.again && !this.stopped);
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    const { db, transport, log } = this.deps;
    // A staff member removed while their mail waited (an SMTP outage) gets no more mail about the agency's leads,
    // and an account closed meanwhile is not told to log in.
    const toAccount = ACCOUNT_KINDS.has(row.kind);
    if (toAccount && (await isAccountDisabled(db, row.recipient))) {
      await markAttemptFailed(db, row.id, this.leaseId, DISABLED_RECIPIENT_ERROR, null);
      return;
    }
    try {
      // Laid out now, from the paper kept at issue: a missing paper or a busy pool is a try that failed.
      const attachments = row.attachment ? [await this.deps.attach(row.attachment)] : [];
      await transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: `<${row.id}@${this.deps.messageIdHost}>`,
        unsubscribeUrl: row.unsubscribe_url,
        attachments,
      });
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      const nextAt = row.tries >= MAX_TRIES ? null : now() + RETRY_DELAYS_MS[row.tries - 1]!;
      await markAttemptFailed(db, row.id, this.leaseId, message, nextAt);
      // The id and the SMTP code only: the error text can name the recipient, and it is kept in the row instead.
      log.warn(
        {
          event: nextAt === null ? 'mail_failed' : 'mail_retry',
          notificationId: row.id,
          tries: row.tries,
          code: (err as { code?: string }).code,
          responseCode: (err as { responseCode?: number }).responseCode,
        },
        nextAt === null ? 'mail given up after the last try' : 'mail not sent; will try again',
      );
      return;
    }
    if (!(await markSent(db, row.id, this.leaseId, now()))) {
      log.warn({ event: 'mail_lease_lost', notificationId: row.id }, 'mail sent after its claim ran out');
    }
  }
}
