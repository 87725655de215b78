import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_OVERSCAN, rowWindow, sameWindow, type RowWindow } from './windowing.ts';

/** Until the container is measured: a tall screen's worth, so the first paint is already full. */
const FIRST_VIEWPORT = 900;

/**
 * The rows of a scroll container to render now. `offsets` are the rows' positions (see
 * windowing.ts); `headerHeight` is what the container shows above the first row (a sticky header).
 * Re-renders only when the window changes, at most once a frame, not on every scroll event.
 */
export function useWindowedRows(scrollRef: RefObject<HTMLElement | null>, offsets: readonly number[], headerHeight = 0, overscan = DEFAULT_OVERSCAN): RowWindow {
  const [shown, setShown] = useState<RowWindow>(() => rowWindow(offsets, 0, FIRST_VIEWPORT, overscan));
  const latest = useRef({ offsets, headerHeight, overscan });
  latest.current = { offsets, headerHeight, overscan };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { offsets: o, headerHeight: h, overscan: n } = latest.current;
      const next = rowWindow(o, el.scrollTop - h, el.clientHeight - h, n);
      setShown((current) => (sameWindow(current, next) ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    el.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      el.removeEventListener('scroll', schedule);
      resize.disconnect();
    };
    // A new list (other period, other view) is measured again at once.
  }, [scrollRef, offsets, headerHeight, overscan]);

  return shown;
}
