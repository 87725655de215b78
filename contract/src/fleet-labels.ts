/**
 * Zod-free fleet words the lists show (statuses and their labels), so a list screen can name a
 * status without loading the form schemas.
 */
export const DRIVER_STATUSES = ['active', 'suspended', 'deactivated'] as const;
export type TDriverStatus = (typeof DRIVER_STATUSES)[number];
export const DRIVER_STATUS_LABELS: Record<TDriverStatus, string> = { active: 'Actif', suspended: 'Suspendu', deactivated: 'Désactivé' };
