import { describe, expect, it } from 'vitest';
import { episodeOf, evaluateTriggers, overdueAt, type DriverDebts, type TriggerRule } from './trigger-evaluation.ts';

// Douala is UTC+1: 10 March ends in the park at 2026-03-10T23:00Z.
const TZ = 'Africa/Douala';
const at = (iso: string) => new Date(iso);

const trigger = (over: Partial<TriggerRule> = {}): TriggerRule => ({
  id: 't1',
  calculationType: 'time',
  graceDays: 0,
  graceHours: 5,
  actionType: null,
  threshold: null,
  selectedAction: 'notification',
  enabled: true,
  vehicleGroupIds: [],
  ...over,
});

const driver = (recipes: DriverDebts['recipes'], over: Partial<DriverDebts> = {}): DriverDebts => ({ driverId: 'd1', recipes, ...over });
const unpaid = (day: string, objective: number, collected = 0, vehicleId: string | null = 'v1') => ({ day, objective, collected, vehicleId });
const noGroups = new Map<string, string | null>();

describe('trigger evaluation', () => {
  it('a time trigger: not yet within the grace, fires past it (end of the day in the park, plus days and hours)', () => {
    expect(overdueAt('2026-03-10', 0, 5, TZ).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(overdueAt('2026-03-10', 2, 0, TZ).toISOString()).toBe('2026-03-12T23:00:00.000Z');
    const drivers = [driver([unpaid('2026-03-10', 10_000), unpaid('2026-03-11', 10_000, 4_000)])];
    const run = (now: string, t = trigger()) => evaluateTriggers({ triggers: [t], drivers, vehicleGroups: noGroups, timeZone: TZ, now: at(now) });
    // 05:59 in Douala on the 11th: the 10th's recipe is 4 h 59 past its day, under the 5 h grace.
    expect(run('2026-03-11T03:59:00Z')).toEqual([]);
    const fired = run('2026-03-11T04:00:00Z');
    // The 11th's recipe is due today: part of the debt; the episode starts with the oldest.
    expect(fired).toEqual([{ triggerId: 't1', driverId: 'd1', episodeStart: '2026-03-10', vehicleId: 'v1', debt: 16_000, objective: 20_000 }]);
    expect(run('2026-03-12T22:59:00Z', trigger({ graceDays: 2, graceHours: 0 }))).toEqual([]);
    expect(run('2026-03-12T23:00:00Z', trigger({ graceDays: 2, graceHours: 0 }))).toHaveLength(1);
  });

  it('recipes dated ahead, paid, deleted-like (zero objective) are not owed', () => {
    const d = driver([unpaid('2026-03-20', 10_000), unpaid('2026-03-05', 10_000, 10_000), unpaid('2026-03-06', 0)]);
    expect(episodeOf(d, '2026-03-11')).toBeNull();
    expect(evaluateTriggers({ triggers: [trigger()], drivers: [d], vehicleGroups: noGroups, timeZone: TZ, now: at('2026-03-30T12:00:00Z') })).toHaveLength(1);
  });

  it('an amount trigger: a percentage of the latest recipe objective, or a fixed amount', () => {
    const drivers = [driver([unpaid('2026-03-10', 10_000, 7_000), unpaid('2026-03-11', 10_000, 8_000)])]; // debt 5,000
    const run = (t: TriggerRule) => evaluateTriggers({ triggers: [t], drivers, vehicleGroups: noGroups, timeZone: TZ, now: at('2026-03-11T10:00:00Z') });
    expect(run(trigger({ calculationType: 'amount', actionType: 'percentage', threshold: 50 }))).toHaveLength(1);
    expect(run(trigger({ calculationType: 'amount', actionType: 'percentage', threshold: 51 }))).toEqual([]);
    expect(run(trigger({ calculationType: 'amount', actionType: 'fixed', threshold: 5_000 }))[0]).toMatchObject({ debt: 5_000, objective: 20_000 });
    expect(run(trigger({ calculationType: 'amount', actionType: 'fixed', threshold: 5_001 }))).toEqual([]);
  });

  it('groups scope: a trigger with groups acts only on their vehicles; a lock needs a vehicle', () => {
    const groups = new Map<string, string | null>([['v1', 'g1'], ['v2', 'g2'], ['v3', null]]);
    const now = at('2026-03-12T12:00:00Z');
    const drivers = [
      driver([unpaid('2026-03-10', 1_000, 0, 'v1')], { driverId: 'a' }),
      driver([unpaid('2026-03-10', 1_000, 0, 'v2')], { driverId: 'b' }),
      driver([unpaid('2026-03-10', 1_000, 0, 'v3')], { driverId: 'c' }),
      // No vehicle on his recipe: his planning's.
      driver([unpaid('2026-03-10', 1_000, 0, null)], { driverId: 'd', planningVehicleId: 'v1' }),
      driver([unpaid('2026-03-10', 1_000, 0, null)], { driverId: 'e' }),
    ];
    const who = (t: TriggerRule) => evaluateTriggers({ triggers: [t], drivers, vehicleGroups: groups, timeZone: TZ, now }).map((f) => `${f.driverId}:${f.vehicleId}`);
    expect(who(trigger({ vehicleGroupIds: ['g1'] }))).toEqual(['a:v1', 'd:v1']);
    expect(who(trigger({ vehicleGroupIds: ['g1', 'g2'] }))).toEqual(['a:v1', 'b:v2', 'd:v1']);
    expect(who(trigger())).toEqual(['a:v1', 'b:v2', 'c:v3', 'd:v1', 'e:null']);
    expect(who(trigger({ selectedAction: 'lock' }))).toEqual(['a:v1', 'b:v2', 'c:v3', 'd:v1']);
  });

  it('the vehicle is the one of the latest unpaid recipe naming one', () => {
    const d = driver([unpaid('2026-03-09', 1_000, 0, 'v1'), unpaid('2026-03-10', 1_000, 0, 'v2'), unpaid('2026-03-11', 1_000, 0, null)]);
    expect(episodeOf(d, '2026-03-11')?.vehicleId).toBe('v2');
  });

  it('a disabled trigger fires nothing', () => {
    const drivers = [driver([unpaid('2026-03-01', 10_000)])];
    const now = at('2026-03-20T12:00:00Z');
    expect(evaluateTriggers({ triggers: [trigger({ enabled: false })], drivers, vehicleGroups: noGroups, timeZone: TZ, now })).toEqual([]);
    expect(evaluateTriggers({ triggers: [trigger({ enabled: false }), trigger({ id: 't2' })], drivers, vehicleGroups: noGroups, timeZone: TZ, now }).map((f) => f.triggerId)).toEqual(['t2']);
  });
});
