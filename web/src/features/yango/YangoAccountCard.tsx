import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { TYangoAccount } from '@flotte/contract';
import { Money } from '../../ui/Money.tsx';
import { accountName, parkLine, selectable, vehicleLine } from './yango-import-steps.ts';

/** Yango's tariff classes, as a person reads them; an unknown one is shown as Yango names it. */
const CATEGORY_LABELS: Record<string, string> = {
  econom: 'Économique',
  comfort: 'Confort',
  comfort_plus: 'Confort+',
  business: 'Business',
  minivan: 'Minivan',
  start: 'Start',
  express: 'Livraison',
  courier: 'Coursier',
};

const STATUS_COLORS: Record<TYangoAccount['status'], string> = { working: 'teal', not_working: 'gray', fired: 'red' };

/**
 * One Yango profile of the search (spec 000 'Partner-platform account'): name, status, Yango park
 * and city, vehicle, balance and limit. A profile already linked to a driver of the park is shown
 * but cannot be chosen. Sits in a Radio.Group.
 */
export function YangoAccountCard({ account }: { account: TYangoAccount }) {
  const open = selectable(account);
  const vehicle = vehicleLine(account);
  const categories = account.vehicle?.categories ?? [];
  return (
    <Paper withBorder p="sm" radius="md" style={open ? undefined : { opacity: 0.75 }} data-testid="yango-account">
      <Radio
        value={account.yango_id}
        disabled={!open}
        aria-label={accountName(account)}
        styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { flex: 1, minWidth: 0 } }}
        label={
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {accountName(account)}
              </Text>
              <Group gap={4}>
                <Badge size="sm" variant="light" color={STATUS_COLORS[account.status]}>
                  {account.status_label}
                </Badge>
                {!open ? (
                  <Badge size="sm" variant="outline" color="gray" data-testid="yango-account-linked">
                    Déjà lié à un chauffeur
                  </Badge>
                ) : null}
              </Group>
            </Group>
            {parkLine(account) ? (
              <Text size="xs" c="dimmed">
                Parc Yango : {parkLine(account)}
              </Text>
            ) : null}
            <Text size="sm">{vehicle || 'Aucun véhicule'}</Text>
            {categories.length > 0 ? (
              <Group gap={4}>
                {categories.map((c) => (
                  <Badge key={c} size="xs" variant="default" radius="sm">
                    {CATEGORY_LABELS[c] ?? c}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {account.balance !== null ? (
              <Text size="xs" c="dimmed">
                Solde : <Money amount={account.balance} currency={account.currency} c="var(--mantine-color-text)" fw={500} />
                {account.balance_limit !== null ? (
                  <>
                    {' '}
                    · limite : <Money amount={account.balance_limit} currency={account.currency} />
                  </>
                ) : null}
              </Text>
            ) : null}
          </Stack>
        }
      />
    </Paper>
  );
}
