import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TourPackage } from '@safarnama/contract/packages';
import { describePackageCount } from '../../components/packages/package-count';
import { invalidateResources } from '../../lib/use-resource';
import { tourPackage } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import PackagesPage from './packages-page';

const kerala = tourPackage();
const goa = tourPackage({ _id: 'p2', name: 'Goa Beaches', images: ['/uploads/goa-960.webp'] });

beforeEach(() => invalidateResources(''));
afterEach(() => vi.unstubAllGlobals());

describe('describePackageCount', () => {
  it('counts in words, and says whether a search narrowed them', () => {
    expect(describePackageCount(1, false)).toBe('1 package');
    expect(describePackageCount(12, false)).toBe('12 packages');
    expect(describePackageCount(1, true)).toBe('1 package matches your search');
    expect(describePackageCount(0, true)).toBe('0 packages match your search');
    expect(describePackageCount(125000, false)).toBe('1,25,000 packages');
  });
});

describe('/packages', () => {
  it('claims no count for the previous cards while a changed search loads', async () => {
    let answerSearch: (list: TourPackage[]) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        const json = (list: TourPackage[]) => new Response(JSON.stringify(list), { status: 200 });
        if (!url.searchParams.has('search')) return Promise.resolve(json([kerala, goa]));
        return new Promise<Response>((resolve) => (answerSearch = (list) => resolve(json(list))));
      }),
    );
    renderAt('/packages', <PackagesPage />);
    expect(await screen.findByText('2 packages')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search', { exact: true }), 'Kerala');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    // The old cards stay (no flashing grid), but the count line does not call them matches.
    expect(screen.getByRole('article', { name: 'Goa Beaches' })).toBeInTheDocument();
    expect(screen.queryByText(/^\d[\d,]* packages?\b/)).not.toBeInTheDocument();

    answerSearch([kerala]);
    expect(await screen.findByText('1 package matches your search')).toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Goa Beaches' })).not.toBeInTheDocument();
  });
});
