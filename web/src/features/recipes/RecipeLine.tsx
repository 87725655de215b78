import { Avatar, Badge, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TRecipe } from '@flotte/contract/recipes';
import { Money } from '../../ui/Money.tsx';
import { periodText, personName, RECIPE_KIND_LABELS, RECIPE_STATUS_BADGES, recipeVehicleName } from './recipe-display.ts';

/**
 * One recipe in a list a person ticks (the unpaid-payments dialog, the driver's recipes): the
 * driver and vehicle, what remains out of the objective, its status. The whole line toggles the
 * checkbox, a comfortable target on a phone.
 */
export function RecipeLine({
  recipe: r,
  checked,
  onToggle,
  showDriver = true,
  selectable = true,
}: {
  recipe: TRecipe;
  checked: boolean;
  onToggle: () => void;
  showDriver?: boolean;
  /** false: shown only (no checkbox), for someone who may not collect. */
  selectable?: boolean;
}) {
  const badge = RECIPE_STATUS_BADGES[r.status];
  const period = periodText(r);
  return (
    <UnstyledButton
      onClick={selectable ? onToggle : undefined}
      disabled={!selectable}
      p="xs"
      w="100%"
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)', border: `1px solid ${checked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}` }}
      aria-pressed={selectable ? checked : undefined}
      data-testid="recipe-line"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* The line handles the click: the box only shows the state. */}
        {/* A drawn box, not an input: a control inside this button would be nested (axe). */}
        {selectable ? <Checkbox.Indicator checked={checked} aria-hidden mt={2} /> : null}
        {showDriver ? <Avatar src={r.driver.image} radius="xl" size="sm" name={personName(r.driver)} color="initials" /> : null}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {/* Names and vehicles wrap rather than end in '…': at 360 px a cut name is unreadable. */}
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {showDriver ? personName(r.driver) : RECIPE_KIND_LABELS[r.kind]}
            </Text>
            <Money amount={r.toEncaiss} fw={600} size="sm" data-testid="recipe-line-remaining" />
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {[recipeVehicleName(r.vehicle), showDriver && r.kind !== 'expected' ? RECIPE_KIND_LABELS[r.kind] : null, period].filter(Boolean).join(' · ') || '—'}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              sur <Money amount={r.objective} />
            </Text>
          </Group>
          {r.status !== 'not_collected' ? (
            <Badge color={badge.color} variant="light" size="xs" tt="none">
              {badge.label}
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
