import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, CloseButton, FileButton, Group, Image, Input, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IMAGE_ACCEPT, IMAGE_EXTENSIONS, imageLimit, pickImages } from './upload-rules.ts';

export interface ImageUploadProps {
  /** The new images, not yet uploaded. */
  value: File[];
  onChange: (files: File[]) => void;
  /** Up to 4 images instead of one. */
  multiple?: boolean;
  /** Images the record already has (signed URLs), shown with their own remove buttons. */
  existingUrls?: string[];
  /** Called when a person removes an existing image; without it existing images can't be removed. */
  onRemoveExisting?: (url: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  /** A form's error for the field; the widget's own messages (refused files) show below it. */
  error?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

const TILE = 96;

/** Object URLs for the files' previews, revoked when the files change or the field unmounts. */
function usePreviewUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

function PlusIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function Preview({ src, alt, onRemove, removeLabel, testId }: { src: string; alt: string; onRemove?: () => void; removeLabel: string; testId: string }) {
  return (
    <Box pos="relative" w={TILE} h={TILE} data-testid={testId}>
      <Image src={src} alt={alt} w={TILE} h={TILE} radius="md" fit="cover" bd="1px solid var(--mantine-color-gray-3)" />
      {onRemove ? (
        <CloseButton
          size="sm"
          radius="xl"
          pos="absolute"
          top={4}
          right={4}
          c="dark"
          bg="rgba(255, 255, 255, 0.9)" // readable on any photo
          aria-label={removeLabel}
          onClick={onRemove}
        />
      ) : null}
    </Box>
  );
}

/**
 * Image field: previews with remove buttons and an add tile. One image (a new pick replaces it),
 * or up to 4 with `multiple`; only jpg, png, svg and jpeg are taken, and anything else is named in
 * a French message instead of being silently dropped. In single mode a new image stands in for
 * the existing one, which the caller replaces on save.
 */
export function ImageUpload({
  value,
  onChange,
  multiple = false,
  existingUrls = [],
  onRemoveExisting,
  label,
  description,
  error,
  disabled,
  testId = 'image-upload',
}: ImageUploadProps) {
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const previews = usePreviewUrls(value);
  const limit = imageLimit(multiple);
  const shownExisting = multiple ? existingUrls : value.length ? [] : existingUrls.slice(0, 1);
  const held = value.length + shownExisting.length;
  const canAdd = !disabled && (multiple ? held < limit : true);

  const pick = (payload: File[] | File | null) => {
    resetRef.current?.(); // so picking the same file again still fires a change
    const picked = Array.isArray(payload) ? payload : payload ? [payload] : [];
    if (!picked.length) return;
    const { accepted, error: message } = pickImages(picked, held, multiple);
    setPickError(message);
    if (accepted.length) onChange(multiple ? [...value, ...accepted] : accepted);
  };
  const remove = (index: number) => {
    setPickError(null);
    onChange(value.filter((_, i) => i !== index));
  };

  const formats = IMAGE_EXTENSIONS.join(', ');
  return (
    <Input.Wrapper
      label={label}
      description={description ?? (multiple ? `${formats} · ${limit} images au maximum` : formats)}
      error={error}
      id={id}
      data-testid={testId}
    >
      <Group gap="sm" mt={6} align="flex-start">
        {shownExisting.map((url, i) => (
          <Preview
            key={url}
            src={url}
            alt={`Image ${i + 1}`}
            removeLabel={`Retirer l'image ${i + 1}`}
            onRemove={onRemoveExisting && !disabled ? () => onRemoveExisting(url) : undefined}
            testId={`${testId}-existing`}
          />
        ))}
        {value.map((file, i) => (
          <Preview
            key={previews[i]}
            src={previews[i]}
            alt={file.name}
            removeLabel={`Retirer ${file.name}`}
            onRemove={disabled ? undefined : () => remove(i)}
            testId={`${testId}-preview`}
          />
        ))}
        {canAdd ? (
          <FileButton
            onChange={pick}
            accept={IMAGE_ACCEPT}
            multiple={multiple}
            resetRef={resetRef}
            inputProps={{ id, 'data-testid': `${testId}-input` } as React.ComponentProps<'input'>}
          >
            {(props) => (
              <UnstyledButton
                {...props}
                w={TILE}
                h={TILE}
                bd="1px dashed var(--mantine-color-gray-5)"
                bdrs="md"
                c="dimmed"
                data-testid={`${testId}-add`}
                style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 4 }}
              >
                {/* Named by hidden text: an aria-label must contain the visible '2/5', which says less. */}
                <VisuallyHidden>{multiple ? `Ajouter des images, ${held} sur ${limit}` : held ? "Remplacer l'image" : 'Ajouter une image'}</VisuallyHidden>
                <PlusIcon />
                <Text size="xs" c="dimmed" aria-hidden>
                  {multiple ? `${held}/${limit}` : held ? 'Remplacer' : 'Ajouter'}
                </Text>
              </UnstyledButton>
            )}
          </FileButton>
        ) : null}
        {!canAdd && held === 0 ? (
          <Text size="sm" c="dimmed">
            Aucune image
          </Text>
        ) : null}
      </Group>
      {pickError ? (
        <Text size="sm" c="red" mt={6} role="alert" data-testid={`${testId}-error`}>
          {pickError}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
