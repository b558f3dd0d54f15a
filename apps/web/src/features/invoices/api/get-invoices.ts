// GET /api/inquiries/{id}/invoices: the inquiry's invoices with their credit notes, oldest first (D32).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';

/** The key every invoice call of an inquiry refreshes. */
export const invoicesKey = (inquiryId: string) => ['invoices', inquiryId] as const;

const getInvoices = (inquiryId: string, signal?: AbortSignal) =>
  api.get<Invoice[]>(`/api/inquiries/${encodeURIComponent(inquiryId)}/invoices`, undefined, signal);

const invoicesQueryOptions = (inquiryId: string) =>
  queryOptions({ queryKey: invoicesKey(inquiryId), queryFn: ({ signal }) => getInvoices(inquiryId, signal) });

export const useInvoices = (inquiryId: string) => useQuery(invoicesQueryOptions(inquiryId));
