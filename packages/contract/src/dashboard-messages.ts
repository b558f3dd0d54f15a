// Messages and figures of the dashboards (spec §8 texts verbatim).

export const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  dataFailed: 'Failed to fetch data',
  wrongRole: 'You do not have access to that page.',
} as const;

export const DASHBOARD_LIMIT = 10;
/** "Created this month" is counted in the agency's time zone. */
export const AGENCY_TIME_ZONE = 'Asia/Kolkata';
