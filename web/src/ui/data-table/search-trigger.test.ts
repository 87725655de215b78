import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchTrigger, SEARCH_DEBOUNCE_MS, searchToApply } from './search-trigger.ts';

describe('searchToApply', () => {
  it('applies 3 characters or more, trimmed', () => {
    expect(searchToApply('abc')).toBe('abc');
    expect(searchToApply('  Akissi ')).toBe('Akissi');
  });

  it('sends nothing for 1 or 2 characters', () => {
    expect(searchToApply('a')).toBeNull();
    expect(searchToApply('ab ')).toBeNull();
    expect(searchToApply('  a b')).toBe('a b');
  });

  it('goes back to everything when the box is emptied', () => {
    expect(searchToApply('')).toBe('');
    expect(searchToApply('   ')).toBe('');
  });
});

describe('createSearchTrigger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the typing to pause, then searches once with the last term', () => {
    const onSearch = vi.fn();
    const trigger = createSearchTrigger(onSearch);
    trigger.input('Ak');
    trigger.input('Aki');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    trigger.input('Akis');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Akis');
  });

  it('ignores 1-2 characters, and keeps the applied term when the person deletes back to 2', () => {
    const onSearch = vi.fn();
    const trigger = createSearchTrigger(onSearch);
    trigger.input('Ak');
    vi.runAllTimers();
    expect(onSearch).not.toHaveBeenCalled();
    trigger.input('Aki');
    vi.runAllTimers();
    trigger.input('Ak');
    vi.runAllTimers();
    expect(onSearch.mock.calls).toEqual([['Aki']]);
  });

  it('searches everything again when emptied, after the wait or at once with clear()', () => {
    const onSearch = vi.fn();
    const trigger = createSearchTrigger(onSearch);
    trigger.input('Yao');
    vi.runAllTimers();
    trigger.input('');
    vi.runAllTimers();
    trigger.input('Yao');
    vi.runAllTimers();
    trigger.input('Yao K');
    trigger.clear();
    vi.runAllTimers();
    expect(onSearch.mock.calls).toEqual([['Yao'], [''], ['Yao'], ['']]);
  });

  it('does not search again for the same term (trailing spaces)', () => {
    const onSearch = vi.fn();
    const trigger = createSearchTrigger(onSearch, { initial: 'Yao' });
    trigger.input('Yao ');
    vi.runAllTimers();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('cancel() drops a pending search', () => {
    const onSearch = vi.fn();
    const trigger = createSearchTrigger(onSearch);
    trigger.input('Yao');
    trigger.cancel();
    vi.runAllTimers();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
