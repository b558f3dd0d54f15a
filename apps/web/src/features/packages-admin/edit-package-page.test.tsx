import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { tourPackage } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import EditPackagePage from './edit-package-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const kerala = tourPackage({ images: ['/uploads/kerala-960.webp'] });

function renderPage() {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt(
    '/packages/edit/p1',
    withQuery(
      <Switch>
        <Route path="/packages/edit/:id">
          <EditPackagePage />
        </Route>
        <Route path="/manage-packages">
          <h1>Manage Packages</h1>
        </Route>
      </Switch>,
    ),
  );
}

async function renameTo(name: string) {
  const field = await screen.findByLabelText(/^Package name/);
  expect(field).toHaveValue('Kerala Backwaters');
  await userEvent.clear(field);
  await userEvent.type(field, name);
  await userEvent.click(screen.getByRole('button', { name: 'Update Package' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/packages/edit/{id}', () => {
  it("toasts 'Failed to update package' and stays on the form with the edits", async () => {
    stubFetch(
      on('GET', '/api/packages/p1', () => ({ body: kerala })),
      on('PUT', '/api/packages/p1', () => ({ status: 500, body: { message: 'Something went wrong' } })),
    );
    renderPage();
    await renameTo('Kerala Houseboats');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update package'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Package' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Package name/)).toHaveValue('Kerala Houseboats');
  });

  it("toasts 'Package updated successfully!' and goes to /manage-packages", async () => {
    const sent: FormData[] = [];
    stubFetch(
      on('GET', '/api/packages/p1', () => ({ body: kerala })),
      on('PUT', '/api/packages/p1', (_url, init) => {
        sent.push(init?.body as FormData);
        return { body: { ...kerala, name: 'Kerala Houseboats' } };
      }),
    );
    renderPage();
    await renameTo('Kerala Houseboats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Packages' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Package updated successfully!');
    expect(notify.error).not.toHaveBeenCalled();
    expect(sent[0]!.get('name')).toBe('Kerala Houseboats');
    expect(sent[0]!.getAll('keepImages')).toEqual(['/uploads/kerala-960.webp']);
  });
});
