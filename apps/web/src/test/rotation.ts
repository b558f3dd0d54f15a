// The spec §9 card rotation as a user sees it: the card's image changes every `intervalMs`, never sooner,
// and comes back to the first after the last. Needs vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }).
import { act, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { untilIntervalsStarted } from './timers';

export async function expectCardRotation(cardName: string, intervalMs: number, srcs: readonly string[]) {
  const image = async () => within(await screen.findByRole('article', { name: cardName })).getByRole('img');
  expect(await image()).toHaveAttribute('src', srcs[0]);
  await untilIntervalsStarted();
  for (let step = 1; step <= srcs.length; step++) {
    const previous = srcs[step - 1];
    act(() => vi.advanceTimersByTime(intervalMs - 1));
    expect(await image()).toHaveAttribute('src', previous);
    act(() => vi.advanceTimersByTime(1));
    expect(await image()).toHaveAttribute('src', srcs[step % srcs.length]);
  }
}
