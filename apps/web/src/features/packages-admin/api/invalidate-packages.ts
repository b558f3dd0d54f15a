// After any package write: the back office's queries and the public pages' cached reads refresh.
import type { QueryClient } from '@tanstack/react-query';
import { invalidatePackageReads } from '../../../components/packages/use-package-search';

export async function invalidatePackages(queryClient: QueryClient) {
  invalidatePackageReads();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['packages'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
