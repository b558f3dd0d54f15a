// Spec §9: dashboard inquiries newest updatedAt first (a missing date sorts last).
import type { Inquiry } from '@safarnama/contract/inquiries';

export const latestFirst = (inquiries: readonly Inquiry[]) =>
  [...inquiries].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
