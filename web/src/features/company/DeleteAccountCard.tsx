import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider.tsx';
import { companyApi } from './company-api.ts';
import { RedirectCountdown } from './RedirectCountdown.tsx';
import { useStepUpAction } from './useStepUpAction.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

export const DELETE_DONE_MESSAGE = SUCCESS_MESSAGES.ACCOUNT_DELETED;

/** 'Supprimer le compte' (DELETE_ACCOUNT): type the company name, confirm with the PIN. */
export function DeleteAccountCard({ companyName }: { companyName: string }) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const stepUp = useStepUpAction();
  const { signOut } = useSession();
  const navigate = useNavigate();
  // Spaces around a name are easy to type by mistake on a phone; the name itself must match.
  const matches = typed.trim() === companyName.trim();

  function close() {
    if (running || done) return;
    setOpened(false);
    setTyped('');
  }

  function confirm() {
    if (!matches) return;
    stepUp(async () => {
      setRunning(true);
      try {
        await companyApi.deleteAccount();
        setDone(true);
      } finally {
        setRunning(false);
      }
    });
  }

  return (
    <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-red-6)' }} data-testid="delete-account-card">
      <Title order={3} fz="h5" mb={4}>
        Supprimer le compte
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Supprime définitivement l'entreprise et toutes ses données : véhicules, chauffeurs, opérations, fichiers et accès.
      </Text>
      <Button color="red" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }} data-testid="delete-account-open">
        Supprimer le compte
      </Button>

      <Modal opened={opened} onClose={close} title="Supprimer le compte" centered withCloseButton={!running && !done} data-testid="delete-account-dialog">
        {done ? (
          <RedirectCountdown
            message={DELETE_DONE_MESSAGE}
            destination="la page de connexion"
            onDone={() => {
              void signOut().finally(() => navigate('/auth/login', { replace: true }));
            }}
          />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            <Stack gap="md">
              <Alert color="red" variant="filled" title="Cette action est irréversible" data-testid="delete-account-warning">
                L'entreprise « {companyName} » et toutes ses données seront supprimées définitivement. Tous ses
                administrateurs perdront leur accès. Rien ne pourra être récupéré.
              </Alert>
              <TextInput
                label={`Pour confirmer, saisissez le nom de l'entreprise : ${companyName}`}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                disabled={running}
                error={typed && !matches ? "Le nom saisi ne correspond pas au nom de l'entreprise" : undefined}
                data-testid="delete-account-name"
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={running}>
                  Annuler
                </Button>
                <Button type="submit" color="red" loading={running} disabled={!matches} data-testid="delete-account-confirm">
                  Supprimer définitivement
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Card>
  );
}
