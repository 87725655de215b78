import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, CloseButton, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_MESSAGES, MAINTENANCE_TITLES } from '@flotte/contract/maintenance';
import { ZCarComponentInput } from '@flotte/contract/operations';
import { ApiError } from '../../api/api-error.ts';
import { SearchIcon } from '../../ui/dialogs/icons.tsx';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import css from './components.module.css';
import { maintenanceApi } from './maintenance-api.ts';
import { maintenanceKeys, useCarComponents } from './queries.ts';
import { estimateTotal, toggleComponent, type ComponentLine } from './schedule-form.ts';

export interface ComponentsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The repair type's name, under the title. */
  subtitle?: string | null;
  value: ComponentLine[];
  onChange: (lines: ComponentLine[]) => void;
}

/**
 * 'Éléments concernés' (spec 002 section 2): the catalogue of car components as a checklist; a
 * checked one shows its amount (2000 to start with). 'Nouvel élément' adds one to the catalogue
 * and checks it. Changes apply as they are made: 'Valider' only closes.
 */
export function ComponentsDialog({ opened, onClose, subtitle, value, onChange }: ComponentsDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const components = useCarComponents(opened);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (opened) setSearch('');
  }, [opened]);

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('fr');
    const all = components.data ?? [];
    return needle ? all.filter((c) => c.name.toLocaleLowerCase('fr').includes(needle) || value.some((l) => l.id === c.id)) : all;
  }, [components.data, search, value]);

  return (
    <>
      <Modal
        opened={opened && !adding}
        onClose={onClose}
        title={MAINTENANCE_TITLES.components}
        size="md"
        fullScreen={fullScreen}
        data-testid="maintenance-components-dialog"
      >
        <Stack gap="sm">
          {subtitle ? (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Rechercher un élément"
              placeholder="Rechercher un élément"
              leftSection={<SearchIcon size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              rightSection={search ? <CloseButton size="sm" aria-label="Effacer la recherche" onClick={() => setSearch('')} /> : null}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button variant="light" onClick={() => setAdding(true)} data-testid="maintenance-component-new">
              Nouvel élément
            </Button>
          </Group>
          {/* The list scrolls, so that the total and 'Valider' stay in sight on a phone too. */}
          <ScrollArea.Autosize mah={fullScreen ? 'calc(100dvh - 200px)' : '55vh'} offsetScrollbars type="auto">
            <Stack gap={6} data-testid="maintenance-components-list">
              {components.isPending ? (
                <Group justify="center" py="md">
                  <Loader size="sm" />
                </Group>
              ) : shown.length === 0 ? (
                <Text size="sm" c="dimmed" py="sm">
                  Aucun élément trouvé
                </Text>
              ) : (
                shown.map((c) => {
                  const line = value.find((l) => l.id === c.id);
                  return (
                    <Group key={c.id} justify="space-between" wrap="nowrap" gap="sm" mih={36} data-testid="maintenance-component" data-component-name={c.name}>
                      <Checkbox label={c.name} checked={!!line} onChange={() => onChange(toggleComponent(value, c.id))} style={{ minWidth: 0 }} />
                      {line ? (
                        <div className={css.amount} style={{ width: 150, flex: 'none' }}>
                          <AmountInput
                            label={<VisuallyHidden>{`Montant : ${c.name}`}</VisuallyHidden>}
                            value={line.amount}
                            onChange={(amount) => onChange(value.map((l) => (l.id === c.id ? { ...l, amount } : l)))}
                            testId="maintenance-component-amount"
                          />
                        </div>
                      ) : null}
                    </Group>
                  );
                })
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              Total : <Money amount={estimateTotal([{ key: 0, repair_type_id: null, components: value }])} fw={600} />
            </Text>
            <Button onClick={onClose} data-testid="maintenance-components-done">
              Valider
            </Button>
          </Group>
        </Stack>
      </Modal>
      <NewComponentDialog
        opened={opened && adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          if (!value.some((l) => l.id === id)) onChange(toggleComponent(value, id));
        }}
      />
    </>
  );
}

/** 'Nouvel élément': a component added to the park's catalogue, named with more than 3 characters. */
function NewComponentDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName('');
      setError(null);
    }
  }, [opened]);
  const add = useMutation({ mutationFn: (n: string) => maintenanceApi.addComponent(n), meta: { errorToast: false } });

  async function submit() {
    const parsed = ZCarComponentInput.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const created = await add.mutateAsync(parsed.data.name);
      toast.success(MAINTENANCE_MESSAGES.componentAdded);
      await queryClient.invalidateQueries({ queryKey: maintenanceKeys.components() });
      onCreated(created.id);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) setError(e.message);
      else toastApiError(e);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={MAINTENANCE_TITLES.newComponent} centered data-testid="maintenance-new-component-dialog">
      {/* A form nested in another form's DOM would submit both: stop the event here. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Nom de l'élément"
            withAsterisk
            autoFocus
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-testid="maintenance-new-component-name"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="maintenance-new-component-submit">
              Ajouter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
