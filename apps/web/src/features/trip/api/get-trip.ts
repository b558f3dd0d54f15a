// GET /api/trips/{token} or GET /api/inquiries/{id}/trip: the trip page's data, cached per source (lib/use-resource,
// as on the other public pages: TanStack Query would weigh on the public first load). By the link, each answer is
// kept on the device and shown, with its time, when the network fails (D34); a signed-in reader's never is.
import type { TripInstalment } from '@safarnama/contract/payments';
import type { Trip, TripVersion } from '@safarnama/contract/quotes';
import { ApiError, request } from '../../../lib/api-client';
import { prefetchResource, setResourceData, useResource } from '../../../lib/use-resource';
import { readSavedTrip, saveTrip } from '../../../pwa/saved-trips';
import { isAnonymous, sourceKey, tripApiPath, type TripSource } from './trip-source';

/** The trip as shown: `offlineAsOf` is set when it is the device's copy, from that time (the network failed). */
export type ShownTrip = Trip & { offlineAsOf?: string };

const tripKey = (source: TripSource) => `trip/${sourceKey(source)}`;
const fetchTrip = (source: TripSource) => async (): Promise<ShownTrip> => {
  try {
    const trip = (await request<Trip>(tripApiPath(source), { anonymous: isAnonymous(source) })).data;
    if (source.kind === 'link') saveTrip(sourceKey(source), trip);
    return trip;
  } catch (err) {
    const saved = source.kind === 'link' && err instanceof ApiError && err.status === 0;
    const copy = saved ? readSavedTrip<Trip>(sourceKey(source)) : undefined;
    if (!copy) throw err;
    return { ...copy.data, offlineAsOf: copy.savedAt };
  }
};

// Each reading counts as a view of the trip, so a shown page is not refetched behind the customer's back.
const NEVER_STALE = Infinity;

export const useTrip = (source: TripSource) => useResource<ShownTrip>(tripKey(source), fetchTrip(source), NEVER_STALE);

export const prefetchTrip = (source: TripSource) => prefetchResource(tripKey(source), fetchTrip(source));

/** After an acceptance: the accepted version becomes the trip's current one wherever the trip is shown or cached. */
export const showAccepted = (source: TripSource, version: TripVersion) =>
  setResourceData<Trip>(tripKey(source), (trip) => ({ ...trip, current: version }));

/**
 * After an acceptance, which makes the payment schedule (D31): the trip is read again for its payments; what the
 * acceptance answered stays as it is shown.
 */
export const refreshTripPayments = (source: TripSource) =>
  void fetchTrip(source)().then(
    (fresh) => setResourceData<ShownTrip>(tripKey(source), (trip) => ({ ...trip, payments: fresh.payments })),
    () => undefined,
  );

/** After a claim: the instalment as the server now has it (claimed), wherever the trip is shown. */
export const showInstalment = (source: TripSource, instalment: TripInstalment) =>
  setResourceData<Trip>(tripKey(source), (trip) =>
    trip.payments
      ? {
          ...trip,
          payments: {
            ...trip.payments,
            instalments: trip.payments.instalments.map((i) => (i._id === instalment._id ? instalment : i)),
          },
        }
      : trip,
  );

/** Back online after showing the device's copy: the trip is read again and replaces it where shown (D34). */
export const refreshTrip = (source: TripSource) =>
  void fetchTrip(source)().then(
    (fresh) => setResourceData<ShownTrip>(tripKey(source), () => fresh),
    () => undefined,
  );
