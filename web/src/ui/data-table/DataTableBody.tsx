import type { ReactNode } from 'react';
import { Button, Checkbox, EmptyState, Skeleton, Table } from '@mantine/core';
import { ApiError } from '../../api/api-error.ts';
import { EmptyPlaceholder } from '../dialogs/EmptyPlaceholder.tsx';
import { AlertIcon } from '../dialogs/icons.tsx';
import { formatAmount } from '../format.ts';
import { GENERIC_ERROR_MESSAGE } from '../toast.ts';
import type { DataTableColumn } from './types.ts';

interface DataTableBodyProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  state: 'loading' | 'error' | 'ready';
  error: unknown;
  onRetry: () => void;
  skeletonRows: number;
  emptyText: string;
  selectable: boolean;
  selectedIds: ReadonlySet<string>;
  onToggleRow: (row: T) => void;
  onRowClick?: (row: T) => void;
  testId: string;
}

/** A page that did not load, in the table or in the phone's cards: the reason and 'Réessayer'. */
export function PageLoadFailed({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const message = error instanceof ApiError && error.message ? error.message : GENERIC_ERROR_MESSAGE;
  return (
    <EmptyState
      data-testid={`${testId}-error`}
      role="alert"
      variant="light"
      color="red"
      size="sm"
      py="lg"
      icon={<AlertIcon size={22} />}
      title="Le chargement a échoué"
      description={message}
    >
      <Button variant="light" color="red" mt="sm" onClick={onRetry} data-testid={`${testId}-retry`}>
        Réessayer
      </Button>
    </EmptyState>
  );
}

export function cellAlign<T>(column: DataTableColumn<T>) {
  return column.align ?? (column.money ? 'right' : 'left');
}

export function defaultCell<T>(row: T, column: DataTableColumn<T>): ReactNode {
  const value = (row as Record<string, unknown>)[column.key];
  if (column.money) return formatAmount(value as number | string | null | undefined);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? '' : String(value);
}

/** The rows, or the skeleton while the first page loads, the empty text, or the failure with a retry. */
export function DataTableBody<T>(props: DataTableBodyProps<T>) {
  const { columns, rows, getRowId, state, selectable, selectedIds, onToggleRow, onRowClick, testId } = props;
  const span = columns.length + (selectable ? 1 : 0);

  if (state === 'loading') {
    return (
      <Table.Tbody data-testid={`${testId}-skeleton`} aria-busy>
        {Array.from({ length: props.skeletonRows }, (_, i) => (
          <Table.Tr key={i}>
            {Array.from({ length: span }, (_, j) => (
              <Table.Td key={j}>
                <Skeleton height={14} radius="sm" width={j === 0 && selectable ? 18 : `${60 + ((i * 7 + j * 13) % 35)}%`} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  }

  if (state === 'error') {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={span}>
            <PageLoadFailed error={props.error} onRetry={props.onRetry} testId={testId} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }

  if (!rows || rows.length === 0) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={span}>
            <EmptyPlaceholder size="sm" text={props.emptyText} testId={`${testId}-empty`} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }

  return (
    <Table.Tbody>
      {rows.map((row) => {
        const id = getRowId(row);
        const selected = selectedIds.has(id);
        return (
          <Table.Tr
            key={id}
            data-testid={`${testId}-row`}
            data-row-id={id}
            aria-selected={selectable ? selected : undefined}
            bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={
              onRowClick
                ? (e) => {
                    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                      e.preventDefault();
                      onRowClick(row);
                    }
                  }
                : undefined
            }
            tabIndex={onRowClick ? 0 : undefined}
            style={onRowClick ? { cursor: 'pointer' } : undefined}
          >
            {selectable ? (
              // The checkbox cell must not also open the row.
              <Table.Td w={40} onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  aria-label="Sélectionner la ligne"
                  checked={selected}
                  onChange={() => onToggleRow(row)}
                  data-testid={`${testId}-select-row`}
                />
              </Table.Td>
            ) : null}
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                ta={cellAlign(column)}
                style={column.money ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}
                data-col={column.key}
              >
                {column.render ? column.render(row) : defaultCell(row, column)}
              </Table.Td>
            ))}
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  );
}
