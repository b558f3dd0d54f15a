// Issue 53 on the trip page: what is booked (each confirmed booking, its confirmation number and what it provides),
// each hotel's and cab's voucher as a PDF, and the agency's number at any hour. By the link, a plain link with the
// token (no login, kept on the device for use offline); signed in, a download with the reader's login.
import { useState } from 'react';
import { FileText, Phone } from 'lucide-react';
import type { Trip } from '@safarnama/contract/quotes';
import { bookingLineText } from '@safarnama/contract/suppliers-rules';
import { VOUCHER_TEXT } from '@safarnama/contract/payments-rules';
import { apiUrl, errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { tripVoucherPath } from '../api/trip-source';
import type { TripSource } from '../api/trip-source';
import { TripSection } from './version-details';

type Booking = NonNullable<Trip['bookings']>[number];

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const link = 'inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline';

export function TripBookings({
  bookings,
  emergencyPhone,
  source,
}: {
  bookings: readonly Booking[];
  emergencyPhone: string | undefined;
  source: TripSource;
}) {
  const [error, setError] = useState<string>();
  const download = async (b: Booking) => {
    setError(undefined);
    try {
      await downloadFile(tripVoucherPath(source, b._id), b.voucher ?? 'voucher.pdf');
    } catch (err) {
      setError(errorMessage(err, VOUCHER_TEXT.downloadFailed));
    }
  };
  return (
    <TripSection title={VOUCHER_TEXT.bookedTitle}>
      <p className="-mt-2 mb-3 text-stone-600">{VOUCHER_TEXT.bookedIntro}</p>
      <ul className="divide-y divide-stone-200" data-testid="bookings">
        {bookings.map((b) => (
          <li key={b._id} className="py-3" aria-label={b.name}>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                {VOUCHER_TEXT.kind[b.kind]}
              </span>
              <span className="font-semibold [overflow-wrap:anywhere] text-stone-900">{b.name}</span>
              {b.city ? <span className="text-sm text-stone-600">{b.city}</span> : null}
            </p>
            <ul className="mt-1 text-sm text-stone-700">
              {b.lines.map((l, i) => (
                <li key={i}>{bookingLineText(l)}</li>
              ))}
            </ul>
            <p className="mt-1 text-sm">
              {VOUCHER_TEXT.confirmationNo}:{' '}
              <span className="font-semibold tabular-nums [overflow-wrap:anywhere]">{b.confirmationNumber}</span>
            </p>
            {b.voucher ? (
              <p className="mt-1">
                {source.kind === 'link' ? (
                  <a href={apiUrl(tripVoucherPath(source, b._id))} download={b.voucher} className={link}>
                    <FileText className="size-4" aria-hidden="true" />
                    {VOUCHER_TEXT.voucherPdf}
                  </a>
                ) : (
                  <button type="button" className={link} onClick={() => void download(b)}>
                    <FileText className="size-4" aria-hidden="true" />
                    {VOUCHER_TEXT.voucherPdf}
                  </button>
                )}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {emergencyPhone ? (
        <p className="mt-3">
          <a href={tel(emergencyPhone)} className={link}>
            <Phone className="size-4" aria-hidden="true" />
            {VOUCHER_TEXT.emergencyCall(emergencyPhone)}
          </a>
        </p>
      ) : null}
    </TripSection>
  );
}
