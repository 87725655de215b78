import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Collapse, Fieldset, Group, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { FLESPI_DEFAULT_COMMANDS, GPS_MESSAGES, GPS_PROVIDER_LABELS, GPS_PROVIDERS, type GpsProvider, type TGpsConnection } from '@flotte/contract/gps';
import { ApiError } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { toast } from '../../ui/toast.ts';
import { CONNECTION_FIELDS, connectionBody, draftOf, isDirty, secretLabel, type ConnectionDraft, type ConnectionErrors, type ConnectionField } from './connection-form.ts';
import { useGpsConnection, useRemoveGpsConnection, useSaveGpsConnection } from './gps-api.ts';

const PROVIDER_OPTIONS = GPS_PROVIDERS.map((p) => ({ value: p, label: GPS_PROVIDER_LABELS[p] }));

function StatusBadge({ connection }: { connection: TGpsConnection }) {
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
 * 'Connexion GPS' on the company profile (issue 22 section 1): the park's telematics provider,
 * flespi (a token) or a Traccar server (its address, and a token or a user and password), and
 * flespi's command texts for the penalty triggers. Saving tests the credentials on the server,
 * which answers why in French when the provider refuses them; the secret is never shown back,
 * only its last 4 characters. Each vehicle's GPS number (its device's IMEI) links it.
 */
