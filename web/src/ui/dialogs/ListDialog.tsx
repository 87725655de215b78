import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, CloseButton, Group, Modal, NativeSelect, Radio, ScrollArea, SegmentedControl, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { EmptyPlaceholder } from './EmptyPlaceholder.tsx';
import { SearchIcon } from './icons.tsx';
import { filterList, toggleSelection, type ListFilter, type ListSort } from './list-filter.ts';

/** Spec wording, spelled as french.md corrects it. */
export const LIST_DIALOG_EMPTY_TEXT = 'Aucune donnée ne correspond à votre recherche.';
const ALL = '__all__';

export interface ListDialogProps<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The text the search box matches (name, phone, plate ...). */
  searchText: (item: T) => string;
  /** Filter choices, shown after 'Tous'. */
  filters?: ListFilter<T>[];
  /** Sort choices; the first one applies when the dialog opens. */
  sorts?: ListSort<T>[];
  multiple?: boolean;
  /** Keys selected when the dialog opens. */
  value?: readonly string[];
  /** Multiple mode: lets the person confirm an empty selection (to clear it). */
  allowEmpty?: boolean;
  onConfirm: (selected: T[]) => unknown;
  confirmLabel?: string;
  /** When nothing matches the search or filter. */
  emptyText?: string;
  /** When the list itself is empty (e.g. 'Aucun véhicule créé pour l’instant'); defaults to emptyText. */
  noItemsText?: string;
  /** e.g. a 'Créer un véhicule' button shown under an empty list. */
  noItemsAction?: { label: string; onClick: () => void };
  loading?: boolean;
  searchPlaceholder?: string;
  testId?: string;
}

/** Pick one or several items from a list a person can search, filter and sort, then 'Confirmer'. */
export function ListDialog<T>({
  opened,
  onClose,
  title,
  items,
  getKey,
  renderItem,
  searchText,
  filters = [],
  sorts = [],
  multiple = false,
  value = [],
  allowEmpty = false,
  onConfirm,
  confirmLabel = 'Confirmer',
  emptyText = LIST_DIALOG_EMPTY_TEXT,
  noItemsText,
  noItemsAction,
  loading = false,
  searchPlaceholder = 'Rechercher',
  testId = 'list-dialog',
}: ListDialogProps<T>) {
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState(ALL);
  const [sortValue, setSortValue] = useState(sorts[0]?.value ?? '');
  const [selected, setSelected] = useState<string[]>([...value]);
  const [pending, setPending] = useState(false);

  // Each opening starts from the caller's current choice, not from the last abandoned attempt.
  const valueKey = value.join('\u0000');
  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setFilterValue(ALL);
    setSortValue(sorts[0]?.value ?? '');
    setSelected(valueKey ? valueKey.split('\u0000') : []);
    setPending(false);
    // Only on opening (or a new caller value): the sort list may be a fresh array each render.
  }, [opened, valueKey]);

  const shown = useMemo(
    () =>
      filterList(items, {
        search,
        searchText,
        filter: filters.find((f) => f.value === filterValue),
        sort: sorts.find((s) => s.value === sortValue),
      }),
    [items, search, searchText, filters, filterValue, sorts, sortValue],
  );

  const byKey = useMemo(() => new Map(items.map((item) => [getKey(item), item])), [items, getKey]);
  const chosen = selected.map((k) => byKey.get(k)).filter((item): item is T => item !== undefined);
  const canConfirm = !loading && !pending && (chosen.length > 0 || (multiple && allowEmpty));

  async function confirm() {
    if (!canConfirm) return;
    setPending(true);
    try {
      await onConfirm(chosen);
      onClose();
    } catch {
      // The caller shows the failure (mutations toast it); keep the choice for a retry.
    } finally {
      setPending(false);
    }
  }

  const listEmpty = !loading && items.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" data-testid={testId}>
      <Stack gap="sm">
        <TextInput
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={search ? <CloseButton size="sm" aria-label="Effacer la recherche" onClick={() => setSearch('')} /> : null}
          data-testid={`${testId}-search`}
        />
        {filters.length > 0 || sorts.length > 1 ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {filters.length > 0 ? (
              <SegmentedControl
                size="xs"
                value={filterValue}
                onChange={setFilterValue}
                data={[{ value: ALL, label: 'Tous' }, ...filters.map((f) => ({ value: f.value, label: f.label }))]}
                data-testid={`${testId}-filter`}
              />
            ) : null}
            {sorts.length > 1 ? (
              <NativeSelect
                size="xs"
                label="Trier par"
                value={sortValue}
                onChange={(e) => setSortValue(e.currentTarget.value)}
                data={sorts.map((s) => ({ value: s.value, label: s.label }))}
                data-testid={`${testId}-sort`}
              />
            ) : null}
          </Group>
        ) : null}

        <ScrollArea.Autosize mah="min(50dvh, 420px)" type="auto" offsetScrollbars>
          {loading ? (
            <Stack gap="xs" data-testid={`${testId}-loading`}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={40} radius="sm" />
              ))}
            </Stack>
          ) : shown.length === 0 ? (
            <EmptyPlaceholder
              size="sm"
              text={listEmpty ? (noItemsText ?? emptyText) : emptyText}
              action={listEmpty ? noItemsAction : undefined}
              testId={`${testId}-empty`}
            />
          ) : (
            <Stack gap={4} role="listbox" aria-multiselectable={multiple} aria-label={title}>
              {shown.map((item) => {
                const key = getKey(item);
                const isSelected = selected.includes(key);
                return (
                  <UnstyledButton
                    key={key}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => setSelected((s) => toggleSelection(s, key, multiple))}
                    onDoubleClick={multiple ? undefined : () => void confirm()}
                    data-testid={`${testId}-item`}
                    data-key={key}
                    px="sm"
                    py={8}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      border: '1px solid',
                      borderColor: isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)',
                      background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      {/* Drawn indicators, not inputs: a control inside the option would be a second, nested one. */}
                      {multiple ? <Checkbox.Indicator checked={isSelected} aria-hidden /> : <Radio.Indicator checked={isSelected} aria-hidden />}
                      <div style={{ minWidth: 0, flex: 1 }}>{renderItem(item)}</div>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>

        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
            {multiple ? `${chosen.length} sélectionné${chosen.length > 1 ? 's' : ''}` : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Annuler
            </Button>
            <Button onClick={() => void confirm()} disabled={!canConfirm && !pending} loading={pending} data-testid={`${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
