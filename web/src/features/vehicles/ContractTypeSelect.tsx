import { useState } from 'react';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ZContractTypeInput, type TRefItem } from '@flotte/contract/catalog';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { NewNameDialog } from '../../ui/dialogs/NewNameDialog.tsx';
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
        <Tooltip label={CONTRACT_TYPE_DIALOG_TITLE}>
          <ActionIcon variant="light" size={36} onClick={() => setAdding(true)} aria-label={CONTRACT_TYPE_DIALOG_TITLE} data-testid="contract-type-add" mb={error ? 22 : 0}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M12 5v14M5 12h14" />
            </svg>
          </ActionIcon>
        </Tooltip>
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
