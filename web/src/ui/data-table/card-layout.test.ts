import { describe, expect, it } from 'vitest';
import { cardSlots, countActiveFilters, mergePages } from './card-layout.ts';
import type { DataTableColumn } from './types.ts';

type Row = { id: string };

describe('cardSlots', () => {
  it('puts each column where its role says, in column order, and leaves the others out', () => {
    const columns: DataTableColumn<Row>[] = [
      { key: 'date', header: 'Date', card: 'date' },
      { key: 'created', header: 'Créée le' },
      { key: 'amount', header: 'Montant', card: 'amount' },
      { key: 'driver', header: 'Chauffeur', card: 'meta' },
      { key: 'category', header: 'Catégorie', card: 'title' },
      { key: 'vehicle', header: 'Véhicule', card: 'meta' },
      { key: 'file', header: 'Document', card: false },
    ];
    const slots = cardSlots(columns);
    expect(slots.title.map((c) => c.key)).toEqual(['category']);
    expect(slots.amount.map((c) => c.key)).toEqual(['amount']);
    expect(slots.date.map((c) => c.key)).toEqual(['date']);
    expect(slots.meta.map((c) => c.key)).toEqual(['driver', 'vehicle']);
    expect(slots.status).toEqual([]);
  });

  it('without any role, shows the first column as title, the amount, the status and three lines', () => {
    const columns: DataTableColumn<Row>[] = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, header: key }));
    columns.unshift({ key: 'actions', header: '', exportable: false });
    columns.push({ key: 'status', header: 'Statut' }, { key: 'amount', header: 'Montant', money: true });
    const slots = cardSlots(columns);
    expect(slots.title.map((c) => c.key)).toEqual(['a']);
    expect(slots.amount.map((c) => c.key)).toEqual(['amount']);
    expect(slots.status.map((c) => c.key)).toEqual(['status']);
    expect(slots.meta.map((c) => c.key)).toEqual(['b', 'c', 'd']);
  });
});

describe('countActiveFilters', () => {
  it('counts the values set and different from their defaults', () => {
    expect(countActiveFilters({ type: 'all', driver_id: undefined, status: null, search: '' }, { type: 'all' })).toBe(0);
    expect(countActiveFilters({ type: 'charge', driver_id: 'd1', vehicle_id: undefined }, { type: 'all' })).toBe(2);
  });

  it('counts a period once, whether it has one or both ends', () => {
    expect(countActiveFilters({ start_date: '2026-01-01', end_date: '2026-01-31' })).toBe(1);
    expect(countActiveFilters({ start_date: '2026-01-01', end_date: undefined, status: 'paid' })).toBe(2);
    expect(countActiveFilters({ from: 'x', to: 'y' }, {}, [['from', 'to']])).toBe(1);
  });
});

describe('mergePages', () => {
  it('keeps the order of the pages and shows a row shifted onto the next page once', () => {
    const rows = mergePages([[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }]], (r) => r.id);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});
