// Moving a slideshow by hand on a phone and a keyboard: a horizontal swipe (touch events) or the left and
// right arrow keys step back or on. Vertical swipes stay the page's scroll, and arrow keys typed into a
// form field stay the field's.
import { useRef, type KeyboardEvent, type Touch, type TouchEvent } from 'react';

/** Fewer pixels than this sideways is a tap or a wobble, not a swipe. */
const MIN_SWIPE_PX = 40;

/** Handlers for the slideshow's element; `step(-1)` goes back, `step(1)` on. */
export function useSwipeAndArrows(step: (delta: -1 | 1) => void) {
  const start = useRef<Touch | undefined>(undefined);
  return {
    onTouchStart(event: TouchEvent<HTMLElement>) {
      start.current = event.touches.length === 1 ? event.touches[0] : undefined;
    },
    onTouchEnd(event: TouchEvent<HTMLElement>) {
      const from = start.current;
      const to = event.changedTouches[0];
      start.current = undefined;
      if (!from || !to) return;
      const dx = to.clientX - from.clientX;
      if (Math.abs(dx) >= MIN_SWIPE_PX && Math.abs(dx) > Math.abs(to.clientY - from.clientY)) step(dx < 0 ? 1 : -1);
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const delta = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      const target = event.target as HTMLElement;
      if (
        !delta ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        target.matches('input, textarea, select, [contenteditable]')
      )
        return;
      event.preventDefault();
      step(delta);
    },
  };
}
