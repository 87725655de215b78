import { Button, CloseButton, Group, Text } from '@mantine/core';
import type { PickedDriver } from '../drivers/DriverPicker.tsx';
import { personName } from './recipe-display.ts';

/**
 * A driver filter chip: the chosen driver (with a clear button), or 'Chauffeur'. The picker itself
 * is rendered by the screen, outside any dialog (a dialog hides while its picker is open).
 */
export function DriverFilterButton({ value, onOpen, onClear, testId, label = 'Chauffeur' }: { value: PickedDriver | null; onOpen: () => void; onClear: () => void; testId: string; label?: string }) {
  return value ? (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Button variant="light" onClick={onOpen} maw={220}>
        <Text span size="sm" truncate>
          {personName(value)}
        </Text>
      </Button>
      <CloseButton aria-label="Retirer le filtre chauffeur" onClick={onClear} />
    </Group>
  ) : (
    <Button variant="default" onClick={onOpen} data-testid={testId}>
      {label}
    </Button>
  );
}
