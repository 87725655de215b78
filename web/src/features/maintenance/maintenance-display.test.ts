import { describe, expect, it } from 'vitest';
import { invoiceSize, maintenanceActions, maintenancePeriod, maintenanceVehicle, repairTypesOf, STATE_FILTER_OPTIONS } from './maintenance-display.ts';

describe('maintenance display', () => {
  it('reads the period by duration: hours, one day, several days', () => {
    expect(maintenancePeriod({ duration_choice: 1, start_date: '2025-12-12T08:00:00', end_date: '2025-12-12T11:30:00' })).toBe('12/12/2025 08:00 – 11:30');
    expect(maintenancePeriod({ duration_choice: 2, start_date: '2025-12-12T00:00:00', end_date: '2025-12-12T23:59:59' })).toBe('12/12/2025');
    expect(maintenancePeriod({ duration_choice: 3, start_date: '2025-12-12T00:00:00', end_date: '2025-12-15T23:59:59' })).toBe('Du 12/12/2025 au 15/12/2025');
  });

  it('names the vehicle by plate and label, and the repair types', () => {
    expect(maintenanceVehicle({ id: 'v', registration_number: 'LT-123-AB', label: 'Corolla' })).toBe('LT-123-AB · Corolla');
    expect(maintenanceVehicle({ id: 'v', registration_number: 'LT-123-AB', label: null })).toBe('LT-123-AB');
    expect(
      repairTypesOf({
        components: [
          { repair_type: { id: 2, name: 'Vidange' }, repair_type_id: 2, car_component: [] },
          { repair_type: { id: 3, name: 'Réparation' }, repair_type_id: 3, car_component: [] },
        ],
      }),
    ).toBe('Vidange, Réparation');
  });

  it('offers finish and cancel only while available, and allows them only with MANAGE_MAINTENANCE', () => {
    expect(maintenanceActions({ available: true }, true)).toEqual({ shown: true, allowed: true });
    expect(maintenanceActions({ available: true }, false)).toEqual({ shown: true, allowed: false });
    expect(maintenanceActions({ available: false }, true)).toEqual({ shown: false, allowed: false });
  });

  it('filters on every state, in French', () => {
    expect(STATE_FILTER_OPTIONS.map((o) => o.label)).toEqual(['Non clôturés', 'Programmé', 'En cours', 'À clôturer', 'Terminé', 'Annulé']);
  });

  it('shows the invoice size in MB, a tiny scan as under 0.01', () => {
    expect(invoiceSize(300 * 1024)).toBe('0.29 Mo');
    expect(invoiceSize(2048)).toBe('< 0.01 Mo');
  });
});
