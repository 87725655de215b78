import { SEARCH_MIN_LENGTH } from '@flotte/contract/pagination';

/** Spec: searches wait 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search a box asks for: the trimmed term once it has 3 characters or more, '' when the box
 * is emptied (back to everything), and null for 1-2 characters, which send nothing: on a slow
 * network each needless request delays the one the person is waiting for.
 */
export function searchToApply(raw: string, minLength: number = SEARCH_MIN_LENGTH): string | null {
  const term = raw.trim();
  if (term === '') return '';
  return term.length >= minLength ? term : null;
}

export interface SearchTrigger {
  /** Each keystroke: restarts the 300 ms wait; when it ends, applies the term if the rule allows. */
  input(raw: string): void;
  /** The box's clear button: back to everything at once, no wait. */
  clear(): void;
  cancel(): void;
}

/**
 * Debounce plus threshold, framework-free so it is unit-tested with fake timers. `onSearch` runs
 * only when the applied term actually changes ('abc' -> 'ab' keeps 'abc' applied).
 */
export function createSearchTrigger(
  onSearch: (term: string) => void,
  { delayMs = SEARCH_DEBOUNCE_MS, minLength = SEARCH_MIN_LENGTH, initial = '' } = {},
): SearchTrigger {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let applied = initial.trim();
  const apply = (term: string) => {
    if (term === applied) return;
    applied = term;
    onSearch(term);
  };
  return {
    input(raw) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const term = searchToApply(raw, minLength);
        if (term !== null) apply(term);
      }, delayMs);
    },
    clear() {
      clearTimeout(timer);
      apply('');
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
