// POST …/instalments/{id}/claim: the customer reports a UPI payment by its 12-digit UTR (D31); the instalment
// becomes claimed until staff verify it.
import type { TripInstalment } from '@safarnama/contract/payments';
import { request } from '../../../lib/api-client';
import { isAnonymous, tripApiPath, type TripSource } from './trip-source';

export interface ClaimAnswer {
  message: string;
  instalment: TripInstalment;
}

export const claimInstalment = (source: TripSource, instalmentId: string, utr: string) =>
  request<ClaimAnswer>(`${tripApiPath(source)}/instalments/${encodeURIComponent(instalmentId)}/claim`, {
    method: 'POST',
    body: { utr },
    anonymous: isAnonymous(source),
  }).then((r) => r.data);

/** A receipt's PDF through the trip's source (the link's token, or the signed-in customer's inquiry). */
export const tripReceiptPath = (source: TripSource, receiptId: string) =>
  `${tripApiPath(source)}/receipts/${encodeURIComponent(receiptId)}.pdf`;
