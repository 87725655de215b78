import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Group, Stack } from '@mantine/core';

interface FiltersButtonProps {
  /** The list's filter inputs, as the desktop toolbar shows them. */
  children: ReactNode;
  count: number;
  onReset?: () => void;
  testId: string;
}

function FilterIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

/**
 * On a phone the filters take one button, 'Filtres' with the number of active ones, that opens
 * them in a bottom sheet: a row of selects and pickers would otherwise push the list a screen
 * down. The filters apply as they change, so the sheet only has to be closed.
 */
export function FiltersButton({ children, count, onReset, testId }: FiltersButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={count > 0 ? 'light' : 'default'}
        leftSection={<FilterIcon />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle data-testid={`${testId}-filters-count`}>
              {count}
            </Badge>
          ) : null
        }
        onClick={() => setOpened(true)}
        aria-label={count > 0 ? `Filtres, ${count} actif${count > 1 ? 's' : ''}` : 'Filtres'}
        data-testid={`${testId}-filters`}
        style={{ flex: 'none' }}
      >
        Filtres
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="bottom"
        // As tall as its filters (Drawer sizes are fixed heights): a sheet over the list, not a new page.
        styles={{ content: { height: 'auto', maxHeight: '90dvh' } }}
        title="Filtres"
        radius="md"
        data-testid={`${testId}-filters-sheet`}
      >
        <Stack gap="md" pb="md" data-testid={`${testId}-filters-sheet-body`}>
          <Stack gap="sm">
            {children}
          </Stack>
          <Group grow gap="sm">
            {onReset ? (
              <Button variant="default" onClick={onReset} disabled={count === 0} data-testid={`${testId}-filters-reset`}>
                Réinitialiser
              </Button>
            ) : null}
            <Button onClick={() => setOpened(false)} data-testid={`${testId}-filters-apply`}>
              Voir les résultats
            </Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
