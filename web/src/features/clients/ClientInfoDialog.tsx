import { Badge, Button, Divider, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CLIENT_MESSAGES, type TClient } from '@flotte/contract/clients';
import { COURSE_MESSAGES } from '@flotte/contract/courses';
import { LoadError } from '../../ui/LoadError.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { PlacesMap } from '../../ui/map/PlacesMap.tsx';
import { COURSE_STATUS_COLORS, courseStatusLabel, personLabel, tripLabel } from './client-display.ts';
import { useClient, useClientCourses } from './queries.ts';

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The client's latest rides: reference, date, from → to, status. */
function ClientCourses({ clientId }: { clientId: string }) {
  const courses = useClientCourses(clientId);
  if (courses.isPending) return <Skeleton height={60} />;
  if (courses.isError) return <LoadError title="Impossible de charger les courses du client" error={courses.error} onRetry={() => void courses.refetch()} />;
  if (courses.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="client-courses-empty">
        {COURSE_MESSAGES.empty}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="client-courses">
      {courses.data.items.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="xs" data-testid="client-course-item">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {c.reference}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  {formatDateTime(c.start_date)}
                </Text>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {tripLabel(c.start_address, c.end_address)}
              </Text>
            </div>
            <Badge color={COURSE_STATUS_COLORS[c.status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
              {courseStatusLabel(c.status)}
            </Badge>
          </Group>
        </Paper>
      ))}
      {courses.data.meta.total > courses.data.items.length ? (
        <Text size="xs" c="dimmed">
          Les {courses.data.items.length} dernières courses sur {courses.data.meta.total}.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * 'Infos Client' (spec 000 section 2): name, civility, email, phone, the addresses on a map, the
 * client's rides, and 'Modifier les infos du client' for those who may (MANAGE_COURSES).
 */
export function ClientInfoDialog({ clientId, onClose, onEdit }: { clientId: string; onClose: () => void; onEdit?: (client: TClient) => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const client = useClient(clientId);
  const c = client.data;
  return (
    <Modal opened onClose={onClose} title={CLIENT_MESSAGES.infoTitle} size="lg" centered fullScreen={fullScreen} data-testid="client-info-dialog">
      {client.isPending ? (
        <Stack>
          <Skeleton height={24} />
          <Skeleton height={120} />
        </Stack>
      ) : client.isError ? (
        <LoadError title="Impossible de charger le client" error={client.error} onRetry={() => void client.refetch()} />
      ) : c ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Nom" value={c.name} testId="client-info-name" />
            <Field label="Civilité" value={c.sex} testId="client-info-sex" />
            <Field label="Email" value={c.email} testId="client-info-email" />
            <Field label="Téléphone" value={c.phone} testId="client-info-phone" />
            {c.business_name ? <Field label="Raison sociale" value={c.business_name} /> : null}
            {c.niu ? <Field label="NIU" value={c.niu} /> : null}
            {c.rccm ? <Field label="RCCM" value={c.rccm} /> : null}
            {c.city || c.street || c.address ? <Field label="Adresse postale" value={[c.address, c.street, c.city].filter(Boolean).join(', ')} /> : null}
          </SimpleGrid>
          {c.contacts.length > 0 ? (
            <>
              <Divider label="Personnes à contacter" labelPosition="left" />
              <Stack gap={4}>
                {c.contacts.map((p) => (
                  <Text key={p.id} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="client-info-contact">
                    {personLabel(p)} · {p.phone}
                    {p.email ? ` · ${p.email}` : ''}
                  </Text>
                ))}
              </Stack>
            </>
          ) : null}
          <Divider label="Adresses" labelPosition="left" />
          {c.addresses.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune adresse enregistrée.
            </Text>
          ) : (
            <>
              <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 20 }}>
                {c.addresses.map((a) => (
                  <Text key={a.id} component="li" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="client-info-address">
                    <Text span fw={500}>
                      {a.name}
                    </Text>
                    {a.description ? (
                      <Text span c="dimmed">
                        {' '}
                        — {a.description}
                      </Text>
                    ) : null}
                  </Text>
                ))}
              </Stack>
              <PlacesMap places={c.addresses} height={220} />
            </>
          )}
          <Divider label="Courses du client" labelPosition="left" />
          <ClientCourses clientId={c.id} />
          {onEdit ? (
            <Group justify="flex-end">
              <Button onClick={() => onEdit(c)} data-testid="client-info-edit">
                {CLIENT_MESSAGES.edit}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
