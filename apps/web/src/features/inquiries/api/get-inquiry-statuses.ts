// GET /api/inquiries/statuses: each status present with its count, for the filter buttons.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusCount } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

const getInquiryStatuses = (signal?: AbortSignal) =>
  api.get<StatusCount[]>('/api/inquiries/statuses', undefined, signal);

const inquiryStatusesQueryOptions = () =>
  queryOptions({ queryKey: ['inquiries', 'statuses'], queryFn: ({ signal }) => getInquiryStatuses(signal) });

export const useInquiryStatuses = () => useQuery(inquiryStatusesQueryOptions());
