// Whether an element's content is wider than the element, so that a table region is a keyboard tab stop only
// while there is something to scroll (a card layout on a phone, or a table that fits, needs no stop).
import { useEffect, useState, type RefObject } from 'react';

export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  // Without a way to measure (older browsers, jsdom), assume it scrolls: an extra tab stop harms less than a
  // table keyboard users cannot scroll.
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content's width changes with the rows (a long name) as well as with the element's.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
