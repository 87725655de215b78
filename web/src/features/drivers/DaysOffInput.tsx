import { Chip, Group, Input } from '@mantine/core';
import { WEEK_DAYS } from './driver-form.ts';

/** 'Jours de repos': the weekdays the driver doesn't work (1 = Lundi ... 7 = Dimanche). */
export function DaysOffInput({ value, onChange, testId = 'driver-days-off' }: { value: number[]; onChange: (days: number[]) => void; testId?: string }) {
  return (
    <Input.Wrapper label="Jours de repos" data-testid={testId}>
      <Chip.Group multiple value={value.map(String)} onChange={(v) => onChange(v.map(Number).sort((a, b) => a - b))}>
        <Group gap={6} mt={6}>
          {WEEK_DAYS.map((d) => (
            <Chip key={d.id} value={String(d.id)} size="xs" data-testid={`${testId}-${d.id}`}>
              {d.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
