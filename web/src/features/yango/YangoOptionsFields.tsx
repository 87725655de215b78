import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import { HOUR_OPTIONS, MINUTE_OPTIONS, type CollectOptions } from './yango-import-steps.ts';

/**
 * The import options (spec 000 'Partner-platform import dialog'): Yango revenue as the driver's
 * objective and, when on, the daily collection hour (00-23) and minute (00-59).
 */
export function YangoOptionsFields({ value, onChange, disabled }: { value: CollectOptions; onChange: (next: CollectOptions) => void; disabled?: boolean }) {
  return (
    <Stack gap="sm" data-testid="yango-options">
      <Switch
        label="Utiliser les revenus Yango comme objectif"
        description="La recette du chauffeur sera calculée à partir de ses revenus Yango de la période."
        checked={value.useYangoRecipe}
        onChange={(e) => onChange({ ...value, useYangoRecipe: e.currentTarget.checked })}
        disabled={disabled}
        data-testid="yango-use-recipe"
      />
      {value.useYangoRecipe ? (
        <div>
          <Text size="sm" fw={500} mb={4} id="yango-collect-time-label">
            Heure de collecte
          </Text>
          <Group gap="xs" wrap="nowrap" role="group" aria-labelledby="yango-collect-time-label">
            <Select
              aria-label="Heure"
              data={HOUR_OPTIONS}
              value={value.hour}
              onChange={(h) => h && onChange({ ...value, hour: h })}
              allowDeselect={false}
              w={90}
              maxDropdownHeight={220}
              comboboxProps={{ withinPortal: true }}
              disabled={disabled}
              data-testid="yango-collect-hour"
            />
            <Text aria-hidden="true">h</Text>
            <Select
              aria-label="Minute"
              data={MINUTE_OPTIONS}
              value={value.minute}
              onChange={(m) => m && onChange({ ...value, minute: m })}
              allowDeselect={false}
              w={90}
              maxDropdownHeight={220}
              comboboxProps={{ withinPortal: true }}
              disabled={disabled}
              data-testid="yango-collect-minute"
            />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Chaque jour à cette heure (aujourd'hui, ou demain si l'heure est passée).
          </Text>
        </div>
      ) : null}
    </Stack>
  );
}
