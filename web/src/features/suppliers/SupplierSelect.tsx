import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useActiveSuppliers } from './queries.ts';

export const SUPPLIER_PICKER_PLACEHOLDER = 'Sélectionnez le prestataire';
export const NO_SUPPLIER_TEXT = "Aucun prestataire actif pour l'instant";

export interface SupplierSelectProps {
  /** The supplier id, or null for none. */
  value: string | null;
  onChange: (supplierId: string | null) => void;
  label?: ReactNode;
  placeholder?: string;
  /** Offer only the suppliers of this category (an id of GET /supplier/categories). */
  categoryId?: string | null;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  testId?: string;
}

/**
 * A searchable list of the park's active suppliers (a suspended one is no longer offered, and the
 * server refuses it): the maintenance form's garage, a vehicle document's insurer. The label shows
 * the supplier's city beside its name, since two garages often share a name across towns.
 */
export function SupplierSelect({
  value,
  onChange,
  label = 'Prestataire',
  placeholder = SUPPLIER_PICKER_PLACEHOLDER,
  categoryId = null,
  error,
  disabled,
  required,
  testId = 'supplier-select',
}: SupplierSelectProps) {
  const suppliers = useActiveSuppliers(categoryId);
  const data = (suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.city ? `${s.name} (${s.city})` : s.name }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable={!required}
      required={required}
      nothingFoundMessage={suppliers.isPending ? 'Chargement…' : NO_SUPPLIER_TEXT}
      error={error ?? (suppliers.isError ? suppliers.error.message : undefined)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
