// POST …/accept: the customer accepts the version they read, with the name they typed (D30).
import type { TripVersion } from '@safarnama/contract/quotes';
import { request } from '../../../lib/api-client';
import { isAnonymous, tripApiPath, type TripSource } from './trip-source';

export interface TripAnswer {
  message: string;
  version: TripVersion | null;
}

export const acceptTrip = (source: TripSource, body: { name: string; version: number }) =>
  request<TripAnswer>(`${tripApiPath(source)}/accept`, {
    method: 'POST',
    body,
    anonymous: isAnonymous(source),
  }).then((r) => r.data);
