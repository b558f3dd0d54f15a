import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { tourPackage } from '../../test/fixtures';
import { expectCardRotation } from '../../test/rotation';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import CreatePackagePage from './create-package-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const kerala = tourPackage();
const goa = tourPackage({ _id: 'p2', name: 'Goa Beaches', images: ['/uploads/goa-960.webp'] });

function renderPage() {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt('/create-package', withQuery(<CreatePackagePage />));
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Object.values(notify).forEach((f) => f.mockReset());
});

/** What an owner does who pastes a field's text from their notes. */
async function pasteInto(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

describe('/create-package', () => {
  it("toasts 'Failed to add package' and keeps what was entered when the server refuses", async () => {
    const posts: FormData[] = [];
    stubFetch(
      on('GET', '/api/packages', () => ({ body: [] })),
      on('POST', '/api/packages', (_url, init) => {
        posts.push(init?.body as FormData);
        return { status: 500, body: { message: 'Something went wrong' } };
      }),
    );
    renderPage();
    const fields: [RegExp, string][] = [
      [/^Package name/, 'Rajasthan Forts'],
      [/^Destinations/, 'Jaipur, Udaipur'],
      [/^Price per person/, '45000'],
      [/^Duration/, '5'],
      [/^Package overview/, 'Forts and palaces'],
      [/^Tour itinerary/, 'Day 1: Jaipur'],
      [/^Inclusions/, 'Breakfast'],
      [/^Exclusions/, 'Flights'],
      [/^Important notes/, 'Carry ID'],
    ];
    // Pasted, one event a field: typed key by key, nine fields re-render the whole form ~120 times, which passed
    // 5 s on a loaded machine.
    for (const [label, value] of fields) await pasteInto(screen.getByLabelText(label), value);
    const photo = new File(['png'], 'fort.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-input'), photo);
    expect(screen.getByRole('img', { name: 'Preview of fort.png' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Package' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add package'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.get('name')).toBe('Rajasthan Forts');
    // Nothing is lost: the owner can correct and try again.
    expect(screen.getByLabelText(/^Package name/)).toHaveValue('Rajasthan Forts');
    expect(screen.getByRole('img', { name: 'Preview of fort.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Package' })).toBeEnabled();
  });

  it('offers back the text of a package left unsent, without its images, until it is added', async () => {
    stubFetch(
      on('GET', '/api/packages', () => ({ body: [] })),
      on('POST', '/api/packages', () => ({ status: 201, body: kerala })),
    );
    const first = renderPage();
    await userEvent.type(screen.getByLabelText(/^Package name/), 'Rajasthan Forts');
    await userEvent.type(screen.getByLabelText(/^Tour itinerary/), 'Day 1: Jaipur{enter}Day 2: Udaipur');
    first.unmount();

    renderPage();
    expect(screen.getByText(new RegExp(DRAFT_MESSAGES.imagesNotKept))).toHaveTextContent(DRAFT_MESSAGES.restored);
    expect(screen.getByLabelText(/^Package name/)).toHaveValue('Rajasthan Forts');
    expect(screen.getByLabelText(/^Tour itinerary/)).toHaveValue('Day 1: Jaipur\nDay 2: Udaipur');
    const rest: [RegExp, string][] = [
      [/^Destinations/, 'Jaipur, Udaipur'],
      [/^Price per person/, '45000'],
      [/^Duration/, '5'],
      [/^Package overview/, 'Forts and palaces'],
      [/^Inclusions/, 'Breakfast'],
      [/^Exclusions/, 'Flights'],
      [/^Important notes/, 'Carry ID'],
    ];
    for (const [label, value] of rest) await pasteInto(screen.getByLabelText(label), value);
    await userEvent.upload(screen.getByTestId('image-input'), new File(['png'], 'fort.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Package' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Package added successfully!'));
    expect(screen.getByLabelText(/^Package name/)).toHaveValue('');
    expect(screen.queryByText(new RegExp(DRAFT_MESSAGES.imagesNotKept))).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('deletes a package only after the spec confirm, and toasts failure and success', async () => {
    let deleted = false;
    let failDelete = true;
    const fetchMock = stubFetch(
      on('GET', '/api/packages', () => ({ body: deleted ? [goa] : [kerala, goa] })),
      on('DELETE', '/api/packages/p1', () => {
        if (failDelete) return { status: 500, body: { message: 'x' } };
        deleted = true;
        return { body: { message: 'Package deleted successfully' } };
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderPage();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Kerala Backwaters' });

    await userEvent.click(deleteButton);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this package?');
    expect(callsTo(fetchMock, '/api/packages/p1')).toHaveLength(0);

    await userEvent.click(deleteButton);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete package'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(card('Kerala Backwaters')).toBeInTheDocument();

    failDelete = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kerala Backwaters' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Package deleted successfully'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Kerala Backwaters' })).not.toBeInTheDocument());
    expect(card('Goa Beaches')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledTimes(1);
  });

  it('rotates each card image every 5 seconds (spec §9), not sooner', async () => {
    // Only intervals are faked, so the list still loads through real promises.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stubFetch(on('GET', '/api/packages', () => ({ body: [kerala] })));
    renderPage();
    await expectCardRotation('Kerala Backwaters', 5000, kerala.images);
  });
});
