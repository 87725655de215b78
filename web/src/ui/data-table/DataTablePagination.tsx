import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lastPage, rangeLabel } from './table-state.ts';

interface DataTablePaginationProps {
  page: number;
  itemPerPage: number;
  /** The page on screen, which lags `page` while the next one loads. */
  shown: { page: number; itemPerPage: number };
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * Rows per page, '6–10 sur 57' and the page buttons. On a phone the buttons wrap to their own line
 * and show only the first, current and last pages (about 270 px at most) in larger, thumb-sized
 * controls.
 */
export function DataTablePagination({ page, itemPerPage, shown, total, pageSizes, onPage, onPageSize, disabled, testId }: DataTablePaginationProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid={`${testId}-pagination`}>
      <Group gap="sm" wrap="nowrap">
        <NativeSelect
          size="xs"
          aria-label="Lignes par page"
          value={String(itemPerPage)}
          onChange={(e) => onPageSize(Number(e.currentTarget.value))}
          data={pageSizes.map((n) => String(n))}
          data-testid={`${testId}-page-size`}
          w={80}
        />
        <Text size="sm" c="dimmed" data-testid={`${testId}-range`} style={{ whiteSpace: 'nowrap' }}>
          {rangeLabel(shown.page, shown.itemPerPage, total)}
        </Text>
      </Group>
      <Pagination
        size={phone ? 'md' : 'sm'}
        total={lastPage(total, itemPerPage)}
        value={page}
        onChange={onPage}
        disabled={disabled}
        siblings={phone ? 0 : 1}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label': { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' }[control],
          'data-testid': `${testId}-page-${control}`,
        })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'data-testid': `${testId}-page-${p}` })}
        data-testid={`${testId}-pages`}
      />
    </Group>
  );
}
