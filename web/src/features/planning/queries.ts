import { useQuery } from '@tanstack/react-query';
import { planningApi, type PlanningPeriodQuery, type PlanningScope } from './planning-api.ts';

/**
 * Query keys of the planning screens. A confirmed planning changes the calendar and the work
 * programmes (everything under 'planning') and who drives each vehicle today (the vehicle lists).
 */
export const planningKeys = {
  all: ['planning'] as const,
  calendar: (scope: PlanningScope, period: PlanningPeriodQuery) => [...planningKeys.all, 'calendar', scope, period] as const,
  rotationGroups: (parkId: string) => [...planningKeys.all, 'rotation-groups', parkId] as const,
};
export const invalidatedByConfirm = [planningKeys.all, ['vehicles']] as const;

function sameScope(a: PlanningScope | undefined, b: PlanningScope): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'park' ? a.parkId === (b as typeof a).parkId : a.id === (b as typeof a).id;
}

export function usePlanningEntries(scope: PlanningScope | null, period: PlanningPeriodQuery) {
  return useQuery({
    queryKey: planningKeys.calendar(scope ?? { kind: 'park', parkId: '' }, period),
    queryFn: ({ signal }) => planningApi.entries(scope!, period, signal),
    enabled: scope !== null,
    // A month of 1,000 vehicles is some 30,000 entries: comparing a refetch with the last answer,
    // object by object, costs more than drawing the new one.
    structuralSharing: false,
    // While the next period loads, the grid keeps the entries it has (same vehicle, driver or park).
    placeholderData: (previous, previousQuery) => (scope && sameScope(previousQuery?.queryKey[2], scope) ? previous : undefined),
  });
}

export function useRotationGroups(parkId: string | null, enabled = true) {
  return useQuery({
    queryKey: planningKeys.rotationGroups(parkId ?? ''),
    queryFn: ({ signal }) => planningApi.rotationGroups(parkId!, signal),
    enabled: enabled && !!parkId,
  });
}
