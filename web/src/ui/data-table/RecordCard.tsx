import type { CSSProperties, ReactNode } from 'react';
import { Box, Checkbox, Paper, Text, UnstyledButton } from '@mantine/core';

export interface RecordCardProps {
  /** What the record is (a category, a name, a plate): bold, wraps rather than being cut. */
  title: ReactNode;
  /** The key figure (an amount, a balance), top right, never wrapped. */
  figure?: ReactNode;
  status?: ReactNode;
  date?: ReactNode;
  /** Dimmed lines under the title (driver, vehicle, group…), each on its own line. */
  lines?: readonly ReactNode[];
  /** An avatar or picture on the left. */
  leading?: ReactNode;
  /** A tap opens the record; the card is then a real button. */
  onClick?: () => void;
  /** Buttons of the record (edit, delete…) under its content, outside the tappable area. */
  actions?: ReactNode;
  selection?: { checked: boolean; onChange: () => void; label?: string };
  /**
   * Cancelled or refused records read struck through, in a dashed frame. Not dimmed: faded text
   * would fall below the contrast small text needs (4.5:1) on a phone in the sun.
   */
  struck?: boolean;
  testId?: string;
  rowId?: string;
}

const span = (style: CSSProperties) => ({ component: 'span' as const, style });

/**
 * One record of a list on a phone: the title and the figure first, then the status and the date,
 * then the details. Shared by the DataTable's card mode and the lists that are not tables (roles,
 * groups, documents…), so every list reads the same on a phone. Spans rather than divs inside the
 * button, which may only hold phrasing content.
 */
export function RecordCard({ title, figure, status, date, lines = [], leading, onClick, actions, selection, struck, testId, rowId }: RecordCardProps) {
  const shownLines = lines.filter((l) => l !== null && l !== undefined && l !== false && l !== '');
  const content = (
    <Box {...span({ display: 'flex', gap: 12, alignItems: 'flex-start', minWidth: 0, width: '100%' })}>
      {leading ? <Box {...span({ display: 'inline-flex', flex: 'none' })}>{leading}</Box> : null}
      <Box {...span({ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0, flex: 1 })}>
        <Box {...span({ display: 'flex', gap: 8, alignItems: 'baseline', justifyContent: 'space-between' })}>
          <Text span fw={600} size="sm" td={struck ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-card="title">
            {title}
          </Text>
          {figure !== undefined && figure !== null ? (
            <Text span fw={700} size="sm" style={{ whiteSpace: 'nowrap', flex: 'none' }} data-card="amount">
              {figure}
            </Text>
          ) : null}
        </Box>
        {shownLines.map((line, i) => (
          <Text key={i} span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-card="meta">
            {line}
          </Text>
        ))}
        {status || date ? (
          <Box {...span({ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
            <Box {...span({ display: 'inline-flex', minWidth: 0 })} data-card="status">
              {status}
            </Box>
            {date ? (
              <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-card="date">
                {date}
              </Text>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
  return (
    <Paper
      withBorder
      radius="md"
      data-testid={testId}
      data-row-id={rowId}
      bg={selection?.checked ? 'var(--mantine-primary-color-light)' : undefined}
      style={struck ? { borderStyle: 'dashed' } : undefined}
      data-struck={struck ? 'true' : undefined}
    >
      <Box style={{ display: 'flex', alignItems: 'flex-start' }}>
        {selection ? (
          // Beside the button, not inside: a tap on the box selects, a tap on the card opens.
          <Box pl="sm" pt="md">
            <Checkbox aria-label={selection.label ?? 'Sélectionner la ligne'} checked={selection.checked} onChange={selection.onChange} data-testid={testId ? `${testId}-select` : undefined} />
          </Box>
        ) : null}
        {onClick ? (
          <UnstyledButton onClick={onClick} p="sm" style={{ flex: 1, minWidth: 0, minHeight: 48, borderRadius: 'var(--mantine-radius-md)' }} data-testid={testId ? `${testId}-open` : undefined}>
            {content}
          </UnstyledButton>
        ) : (
          <Box p="sm" style={{ flex: 1, minWidth: 0 }}>
            {content}
          </Box>
        )}
      </Box>
      {actions ? (
        <Box px="sm" pb="sm" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {actions}
        </Box>
      ) : null}
    </Paper>
  );
}
