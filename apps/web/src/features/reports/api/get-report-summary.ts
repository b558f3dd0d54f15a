// GET /api/reports/summary: the Owner's figures for a period of days in Asia/Kolkata.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@safarnama/contract/reports';
import { api } from '../../../lib/api-client';
import type { Period } from '../period';

const getReportSummary = (period: Period, signal?: AbortSignal) =>
  api.get<ReportSummary>('/api/reports/summary', { from: period.from, to: period.to }, signal);

const reportSummaryQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['reports', 'summary', period.from, period.to],
    queryFn: ({ signal }) => getReportSummary(period, signal),
  });

export const useReportSummary = (period: Period | undefined) =>
  useQuery({
    ...reportSummaryQueryOptions(period ?? { from: '', to: '' }),
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });
