import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, CloseButton, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@flotte/contract';
import { DownloadIcon, SearchIcon, SortIcon } from '../dialogs/icons.tsx';
import type { ExportColumn } from '../export/export-table.ts';
import { cardSlots, countActiveFilters, mergePages } from './card-layout.ts';
import { cellAlign, DataTableBody } from './DataTableBody.tsx';
import { DataTableCards } from './DataTableCards.tsx';
import { DataTablePagination } from './DataTablePagination.tsx';
import { fetchAllPages } from './fetch-all.ts';
import { lastPage, nextSort, pageSelectionState, togglePage, toggleRow } from './table-state.ts';
import type { DataTableColumn, DataTableFetch, DataTableQuery, SortState } from './types.ts';
import { FiltersButton } from './FiltersButton.tsx';
import { useHorizontalOverflow } from './useHorizontalOverflow.ts';
import { useIsPhone } from './useIsPhone.ts';
import { useSearchTrigger } from './useSearchTrigger.ts';

// The dialog (and, behind it, the file writers) downloads the first time someone exports.
// (Cast: React.lazy drops the dialog's type parameter; the type-only import costs nothing at run time.)
const ExportDialog = lazy(() => import('../export/ExportDialog.tsx')) as unknown as typeof import('../export/ExportDialog.tsx').ExportDialog;

export const DATA_TABLE_EMPTY_TEXT = 'Aucun élément trouvé';

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  /** Loads one page; receives the page, size, search (3+ characters), sort and filters. */
  fetchPage: DataTableFetch<T>;
  /** Base of the TanStack Query key, e.g. ['operations', 'list']; the query is appended. */
  queryKey: readonly unknown[];
  /** Defaults to the row's `id`. */
  getRowId?: (row: T) => string;
  /** Values of the caller's filter inputs (rendered in `filtersSlot`); a change goes back to page 1. */
  filters?: Record<string, unknown>;
  filtersSlot?: ReactNode;
  /** The filters' untouched values ('all' for a status select): what the phone's 'Filtres' badge counts against. */
  defaultFilters?: Record<string, unknown>;
  /** The badge's count when the caller counts better (defaults to countActiveFilters(filters, defaultFilters)). */
  activeFilterCount?: number;
  /** Puts every filter back to its default: the phone's filter sheet offers 'Réinitialiser'. */
  onResetFilters?: () => void;
  /** Records per 'Voir plus' on a phone (a screen and a half of cards). */
  phonePageSize?: number;
  /** Buttons of the screen, shown beside the export button. */
  actions?: ReactNode;
  searchable?: boolean;
  searchPlaceholder?: string;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  initialSort?: SortState;
  emptyText?: string;
  onRowClick?: (row: T) => void;
  /** Rows that open nothing: their card is not a button. */
  isRowClickable?: (row: T) => boolean;
  /** Cancelled records: their card reads struck through. */
  isRowStruck?: (row: T) => boolean;
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  /** Shows 'Exporter': the file gets this name plus the date ('Operations_2025-01-05.pdf'). */
  exportFileName?: string;
  /** Title on the PDF and name of the Excel sheet; defaults to exportFileName. */
  exportTitle?: string;
  /** Width under which the table scrolls sideways instead of squeezing its columns (phones). */
  minWidth?: number;
  testId?: string;
}

const EMPTY_SELECTION = new Map<string, never>();
const defaultRowId = (row: unknown) => String((row as { id: unknown }).id);
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The paginated table every list uses (on a phone, below 768 px, a list of cards with 'Voir plus'
 * and the filters folded into one 'Filtres' button; see DataTableCards): the server pages, searches (3+ characters, 300 ms after
 * typing stops), sorts and filters; the previous page stays on screen while the next loads, so
 * nothing flashes on a slow network. Export takes every page of what the filters select.
 */
