// Owner/Staff dashboard figures (spec §9): from the inquiry counters and one index walk, never a table scan.
import {
  AGENCY_TIME_ZONE,
  DASHBOARD_LIMIT,
  isActiveStatus,
  isPendingStatus,
  type DashboardStats,
} from '@safarnama/contract';
import type { Db } from '../db/database';
import { now } from '../lib/clock';
import { findLatestInquiries, findMonthCount, findStatusCounts } from '../inquiries/inquiry.repository';
import { toInquiry } from '../inquiries/inquiry.service';
import { countPackages } from './dashboard.repository';

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** 'YYYY-MM' of an instant in the agency's time zone (the key of the month counters). */
export function agencyMonth(ms: number): string {
  const parts = monthFormat.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [totalPackages, counts, inquiriesThisMonth, latest] = await Promise.all([
    countPackages(db),
    findStatusCounts(db),
    findMonthCount(db, agencyMonth(now())),
    findLatestInquiries(db, DASHBOARD_LIMIT),
  ]);
  const sum = (keep: (status: string) => boolean) => counts.filter((c) => keep(c.status)).reduce((a, c) => a + c.n, 0);
  return {
    totalPackages,
    activeInquiries: sum(isActiveStatus),
    pendingInquiries: sum(isPendingStatus),
    inquiriesThisMonth,
    latestInquiries: latest.map(toInquiry),
  };
}
