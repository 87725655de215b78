/**
 * Row windowing for the planning's long lists (1,000 vehicles × a month): only the rows in view,
 * plus a margin, are rendered; a spacer keeps the scroll height of the whole list. Rows are laid
 * out by their offsets (prefix sums of their heights), so the agenda's day headers may be taller
 * than its lines. Pure functions; `useWindowedRows` wires them to a scroll container.
 */
export interface RowWindow {
  /** First rendered row (included). */
  start: number;
  /** Last rendered row (excluded). */
  end: number;
  /** The first row in view (the overscan excluded): whose day a sticky heading names. */
  first: number;
  /** Pixels above the first rendered row. */
  offset: number;
  /** Pixels of the whole list. */
  total: number;
}

/** Rows rendered above and below the visible ones, so a quick scroll doesn't show blanks. */
export const DEFAULT_OVERSCAN = 6;

/** offsets[i] is where row i starts; offsets[n] is the whole list's height. */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i += 1) offsets[i + 1] = offsets[i]! + heights[i]!;
  return offsets;
}

/** Offsets of `count` rows of one height. */
export function fixedOffsets(count: number, rowHeight: number): number[] {
  return Array.from({ length: count + 1 }, (_, i) => i * rowHeight);
}

/** The row under a vertical position (binary search over the offsets); clamped to the list. */
export function rowAt(offsets: readonly number[], y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The rows to render when the list is scrolled by `scrollTop` (measured from the list's top) in a
 * viewport `viewportHeight` tall.
 */
export function rowWindow(offsets: readonly number[], scrollTop: number, viewportHeight: number, overscan = DEFAULT_OVERSCAN): RowWindow {
  const count = offsets.length - 1;
  const total = offsets[count] ?? 0;
  if (count <= 0) return { start: 0, end: 0, first: 0, offset: 0, total };
  const top = Math.min(Math.max(0, scrollTop), total);
  const bottom = top + Math.max(0, viewportHeight);
  const first = rowAt(offsets, top);
  const last = rowAt(offsets, bottom);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + 1 + overscan);
  return { start, end, first, offset: offsets[start]!, total };
}

export function sameWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end && a.first === b.first && a.total === b.total && a.offset === b.offset;
}
