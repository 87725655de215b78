import { Fragment, type ReactNode } from 'react';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { EmptyPlaceholder } from '../dialogs/EmptyPlaceholder.tsx';
import type { CardSlots } from './card-layout.ts';
import { defaultCell, PageLoadFailed } from './DataTableBody.tsx';
import { RecordCard } from './RecordCard.tsx';
import type { DataTableColumn } from './types.ts';

interface DataTableCardsProps<T> {
  slots: CardSlots<T>;
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  state: 'loading' | 'error' | 'ready';
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  selectable: boolean;
  selectedIds: ReadonlySet<string>;
  onToggleRow: (row: T) => void;
  onRowClick?: (row: T) => void;
  isRowClickable?: (row: T) => boolean;
  isRowStruck?: (row: T) => boolean;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  busy: boolean;
  testId: string;
}

function cell<T>(row: T, column: DataTableColumn<T>): ReactNode {
  if (column.cardRender) return column.cardRender(row);
  return column.render ? column.render(row) : defaultCell(row, column);
}

/** Several columns in one slot read as one line, separated by a middle dot. */
function joined<T>(row: T, columns: readonly DataTableColumn<T>[]): ReactNode {
  if (columns.length === 0) return null;
  return columns.map((c, i) => (
    <Fragment key={c.key}>
      {i > 0 ? ' · ' : null}
      {cell(row, c)}
    </Fragment>
  ));
}

/** A row's buttons, or nothing when none applies to it (no empty strip under the card). */
function actionsOf<T>(row: T, columns: readonly DataTableColumn<T>[]): ReactNode {
  const cells = columns.map((c) => [c.key, cell(row, c)] as const).filter(([, node]) => node !== null && node !== undefined && node !== false);
  return cells.length ? cells.map(([key, node]) => <Fragment key={key}>{node}</Fragment>) : undefined;
}

/**
 * The DataTable on a phone: one card per record (title and figure first, status and date, then
 * the details), and 'Voir plus' that appends the next page instead of page numbers, which are
 * hard to hit with a thumb and lose the place in the list.
 */
export function DataTableCards<T>(props: DataTableCardsProps<T>) {
  const { slots, rows, getRowId, state, selectable, selectedIds, onToggleRow, onRowClick, isRowClickable, isRowStruck, testId } = props;

  if (state === 'loading') {
    return (
      <Stack gap="xs" data-testid={`${testId}-skeleton`} aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Paper key={i} withBorder radius="md" p="sm">
            <Skeleton height={14} width="60%" radius="sm" mb={8} />
            <Skeleton height={10} width="40%" radius="sm" mb={8} />
            <Skeleton height={18} width={90} radius="xl" />
          </Paper>
        ))}
      </Stack>
    );
  }

  if (state === 'error') return <PageLoadFailed error={props.error} onRetry={props.onRetry} testId={testId} />;

  if (!rows || rows.length === 0) return <EmptyPlaceholder size="sm" text={props.emptyText} testId={`${testId}-empty`} />;

  return (
    <Stack gap="xs" data-testid={`${testId}-cards`} aria-busy={props.busy} style={{ opacity: props.busy && !props.loadingMore ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {rows.map((row) => {
        const id = getRowId(row);
        const clickable = onRowClick && (isRowClickable ? isRowClickable(row) : true);
        const title = joined(row, slots.title);
        return (
          <RecordCard
            key={id}
            rowId={id}
            testId={`${testId}-card`}
            title={title ?? ''}
            figure={slots.amount.length ? joined(row, slots.amount) : undefined}
            status={slots.status.length ? joined(row, slots.status) : undefined}
            date={slots.date.length ? joined(row, slots.date) : undefined}
            lines={[joined(row, slots.subtitle), ...slots.meta.map((c) => cell(row, c))]}
            leading={slots.leading.length ? joined(row, slots.leading) : undefined}
            actions={actionsOf(row, slots.actions)}
            struck={isRowStruck?.(row)}
            onClick={clickable ? () => onRowClick(row) : undefined}
            selection={selectable ? { checked: selectedIds.has(id), onChange: () => onToggleRow(row) } : undefined}
          />
        );
      })}
      <Stack gap={6} align="center" pt="xs">
        <Text size="sm" c="dimmed" data-testid={`${testId}-range`}>
          {rows.length} sur {props.total}
        </Text>
        {props.hasMore ? (
          <Button variant="light" fullWidth size="md" onClick={props.onMore} loading={props.loadingMore} data-testid={`${testId}-more`}>
            Voir plus
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
