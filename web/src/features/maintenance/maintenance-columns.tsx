import { Badge, Text } from '@mantine/core';
import { MAINTENANCE_STATE_LABELS, type TMaintenance } from '@flotte/contract/maintenance';
import type { DataTableColumn } from '../../ui/data-table/types.ts';
import { Money } from '../../ui/Money.tsx';
import { isCanceled, MAINTENANCE_STATE_COLORS, maintenancePeriod, maintenanceVehicle, repairTypesOf } from './maintenance-display.ts';

/** The columns of a maintenance list; on a phone each maintenance is a card: vehicle, amount, state, dates. */
export function maintenanceColumns(opts: { withVehicle: boolean }): DataTableColumn<TMaintenance>[] {
  const columns: DataTableColumn<TMaintenance>[] = [
    {
      key: 'vehicle',
      header: 'Véhicule',
      card: opts.withVehicle ? 'title' : false,
      exportValue: (m) => maintenanceVehicle(m.vehicle),
      render: (m) => (
        <Text span size="sm" fw={500}>
          {maintenanceVehicle(m.vehicle)}
        </Text>
      ),
      cardRender: (m) => maintenanceVehicle(m.vehicle),
    },
    {
      key: 'repair_types',
      header: "Type d'entretien",
      card: opts.withVehicle ? 'subtitle' : 'title',
      exportValue: repairTypesOf,
      render: (m) => <Text span size="sm">{repairTypesOf(m)}</Text>,
      cardRender: repairTypesOf,
    },
    {
      key: 'start_date',
      header: 'Période',
      card: 'date',
      exportValue: maintenancePeriod,
      render: (m) => <Text span size="sm">{maintenancePeriod(m)}</Text>,
      cardRender: maintenancePeriod,
    },
    {
      key: 'amount',
      header: 'Montant',
      money: true,
      card: 'amount',
      exportValue: (m) => m.amount,
      // A canceled one's estimate is struck through; its card is not dimmed (the 'Annulé' badge says it, and dimmed text loses its contrast).
      render: (m) => <Money amount={m.amount} fw={600} td={isCanceled(m) ? 'line-through' : undefined} />,
    },
    {
      key: 'state',
      header: 'État',
      card: 'status',
      exportValue: (m) => MAINTENANCE_STATE_LABELS[m.state],
      render: (m) => (
        <Badge color={MAINTENANCE_STATE_COLORS[m.state]} variant="light" tt="none" style={{ overflow: 'visible', minWidth: 'max-content' }} data-testid="maintenance-state">
          {MAINTENANCE_STATE_LABELS[m.state]}
        </Badge>
      ),
    },
    {
      key: 'supplier',
      header: 'Prestataire',
      card: 'meta',
      exportValue: (m) => m.supplier?.name ?? '',
      render: (m) => <Text span size="sm">{m.supplier?.name ?? '—'}</Text>,
      cardRender: (m) => m.supplier?.name ?? null,
    },
    { key: 'caisse', header: 'Caisse', exportValue: (m) => m.caisse?.name ?? '', render: (m) => <Text span size="sm">{m.caisse?.name ?? '—'}</Text> },
    { key: 'description', header: 'Description', exportOnly: true, exportValue: (m) => m.description ?? '' },
  ];
  return opts.withVehicle ? columns : columns.filter((c) => c.key !== 'vehicle');
}
