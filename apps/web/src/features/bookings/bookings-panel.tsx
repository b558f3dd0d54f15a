// D33 on the inquiry's page, for Staff and the Owner: after an acceptance, one booking per supplier of the accepted
// quotation with what it must provide and its answer; sending the requests (mail and WhatsApp, each with a one-use
// link), a confirmation taken by phone, and — once every booking is confirmed — the status Booked in one click.
// Loaded on its own (a lazy chunk, app/bookings-slot.tsx) only for the back office.
import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, MessageCircle, Phone, Send } from 'lucide-react';
import type { Booking, BookingList } from '@safarnama/contract/suppliers';
import type { Inquiry } from '@safarnama/contract/inquiries';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  BOOKING_PANEL_TEXT as TEXT,
  bookingLineText,
  travellersText,
  type BookingStatus,
} from '@safarnama/contract/suppliers-rules';
import { formatDateTime, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useBookings, useConfirmByPhone, useSendRequests, useSetBooked } from './api/bookings';
import { BookingMoneySection } from './booking-money';

type SentLink = BookingList['sent'][number];

// Text on tinted backgrounds, each pair at WCAG AA contrast or better.
const STATUS_STYLES: Record<BookingStatus, string> = {
  pending: 'bg-stone-100 text-stone-800 ring-stone-200',
  requested: 'bg-amber-100 text-amber-900 ring-amber-200',
  confirmed: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  declined: 'bg-red-100 text-red-800 ring-red-200',
};

