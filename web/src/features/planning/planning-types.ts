/**
 * The planning shapes the screens use, from the contract (one place to look them up). Imported
 * by path so the screens load only the planning schemas, not the whole contract.
 */
export type {
  TCalendarEntry,
  TMaintenanceEntry,
  TPlanningConfirmInput,
  TPlanningConfirmResult,
  TPlanningConflict,
  TPlanningDriverRef,
  TPlanningEntry,
  TPlanningGenerateInput,
  TPlanningGenerateResult as TPlanningPreview,
  TPlanningRole,
  TPlanningSlot,
  TPlanningVehicleRef,
  TRotationGroup,
  TRotationGroupInput,
  TRotationPlanning,
} from '@flotte/contract/planning';
