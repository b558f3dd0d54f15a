// GET /api/packages/search for /packages and /manage-packages, with the search read from the URL.
// Uses the lean useResource (not TanStack Query) because /packages is a first-load public page.
import { useState } from 'react';
import type { TourPackage } from '@safarnama/contract/packages';
import { api } from '../../lib/api-client';
import { invalidateResources, prefetchResource, useResource } from '../../lib/use-resource';

/** The URL query parameters of the search, named as the API names them. */
const PACKAGE_SEARCH_FIELDS = ['search', 'minPrice', 'maxPrice', 'minDuration', 'maxDuration'] as const;
export type PackageSearchField = (typeof PACKAGE_SEARCH_FIELDS)[number];
export type PackageSearchValues = Record<PackageSearchField, string>;

/** Reads the search from URL parameters (missing ones are ''). */
export function readPackageSearch(params: URLSearchParams): PackageSearchValues {
  const values = {} as PackageSearchValues;
  for (const field of PACKAGE_SEARCH_FIELDS) values[field] = params.get(field)?.trim() ?? '';
  return values;
}

/** Only the filled-in fields, as URL parameters and as the API query. */
export function toSearchParams(values: Partial<PackageSearchValues>): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of PACKAGE_SEARCH_FIELDS) {
    const value = values[field]?.trim();
    if (value) params.set(field, value);
  }
  return params;
}

const RESOURCE_PREFIX = 'packages/search';

export interface PackageSearchResult {
  /** The latest results; while a new search loads, the previous ones stay (no flashing grid). */
  packages: TourPackage[] | undefined;
  error: unknown;
  /** True until the first answer arrives. */
  isLoading: boolean;
  /** True while a changed search is being fetched. */
  isFetching: boolean;
  refetch: () => void;
}

function searchResource(values: Partial<PackageSearchValues>) {
  const query = toSearchParams(values);
  query.sort();
  return {
    key: `${RESOURCE_PREFIX}?${query.toString()}`,
    fetcher: () => api.get<TourPackage[]>('/api/packages/search', Object.fromEntries(query)),
  };
}

/** Fetches a search ahead of the first render that shows it (app/lazy-page.ts). */
export function prefetchPackageSearch(values: Partial<PackageSearchValues>) {
  const { key, fetcher } = searchResource(values);
  return prefetchResource(key, fetcher);
}

export function usePackageSearch(values: Partial<PackageSearchValues>): PackageSearchResult {
  const { key, fetcher } = searchResource(values);
  const resource = useResource(key, fetcher);
  const [shown, setShown] = useState(resource.data);
  if (resource.data !== undefined && resource.data !== shown) setShown(resource.data);
  const packages = resource.data ?? (resource.error ? undefined : shown);
  return {
    packages,
    error: resource.error,
    isLoading: packages === undefined && !resource.error,
    isFetching: resource.isLoading,
    refetch: resource.refetch,
  };
}

/** After a package is created, edited or deleted: every cached public package read refetches. */
export function invalidatePackageReads() {
  invalidateResources('packages');
  invalidateResources('package/');
}
