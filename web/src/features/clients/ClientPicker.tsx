import { useRef, useState, type ReactNode } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLIENT_MESSAGES, type TClientSummary } from '@flotte/contract/clients';
import { SEARCH_DEBOUNCE_MS, searchToApply } from '../../ui/data-table/search-trigger.ts';
import { useClient, usePickerClients } from './queries.ts';

export interface ClientPickerProps {
  value: string | null;
  onChange: (id: string | null, client?: TClientSummary) => void;
  error?: ReactNode;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

const optionLabel = (c: TClientSummary) => (c.business_name && c.business_name !== c.name ? `${c.name} (${c.business_name})` : c.name);

/**
 * 'Sélectionner un client' (spec 000 section 2): the park's clients, searched on the server from
 * 3 characters typed (300 ms after the last keystroke); the first 50 otherwise. The chosen client
 * stays listed whatever the search, so the field never shows an id.
 */
export function ClientPicker({ value, onChange, error, label = CLIENT_MESSAGES.picker, required, disabled, testId = 'client-picker' }: ClientPickerProps) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue, SEARCH_DEBOUNCE_MS);
  const known = useRef(new Map<string, TClientSummary>());
  const chosen = value ? known.current.get(value) : undefined;
  // The chosen client's name in the box is not a search: list from the start again.
  const typed = chosen && debounced === optionLabel(chosen) ? '' : (searchToApply(debounced) ?? '');
  const clients = usePickerClients(typed, !disabled);
  for (const c of clients.data?.items ?? []) known.current.set(c.id, c);
  // A client chosen elsewhere (a course being edited) beyond the first page: read it once.
  const missing = useClient(value && !known.current.has(value) && clients.isSuccess ? value : null);
  if (missing.data) known.current.set(missing.data.id, missing.data);
  const current = value ? known.current.get(value) : undefined;

  const items = clients.data?.items ?? [];
  const listed = current && !items.some((c) => c.id === current.id) ? [current, ...items] : items;
  const data = listed.map((c) => ({ value: c.id, label: optionLabel(c) }));
  const nothing = clients.isPending ? 'Chargement…' : typed ? 'Aucun élément trouvé' : CLIENT_MESSAGES.empty;

  return (
    <Select
      label={label}
      placeholder={CLIENT_MESSAGES.picker}
      data={data}
      value={value}
      onChange={(id) => onChange(id, id ? known.current.get(id) : undefined)}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      clearable={!required}
      withAsterisk={required}
      nothingFoundMessage={nothing}
      error={error ?? (clients.isError ? clients.error.message : undefined)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
