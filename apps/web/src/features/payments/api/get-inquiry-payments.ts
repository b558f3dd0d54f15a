// GET /api/inquiries/{id}/payments: the schedule and the ledger of an inquiry, with what they add up to (D31).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InquiryPayments } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';

const paymentsKey = (inquiryId: string) => ['payments', inquiryId] as const;

const getInquiryPayments = (inquiryId: string, signal?: AbortSignal) =>
  api.get<InquiryPayments>(`/api/inquiries/${encodeURIComponent(inquiryId)}/payments`, undefined, signal);

const inquiryPaymentsQueryOptions = (inquiryId: string) =>
  queryOptions({
    queryKey: paymentsKey(inquiryId),
    queryFn: ({ signal }) => getInquiryPayments(inquiryId, signal),
  });

export const useInquiryPayments = (inquiryId: string) => useQuery(inquiryPaymentsQueryOptions(inquiryId));

/**
 * After a payment call: the ledger, and the inquiries (a verified payment changes the advance, the pending amount,
 * maybe the status, and writes the timeline; the dashboards' payments due hang under ['inquiries'] too).
 */
export const refreshAfterPayment = (queryClient: QueryClient, inquiryId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentsKey(inquiryId) }),
    queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
  ]);
