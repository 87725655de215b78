import { Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TPermissionCatalog } from '@flotte/contract';
import { groupState, selectionView, toggleGroup, togglePermission } from './permission-selection.ts';

type Catalog = TPermissionCatalog['groups'];

function labelOf(catalog: Catalog, code: string): string {
  for (const group of catalog) for (const p of group.permissions) if (p.code === code) return p.label;
  return code;
}

export function includedHint(catalog: Catalog, holders: string[]): string {
  return `Inclus par ${holders.map((h) => `« ${labelOf(catalog, h)} »`).join(', ')}`;
}

interface PermissionChecklistProps {
  catalog: Catalog;
  /** The explicitly held codes. */
  value: string[];
  onChange?: (value: string[]) => void;
  /** Shows the permissions without letting them change (a profile's effective permissions). */
  readOnly?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** Permissions as grouped checkboxes; a group checkbox toggles its group; implied ones show as included. */
export function PermissionChecklist({ catalog, value, onChange, readOnly = false, disabled = false, testId = 'permission-checklist' }: PermissionChecklistProps) {
  const view = selectionView(value);
  const locked = readOnly || disabled || !onChange;

  return (
    <Stack gap="sm" data-testid={testId}>
      {catalog.map((group) => {
        const codes = group.permissions.map((p) => p.code);
        const state = groupState(codes, view);
        return (
          <Paper key={group.code} withBorder radius="md" p="sm" data-testid={`permission-group-${group.code}`}>
            <Checkbox
              label={
                <Text fw={600} size="sm">
                  {group.label}
                </Text>
              }
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={() => onChange?.(toggleGroup(value, codes, view))}
              disabled={locked}
              aria-label={`Tout le groupe ${group.label}`}
              data-testid={`permission-group-toggle-${group.code}`}
              mb="xs"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" pl={{ base: 0, xs: 'md' }}>
              {group.permissions.map((permission) => {
                const holders = view.includedBy.get(permission.code);
                const included = !!holders?.length;
                const effective = view.isEffective(permission.code);
                return (
                  <Checkbox
                    key={permission.code}
                    label={permission.label}
                    description={included ? includedHint(catalog, holders) : permission.description}
                    checked={effective}
                    // Implied ones can't be unchecked on their own: the permission holding them grants them.
                    disabled={locked || included}
                    onChange={() => onChange?.(togglePermission(value, permission.code))}
                    data-testid={`permission-${permission.code}`}
                    data-included={included ? 'true' : undefined}
                  />
                );
              })}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}
