// D33's calls on an inquiry's bookings: the list (made from the accepted quotation), sending the requests (all
// not sent, or one again with a new link), a confirmation taken by phone, and the status Booked once all are.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingList } from '@safarnama/contract/suppliers';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

const bookingsKey = (inquiryId: string) => ['bookings', inquiryId] as const;
const inquiryPath = (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}`;

export const useBookings = (inquiryId: string) =>
  useQuery({
    queryKey: bookingsKey(inquiryId),
    queryFn: ({ signal }) => api.get<BookingList>(`${inquiryPath(inquiryId)}/bookings`, undefined, signal),
  });

/** After a step: the bookings as the server answered them, and the inquiry's timeline (under ['inquiries']). */
function refresh(queryClient: QueryClient, inquiryId: string, list: BookingList) {
  queryClient.setQueryData(bookingsKey(inquiryId), list);
  return queryClient.invalidateQueries({ queryKey: ['inquiries'] });
}

/** Sends every request not sent yet (no id), or one request again (its id: a new link, the old one stops working). */
export function useSendRequests(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId?: string) =>
      bookingId
        ? api.post<BookingList>(`/api/bookings/${encodeURIComponent(bookingId)}/send`)
        : api.post<BookingList>(`${inquiryPath(inquiryId)}/bookings`),
    onSuccess: (list) => refresh(queryClient, inquiryId, list),
  });
}

export function useConfirmByPhone(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, confirmationNumber }: { bookingId: string; confirmationNumber: string }) =>
      api.post<BookingList>(`/api/bookings/${encodeURIComponent(bookingId)}/confirm`, { confirmationNumber }),
    onSuccess: (list) => refresh(queryClient, inquiryId, list),
  });
}

/** The inquiry's status set to Booked (the server writes the status change in the timeline). */
export function useSetBooked(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<Inquiry>(inquiryPath(inquiryId), { status: 'Booked' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
