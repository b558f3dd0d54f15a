// Waits for a component's faked setInterval to exist before a test moves the fake clock.
import { vi } from 'vitest';

/**
 * React runs effects (where intervals start) in a task after the DOM commit, so an element can be found
 * before its interval exists; moving the fake clock then would start the interval late. This polls with the
 * real setTimeout (only setInterval is faked in these tests) until `count` fake timers are pending.
 */
export async function untilIntervalsStarted(count = 1, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (vi.getTimerCount() < count) {
    if (Date.now() > deadline) throw new Error(`Expected ${count} interval(s) to start; ${vi.getTimerCount()} did`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
