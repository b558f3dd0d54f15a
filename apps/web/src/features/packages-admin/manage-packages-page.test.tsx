import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invalidateResources } from '../../lib/use-resource';
import { tourPackage } from '../../test/fixtures';
import { expectCardRotation } from '../../test/rotation';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import ManagePackagesPage from './manage-packages-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const kerala = tourPackage();
const goa = tourPackage({ _id: 'p2', name: 'Goa Beaches', images: ['/uploads/goa-960.webp'] });

function renderPage() {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt('/manage-packages', withQuery(<ManagePackagesPage />));
}

// The search results are cached per page view in a module-level cache (lib/use-resource.ts).
beforeEach(() => invalidateResources(''));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/manage-packages', () => {
  it('rotates each card image every 3 seconds (spec §9), not sooner', async () => {
    // Only intervals are faked, so the search still loads through real promises.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stubFetch(on('GET', '/api/packages/search', () => ({ body: [kerala] })));
    renderPage();
    await expectCardRotation('Kerala Backwaters', 3000, kerala.images);
  });

  it('deletes a package only after the spec confirm, and toasts failure and success', async () => {
    let deleted = false;
    let failDelete = true;
    const fetchMock = stubFetch(
      on('GET', '/api/packages/search', () => ({ body: deleted ? [goa] : [kerala, goa] })),
      on('DELETE', '/api/packages/p1', () => {
        if (failDelete) return { status: 500, body: {} };
        deleted = true;
        return { body: { message: 'Package deleted successfully' } };
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kerala Backwaters' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this package?');
    expect(callsTo(fetchMock, '/api/packages/p1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Kerala Backwaters' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete package'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Kerala Backwaters' })).toBeInTheDocument();

    failDelete = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kerala Backwaters' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Package deleted successfully'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Kerala Backwaters' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Goa Beaches' })).toBeInTheDocument();
    expect(screen.getByText('1 package')).toBeInTheDocument();
    // One search on arrival and one refresh after the delete (the failed one changed nothing).
    expect(callsTo(fetchMock, '/api/packages/search')).toHaveLength(2);
  });
});
