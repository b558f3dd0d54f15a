import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { TourPackage } from '@safarnama/contract/packages';
import { renderAt } from '../../test/render';
import { PackageCard } from './package-card';

const pkg = (overrides: Partial<TourPackage> = {}): TourPackage => ({
  _id: 'p1',
  name: 'Kerala Backwaters',
  description: 'Kochi, Munnar, Alleppey',
  price: 124999,
  duration: 6,
  images: ['/uploads/kerala-960.webp', '/uploads/munnar-960.webp', 'https://cdn.example/houseboat.jpg'],
  packageOverview: '',
  tourItinerary: '',
  inclusions: [],
  exclusions: [],
  importantNotes: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

afterEach(() => vi.useRealTimers());

describe('PackageCard', () => {
  it('shows the name, badge, Indian-grouped price per person, duration and the default actions', () => {
    renderAt('/', <PackageCard pkg={pkg()} />);
    const card = screen.getByRole('article', { name: 'Kerala Backwaters' });
    expect(within(card).getByText('Customizable')).toBeInTheDocument();
    expect(within(card).getByText('Starting from')).toBeInTheDocument();
    expect(within(card).getByText('₹1,24,999')).toBeInTheDocument();
    expect(within(card).getByText('per person')).toBeInTheDocument();
    expect(within(card).getByText('6 Days')).toBeInTheDocument();
    expect(within(card).getByText('Kochi, Munnar, Alleppey')).toBeInTheDocument();
    // Book Now names the package, which the inquiry form on /contact starts from.
    expect(within(card).getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/contact?package=Kerala+Backwaters&duration=6+Days&packageId=p1',
    );
    expect(within(card).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/packages/p1');
  });

  it('uses the first image with a responsive srcset', () => {
    renderAt('/', <PackageCard pkg={pkg()} />);
    const img = screen.getByRole('img', { name: 'Kerala Backwaters' });
    expect(img).toHaveAttribute('src', '/uploads/kerala-960.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/kerala-480.webp 480w, /uploads/kerala-960.webp 960w, /uploads/kerala-1600.webp 1600w',
    );
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it("shows 'Image Not Available' when the package has no image", () => {
    renderAt('/', <PackageCard pkg={pkg({ images: [] })} />);
    expect(screen.getByText('Image Not Available')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('replaces Book Now and Explore with the given actions', () => {
    renderAt('/', <PackageCard pkg={pkg()} actions={<button type="button">Edit</button>} />);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('rotates through the images every rotateMs, and not at all without it', () => {
    vi.useFakeTimers();
    renderAt('/', <PackageCard pkg={pkg()} rotateMs={3000} />);
    const src = () => screen.getByRole('img').getAttribute('src');
    expect(src()).toBe('/uploads/kerala-960.webp');
    act(() => vi.advanceTimersByTime(3000));
    expect(src()).toBe('/uploads/munnar-960.webp');
    act(() => vi.advanceTimersByTime(3000));
    // A full link (not a stored upload) is used as it is, without srcset.
    expect(src()).toBe('https://cdn.example/houseboat.jpg');
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    act(() => vi.advanceTimersByTime(3000));
    expect(src()).toBe('/uploads/kerala-960.webp');
  });

  it('does not rotate by default', () => {
    vi.useFakeTimers();
    renderAt('/', <PackageCard pkg={pkg()} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/uploads/kerala-960.webp');
  });
});
