import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { DownloadIcon } from '../../ui/dialogs/icons.tsx';
import type { ExportColumn } from '../../ui/export/export-table.ts';

// The 'Options de téléchargement' dialog and its Excel/PDF writers load when asked for.
const ExportDialog = lazy(() => import('../../ui/export/ExportDialog.tsx')) as unknown as typeof import('../../ui/export/ExportDialog.tsx').ExportDialog;

export interface ReportExportButtonProps<T> {
  fileName: string;
  title?: string;
  columns: readonly ExportColumn<T>[];
  /** The rows of the report on screen (already loaded: a report is one answer). */
  rows: readonly T[] | undefined;
  testId: string;
}

/** 'Exporter' for a report: the shared export dialog over rows the screen already holds. */
export function ReportExportButton<T>({ fileName, title, columns, rows, testId }: ReportExportButtonProps<T>) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<DownloadIcon size={16} />}
        disabled={!rows || rows.length === 0}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
        data-testid={`${testId}-export`}
      >
        Exporter
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ExportDialog
            opened={opened}
            onClose={() => setOpened(false)}
            fileName={fileName}
            title={title}
            columns={columns}
            loadRows={async () => [...(rows ?? [])]}
            testId={`${testId}-export-dialog`}
          />
        </Suspense>
      ) : null}
    </>
  );
}
