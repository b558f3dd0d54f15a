// The back-office dashboard figures (spec §9 owner stats).
import { z } from 'zod';
import { inquirySchema } from './inquiries';

export const dashboardStatsSchema = z.object({
  totalPackages: z.number(),
  activeInquiries: z.number(),
  pendingInquiries: z.number(),
  inquiriesThisMonth: z.number(),
  latestInquiries: z.array(inquirySchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
