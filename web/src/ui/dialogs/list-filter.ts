/** A filter choice of a list dialog ('Actifs', 'Désactivés' ...); `test` keeps the items it accepts. */
export interface ListFilter<T> {
  value: string;
  label: string;
  test: (item: T) => boolean;
}

/** A sort choice of a list dialog ('Nom', 'Date' ...). */
export interface ListSort<T> {
  value: string;
  label: string;
  compare: (a: T, b: T) => number;
}

/** Lower case, accents and extra spaces removed: 'Aïcha  KONÉ' finds 'aicha kone'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The items a list dialog shows. The list is already on the phone, so the search applies from the
 * first character (no server call to spare); every word typed must appear, in any order.
 */
export function filterList<T>(
  items: readonly T[],
  { search = '', searchText, filter, sort }: { search?: string; searchText: (item: T) => string; filter?: ListFilter<T>; sort?: ListSort<T> },
): T[] {
  const words = normalizeSearchText(search).split(' ').filter(Boolean);
  const kept = items.filter((item) => {
    if (filter && !filter.test(item)) return false;
    if (words.length === 0) return true;
    const haystack = normalizeSearchText(searchText(item));
    return words.every((w) => haystack.includes(w));
  });
  return sort ? kept.sort(sort.compare) : kept;
}

/** Single choice replaces, multiple choice toggles. */
export function toggleSelection(selected: readonly string[], key: string, multiple: boolean): string[] {
  if (!multiple) return [key];
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}
