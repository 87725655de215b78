import { describe, expect, it } from 'vitest';
import { fixedOffsets, rowAt, rowOffsets, rowWindow } from './windowing.ts';

describe('row windowing', () => {
  it('renders only the rows in view plus the overscan, out of 1,000', () => {
    const offsets = fixedOffsets(1000, 40);
    // 600 px of viewport scrolled to row 250: rows 250 to 265 are in view.
    const w = rowWindow(offsets, 250 * 40, 600, 5);
    expect(w).toEqual({ start: 245, end: 271, first: 250, offset: 245 * 40, total: 40_000 });
  });

  it('starts at the top and stops at the end of the list', () => {
    const offsets = fixedOffsets(30, 40);
    expect(rowWindow(offsets, 0, 400, 3)).toMatchObject({ start: 0, end: 14, offset: 0 });
    expect(rowWindow(offsets, 10_000, 400, 3)).toMatchObject({ start: 26, end: 30 });
    expect(rowWindow(offsets, -50, 400, 0)).toMatchObject({ start: 0, end: 11 });
  });

  it('renders nothing for an empty list', () => {
    expect(rowWindow(fixedOffsets(0, 40), 0, 400)).toEqual({ start: 0, end: 0, first: 0, offset: 0, total: 0 });
  });

  it('handles rows of different heights (day headers taller than lines)', () => {
    const offsets = rowOffsets([60, 40, 40, 60, 40]);
    expect(offsets).toEqual([0, 60, 100, 140, 200, 240]);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 59)).toBe(0);
    expect(rowAt(offsets, 60)).toBe(1);
    expect(rowAt(offsets, 150)).toBe(3);
    expect(rowAt(offsets, 999)).toBe(4);
    expect(rowWindow(offsets, 100, 50, 0)).toMatchObject({ start: 2, end: 4, first: 2, offset: 100 });
  });
});
