import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { Money } from '../../ui/Money.tsx';
import { fromDayString } from '../../ui/dates/periods.ts';
import { longDay } from './day-labels.ts';
import { conflictsByDay, driverName, entryKey, groupEntriesByDay, vehicleLabel } from './planning-entries.ts';
import type { TPlanningPreview } from './planning-types.ts';
import { PlanningEntryCard } from './PlanningEntryCard.tsx';

/** The preview lists this many conflicts; the others are counted. */
const CONFLICTS_SHOWN = 200;

export interface PreviewBodyProps {
  preview: TPlanningPreview;
  canConfirm: boolean;
  confirming: boolean;
  /** 'Créer les recettes des jours passés', off by default. */
  createPast: boolean;
  onCreatePast: (v: boolean) => void;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The preview: counts, the conflicts in orange with their French messages, the vehicles without
 * planning, and the entries by day. A day's entries render only when it is opened: a large park
 * previews tens of thousands of entries.
 */
export function PreviewBody({ preview, canConfirm, confirming, createPast, onCreatePast, onBack, onConfirm }: PreviewBodyProps) {
  const byDay = useMemo(() => groupEntriesByDay(preview.entries), [preview.entries]);
  const days = useMemo(() => [...byDay.keys()].sort(), [byDay]);
  const conflictDays = useMemo(() => conflictsByDay(preview.conflicts.slice(0, CONFLICTS_SHOWN)), [preview.conflicts]);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const vehicleCount = new Set(preview.entries.map((e) => e.vehicle.id)).size;
  const hidden = preview.conflicts.length - CONFLICTS_SHOWN;

  return (
    <Stack gap="md" data-testid="planning-preview">
      <Group gap="xs">
        <Badge variant="light" tt="none" data-testid="planning-preview-count">
          {preview.entries.length} entrée{preview.entries.length > 1 ? 's' : ''}
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {vehicleCount} véhicule{vehicleCount > 1 ? 's' : ''}
        </Badge>
        {preview.conflicts.length ? (
          <Badge variant="light" color="orange" tt="none">
            {preview.conflicts.length} conflit{preview.conflicts.length > 1 ? 's' : ''}
          </Badge>
        ) : null}
      </Group>

      {preview.conflicts.length ? (
        <Alert color="orange" title="Conflits" data-testid="planning-preview-conflicts">
          <ScrollArea.Autosize mah={170} type="auto">
            <Stack gap="xs">
              {conflictDays.map(([day, list]) => (
                <div key={day}>
                  <Text size="xs" fw={700}>
                    {longDay(fromDayString(day) ?? new Date())}
                  </Text>
                  {list.map((c, i) => (
                    <Text key={`${c.vehicle.id}-${c.driver?.id ?? ''}-${i}`} size="sm" data-testid="planning-preview-conflict">
                      <Text span fw={600} size="sm">
                        {vehicleLabel(c.vehicle)}
                      </Text>{' '}
                      : {c.message}
                      {c.replaced_by && !c.message.includes(driverName(c.replaced_by)) ? ` (remplacé par ${driverName(c.replaced_by)})` : ''}
                    </Text>
                  ))}
                </div>
              ))}
              {hidden > 0 ? (
                <Text size="sm" fw={600}>
                  … et {hidden} autre{hidden > 1 ? 's' : ''}
                </Text>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Alert>
      ) : null}

      {preview.vehicles_without_planning.length ? (
        <Alert color="gray" title="Véhicules sans planning" data-testid="planning-preview-unplanned">
          <Stack gap={2}>
            {preview.vehicles_without_planning.map((v) => (
              <Text key={v.vehicle.id} size="sm">
                {vehicleLabel(v.vehicle)} : {v.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {days.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="planning-preview-empty">
          Aucune entrée à planifier sur cette période.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="36vh" type="auto" offsetScrollbars>
          <Stack gap={4} data-testid="planning-preview-days">
            {days.map((day) => {
              const list = byDay.get(day) ?? [];
              const open = openDay === day;
              return (
                <Box key={day} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
                  <UnstyledButton
                    onClick={() => setOpenDay(open ? null : day)}
                    aria-expanded={open}
                    w="100%"
                    px="sm"
                    py={6}
                    data-testid="planning-preview-day"
                    data-day={day}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {longDay(fromDayString(day) ?? new Date())}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {list.length} entrée{list.length > 1 ? 's' : ''} {open ? '▴' : '▾'}
                      </Text>
                    </Group>
                  </UnstyledButton>
                  {open ? (
                    <Stack gap={4} p="xs" pt={0}>
                      {list.map((e) => (
                        <PlanningEntryCard key={entryKey(e)} entry={e} />
                      ))}
                    </Stack>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}

      {preview.past_recipes.count > 0 ? (
        <PastRecipesChoice count={preview.past_recipes.count} total={preview.past_recipes.total} checked={createPast} disabled={confirming} onChange={onCreatePast} />
      ) : null}

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack} disabled={confirming} data-testid="planning-preview-back">
          Modifier
        </Button>
        <Button onClick={onConfirm} loading={confirming} disabled={!canConfirm} data-testid="planning-confirm">
          Confirmer le planning
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The explicit back-charging: the recipe job never creates the recipes of days before the planning
 * was confirmed; the owner may ask for them here, seeing first how many and how much.
 */
function PastRecipesChoice({ count, total, checked, disabled, onChange }: { count: number; total: number; checked: boolean; disabled: boolean; onChange: (v: boolean) => void }) {
  return (
    <Box
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="planning-past-recipes"
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label="Créer les recettes des jours passés"
        description={
          <>
            <Text span inherit fw={600} data-testid="planning-past-recipes-summary">
              {count} recette{count > 1 ? 's' : ''}, <Money amount={total} />
            </Text>{' '}
            dues par les chauffeurs planifiés ces jours-là. Sans cette case, les recettes ne sont créées qu'à partir d'aujourd'hui.
          </>
        }
        data-testid="planning-past-recipes-checkbox"
      />
    </Box>
  );
}
