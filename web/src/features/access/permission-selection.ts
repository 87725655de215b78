import { impliedBy, type Permission } from '@flotte/contract';

/**
 * What the role editor shows for a set of explicitly checked permissions: a permission another
 * checked one implies is shown checked and disabled ('Inclus par …'), since holding the first
 * grants it anyway. The role stores only the explicit ones; the server expands them the same way.
 */
export interface SelectionView {
  /** Code -> the checked codes that include it (empty when it is not implied). */
  includedBy: Map<string, string[]>;
  isEffective: (code: string) => boolean;
}

export function selectionView(checked: readonly string[]): SelectionView {
  const includedBy = new Map<string, string[]>();
  for (const holder of checked) {
    for (const implied of impliedBy(holder as Permission)) {
      if (implied === holder) continue;
      includedBy.set(implied, [...(includedBy.get(implied) ?? []), holder]);
    }
  }
  const held = new Set(checked);
  return { includedBy, isEffective: (code) => held.has(code) || includedBy.has(code) };
}

export type GroupState = 'all' | 'some' | 'none';

/** A group checkbox is checked when every permission of the group is granted, mixed when some are. */
export function groupState(codes: readonly string[], view: SelectionView): GroupState {
  const granted = codes.filter((c) => view.isEffective(c)).length;
  return granted === 0 ? 'none' : granted === codes.length ? 'all' : 'some';
}

/**
 * Clicking a group checkbox: when all of it is granted, uncheck its explicit permissions (what
 * other groups imply stays shown as included); otherwise check every one not yet granted.
 */
export function toggleGroup(checked: readonly string[], codes: readonly string[], view: SelectionView): string[] {
  if (groupState(codes, view) === 'all') return checked.filter((c) => !codes.includes(c));
  const missing = codes.filter((c) => !view.isEffective(c));
  return [...checked, ...missing];
}

export function togglePermission(checked: readonly string[], code: string): string[] {
  return checked.includes(code) ? checked.filter((c) => c !== code) : [...checked, code];
}
