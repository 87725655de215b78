/**
 * What the app needs from a telematics provider (issue 22), whichever it is: flespi
 * (integrations/flespi) or a Traccar server (integrations/traccar). Each client speaks its
 * provider's documented wire format and answers in these normalised units: km/h, degrees,
 * km, Date. A device is named by its ident (the vehicle's gps_number, an IMEI).
 */

export type GpsProviderKind = 'flespi' | 'traccar';

export interface GpsCredentials {
  provider: GpsProviderKind;
  /** Traccar's server root (without /api); flespi: undefined = the configured flespi root. */
  baseUrl?: string;
  /** Traccar Basic auth user; with it `secret` is the password, without it a Bearer token. */
  username?: string | null;
  /** flespi token (`Authorization: FlespiToken …`), or Traccar token or password. */
  secret: string;
}

/** One position, normalised. */
export interface GpsFix {
  ident: string;
  at: Date;
  latitude: number;
  longitude: number;
  /** km/h (Traccar's knots × 1.852). */
  speedKmh: number;
  /** Heading, degrees from north; null when not reported. */
  course: number | null;
  /** Ignition (flespi engine.ignition.status, Traccar attributes.ignition); null when not reported. */
  ignition: boolean | null;
  /** Odometer in km (flespi vehicle.mileage, Traccar attributes.totalDistance / 1000 or odometer); null when not reported. */
  odometerKm: number | null;
  /** The provider's address for the fix, when it geocodes (Traccar may). */
  address: string | null;
}

/** A stop as a provider reports it (Traccar's stops report). */
export interface GpsProviderStop {
  start: Date;
  end: Date;
  latitude: number;
  longitude: number;
  address: string | null;
}

export interface GpsPeriod {
  from: Date;
  to: Date;
  /** Most positions wanted; the client pages or caps as its provider allows. */
  limit?: number;
  /** Newest first (the latest positions); oldest first otherwise. */
  newestFirst?: boolean;
}

export type GpsCommandKind = 'lock' | 'unlock' | 'buzzer';

export interface GpsCommand {
  kind: GpsCommandKind;
  /** flespi: the codec12 payload text the owner set for this kind (Traccar ignores it and sends engineStop / engineResume / alarm). */
  text?: string;
  /** Buzzer only. */
  buzzerSeconds?: number;
  buzzerMode?: 'continuous' | 'intermittent' | 'progressive';
  /**
   * Deliver now or not at all: never left in a queue for the device's next connection (the lock:
   * checked safe against a stopped vehicle now, it must not reach the vehicle later, moving).
   * flespi: the synchronous `commands` call instead of `commands-queue`; Traccar: sent only to a
   * device whose status is 'online'. A device not connected answers 'offline'.
   */
  direct?: boolean;
}

/**
 * What became of a command: 'sent' (the device took it), 'queued' (the provider keeps it for the
 * device's next connection), 'offline' (the device is not connected and nothing was queued),
 * 'refused' (the provider said no). `answer` is the provider's words, kept for the log.
 */
export interface GpsCommandResult {
  outcome: 'sent' | 'queued' | 'offline' | 'refused';
  answer: string;
}

/**
 * A provider failed: 'unauthorized' (401/403: credentials refused), 'unavailable' (no answer,
 * 5xx, timeout), 'unknown_device' (no device with this ident), 'bad_answer' (not the documented shape).
 */
export class GpsProviderError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'unavailable' | 'unknown_device' | 'bad_answer',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GpsProviderError';
  }
}

export interface GpsClient {
  readonly provider: GpsProviderKind;
  /** The credentials open the account: answers how many devices it holds (401/403 -> 'unauthorized'). */
  check(creds: GpsCredentials): Promise<{ devices: number }>;
  /** Positions of one device over a period. */
  positions(creds: GpsCredentials, ident: string, period: GpsPeriod): Promise<GpsFix[]>;
  /** The latest fix of each device asked for (one call or a few, never one per device when avoidable); absent = none known. */
  latest(creds: GpsCredentials, idents: readonly string[]): Promise<Map<string, GpsFix>>;
  /** The provider's own stops report, or null when it has none (flespi): stops are then computed from positions. */
  stops(creds: GpsCredentials, ident: string, period: { from: Date; to: Date }): Promise<GpsProviderStop[] | null>;
  /** Sends a command to the device (flespi: commands-queue with a TTL; Traccar: POST /api/commands/send). */
  sendCommand(creds: GpsCredentials, ident: string, command: GpsCommand): Promise<GpsCommandResult>;
}

/**
 * The simulated devices both wire simulators serve (integrations/gps-sim): deterministic days
 * of driving around Douala or Abidjan, parked at night, answering commands and keeping a lock.
 */
export interface SimulatedDeviceControl {
  /** A device offline answers nothing new and refuses direct commands (queued ones wait). */
  setOffline(ident: string, offline: boolean): void;
  /** Whether the engine lock holds. */
  isLocked(ident: string): boolean;
  /**
   * A lock the device holds since `since` (where it stood then), without a command: the app
   * restarted and the simulator, which keeps its devices in memory, forgot a lock a real device
   * would still hold.
   */
  restoreLock(ident: string, since: Date): void;
  /** Locks that arrived while the device was moving: must stay 0 (the tests' safety check). */
  unsafeLocks(): number;
  /** Every command each device received, oldest first (tests). */
  commandsOf(ident: string): { at: Date; kind: GpsCommandKind; text?: string }[];
  /** Pins a device at a place, stopped (or moving) from now on, for tests of the lock's safety rule. */
  pin(ident: string, state: { moving: boolean; latitude?: number; longitude?: number; ignition?: boolean } | null): void;
  /** The clock the devices replay against (tests move it). */
  now(): Date;
  setClock(now: (() => Date) | null): void;
}

export interface GpsSimulators {
  flespiUrl: string;
  traccarUrl: string;
  devices: SimulatedDeviceControl;
  close(): Promise<void>;
}

/** The app's one way to the providers: the real clients, pointed at the simulators unless live. */
export interface GpsApi {
  readonly mode: 'simulator' | 'live';
  client(provider: GpsProviderKind): Promise<GpsClient>;
  /** The simulators (simulator mode only; started on first use). */
  simulators(): Promise<GpsSimulators> | null;
  /** In simulator mode, the credentials the demo park connects with. */
  demoCredentials(provider: GpsProviderKind): Promise<GpsCredentials> | null;
  close(): Promise<void>;
}
