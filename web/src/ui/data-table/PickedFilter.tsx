import { Button, CloseButton, Group, Text } from '@mantine/core';

/**
 * A list filter that opens a picker (a driver, a vehicle): the button while nothing is chosen, then
 * the chosen name with a button that removes it. The operations and contracts lists share it.
 */
export function PickedFilter({ label, value, onOpen, onClear, testId }: { label: string; value: string | null; onOpen: () => void; onClear: () => void; testId: string }) {
  return value ? (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Button variant="light" onClick={onOpen} maw={220}>
        <Text span size="sm" truncate>
          {value}
        </Text>
      </Button>
      <CloseButton aria-label={`Retirer le filtre ${label.toLowerCase()}`} onClick={onClear} />
    </Group>
  ) : (
    <Button variant="default" onClick={onOpen} data-testid={testId}>
      {label}
    </Button>
  );
}
