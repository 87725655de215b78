import { generatePlanning, type EngineConfig, type EngineDriver, type EngineInput, type EngineVehicle } from './planning-engine.ts';

/** The engine tests' builders (planning-engine*.test.ts): one configuration, driver and vehicle shape. */

export const TZ = 'Africa/Douala'; // UTC+1, no daylight saving
export const ALL = [1, 2, 3, 4, 5, 6, 7];

export function config(over: Partial<EngineConfig> = {}): EngineConfig {
  return {
    workPlanning: 'daily',
    numberDrivers: 1,
    startTime: '08:30',
    endTime: '18:30',
    passationTime: null,
    alternation: false,
    alternatingDays: null,
    alternatingWeeks: null,
    startAlternationAt: null,
    salaryDayConfig: false,
    salaryDayId: null,
    firstDriverAlternationId: null,
    drivers: [{ driverId: 'A', position: 1, workDays: ALL, hourIntervalId: null, startWorkAt: null }],
    ...over,
  };
}

export function driver(id: string, over: Partial<EngineDriver> = {}): EngineDriver {
  return { id, firstName: 'Chauffeur', lastName: id, blockedAt: null, desactivateAt: null, daysOff: [], startWorkAt: null, ...over };
}

export function vehicle(id: string, c: EngineConfig | null, over: Partial<EngineVehicle> = {}): EngineVehicle {
  return { id, registrationNumber: `LT-${id}`, status: 'active', config: c, rotation: null, ...over };
}

/** The engine over a period, with drivers A, B and C unless the test gives its own. */
export function run(over: Partial<EngineInput> & Pick<EngineInput, 'startDate' | 'endDate'>) {
  return generatePlanning({ timeZone: TZ, vehicles: [], drivers: [driver('A'), driver('B'), driver('C')], ...over });
}
