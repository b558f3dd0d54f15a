// POST …/changes: the customer tells the agency what they would like changed (D30).
import { request } from '../../../lib/api-client';
import type { TripAnswer } from './accept-trip';
import { isAnonymous, tripApiPath, type TripSource } from './trip-source';

export const requestTripChanges = (source: TripSource, message: string) =>
  request<TripAnswer>(`${tripApiPath(source)}/changes`, {
    method: 'POST',
    body: { message },
    anonymous: isAnonymous(source),
  }).then((r) => r.data);
