// Where a trip page's data comes from (D30): the customer's link (its token, no account) or a signed-in reader's
// inquiry. The two answer the same; only the path and whether a login token is sent differ.
export type TripSource = { kind: 'link'; token: string } | { kind: 'inquiry'; inquiryId: string };

/** The API path of the source's trip; the accept and changes calls are below it. */
export const tripApiPath = (source: TripSource) =>
  source.kind === 'link'
    ? `/api/trips/${encodeURIComponent(source.token)}`
    : `/api/inquiries/${encodeURIComponent(source.inquiryId)}/trip`;

/** The link's calls send no login token: the token in the path is the whole authority (a stale login changes nothing). */
export const isAnonymous = (source: TripSource) => source.kind === 'link';

/** A key per source, for the cached answer and for the unsent change request kept in the tab. */
export const sourceKey = (source: TripSource) =>
  source.kind === 'link' ? `link/${source.token}` : `inquiry/${source.inquiryId}`;

/** A voucher's PDF (issue 53) through the trip's source: `…/vouchers/{bookingId}.pdf`. */
export const tripVoucherPath = (source: TripSource, bookingId: string) =>
  `${tripApiPath(source)}/vouchers/${encodeURIComponent(bookingId)}.pdf`;
