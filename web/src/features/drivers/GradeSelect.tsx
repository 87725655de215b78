import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGrades } from './queries.ts';

export interface GradeSelectProps {
  /** The grade id, or null for none. */
  value: number | null;
  onChange: (gradeId: number | null) => void;
  label?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** The grade dropdown ('Débutant', 'Intermediaire' ...): the shared grades plus the park's own. */
export function GradeSelect({ value, onChange, label = 'Grade', placeholder = 'Choisir un grade', error, disabled, testId = 'grade-select' }: GradeSelectProps) {
  const grades = useGrades();
  const data = (grades.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      clearable
      searchable
      nothingFoundMessage={grades.isPending ? 'Chargement…' : 'Aucun grade trouvé'}
      error={error ?? (grades.isError ? grades.error.message : undefined)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
