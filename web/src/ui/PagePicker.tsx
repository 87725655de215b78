import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = { previous: 'Page précédente', next: 'Page suivante', first: 'Première page', last: 'Dernière page' } as const;

/**
 * Page numbers under a short list read page by page (not a DataTable): nothing when one page
 * holds it all; each control named in French for screen readers.
 */
export function PagePicker({ pages, page, onChange, testId }: { pages: number; page: number; onChange: (page: number) => void; testId?: string }) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        siblings={0}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        data-testid={testId}
      />
    </Group>
  );
}
