// D34: a trip page opened by its link is kept for use with no network, and its saved copy is replaced by a fresh
// answer when the connection returns.
import { useEffect, useState } from 'react';
import type { Trip } from '@safarnama/contract/quotes';
import { apiUrl } from '../../../lib/api-client';
import { useAfterLoad } from '../../../lib/use-after-load';
import { keepPageForOffline } from '../../../pwa/keep-offline';
import { savedTripKeys } from '../../../pwa/saved-trips';
import { tripReceiptPath } from '../api/claim-instalment';
import { tripApiPath, tripVoucherPath, type TripSource } from '../api/trip-source';

const absolute = (path: string) => new URL(apiUrl(path), location.href).href;

/** The quotation's PDF by the link: its version in the address, so a new version's paper is a new one to keep. */
export const quotationPath = (source: TripSource, version: number) =>
  `${tripApiPath(source)}/quotation.pdf?v=${version}`;

/**
 * The trip's papers by the link, most needed first: the vouchers (what the traveller shows with no signal), the
 * quotation, the receipts, then invoices and credit notes.
 */
function tripPaperUrls(source: TripSource, trip: Trip): string[] {
  const paths = [
    ...(trip.bookings ?? []).filter((b) => b.voucher).map((b) => tripVoucherPath(source, b._id)),
    ...(trip.current ? [quotationPath(source, trip.current.number)] : []),
    ...(trip.payments?.receipts ?? []).map((r) => tripReceiptPath(source, r._id)),
    ...(trip.invoices ?? []).map(
      (p) => `${tripApiPath(source)}/${p.kind === 'invoice' ? 'invoices' : 'credit-notes'}/${p.id}.pdf`,
    ),
  ];
  return paths.map(absolute);
}

/** The kept trips' API paths, newest first, as pwa/keep-offline.ts orders whose papers to drop. */
const keptTripPaths = () =>
  savedTripKeys()
    .filter((key) => key.startsWith('link/'))
    .map((key) => tripApiPath({ kind: 'link', token: key.slice('link/'.length) }));

/**
 * Keeps the page, its chunks and the papers of `trip` (a fresh answer by the link) once the page has loaded;
 * true once kept. Kept again when the papers change (a new version, a receipt).
 */
export function useKeepTripOffline(source: TripSource, trip: Trip | undefined): boolean {
  const afterLoad = useAfterLoad();
  const urls = trip && source.kind === 'link' ? tripPaperUrls(source, trip) : null;
  const stamp = urls?.join(' ') ?? null;
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    if (!afterLoad || stamp === null) return;
    let live = true;
    void keepPageForOffline(stamp ? stamp.split(' ') : [], keptTripPaths()).then(
      (done) => live && done && setKept(stamp),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [afterLoad, stamp]);
  return kept !== null && kept === stamp;
}

/** Reads the trip again when the connection returns while the device's copy is shown. */
export function useRefreshWhenOnline(showingCopy: boolean, refresh: () => void) {
  useEffect(() => {
    if (!showingCopy) return;
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [showingCopy, refresh]);
}
