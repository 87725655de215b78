import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from './format.ts';
import { useActingPark } from './useActingPark.ts';

export interface MoneyProps extends TextProps {
  amount: number | string | null | undefined;
  /** Overrides the park's currency (amounts the spec gives in XOF, another park's figures). `null` shows no currency. */
  currency?: string | null;
  /** Shown when there is no amount. */
  fallback?: string;
  'data-testid'?: string;
}

/**
 * An amount as every screen shows it: '1,234,567.5 XAF', comma thousands, at most 2 decimals, in
 * the acting park's currency (each park has one). Inline, so it sits inside sentences and cells.
 */
export function Money({ amount, currency, fallback = '—', ...textProps }: MoneyProps) {
  const park = useActingPark();
  const shown = formatMoney(amount, currency === undefined ? park?.currency : currency);
  return (
    <Text span inherit={!textProps.size} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} {...textProps}>
      {shown || fallback}
    </Text>
  );
}