export function GpsConnectionCard({ canEdit }: { canEdit: boolean }) {
  const connection = useGpsConnection();
  const save = useSaveGpsConnection();
  const remove = useRemoveGpsConnection();
  const [draft, setDraft] = useState<ConnectionDraft>(draftOf(undefined));
  const [errors, setErrors] = useState<ConnectionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const data = connection.data;

  useEffect(() => {
    setDraft(draftOf(data));
    if (data?.lock_command || data?.unlock_command || data?.buzzer_command) setAdvanced(true);
  }, [data]);

  // 'Profil de l'entreprise' from the GPS screen lands here.
  useEffect(() => {
    if (data && window.location.hash === '#gps') cardRef.current?.scrollIntoView({ block: 'start' });
  }, [data]);

  const set = (field: ConnectionField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async () => {
    if (!data) return;
    const result = connectionBody(draft, data);
    setFailure(null);
    if ('errors' in result) {
      setErrors(result.errors);
      if (result.errors.lock_command || result.errors.unlock_command || result.errors.buzzer_command) setAdvanced(true);
      return;
    }
    try {
      await save.mutateAsync(result.body);
      toast.success(GPS_MESSAGES.connectionSaved);
      setDraft((d) => ({ ...d, secret: '' }));
    } catch (error) {
      // The provider's refusal (wrong token, unknown server) is read where the form is too.
      if (error instanceof ApiError && !error.isNetwork) {
        const placed: ConnectionErrors = {};
        for (const f of error.fieldErrors) if (CONNECTION_FIELDS.includes(f.field as ConnectionField)) placed[f.field as ConnectionField] = f.message;
        setErrors(placed);
        setFailure(error.message);
      }
    }
  };

  const traccar = draft.provider === 'traccar';
  const keepsSecret = Boolean(data?.connected && data.provider === draft.provider);

  return (
    <Card withBorder radius="md" padding="md" ref={cardRef} id="gps" style={{ scrollMarginTop: 72 }} data-testid="gps-connection-card">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="h4">
          Connexion GPS
        </Title>
        {data ? <StatusBadge connection={data} /> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Le fournisseur de vos balises GPS (flespi ou un serveur Traccar) donne la position de vos véhicules, leurs trajets et leurs arrêts, et reçoit
        les commandes des déclencheurs. Le numéro GPS de chaque véhicule (l'IMEI de sa balise) le relie à sa balise.
      </Text>
      {connection.isError ? (
        <LoadError title="Impossible de charger la connexion GPS" error={connection.error} onRetry={() => void connection.refetch()} testId="gps-connection-error" />
      ) : !data ? (
        <Skeleton h={260} radius="md" />
      ) : (
        <Stack gap="md">
          {data.connected ? (
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="gps-connection-status">
              <Info label="Fournisseur">{data.provider ? GPS_PROVIDER_LABELS[data.provider] : '—'}</Info>
              <Info label={data.username ? 'Mot de passe' : 'Jeton'}>{data.secret_hint ?? '—'}</Info>
              <Info label="Balises">{data.devices === null ? '—' : String(data.devices)}</Info>
              <Info label="Véhicules équipés">{String(data.equipped_vehicles)}</Info>
              <Info label="Dernière vérification">{formatDateTime(data.checked_at) || '—'}</Info>
            </SimpleGrid>
          ) : null}
          {data.connected && data.status === 'failing' ? (
            <Alert color="red" title="La connexion au fournisseur GPS échoue" data-testid="gps-connection-failing">
              {data.last_error ?? 'Le fournisseur GPS a refusé la dernière requête.'}
            </Alert>
          ) : null}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="gps-connection-form"
          >
            <Fieldset variant="unstyled" disabled={!canEdit} p={0}>
              <Stack gap="sm">
                <Select
                  label="Fournisseur GPS"
                  withAsterisk={canEdit}
                  data={PROVIDER_OPTIONS}
                  value={draft.provider}
                  onChange={(v) => v && set('provider', v as GpsProvider)}
                  allowDeselect={false}
                  error={errors.provider}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="gps-provider"
                />
                {traccar ? (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label="Adresse du serveur Traccar"
                      placeholder="https://traccar.exemple.com"
                      withAsterisk={canEdit}
                      autoComplete="off"
                      inputMode="url"
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      value={draft.base_url}
                      onChange={(e) => set('base_url', e.currentTarget.value)}
                      error={errors.base_url}
                      data-testid="gps-base-url"
                    />
                    <TextInput
                      label="Utilisateur"
                      description="Facultatif : sans utilisateur, un jeton d'accès suffit"
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      autoComplete="off"
                      value={draft.username}
                      onChange={(e) => set('username', e.currentTarget.value)}
                      error={errors.username}
                      data-testid="gps-username"
                    />
                  </SimpleGrid>
                ) : null}
                {canEdit ? (
                  <PasswordInput
                    label={secretLabel(draft)}
                    withAsterisk={!keepsSecret}
                    description={keepsSecret ? `Laissez vide pour conserver celui qui est enregistré (${data.secret_hint ?? '••••'}).` : undefined}
                    autoComplete="new-password"
                    value={draft.secret}
                    onChange={(e) => set('secret', e.currentTarget.value)}
                    error={errors.secret}
                    data-testid="gps-secret"
                  />
                ) : null}
                {!traccar ? (
                  <div>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={0}
                      onClick={() => setAdvanced((o) => !o)}
                      aria-expanded={advanced}
                      aria-controls="gps-advanced"
                      data-testid="gps-advanced-toggle"
                    >
                      {advanced ? 'Masquer les réglages avancés' : 'Avancé'}
                    </Button>
                    <Collapse expanded={advanced} id="gps-advanced">
                      <Stack gap="sm" pt="xs" data-testid="gps-advanced">
                        <Text size="xs" c="dimmed">
                          Les textes des commandes envoyées à la balise par les déclencheurs. Laissez vide pour les textes habituels des balises
                          Teltonika (sortie numérique 1).
                        </Text>
                        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                          <TextInput
                            label="Commande de blocage"
                            placeholder={FLESPI_DEFAULT_COMMANDS.lock}
                            autoComplete="off"
                            value={draft.lock_command}
                            onChange={(e) => set('lock_command', e.currentTarget.value)}
                            error={errors.lock_command}
                            data-testid="gps-lock-command"
                          />
                          <TextInput
                            label="Commande de déblocage"
                            placeholder={FLESPI_DEFAULT_COMMANDS.unlock}
                            autoComplete="off"
                            value={draft.unlock_command}
                            onChange={(e) => set('unlock_command', e.currentTarget.value)}
                            error={errors.unlock_command}
                            data-testid="gps-unlock-command"
                          />
                          <TextInput
                            label="Commande du buzzer"
                            placeholder={FLESPI_DEFAULT_COMMANDS.buzzer}
                            autoComplete="off"
                            value={draft.buzzer_command}
                            onChange={(e) => set('buzzer_command', e.currentTarget.value)}
                            error={errors.buzzer_command}
                            data-testid="gps-buzzer-command"
                          />
                        </SimpleGrid>
                      </Stack>
                    </Collapse>
                  </div>
                ) : null}
                {failure ? (
                  <Alert color="red" data-testid="gps-connection-save-error">
                    {failure}
                  </Alert>
                ) : null}
                {canEdit ? (
                  <Group justify="flex-end" gap="sm">
                    {data.connected ? (
                      <Button variant="light" color="red" onClick={() => setConfirming(true)} data-testid="gps-connection-remove">
                        Supprimer la connexion
                      </Button>
                    ) : null}
                    <Button type="submit" loading={save.isPending} disabled={data.connected && !isDirty(draft, data)} data-testid="gps-connection-save">
                      {data.connected ? 'Enregistrer' : 'Connecter le GPS'}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="gps-connection-read-only">
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
        title="Supprimer la connexion GPS"
        confirmLabel="Supprimer"
        danger
        message="Flotte ne pourra plus afficher la position de vos véhicules, et les déclencheurs ne pourront plus envoyer de commande aux balises. Les véhicules gardent leur numéro GPS."
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(GPS_MESSAGES.connectionRemoved);
          setFailure(null);
          setErrors({});
        }}
        testId="gps-connection-remove-dialog"
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
