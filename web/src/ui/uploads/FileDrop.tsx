// Dropzone's styles come with the widget, so only screens that take a document download them.
import '@mantine/dropzone/styles.css';
import { useId, useState, type ReactNode } from 'react';
import { CloseButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { fileSizeError, fileTooLargeMessage, formatFileSize } from './upload-rules.ts';

export interface FileDropProps {
  value: File | null;
  onChange: (file: File | null) => void;
  /** Largest size accepted, in bytes (see `megabytes()`); none by default. */
  maxSize?: number;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export const ONE_FILE_MESSAGE = 'Un seul fichier est autorisé.';

function FileIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M12 18v-6M9 15l3-3 3 3" />
    </svg>
  );
}

function rejectionMessage(rejections: FileRejection[], maxSize?: number): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return ONE_FILE_MESSAGE;
  if (codes.includes('file-too-large') && maxSize) return fileTooLargeMessage(maxSize);
  return rejections[0]?.errors[0]?.message ?? 'Fichier refusé.';
}

/**
 * The spec's file drop (an invoice, a document): one file of any type, dropped or picked, shown by
 * its name and its size in MB. A second file replaces the first. The size limit is checked here,
 * before a slow upload starts, and again by the server.
 */
export function FileDrop({ value, onChange, maxSize, label, description, error, disabled, testId = 'file-drop' }: FileDropProps) {
  const id = useId();
  const [dropError, setDropError] = useState<string | null>(null);

  const accept = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const tooLarge = fileSizeError(file, maxSize);
    setDropError(tooLarge);
    if (!tooLarge) onChange(file);
  };

  return (
    <Input.Wrapper
      label={label}
      description={description ?? (maxSize ? `Un fichier, ${formatFileSize(maxSize)} au maximum` : 'Un fichier, tout format')}
      error={error}
      id={id}
      data-testid={testId}
    >
      <Stack gap={6} mt={6}>
        <Dropzone
          onDrop={accept}
          onReject={(rejections) => setDropError(rejectionMessage(rejections, maxSize))}
          multiple={false}
          disabled={disabled}
          // The classic file input: the File System Access picker is missing on most phones.
          useFsAccessApi={false}
          inputProps={{ id, 'data-testid': `${testId}-input` } as React.InputHTMLAttributes<HTMLInputElement>}
          p="md"
          style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
        >
          <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }} c="dimmed">
            <FileIcon />
            <Text size="sm" ta="center">
              {value ? 'Déposez un autre fichier pour le remplacer' : 'Glissez-déposez un fichier ici ou cliquez pour le choisir'}
            </Text>
          </Group>
        </Dropzone>
        {value ? (
          <Paper withBorder p="xs" radius="md" data-testid={`${testId}-file`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end" data-testid={`${testId}-name`}>
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed" data-testid={`${testId}-size`}>
                  {formatFileSize(value.size)}
                </Text>
              </Stack>
              {disabled ? null : (
                <CloseButton aria-label={`Retirer ${value.name}`} onClick={() => onChange(null)} />
              )}
            </Group>
          </Paper>
        ) : null}
        {dropError ? (
          <Text size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
            {dropError}
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
