import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ZContractTypeInput, type TRefItem } from '@flotte/contract/catalog';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { NewNameDialog } from '../../ui/dialogs/NewNameDialog.tsx';
import { AddBesideButton } from '../../ui/inputs/AddBesideButton.tsx';
import { useContractTypes, vehicleKeys } from './queries.ts';
import { vehiclesApi } from './vehicles-api.ts';

export const CONTRACT_TYPE_DIALOG_TITLE = 'Nouveau type de contrat';

/** The vehicle's contract type, and 'Nouveau type de contrat' beside it for a type the park lacks. */
export function ContractTypeSelect({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const queryClient = useQueryClient();
  const types = useContractTypes();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Type de contrat"
          placeholder="Sélectionnez"
          data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={value}
          onChange={onChange}
          searchable
          clearable
          error={error}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: 1 }}
          data-testid="vehicle-contract-type"
        />
        <AddBesideButton label={CONTRACT_TYPE_DIALOG_TITLE} onClick={() => setAdding(true)} hasError={!!error} testId="contract-type-add" />
      </Group>
      <NewNameDialog
        opened={adding}
        onClose={() => setAdding(false)}
        title={CONTRACT_TYPE_DIALOG_TITLE}
        label="Nom du type de contrat"
        schema={ZContractTypeInput}
        save={vehiclesApi.addContractType}
        successMessage={SUCCESS_MESSAGES.CONTRACT_TYPE_ADDED}
        testId="contract-type"
        onCreated={(created) => {
          // Shown and selected at once, without waiting for the refetch.
          queryClient.setQueryData<TRefItem[]>(vehicleKeys.contractTypes(), (old) => (old ? [...old, created] : [created]));
          void queryClient.invalidateQueries({ queryKey: vehicleKeys.contractTypes() });
          onChange(String(created.id));
        }}
      />
    </>
  );
}
