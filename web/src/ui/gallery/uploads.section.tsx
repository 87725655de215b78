import { useState, type ReactNode } from 'react';
import { Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FileDrop } from '../uploads/FileDrop.tsx';
import { ImageUpload } from '../uploads/ImageUpload.tsx';
import { formatFileSize, megabytes } from '../uploads/upload-rules.ts';

function Case({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Existing images of a record, inline so the gallery needs no server. */
function swatch(color: string, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="${color}"/><text x="48" y="54" font-size="14" text-anchor="middle" fill="white" font-family="sans-serif">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const names = (files: File[]) => (files.length ? files.map((f) => f.name).join(', ') : 'aucune');

export default function UploadsSection() {
  const [single, setSingle] = useState<File[]>([]);
  const [many, setMany] = useState<File[]>([]);
  const [existing, setExisting] = useState<string[]>(() => [swatch('#205DD3', 'Photo 1'), swatch('#1a4eb3', 'Photo 2')]);
  const [logo, setLogo] = useState<File[]>([]);
  const [invoice, setInvoice] = useState<File | null>(null);
  const [limited, setLimited] = useState<File | null>(null);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Case title="Une image">
        <ImageUpload label="Image" value={single} onChange={setSingle} testId="uploads-single" />
        <Text size="sm">
          Fichiers : <Code data-testid="uploads-single-output">{names(single)}</Code>
        </Text>
      </Case>

      <Case title="Jusqu'à 4 images, dont 2 existantes">
        <ImageUpload
          label="Images"
          multiple
          value={many}
          onChange={setMany}
          existingUrls={existing}
          onRemoveExisting={(url) => setExisting((urls) => urls.filter((u) => u !== url))}
          testId="uploads-multiple"
        />
        <Text size="sm">
          Nouveaux : <Code data-testid="uploads-multiple-output">{names(many)}</Code> · existantes :{' '}
          <Code data-testid="uploads-multiple-existing-count">{existing.length}</Code>
        </Text>
      </Case>

      <Case title="Image existante (logo), désactivé, en erreur">
        <ImageUpload label="Logo" value={logo} onChange={setLogo} existingUrls={[swatch('#0f2f6e', 'Logo')]} testId="uploads-logo" />
        <ImageUpload label="Désactivé" value={[]} onChange={() => undefined} disabled testId="uploads-disabled" />
        <ImageUpload label="Avec erreur" value={[]} onChange={() => undefined} error="Veuillez ajouter une image" testId="uploads-error" />
      </Case>

      <Case title="Dépôt de fichier (facture)">
        <FileDrop label="Facture" value={invoice} onChange={setInvoice} testId="uploads-drop" />
        <Text size="sm">
          Fichier :{' '}
          <Code data-testid="uploads-drop-output">{invoice ? `${invoice.name} (${formatFileSize(invoice.size)})` : 'aucun'}</Code>
        </Text>
      </Case>

      <Case title="Dépôt limité à 2 Mo">
        <FileDrop label="Document" value={limited} onChange={setLimited} maxSize={megabytes(2)} testId="uploads-drop-limited" />
        <FileDrop label="Désactivé" value={null} onChange={() => undefined} disabled testId="uploads-drop-disabled" />
      </Case>
    </SimpleGrid>
  );
}
