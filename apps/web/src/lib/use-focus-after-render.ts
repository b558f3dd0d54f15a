// Moves focus to an element of a list after React re-renders it: moving or removing a row recreates its elements,
// which drops their focus, so the editor names the element to focus (a selector inside the list) before the change.
import { useEffect, useRef } from 'react';

export function useFocusAfterRender<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const target = container.current?.querySelector<HTMLElement>(pending.current);
    pending.current = null;
    target?.focus();
  });
  /** The selector to focus once the next render has run; null focuses nothing. */
  const focusAfterRender = (selector: string | null) => {
    pending.current = selector;
  };
  return { container, focusAfterRender };
}
