import { useState } from 'react';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { OwnerFormDialog, OWNER_DIALOG_TITLE } from './OwnerFormDialog.tsx';
import { useOwners } from './queries.ts';

export const OWNER_PICKER_PLACEHOLDER = 'Sélectionnez le propriétaire';
export const NO_OWNER_TEXT = "Aucun propriétaire créé pour l'instant";

/** The vehicle's owner: the park's owners by display name, and 'Ajouter un nouveau propriétaire' beside them. */
export function OwnerSelect({
  parkId,
  value,
  onChange,
  error,
}: {
  parkId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const owners = useOwners(parkId);
  const [adding, setAdding] = useState(false);
  const data = (owners.data ?? []).map((o) => ({ value: o.id, label: o.display_name }));
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Propriétaire"
          placeholder={OWNER_PICKER_PLACEHOLDER}
          data={data}
          value={value}
          onChange={onChange}
          searchable
          clearable
          nothingFoundMessage={owners.isPending ? 'Chargement…' : NO_OWNER_TEXT}
          error={error}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: 1 }}
          data-testid="vehicle-owner"
        />
        <Tooltip label={OWNER_DIALOG_TITLE}>
          <ActionIcon variant="light" size={36} onClick={() => setAdding(true)} aria-label={OWNER_DIALOG_TITLE} data-testid="owner-add" mb={error ? 22 : 0}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M12 5v14M5 12h14" />
            </svg>
          </ActionIcon>
        </Tooltip>
      </Group>
      <OwnerFormDialog opened={adding} parkId={parkId} onClose={() => setAdding(false)} onCreated={(o) => onChange(o.id)} />
    </>
  );
}
