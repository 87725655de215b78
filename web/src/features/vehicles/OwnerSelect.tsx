import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { AddBesideButton } from '../../ui/inputs/AddBesideButton.tsx';
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
        <AddBesideButton label={OWNER_DIALOG_TITLE} onClick={() => setAdding(true)} hasError={!!error} testId="owner-add" />
      </Group>
      <OwnerFormDialog opened={adding} parkId={parkId} onClose={() => setAdding(false)} onCreated={(o) => onChange(o.id)} />
    </>
  );
}
