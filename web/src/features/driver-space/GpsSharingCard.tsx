import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHONE_GPS_MESSAGES, type TDriverGpsStatus } from '@flotte/contract/phone-gps';
import { api } from '../../api/client.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { driverKeys } from './driver-api.ts';
import { timeOf } from './driver-display.ts';
import { usePositionReporter } from './usePositionReporter.ts';

const gpsKey = [...driverKeys.all, 'gps'] as const;

/**
 * 'Partager ma position pendant mon service' (issue 22 section 2): asks his consent once, says
 * what is shared and when; then, while he is on duty and this page is open, his phone's position
 * leaves at most every 30 s. He can stop sharing at any time.
 */
export function GpsSharingCard() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: gpsKey,
    queryFn: ({ signal }) => api.get<TDriverGpsStatus>('/driver/me/gps', undefined, signal),
    // His duty starts and ends while the page is open.
    refetchInterval: 60_000,
  });
  const consent = useMutation({
    mutationFn: (value: boolean) => api.post<TDriverGpsStatus>('/driver/me/gps/consent', { consent: value }),
    onSuccess: (next, value) => {
      queryClient.setQueryData(gpsKey, next);
      toast.success(value ? PHONE_GPS_MESSAGES.consentGiven : PHONE_GPS_MESSAGES.consentWithdrawn);
    },
    onError: toastApiError,
  });
  const data = status.data;
  const active = Boolean(data?.consent && data.on_duty);
  const reporter = usePositionReporter(active, data?.interval_seconds, () => void status.refetch());

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="driver-gps-title" data-testid="driver-gps-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h5" id="driver-gps-title">
            Partager ma position pendant mon service
          </Title>
          {data?.consent ? (
            <Badge color={reporter.state === 'sharing' ? 'teal' : 'gray'} variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="driver-gps-badge">
              {reporter.state === 'sharing' ? 'Partage en cours' : 'Activé'}
            </Badge>
          ) : null}
        </Group>
        {status.isPending ? (
          <Skeleton h={60} />
        ) : status.isError ? (
          <Alert color="red" title="Impossible de savoir si votre position est partagée">
            <Button size="xs" variant="light" onClick={() => void status.refetch()}>
              Réessayer
            </Button>
          </Alert>
        ) : !data!.consent ? (
          <>
            <Text size="sm">Votre gestionnaire de flotte voit où vous êtes pendant votre service, pour vous aider en cas de problème et organiser les courses.</Text>
            <List size="sm" spacing={4}>
              <List.Item>Ce qui est envoyé{'\u00a0'}: la position de votre téléphone, sa précision, votre vitesse et votre direction.</List.Item>
              <List.Item>Quand{'\u00a0'}: seulement pendant vos heures de service prévues au planning, quand cette page est ouverte, au plus une fois toutes les 30 secondes.</List.Item>
              <List.Item>Les positions sont effacées après la durée fixée par votre parc (90 jours par défaut). Vous pouvez arrêter le partage quand vous voulez.</List.Item>
            </List>
            <Button onClick={() => consent.mutate(true)} loading={consent.isPending} data-testid="driver-gps-consent">
              J'accepte de partager ma position
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" data-testid="driver-gps-state">
              {!data!.on_duty
                ? data!.shift
                  ? `Vous n'êtes pas en service\u00a0: rien n'est envoyé. Prochain service aujourd'hui de ${timeOf(data!.shift.start_date)} à ${timeOf(data!.shift.end_date)}.`
                  : "Vous n'êtes pas en service\u00a0: rien n'est envoyé."
                : reporter.state === 'denied'
                  ? 'Votre navigateur refuse la localisation. Autorisez-la pour Flotte dans les réglages de votre téléphone.'
                  : reporter.state === 'unavailable'
                    ? 'Votre position est introuvable pour le moment (GPS désactivé ou signal trop faible).'
                    : 'Vous êtes en service\u00a0: votre position est envoyée toutes les 30 secondes tant que cette page est ouverte.'}
            </Text>
            {reporter.lastSentAt ? (
              <Text size="xs" c="dimmed">
                Dernier envoi à {new Date(reporter.lastSentAt).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}
              </Text>
            ) : null}
            <Group>
              <Button variant="default" size="xs" onClick={() => consent.mutate(false)} loading={consent.isPending} data-testid="driver-gps-withdraw">
                Arrêter le partage
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
