import { SegmentedControl } from '@mantine/core';

/** The filter values lists send for active and disabled records (spec 002, shared widgets). */
export type ActiveFilter = 'enable' | 'disabled';

const OPTIONS: { value: ActiveFilter; label: string }[] = [
  { value: 'enable', label: 'Actifs' },
  { value: 'disabled', label: 'Désactivés' },
];

/** 'Actifs' / 'Désactivés': which records a list shows (drivers, suppliers, vehicles ...). */
export function ActiveFilterToggle({ value, onChange, testId = 'active-filter' }: { value: ActiveFilter; onChange: (v: ActiveFilter) => void; testId?: string }) {
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(v) => onChange(v as ActiveFilter)}
      data={OPTIONS}
      aria-label="Afficher les éléments actifs ou désactivés"
      data-testid={testId}
    />
  );
}
