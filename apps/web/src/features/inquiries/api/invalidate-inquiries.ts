// After any inquiry write: lists, details, history and the dashboards refresh.
import type { QueryClient } from '@tanstack/react-query';

export async function invalidateInquiries(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
