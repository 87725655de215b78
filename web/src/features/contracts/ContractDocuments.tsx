import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TContractDetail } from '@flotte/contract/contracts';
import { api } from '../../api/client.ts';
import { saveFile } from '../../ui/export/save-file.ts';
import { formatDateTime } from '../../ui/format.ts';
import { toastApiError } from '../../ui/toast.ts';
import { contractFileName } from './contract-detail.ts';
import { contractsApi } from './contracts-api.ts';

/**
 * The contract's PDF, every version (Documents), newest first. 'Télécharger' fetches the file
 * through the API client: the API wants the session's bearer token, which a bare link can't carry.
 */
export function ContractDocuments({ contract }: { contract: Pick<TContractDetail, 'id' | 'reference' | 'documents' | 'document_version' | 'signatures'> }) {
  const [loading, setLoading] = useState<number | null>(null);
  const docs = [...contract.documents].sort((a, b) => b.version - a.version);

  async function download(version: number) {
    setLoading(version);
    try {
      const file = await api.blob(contractsApi.documentPath(contract.id, version));
      saveFile(file, contractFileName(contract.reference, version));
    } catch (error) {
      toastApiError(error);
    } finally {
      setLoading(null);
    }
  }

  if (docs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun document.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="contract-documents">
      {docs.map((d) => {
        const signed = contract.signatures.find((s) => s.document_version === d.version);
        return (
          <Paper key={d.version} withBorder radius="md" p="sm" data-testid="contract-document" data-version={d.version}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    Version {d.version}
                  </Text>
                  {d.version === contract.document_version ? (
                    <Badge size="sm" variant="light" tt="none">
                      Actuelle
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  Générée le {formatDateTime(d.created_at)}
                  {signed ? ` · signée par ${signed.signer_name} le ${formatDateTime(signed.signed_at)}` : ''}
                </Text>
              </Stack>
              <Button
                variant="light"
                size="xs"
                loading={loading === d.version}
                onClick={() => void download(d.version)}
                aria-label={`Télécharger la version ${d.version}`}
                data-testid="contract-document-download"
              >
                Télécharger
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