function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_STYLES[status]}`}
      data-status={status}
    >
      {TEXT.status[status]}
    </span>
  );
}

function PhoneConfirmForm({ inquiryId, booking, onDone }: { inquiryId: string; booking: Booking; onDone: () => void }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string>();
  const confirm = useConfirmByPhone(inquiryId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim()) return setError(BOOKING_MESSAGES.confirmationRequired);
    setError(undefined);
    try {
      await confirm.mutateAsync({ bookingId: booking._id, confirmationNumber: number.trim() });
      notify.success(TEXT.phoneRecorded);
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.errors?.confirmationNumber
          ? err.errors.confirmationNumber
          : errorMessage(err, BOOKING_MESSAGES.alreadyAnswered),
      );
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`${TEXT.recordPhone}: ${booking.supplier.name}`}
      className="mt-3 flex flex-wrap items-end gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-stone-200"
    >
      <Field label={TEXT.confirmationLabel} error={error} required className="min-w-0 flex-1 basis-48">
        <input
          className={inputClass}
          value={number}
          maxLength={BOOKING_LIMITS.confirmationNumber}
          autoComplete="off"
          onChange={(e) => setNumber(e.target.value)}
        />
      </Field>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={confirm.isPending}>
          {TEXT.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={confirm.isPending}>
          {TEXT.save}
        </Button>
      </div>
    </form>
  );
}

/** The link of a request just sent: WhatsApp to the supplier's number, and the link itself to copy. */
function SentLinks({ booking, link }: { booking: Booking; link: SentLink }) {
  return (
    <div className="mt-3 space-y-2 rounded-xl bg-emerald-50 p-3 text-sm ring-1 ring-emerald-200" role="status">
      <p className="text-emerald-900">{TEXT.sent(booking.supplier.name, link.mailed)}</p>
      <div className="flex flex-wrap items-center gap-3">
        {link.whatsappUrl ? (
          <a
            href={link.whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-xl bg-emerald-700 px-3 py-1.5 font-semibold text-white hover:bg-emerald-800"
          >
            <MessageCircle className="size-4" aria-hidden="true" /> {TEXT.whatsapp}
          </a>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(link.url).then(
              () => notify.success(TEXT.linkCopied),
              () => undefined,
            )
          }
        >
          {TEXT.copyLink}
        </Button>
      </div>
      <p className="font-mono text-xs [overflow-wrap:anywhere] text-stone-600" data-testid="supplier-link">
        {link.url}
      </p>
    </div>
  );
}

function BookingCard({
  inquiry,
  booking,
  link,
  onSent,
}: {
  inquiry: Inquiry;
  booking: Booking;
  link?: SentLink;
  onSent: (sent: SentLink[]) => void;
}) {
  const [recording, setRecording] = useState(false);
  const send = useSendRequests(inquiry._id);
  const open = booking.status === 'pending' || booking.status === 'requested';
  const resend = async () => {
    try {
      onSent((await send.mutateAsync(booking._id)).sent);
    } catch (err) {
      notify.error(errorMessage(err, BOOKING_MESSAGES.alreadyAnswered));
    }
  };
  return (
    <li className="rounded-xl p-4 ring-1 ring-stone-200" data-testid="booking" aria-label={booking.supplier.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{booking.supplier.name}</h3>
          <p className="text-sm text-stone-600 capitalize">
            {booking.supplier.kind}
            {booking.supplier.city ? ` · ${booking.supplier.city}` : ''}
          </p>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-stone-800">
        {booking.lines.map((l, i) => (
          <li key={i}>{bookingLineText(l)}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-stone-700">
        {booking.status === 'confirmed' && booking.confirmationNumber ? (
          <span className="font-semibold text-emerald-900">{TEXT.confirmationNo(booking.confirmationNumber)}</span>
        ) : booking.status === 'declined' && booking.declineReason ? (
          <span className="text-red-800">{TEXT.declinedBecause(booking.declineReason)}</span>
        ) : booking.requestedAt ? (
          TEXT.requestedOn(formatDateTime(booking.requestedAt))
        ) : null}
        {booking.answeredAt && booking.answeredBy ? (
          <span className="block text-xs text-stone-500">
            {TEXT.answeredBy(booking.answeredBy, formatDateTime(booking.answeredAt))}
          </span>
        ) : null}
      </p>
      {link ? <SentLinks booking={booking} link={link} /> : null}
      {open && !recording ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={booking.status === 'pending' ? 'primary' : 'outline'}
            disabled={send.isPending}
            onClick={() => void resend()}
            title={booking.status === 'requested' ? TEXT.sendAgainHint : undefined}
          >
            <Send className="size-4" aria-hidden="true" />
            {booking.status === 'pending' ? TEXT.send : TEXT.sendAgain}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRecording(true)}>
            <Phone className="size-4" aria-hidden="true" /> {TEXT.recordPhone}
          </Button>
        </div>
      ) : null}
      {recording ? (
        <PhoneConfirmForm inquiryId={inquiry._id} booking={booking} onDone={() => setRecording(false)} />
      ) : null}
      <BookingMoneySection inquiryId={inquiry._id} bookingId={booking._id} />
    </li>
  );
}

function AllConfirmed({ inquiry }: { inquiry: Inquiry }) {
  const setBooked = useSetBooked(inquiry._id);
  const booked = inquiry.status === 'Booked';
  const submit = async () => {
    try {
      await setBooked.mutateAsync();
      notify.success(TEXT.bookedSet);
    } catch (err) {
      notify.error(errorMessage(err, TEXT.loadFailed));
    }
  };
  return (
    <div
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200"
      role="status"
    >
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <CheckCircle2 className="size-5" aria-hidden="true" /> {TEXT.allConfirmed}
      </p>
      {booked ? (
        <p className="text-sm text-emerald-900">{TEXT.isBooked}</p>
      ) : (
        <Button size="sm" onClick={() => void submit()} disabled={setBooked.isPending}>
          {TEXT.setBooked}
        </Button>
      )}
    </div>
  );
}

function PanelBody({ inquiry, list }: { inquiry: Inquiry; list: BookingList }) {
  // The links of requests sent from this page: the server shows each token once, in the answer that made it.
  const [links, setLinks] = useState<Record<string, SentLink>>({});
  const remember = (sent: SentLink[]) =>
    setLinks((l) => ({ ...l, ...Object.fromEntries(sent.map((s) => [s.bookingId, s])) }));
  const send = useSendRequests(inquiry._id);
  const notSent = list.bookings.filter((b) => b.status === 'pending').length;
  const sendAll = async () => {
    try {
      remember((await send.mutateAsync(undefined)).sent);
    } catch (err) {
      notify.error(errorMessage(err, TEXT.loadFailed));
    }
  };
  if (list.bookings.length === 0) return <p className="text-sm text-stone-600">{TEXT.none}</p>;
  return (
    <>
      {list.allConfirmed ? <AllConfirmed inquiry={inquiry} /> : null}
      <p className="mb-3 text-sm text-stone-600">
        {[
          inquiry.travelDate ? formatShortDate(inquiry.travelDate) : null,
          inquiry.tourDuration || null,
          travellersText(inquiry.noOfAdults, inquiry.noOfKids),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {notSent > 1 ? (
        <div className="mb-3">
          <Button size="sm" onClick={() => void sendAll()} disabled={send.isPending}>
            <Send className="size-4" aria-hidden="true" /> {TEXT.sendAll(notSent)}
          </Button>
        </div>
      ) : null}
      <ul className="space-y-3">
        {list.bookings.map((b) => (
          <BookingCard
            key={b._id}
            inquiry={inquiry}
            booking={b}
            link={b.status === 'requested' ? links[b._id] : undefined}
            onSent={remember}
          />
        ))}
      </ul>
    </>
  );
}

export default function BookingsPanel({ inquiry }: { inquiry: Inquiry }) {
  const titleId = useId();
  const bookings = useBookings(inquiry._id);
  return (
    <section aria-labelledby={titleId} id="bookings" className="card min-w-0 p-4 sm:p-6">
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {TEXT.title}
      </h2>
      {bookings.isPending ? (
        <Spinner label="Loading bookings…" />
      ) : bookings.isError ? (
        <ErrorMessage
          action={
            <Button variant="outline" size="sm" onClick={() => void bookings.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(bookings.error, TEXT.loadFailed)}
        </ErrorMessage>
      ) : (
        <PanelBody inquiry={inquiry} list={bookings.data} />
      )}
    </section>
  );
}
