import { useEffect, useRef, useState } from 'react';
import { Button, ColorInput, Group, Modal, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { toast, toastApiError } from '../toast.ts';
import { exportFileName } from './export-file-name.ts';
import {
  DEFAULT_EXPORT_OPTIONS,
  FILE_TYPE_LABELS,
  normalizeHexColor,
  ORIENTATION_LABELS,
  QUALITY_LABELS,
  validateHexColor,
  type ExportFileType,
  type ExportOptions,
  type PdfOrientation,
  type PdfQuality,
} from './export-options.ts';
import { toExportTable, type ExportColumn } from './export-table.ts';
import { saveFile } from './save-file.ts';

export const EXPORT_SUCCESS_MESSAGE = 'Fichier téléchargé';

export interface ExportDialogProps<T> {
  opened: boolean;
  onClose: () => void;
  /** Base of the file name, e.g. 'Operations' (the date is added). */
  fileName: string;
  /** Title printed on the PDF and the Excel sheet name; defaults to fileName. */
  title?: string;
  columns: readonly ExportColumn<T>[];
  /** Every row to export (all pages of what the filters select); reports progress on long exports. */
  loadRows: (signal: AbortSignal, onProgress: (loaded: number, total: number) => void) => Promise<T[]>;
  testId?: string;
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/**
 * 'Options de téléchargement': Excel or PDF, and for PDF the orientation and quality; the primary
 * colour heads both. The file is built here in the browser; the Excel and PDF writers (hundreds of
 * kB) download only now, when the person asks for a file.
 */
export function ExportDialog<T>({ opened, onClose, fileName, title, columns, loadRows, testId = 'export-dialog' }: ExportDialogProps<T>) {
  const [choice, setChoice] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS);
  const [colorText, setColorText] = useState(DEFAULT_EXPORT_OPTIONS.primaryColor);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const colorError = validateHexColor(colorText);

  useEffect(() => {
    if (!opened) return;
    setProgress(null);
    setBusy(false);
  }, [opened]);
  // Leaving the screen mid-export stops fetching pages nobody will see.
  useEffect(() => () => abortRef.current?.abort(), []);

  function close() {
    abortRef.current?.abort();
    onClose();
  }

  async function download() {
    if (busy || colorError) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setProgress(null);
    try {
      const primaryColor = normalizeHexColor(colorText);
      const rows = await loadRows(controller.signal, (loaded, total) => setProgress({ loaded, total }));
      const table = toExportTable(columns, rows);
      const heading = title ?? fileName;
      let blob: Blob;
      if (choice.fileType === 'excel') {
        const { buildExcel } = await import('./export-excel.ts');
        blob = await buildExcel(table, { sheetName: heading, primaryColor });
      } else {
        const { buildPdf } = await import('./export-pdf.ts');
        blob = buildPdf(table, { title: heading, orientation: choice.orientation, quality: choice.quality, primaryColor });
      }
      if (controller.signal.aborted) return;
      saveFile(blob, exportFileName(fileName, choice.fileType));
      toast.success(EXPORT_SUCCESS_MESSAGE);
      onClose();
    } catch (error) {
      if (!controller.signal.aborted) toastApiError(error);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setBusy(false);
    }
  }

  const set = <K extends keyof ExportOptions>(key: K, value: ExportOptions[K]) => setChoice((c) => ({ ...c, [key]: value }));
  const isPdf = choice.fileType === 'pdf';

  return (
    <Modal opened={opened} onClose={close} title="Options de téléchargement" centered data-testid={testId}>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={4} id={`${testId}-type-label`}>
            Type de fichier
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby={`${testId}-type-label`}
            value={choice.fileType}
            onChange={(v) => set('fileType', v as ExportFileType)}
            data={options(FILE_TYPE_LABELS)}
            disabled={busy}
            data-testid={`${testId}-type`}
          />
        </div>
        {isPdf ? (
          <>
            <div>
              <Text size="sm" fw={500} mb={4} id={`${testId}-orientation-label`}>
                Orientation
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby={`${testId}-orientation-label`}
                value={choice.orientation}
                onChange={(v) => set('orientation', v as PdfOrientation)}
                data={options(ORIENTATION_LABELS)}
                disabled={busy}
                data-testid={`${testId}-orientation`}
              />
            </div>
            <div>
              <Text size="sm" fw={500} mb={4} id={`${testId}-quality-label`}>
                Qualité
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby={`${testId}-quality-label`}
                value={choice.quality}
                onChange={(v) => set('quality', v as PdfQuality)}
                data={options(QUALITY_LABELS)}
                disabled={busy}
                data-testid={`${testId}-quality`}
              />
            </div>
          </>
        ) : null}
        <ColorInput
          label="Couleur principale"
          value={colorText}
          onChange={setColorText}
          format="hex"
          // Keep what the person typed so the rule's message can say what is wrong with it.
          fixOnBlur={false}
          error={colorError}
          disabled={busy}
          swatches={['#205DD3', '#0B7285', '#2B8A3E', '#E67700', '#C92A2A', '#5F3DC4', '#212529']}
          data-testid={`${testId}-color`}
        />
        {busy ? (
          <Stack gap={4} data-testid={`${testId}-progress`} aria-live="polite">
            <Text size="xs" c="dimmed">
              {progress && progress.total > 0 ? `Préparation du fichier… ${progress.loaded} / ${progress.total} lignes` : 'Préparation du fichier…'}
            </Text>
            <Progress value={progress && progress.total > 0 ? (100 * progress.loaded) / progress.total : 100} animated size="sm" />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Annuler
          </Button>
          <Button onClick={() => void download()} loading={busy} disabled={Boolean(colorError)} data-testid={`${testId}-submit`}>
            Télécharger
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default ExportDialog;
