// The package photo carousel moved by hand: a finger's swipe and the arrow keys, restarting its timer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './carousel';

const images = [1, 2, 3].map((i) => ({ src: `/uploads/p${i}-960.webp`, alt: `Photo ${i}` }));

afterEach(() => vi.useRealTimers());

describe('Carousel', () => {
  it('moves with a swipe and the arrow keys, and waits a full interval after a manual move', () => {
    vi.useFakeTimers();
    render(<Carousel images={images} intervalMs={5000} label="Photos" />);
    const carousel = screen.getByRole('region', { name: 'Photos' });
    const swipe = (fromX: number, toX: number) => {
      fireEvent.touchStart(carousel, { touches: [{ clientX: fromX, clientY: 100 }] });
      fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: toX, clientY: 110 }] });
    };
    act(() => vi.advanceTimersByTime(4000));
    swipe(250, 50);
    expect(carousel).toHaveAttribute('data-active-index', '1');
    act(() => vi.advanceTimersByTime(4999));
    expect(carousel).toHaveAttribute('data-active-index', '1');
    act(() => vi.advanceTimersByTime(1));
    expect(carousel).toHaveAttribute('data-active-index', '2');
    swipe(50, 250);
    expect(carousel).toHaveAttribute('data-active-index', '1');

    const next = screen.getByRole('button', { name: 'Next image' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(carousel).toHaveAttribute('data-active-index', '2');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(carousel).toHaveAttribute('data-active-index', '0');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(carousel).toHaveAttribute('data-active-index', '2');
    fireEvent.keyDown(next, { key: 'ArrowUp' });
    expect(carousel).toHaveAttribute('data-active-index', '2');
  });
});
