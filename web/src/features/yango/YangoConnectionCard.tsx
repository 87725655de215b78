import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Badge, Button, Card, Fieldset, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { YANGO_MESSAGES, ZYangoConnectionInput, type TYangoConnection, type TYangoConnectionInput } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { toast } from '../../ui/toast.ts';
import { useRemoveYangoConnection, useSaveYangoConnection } from './link-api.ts';
import { useYangoConnection } from './useYangoConnection.ts';

type Field = keyof TYangoConnectionInput;
const FIELDS: Field[] = ['client_id', 'yango_park_id', 'api_key'];
const KEY_REQUIRED = 'La clé API est requise';

interface Draft {
  client_id: string;
  yango_park_id: string;
  api_key: string;
}

const draftOf = (c: TYangoConnection | undefined): Draft => ({ client_id: c?.client_id ?? '', yango_park_id: c?.yango_park_id ?? '', api_key: '' });

/** The body PUT sends: an empty key on an edit keeps the saved one; the first connection needs one. */
function bodyOf(draft: Draft, connected: boolean): { body: TYangoConnectionInput } | { errors: Partial<Record<Field, string>> } {
  const key = draft.api_key.trim();
  const parsed = ZYangoConnectionInput.safeParse({ client_id: draft.client_id, yango_park_id: draft.yango_park_id, api_key: key || undefined });
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  if (!connected && !key) errors.api_key ??= KEY_REQUIRED;
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

function StatusBadge({ connection }: { connection: TYangoConnection }) {
  if (!connection.connected) return <Badge color="gray" variant="light">Non connecté</Badge>;
  return connection.status === 'failing' ? (
    <Badge color="red" variant="light">
      En échec
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      Connecté
    </Badge>
  );
}

/**
 * 'Connexion Yango' on the company profile (issue 21 section 1): the state of the park's Fleet API
 * connection, and its credentials (client id, Yango park id, API key). Saving tests them on the
 * server, which answers why in French when Yango refuses; the key is never shown back, only its
 * last 4 characters. Editable with UPDATE_PARK_INFO, read-only otherwise.
 */
export function YangoConnectionCard({ canEdit }: { canEdit: boolean }) {
  const connection = useYangoConnection();
  const save = useSaveYangoConnection();
  const remove = useRemoveYangoConnection();
  const [draft, setDraft] = useState<Draft>(draftOf(undefined));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const data = connection.data;

  useEffect(() => {
    setDraft(draftOf(data));
  }, [data]);

  // 'Configurer Yango' from the recruiting dialog lands here.
  useEffect(() => {
    if (data && window.location.hash === '#yango') cardRef.current?.scrollIntoView({ block: 'start' });
  }, [data]);

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async () => {
    if (!data) return;
    const result = bodyOf(draft, data.connected);
    setFailure(null);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    try {
      await save.mutateAsync(result.body);
      toast.success(YANGO_MESSAGES.connectionSaved);
      setDraft((d) => ({ ...d, api_key: '' }));
    } catch (error) {
      // Yango's refusal (wrong key, unknown park) is read where the form is too (the toast is the mutation's).
      if (error instanceof ApiError && !error.isNetwork) {
        const placed: Partial<Record<Field, string>> = {};
        for (const f of error.fieldErrors) if (FIELDS.includes(f.field as Field)) placed[f.field as Field] = f.message;
        setErrors(placed);
        setFailure(error.message);
      }
    }
  };

  const dirty = data ? draft.client_id !== (data.client_id ?? '') || draft.yango_park_id !== (data.yango_park_id ?? '') || draft.api_key.trim() !== '' : false;

  return (
    <Card withBorder radius="md" padding="md" ref={cardRef} id="yango" style={{ scrollMarginTop: 72 }} data-testid="yango-connection-card">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="h4">
          Connexion Yango
        </Title>
        {data ? <StatusBadge connection={data} /> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Les identifiants de l'API Fleet de Yango permettent d'importer vos chauffeurs Yango, de suivre leur activité et d'encaisser leurs
        recettes sur leur solde Yango.
      </Text>
      {connection.isError ? (
        <LoadError title="Impossible de charger la connexion Yango" error={connection.error} onRetry={() => void connection.refetch()} testId="yango-connection-error" />
      ) : !data ? (
        <Skeleton h={220} radius="md" />
      ) : (
        <Stack gap="md">
          {data.connected ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="yango-connection-status">
              <Info label="Parc Yango">{[data.park_name, data.park_city].filter(Boolean).join(' · ') || 'Non renseigné'}</Info>
              <Info label="Chauffeurs liés">{String(data.linked_drivers)}</Info>
              <Info label="Clé API">{data.api_key_hint ?? '—'}</Info>
              <Info label="Dernière vérification">{formatDateTime(data.checked_at) || '—'}</Info>
            </SimpleGrid>
          ) : null}
          {data.connected && data.status === 'failing' ? (
            <Alert color="red" title="La connexion à Yango échoue" data-testid="yango-connection-failing">
              {data.last_error ?? 'Yango a refusé la dernière requête.'}
            </Alert>
          ) : null}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="yango-connection-form"
          >
            <Fieldset variant="unstyled" disabled={!canEdit} p={0}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Identifiant client (X-Client-ID)"
                    placeholder="taxi/park/…"
                    withAsterisk={canEdit}
                    autoComplete="off"
                    value={draft.client_id}
                    onChange={set('client_id')}
                    error={errors.client_id}
                    data-testid="yango-client-id"
                  />
                  <TextInput
                    label="Identifiant du parc Yango"
                    withAsterisk={canEdit}
                    autoComplete="off"
                    value={draft.yango_park_id}
                    onChange={set('yango_park_id')}
                    error={errors.yango_park_id}
                    data-testid="yango-park-id"
                  />
                </SimpleGrid>
                {canEdit ? (
                  <PasswordInput
                    label="Clé API (X-API-Key)"
                    withAsterisk={!data.connected}
                    description={data.connected ? `Laissez vide pour conserver la clé enregistrée (${data.api_key_hint ?? '••••'}).` : undefined}
                    autoComplete="new-password"
                    value={draft.api_key}
                    onChange={set('api_key')}
                    error={errors.api_key}
                    data-testid="yango-api-key"
                  />
                ) : null}
                {failure ? (
                  <Alert color="red" data-testid="yango-connection-save-error">
                    {failure}
                  </Alert>
                ) : null}
                {canEdit ? (
                  <Group justify="flex-end" gap="sm">
                    {data.connected ? (
                      <Button variant="light" color="red" onClick={() => setConfirming(true)} data-testid="yango-connection-remove">
                        Supprimer la connexion
                      </Button>
                    ) : null}
                    <Button type="submit" loading={save.isPending} disabled={data.connected && !dirty} data-testid="yango-connection-save">
                      {data.connected ? 'Enregistrer' : 'Connecter Yango'}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="yango-connection-read-only">
                    Vous pouvez consulter cette connexion, mais pas la modifier.
                  </Text>
                )}
              </Stack>
            </Fieldset>
          </form>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Supprimer la connexion Yango"
        confirmLabel="Supprimer"
        danger
        message="Flotte ne pourra plus rechercher, importer ni suivre les chauffeurs Yango de ce parc. Les chauffeurs déjà importés restent dans Flotte."
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(YANGO_MESSAGES.connectionRemoved);
          setFailure(null);
        }}
        testId="yango-connection-remove-dialog"
      />
    </Card>
  );
}

function Info({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
