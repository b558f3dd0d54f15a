import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import BackgroundImagesPage from './background-images-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const slides = [1, 2].map((i) => ({ _id: `b${i}`, imageUrl: `/uploads/bg${i}-960.webp` }));

function renderPage() {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt('/background-images', withQuery(<BackgroundImagesPage />));
}

const posts = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/backgrounds'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/background-images', () => {
  it("shows 'Failed to fetch background images' with Try Again when the gallery fails to load", async () => {
    let fail = true;
    stubFetch(on('GET', '/api/backgrounds', () => (fail ? { status: 500, body: { message: 'x' } } : { body: slides })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch background images');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('img', { name: 'Background 2' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch background images')).not.toBeInTheDocument();
  });

  it('deletes an image after confirming, toasting failure and then success', async () => {
    let deleted = false;
    let failDelete = true;
    const fetchMock = stubFetch(
      on('GET', '/api/backgrounds', () => ({ body: deleted ? [slides[1]] : slides })),
      on('DELETE', '/api/backgrounds/b1', () => {
        if (failDelete) return { status: 500, body: {} };
        deleted = true;
        return { body: { message: 'Image deleted successfully' } };
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete background 1' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, '/api/backgrounds/b1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete background 1' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete image'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: /^Delete background/ })).toHaveLength(2);

    failDelete = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete background 1' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Image deleted successfully'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Delete background/ })).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Background 1' })).toHaveAttribute('src', '/uploads/bg2-960.webp');
  });

  it("says 'Please select at least one image' and sends nothing when Upload is pressed with no images", async () => {
    const fetchMock = stubFetch(on('GET', '/api/backgrounds', () => ({ body: slides })));
    renderPage();
    await screen.findByRole('img', { name: 'Background 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(notify.error).toHaveBeenCalledWith('Please select at least one image');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one image');
    expect(posts(fetchMock)).toHaveLength(0);

    // Choosing an image clears the message.
    await userEvent.upload(screen.getByTestId('image-input'), new File(['png'], 'beach.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to upload images', keeps the selection and shows the server's reason for a 4xx", async () => {
    let status = 500;
    const fetchMock = stubFetch(
      on('GET', '/api/backgrounds', () => ({ body: slides })),
      on('POST', '/api/backgrounds', () => ({
        status,
        body: { message: status === 500 ? 'internal' : 'beach.png is not an image we can read' },
      })),
    );
    renderPage();
    await screen.findByRole('img', { name: 'Background 1' });
    await userEvent.upload(screen.getByTestId('image-input'), new File(['png'], 'beach.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to upload images'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Preview of beach.png' })).toBeInTheDocument();
    // A server fault's details stay out of the page.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    status = 400;
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('beach.png is not an image we can read');
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(posts(fetchMock)).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Preview of beach.png' })).toBeInTheDocument();
  });
});
