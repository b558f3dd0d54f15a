// D34: the trips this device keeps for use with no network, above the hero of the home page — where the installed
// app opens — so a traveller with no signal finds their trip without the mailed link. Nothing shows on a device that
// has opened no trip link; each trip can be removed from the device (a shared phone).
import { useState } from 'react';
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { formatDateTime, formatShortDate } from '@safarnama/contract/common-rules';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { forgetOfflineTrip } from '../../pwa/forget-offline';
import { savedTrips } from '../../pwa/saved-trips';

interface TripOnDevice {
  token: string;
  destination: string;
  travelDate: string | null;
  savedAt: string;
}

/** The trips kept by their link, newest first; a copy of another shape (an older build's) is skipped. */
function tripsOnDevice(): TripOnDevice[] {
  return savedTrips<{ trip?: { destination?: unknown; travelDate?: unknown } }>().flatMap(({ key, data, savedAt }) => {
    const destination = data?.trip?.destination;
    const travelDate = data?.trip?.travelDate;
    if (!key.startsWith('link/') || typeof destination !== 'string') return [];
    return [
      {
        token: key.slice('link/'.length),
        destination,
        travelDate: typeof travelDate === 'string' ? travelDate : null,
        savedAt,
      },
    ];
  });
}

export function TripsOnDevice() {
  const [trips, setTrips] = useState(tripsOnDevice);
  if (trips.length === 0) return null;
  const remove = (token: string) => {
    setTrips((shown) => shown.filter((t) => t.token !== token));
    void forgetOfflineTrip(token);
  };
  return (
    <section aria-labelledby="trips-on-device" className="border-b border-brand-100 bg-brand-50">
      <div className="container-page py-4">
        <h2 id="trips-on-device" className="text-base font-semibold text-brand-900">
          {OFFLINE_TEXT.tripsOnDevice(trips.length)}
        </h2>
        <p className="text-sm text-stone-600">{OFFLINE_TEXT.tripsOnDeviceHelp}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {trips.map((trip) => (
            <li
              key={trip.token}
              className="flex items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200"
            >
              <div className="min-w-0">
                <Link
                  to={paths.trip(trip.token)}
                  className="font-semibold text-brand-800 [overflow-wrap:anywhere] hover:underline"
                >
                  {trip.destination}
                </Link>
                <p className="text-xs text-stone-600">
                  {trip.travelDate ? `From ${formatShortDate(trip.travelDate)} · ` : ''}
                  as of {formatDateTime(trip.savedAt)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => remove(trip.token)}
                aria-label={OFFLINE_TEXT.forgetTrip(trip.destination)}
                className="shrink-0 rounded-full px-3 py-1.5 text-xs font-semibold text-stone-600 ring-1 ring-stone-300 hover:bg-stone-50"
              >
                {OFFLINE_TEXT.remove}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
