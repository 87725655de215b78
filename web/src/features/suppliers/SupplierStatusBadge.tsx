import { Badge } from '@mantine/core';

/** 'Actif' or 'Suspendu': whether the supplier is still offered in the forms. */
export function SupplierStatusBadge({ suspended }: { suspended: boolean }) {
  return (
    <Badge color={suspended ? 'red' : 'green'} variant="light" size="sm" data-testid="supplier-status" data-status={suspended ? 'disabled' : 'enable'}>
      {suspended ? 'Suspendu' : 'Actif'}
    </Badge>
  );
}
