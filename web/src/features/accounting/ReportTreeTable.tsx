import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { toggled, visibleRows, type TreeNode } from './report-tree.ts';

export interface ReportColumn<N> {
  header: string;
  cell: (node: N) => ReactNode;
  align?: 'left' | 'right';
}

interface Props<N extends TreeNode<N> & { name: string }> {
  roots: readonly N[];
  columns: readonly ReportColumn<N>[];
  /** First column's header ('Catégorie'). */
  nameHeader: string;
  /** Rows after the tree (totals). */
  footer?: ReactNode;
  minWidth?: number;
  /** Keeps the names in view while a wide table scrolls sideways (the 12 months). */
  stickyName?: boolean;
  testId: string;
}

/** The name column of a wide table, pinned to the left edge. */
export const STICKY = { position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 } as const;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

/**
 * The chart of accounts as table rows: categories in bold, a chevron opening their sub-accounts
 * (expandable rows, so a chart of dozens of accounts stays readable on a phone).
 */
export function ReportTreeTable<N extends TreeNode<N> & { name: string }>({ roots, columns, nameHeader, footer, minWidth = 480, stickyName = false, testId }: Props<N>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const sticky = stickyName ? STICKY : undefined;
  const rows = visibleRows(roots, expanded);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={sticky}>{nameHeader}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.align ?? 'right'} style={{ whiteSpace: 'nowrap' }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ node, level, hasChildren, expanded: open }) => (
            <Table.Tr key={node.id} data-testid={`${testId}-row`} data-level={level}>
              <Table.Td style={sticky}>
                <Group gap={4} wrap="nowrap" pl={level * 20}>
                  {hasChildren ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      onClick={() => setExpanded((e) => toggled(e, node.id))}
                      aria-expanded={open}
                      aria-label={open ? `Replier ${node.name}` : `Déplier ${node.name}`}
                      data-testid={`${testId}-toggle`}
                    >
                      <Chevron open={open} />
                    </ActionIcon>
                  ) : (
                    <span style={{ width: 22, flex: 'none' }} />
                  )}
                  <Text size="sm" fw={level === 0 ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
                    {node.name}
                  </Text>
                </Group>
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.align ?? 'right'} style={{ whiteSpace: 'nowrap' }}>
                  {c.cell(node)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
