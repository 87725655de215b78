import { LoadError } from '../../ui/LoadError.tsx';
import { Anchor, Badge, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { formatDate } from '../../ui/format.ts';
import { daysLeftText, DOCUMENT_STATUS } from './document-status.ts';
import { useVehicleDocuments } from './queries.ts';
import type { VehicleDocument } from './vehicle-documents-api.ts';

export const NO_DOCUMENTS_TEXT = 'Aucun document pour ce véhicule';

export interface VehicleDocumentsListProps {
  vehicleId: string;
  /** Offered under the empty list (e.g. open 'Nouveau document'). */
  onAdd?: () => void;
}

function DocumentCard({ document: d }: { document: VehicleDocument }) {
  const status = DOCUMENT_STATUS[d.status];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="vehicle-document" data-status={d.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="vehicle-document-type">
            {d.document_type.name}
            {d.name ? ` · ${d.name}` : ''}
          </Text>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }} data-testid="vehicle-document-status">
            {status.label}
          </Badge>
        </Group>
        <Group gap="md" justify="space-between">
          <Text size="sm" c="dimmed">
            Du {formatDate(d.start_date)} au {formatDate(d.end_date)}
          </Text>
          <Text size="sm" c={d.status === 'valid' ? 'dimmed' : status.color} fw={d.status === 'valid' ? undefined : 500}>
            {daysLeftText(d.days_left)}
          </Text>
        </Group>
        {d.description ? (
          <Text size="sm" lineClamp={3}>
            {d.description}
          </Text>
        ) : null}
        {d.images.length ? (
          <Group gap="xs">
            {d.images.map((src, i) => (
              <Anchor key={src} href={src} target="_blank" rel="noreferrer" aria-label={`Photo ${i + 1} du document`}>
                <Image src={src} alt="" w={56} h={56} radius="sm" fit="cover" loading="lazy" />
              </Anchor>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A vehicle's documents, those ending soonest first, each with its state (valid, ends soon, expired). */
export function VehicleDocumentsList({ vehicleId, onAdd }: VehicleDocumentsListProps) {
  const documents = useVehicleDocuments(vehicleId);

  if (documents.isPending) {
    return (
      <Stack gap="xs" data-testid="vehicle-documents-loading">
        {[0, 1].map((i) => (
          <Skeleton key={i} h={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (documents.isError) {
    return (
      <LoadError title="Impossible de charger les documents" error={documents.error} onRetry={() => void documents.refetch()} testId="vehicle-documents-error" />
    );
  }
  if (documents.data.length === 0) {
    return <EmptyPlaceholder size="sm" text={NO_DOCUMENTS_TEXT} action={onAdd ? { label: 'Nouveau document', onClick: onAdd } : undefined} testId="vehicle-documents-empty" />;
  }
  const sorted = [...documents.data].sort((a, b) => a.end_date.localeCompare(b.end_date));
  return (
    <Stack gap="xs" data-testid="vehicle-documents">
      {sorted.map((d) => (
        <DocumentCard key={d.id} document={d} />
      ))}
    </Stack>
  );
}