export function DataTable<T>({
  columns,
  fetchPage,
  queryKey,
  getRowId = defaultRowId,
  filters: filtersProp,
  filtersSlot,
  defaultFilters,
  activeFilterCount,
  onResetFilters,
  phonePageSize = 10,
  actions,
  searchable = true,
  searchPlaceholder = 'Rechercher',
  pageSizes = PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  initialSort,
  emptyText = DATA_TABLE_EMPTY_TEXT,
  onRowClick,
  isRowClickable,
  isRowStruck,
  selectable = false,
  onSelectionChange,
  exportFileName,
  exportTitle,
  minWidth,
  testId = 'data-table',
}: DataTableProps<T>) {
  const filters = useMemo(() => filtersProp ?? {}, [filtersProp]);
  const search = useSearchTrigger();
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const [itemPerPage, setItemPerPage] = useState(defaultPageSize);
  const [exportOpened, setExportOpened] = useState(false);
  const [exportMounted, setExportMounted] = useState(false);

  // A new search or filter asks another question: page 1, and a selection of rows it may no longer
  // contain is dropped. Resetting while rendering (rather than in an effect) avoids one request
  // for the old page with the new filters.
  const criteriaKey = JSON.stringify([filters, search.applied]);
  // A list's own empty text says the park has none yet ('Vous n'avez pas encore de client'); a
  // search that finds nothing says only that.
  const shownEmptyText = search.applied ? DATA_TABLE_EMPTY_TEXT : emptyText;
  const pageKey = JSON.stringify([criteriaKey, sort, itemPerPage]);
  const [pageState, setPageState] = useState({ key: pageKey, page: 1 });
  if (pageState.key !== pageKey) setPageState({ key: pageKey, page: 1 }); // React re-renders at once
  const requestedPage = pageState.key === pageKey ? pageState.page : 1;
  const setPage = (page: number) => setPageState({ key: pageKey, page });
  const [selectionState, setSelectionState] = useState({ key: criteriaKey, rows: new Map<string, T>() });
  if (selectionState.key !== criteriaKey) setSelectionState({ key: criteriaKey, rows: new Map<string, T>() });
  const selection = selectionState.key === criteriaKey ? selectionState.rows : EMPTY_SELECTION;
  const setSelection = (rows: Map<string, T>) => setSelectionState({ key: criteriaKey, rows });

  const query: DataTableQuery = {
    page: requestedPage,
    itemPerPage,
    ...(search.applied ? { search: search.applied } : {}),
    ...(sort ? { sort } : {}),
    filters,
  };
  const phone = useIsPhone();
  const scroll = useHorizontalOverflow<HTMLDivElement>();
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
    enabled: !phone,
  });
  // A phone appends pages ('Voir plus') rather than replacing them; same key prefix, so the
  // screens' invalidations refresh the cards too.
  const cardQuery = { itemPerPage: phonePageSize, search: query.search, sort: query.sort, filters };
  const cards = useInfiniteQuery({
    queryKey: [...queryKey, 'cards', cardQuery],
    queryFn: ({ pageParam, signal }) => fetchPage({ ...cardQuery, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.reduce((n, p) => n + p.items.length, 0) < last.meta.total && last.items.length > 0 ? all.length + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: phone,
  });
  const cardRows = useMemo(() => (cards.data ? mergePages(cards.data.pages.map((p) => p.items), getRowId) : undefined), [cards.data, getRowId]);
  const tableColumns = useMemo(() => columns.filter((c) => !c.exportOnly), [columns]);
  const slots = useMemo(() => cardSlots(tableColumns), [tableColumns]);
  const filterCount = activeFilterCount ?? countActiveFilters(filters, defaultFilters);

  const data = result.data;
  const total = (phone ? cards.data?.pages.at(-1)?.meta.total : data?.meta.total) ?? 0;
  // Rows deleted elsewhere can leave the page past the end: show the last one that exists.
  const maxPage = lastPage(total, itemPerPage);
  const settled = data !== undefined && !result.isPlaceholderData;
  useEffect(() => {
    if (settled && requestedPage > maxPage) setPageState({ key: pageKey, page: maxPage });
  }, [settled, requestedPage, maxPage, pageKey]);

  const notify = onSelectionChange;
  useEffect(() => {
    notify?.([...selection.values()]);
  }, [selection, notify]);

  const rows = phone ? cardRows : data?.items;
  const pageIds = useMemo(() => (rows ?? []).map(getRowId), [rows, getRowId]);
  const selectedIds = useMemo(() => new Set(selection.keys()), [selection]);
  const pageSelected = pageSelectionState(selectedIds, pageIds);
  const active = phone ? cards : result;
  const state = active.isError && !active.data ? 'error' : active.isPending ? 'loading' : 'ready';
  const refreshing = result.isFetching && result.isPlaceholderData;

  const exportColumns: ExportColumn<T>[] = useMemo(
    () =>
      columns
        .filter((c) => c.exportable !== false)
        .map((c) => ({ header: c.header, money: c.money, value: c.exportValue ?? ((row: T) => (row as Record<string, unknown>)[c.key]) })),
    [columns],
  );
  const exportQuery = { search: query.search, sort: query.sort, filters };
  const exportDialog =
    exportFileName && exportMounted ? (
      <Suspense fallback={null}>
        <ExportDialog
          opened={exportOpened}
          onClose={() => setExportOpened(false)}
          fileName={exportFileName}
          title={exportTitle}
          columns={exportColumns}
          loadRows={(signal, onProgress) => fetchAllPages(fetchPage, exportQuery, signal, onProgress)}
          testId={`${testId}-export-dialog`}
        />
      </Suspense>
    ) : null;

  const searchInput = searchable ? (
    <TextInput
      aria-label={searchPlaceholder}
      placeholder={searchPlaceholder}
      leftSection={<SearchIcon size={16} />}
      value={search.input}
      onChange={(e) => search.onInput(e.currentTarget.value)}
      rightSection={search.input ? <CloseButton size="sm" aria-label="Effacer la recherche" onClick={search.clear} /> : null}
      style={phone ? { flex: 1, minWidth: 0 } : { flex: '1 1 200px', maxWidth: 360 }}
      data-testid={`${testId}-search`}
    />
  ) : null;
  const exportButton = exportFileName ? (
    <Button
      variant="light"
      leftSection={<DownloadIcon size={16} />}
      onClick={() => {
        setExportMounted(true);
        setExportOpened(true);
      }}
      disabled={state !== 'ready' || total === 0}
      data-testid={`${testId}-export`}
    >
      Exporter
    </Button>
  ) : null;

  if (phone) {
    const filtersButton = filtersSlot ? (
      <FiltersButton count={filterCount} onReset={onResetFilters} testId={testId}>
        {filtersSlot}
      </FiltersButton>
    ) : null;
    return (
      <Stack gap="sm" data-testid={testId}>
        {searchInput ? (
          <Group gap="xs" wrap="nowrap">
            {searchInput}
            {filtersButton}
          </Group>
        ) : null}
        {actions || exportButton || (filtersButton && !searchInput) ? (
          <Group gap="xs" wrap="wrap">
            {searchInput ? null : filtersButton}
            {actions}
            {exportButton}
          </Group>
        ) : null}
        {selectable && rows && rows.length > 0 ? (
          <Group justify="space-between" gap="sm">
            <Checkbox
              label="Tout sélectionner"
              checked={pageSelected === 'all'}
              indeterminate={pageSelected === 'some'}
              onChange={() => setSelection(togglePage(selection, rows, getRowId))}
              data-testid={`${testId}-select-all`}
            />
            {selection.size > 0 ? (
              <Text size="sm" c="dimmed" data-testid={`${testId}-selected-count`}>
                {selection.size} sélectionné{selection.size > 1 ? 's' : ''}
              </Text>
            ) : null}
          </Group>
        ) : null}
        <DataTableCards
          slots={slots}
          rows={rows}
          getRowId={getRowId}
          state={state}
          error={cards.error}
          onRetry={() => void cards.refetch()}
          emptyText={shownEmptyText}
          selectable={selectable}
          selectedIds={selectedIds}
          onToggleRow={(row) => setSelection(toggleRow(selection, getRowId(row), row))}
          onRowClick={onRowClick}
          isRowClickable={isRowClickable}
          isRowStruck={isRowStruck}
          total={total}
          hasMore={cards.hasNextPage}
          loadingMore={cards.isFetchingNextPage}
          onMore={() => void cards.fetchNextPage()}
          busy={cards.isFetching && (cards.isPlaceholderData || cards.isFetchingNextPage)}
          testId={testId}
        />
        {exportDialog}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid={testId}>
      {searchInput || filtersSlot || actions || exportButton || selectable ? (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 260px' }}>
            {searchInput}
            {filtersSlot}
          </Group>
          <Group gap="sm" wrap="wrap">
            {selectable && selection.size > 0 ? (
              <Text size="sm" c="dimmed" data-testid={`${testId}-selected-count`}>
                {selection.size} sélectionné{selection.size > 1 ? 's' : ''}
              </Text>
            ) : null}
            {actions}
            {exportButton}
          </Group>
        </Group>
      ) : null}

      <Table.ScrollContainer
        ref={scroll.ref}
        minWidth={minWidth ?? Math.max(480, tableColumns.length * 130)}
        type="native"
        // Scrolling sideways, it takes the keyboard's focus so arrow keys can scroll it.
        {...(scroll.overflows ? { tabIndex: 0, role: 'region', 'aria-label': 'Tableau (défilement horizontal)' } : {})}
      >
        <Table
          striped
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
          aria-busy={result.isFetching}
          style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid={`${testId}-table`}
        >
          <Table.Thead>
            <Table.Tr>
              {selectable ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Sélectionner toute la page"
                    checked={pageSelected === 'all'}
                    indeterminate={pageSelected === 'some'}
                    disabled={pageIds.length === 0}
                    onChange={() => setSelection(togglePage(selection, rows ?? [], getRowId))}
                    data-testid={`${testId}-select-all`}
                  />
                </Table.Th>
              ) : null}
              {tableColumns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={cellAlign(column)}
                  aria-sort={column.sortable ? (sort?.key === column.key ? ARIA_SORT[sort.direction] : 'none') : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {column.sortable ? (
                    <UnstyledButton
                      onClick={() => setSort(nextSort(sort, column.key))}
                      data-testid={`${testId}-sort-${column.key}`}
                      fw={700}
                      fz="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {column.header}
                      <Box component="span" c={sort?.key === column.key ? undefined : 'dimmed'} style={{ display: 'inline-flex' }}>
                        <SortIcon direction={sort?.key === column.key ? sort.direction : undefined} />
                      </Box>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <DataTableBody
            columns={tableColumns}
            rows={rows}
            getRowId={getRowId}
            state={state}
            error={result.error}
            onRetry={() => void result.refetch()}
            skeletonRows={Math.min(itemPerPage, 10)}
            emptyText={shownEmptyText}
            selectable={selectable}
            selectedIds={selectedIds}
            onToggleRow={(row) => setSelection(toggleRow(selection, getRowId(row), row))}
            onRowClick={onRowClick}
            testId={testId}
          />
        </Table>
      </Table.ScrollContainer>

      {state === 'ready' && total > 0 ? (
        <DataTablePagination
          page={Math.min(requestedPage, maxPage)}
          itemPerPage={itemPerPage}
          shown={data ? data.meta : { page: requestedPage, itemPerPage }}
          total={total}
          pageSizes={pageSizes}
          onPage={setPage}
          onPageSize={setItemPerPage}
          testId={testId}
        />
      ) : null}

      {exportDialog}
    </Stack>
  );
}
