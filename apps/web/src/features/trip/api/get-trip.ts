// GET /api/trips/{token} or GET /api/inquiries/{id}/trip: the trip page's data, cached per source (lib/use-resource,
// as on the other public pages: TanStack Query would weigh on the public first load).
import type { TripInstalment } from '@safarnama/contract/payments';
import type { Trip, TripVersion } from '@safarnama/contract/quotes';
import { request } from '../../../lib/api-client';
import { prefetchResource, setResourceData, useResource } from '../../../lib/use-resource';
import { isAnonymous, sourceKey, tripApiPath, type TripSource } from './trip-source';

const tripKey = (source: TripSource) => `trip/${sourceKey(source)}`;
const fetchTrip = (source: TripSource) => () =>
  request<Trip>(tripApiPath(source), { anonymous: isAnonymous(source) }).then((r) => r.data);

// Each reading counts as a view of the trip, so a shown page is not refetched behind the customer's back.
const NEVER_STALE = Infinity;

export const useTrip = (source: TripSource) => useResource(tripKey(source), fetchTrip(source), NEVER_STALE);

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
    (fresh) => setResourceData<Trip>(tripKey(source), (trip) => ({ ...trip, payments: fresh.payments })),
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
