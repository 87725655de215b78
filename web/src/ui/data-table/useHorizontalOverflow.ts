import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an element scrolls sideways (its content wider than itself), followed as it resizes.
 * A table that scrolls so must be reachable by keyboard (axe: scrollable-region-focusable) when
 * its rows hold nothing focusable; one that fits gets no extra tab stop. A callback ref, so an
 * element mounted later (the table after a loading state) is followed too.
 */
export function useHorizontalOverflow<E extends HTMLElement>() {
  const [overflows, setOverflows] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
    if (el.firstElementChild) observer.current.observe(el.firstElementChild);
    measure();
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, overflows };
}
