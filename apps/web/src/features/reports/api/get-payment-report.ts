// GET /api/reports/payments: the Owner's money received in a period, by month and by mode, and what is outstanding
// today, from the ledger (D31).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentReport } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';
import type { Period } from '../period';

const getPaymentReport = (period: Period, signal?: AbortSignal) =>
  api.get<PaymentReport>('/api/reports/payments', { from: period.from, to: period.to }, signal);

const paymentReportQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['reports', 'payments', period.from, period.to],
    queryFn: ({ signal }) => getPaymentReport(period, signal),
  });

export const usePaymentReport = (period: Period | undefined) =>
  useQuery({
    ...paymentReportQueryOptions(period ?? { from: '', to: '' }),
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });
