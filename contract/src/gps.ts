import { z } from 'zod';

/**
 * Vehicle GPS (issue 22 section 1; spec 000 sections 3, 7, 8). A park connects its telematics
 * provider (flespi or a Traccar server); each vehicle's gps_number is its device's ident (IMEI).
 * The provider is the store of the positions: we ask it, normalise its units and cache briefly.
 */

export const GPS_PROVIDERS = ['flespi', 'traccar'] as const;
export type GpsProvider = (typeof GPS_PROVIDERS)[number];
export const GPS_PROVIDER_LABELS: Record<GpsProvider, string> = { flespi: 'flespi', traccar: 'Traccar' };

/** Spec 000 section 8: the vehicle history call asks for the 2 latest messages by default. */
export const GPS_MESSAGES_DEFAULT_LIMIT = 2;
export const GPS_MESSAGES_MAX_LIMIT = 1000;
/** A stop is this long or more under the speed threshold (or ignition off). */
export const GPS_STOP_MIN_SECONDS = 5 * 60;
/** Under this speed (km/h) a vehicle counts as stopped. */
export const GPS_STOP_SPEED_KMH = 3;
/** A gap between two positions longer than this closes the stop (or the trip) it was in. */
export const GPS_GAP_SECONDS = 60 * 60;
/** A fix older than this reads as 'offline' on the fleet map. */
export const GPS_OFFLINE_AFTER_SECONDS = 30 * 60;

/** The flespi command texts sent when no text is set (Teltonika digital output 1, the common wiring). */
export const FLESPI_DEFAULT_COMMANDS = { lock: 'setdigout 1', unlock: 'setdigout 0', buzzer: 'setdigout ?1' } as const;

export const GPS_MESSAGES = {
  connectionSaved: 'Connexion GPS enregistrée',
  connectionRemoved: 'Connexion GPS supprimée',
  providerDown: 'Le fournisseur GPS ne répond pas pour le moment\u00a0: les positions reviendront dès qu’il répondra',
  notConnected: "Aucun fournisseur GPS n'est configuré pour ce parc",
  noDevice: "Ce véhicule n'a pas de numéro GPS",
  noPosition: 'Aucune position reçue',
} as const;

const PRINTABLE = /^[\x21-\x7e]+$/;
const printable = (what: string) => `${what} ne doit contenir que des lettres, des chiffres et des symboles, sans espace ni accent`;
const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères au plus`).optional().nullable();

// ---- The park's connection ----

/**
 * PUT /gps/connection. flespi: a token. Traccar: the server's URL and either a token or a user and
 * password. The secret (token or password) is optional on an edit that keeps the saved one.
 * Command texts are flespi's (Traccar has engineStop / engineResume).
 */
export const ZGpsConnectionInput = z
  .object({
    provider: z.enum(GPS_PROVIDERS, { error: 'Choisissez le fournisseur GPS' }),
    base_url: z.string().trim().max(300).optional().nullable(),
    username: optionalText(200),
    /** flespi token, Traccar token or Traccar password. */
    secret: z.string().trim().min(4, 'Le jeton doit contenir au moins 4 caractères').max(500).regex(PRINTABLE, printable('Le jeton')).optional(),
    lock_command: optionalText(200),
    unlock_command: optionalText(200),
    buzzer_command: optionalText(200),
  })
  .superRefine((v, ctx) => {
    if (v.provider === 'traccar') {
      if (!v.base_url) ctx.addIssue({ code: 'custom', path: ['base_url'], message: "L'adresse du serveur Traccar est requise" });
      else if (!/^https?:\/\/[^\s/]+/.test(v.base_url)) ctx.addIssue({ code: 'custom', path: ['base_url'], message: "L'adresse doit commencer par http:// ou https://" });
    }
  });
export type TGpsConnectionInput = z.infer<typeof ZGpsConnectionInput>;

export const ZGpsConnection = z.object({
  connected: z.boolean(),
  provider: z.enum(GPS_PROVIDERS).nullable(),
  base_url: z.string().nullable(),
  username: z.string().nullable(),
  secret_hint: z.string().nullable().describe('•••• and the last 4 characters of the token or password'),
  lock_command: z.string().nullable(),
  unlock_command: z.string().nullable(),
  buzzer_command: z.string().nullable(),
  /** How many devices the provider listed when the connection was tested. */
  devices: z.number().int().nullable(),
  status: z.enum(['ok', 'failing']).nullable(),
  last_error: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** Vehicles of the park with a GPS number. */
  equipped_vehicles: z.number().int(),
});
export type TGpsConnection = z.infer<typeof ZGpsConnection>;

// ---- Positions ----

export const ZGpsPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** km/h, whatever the provider's unit. */
  speed: z.number(),
  /** Heading in degrees, 0 = north. */
  course: z.number().nullable(),
  /** null when the device does not report it. */
  ignition: z.boolean().nullable(),
  /** Odometer in km when the device reports one. */
  odometer: z.number().nullable(),
  /** The fix's time (wire date in the park's zone). */
  at: z.string(),
  /** Seconds between the fix and the answer. */
  age_seconds: z.number().int(),
  address: z.string().nullable(),
});
export type TGpsPosition = z.infer<typeof ZGpsPosition>;

/** GET /flespi/device/messages (spec 000 section 7: the path is the spec's whatever the provider). */
export const ZGpsMessagesQuery = z.object({
  device_imei: z.string().trim().min(1, 'Le numéro GPS est requis').max(40),
  from: z.string().optional(),
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(GPS_MESSAGES_MAX_LIMIT).default(GPS_MESSAGES_DEFAULT_LIMIT),
});
export type TGpsMessagesQuery = z.infer<typeof ZGpsMessagesQuery>;

export const GPS_VEHICLE_STATES = ['moving', 'stopped', 'offline', 'no_position', 'no_device'] as const;
export type GpsVehicleState = (typeof GPS_VEHICLE_STATES)[number];
export const GPS_VEHICLE_STATE_LABELS: Record<GpsVehicleState, string> = {
  moving: 'En mouvement',
  stopped: "À l'arrêt",
  offline: 'Hors ligne',
  no_position: 'Aucune position',
  no_device: 'Sans GPS',
};

export const ZGpsVehicleRef = z.object({
  id: z.string(),
  label: z.string().nullable(),
  registration_number: z.string().nullable(),
  gps_number: z.string().nullable(),
  driver_name: z.string().nullable(),
});
export type TGpsVehicleRef = z.infer<typeof ZGpsVehicleRef>;

/** GET /gps/fleet: every vehicle of the park with its latest fix. */
export const ZGpsFleetEntry = z.object({
  vehicle: ZGpsVehicleRef,
  state: z.enum(GPS_VEHICLE_STATES),
  position: ZGpsPosition.nullable(),
  /** A trigger's lock holds the vehicle (sent; one still waiting for the vehicle to stop is not counted). */
  locked: z.boolean(),
});
export type TGpsFleetEntry = z.infer<typeof ZGpsFleetEntry>;

export const ZGpsFleet = z.object({
  connected: z.boolean(),
  /** false when the provider did not answer: the screen says so, positions are null. */
  provider_ok: z.boolean(),
  provider: z.enum(GPS_PROVIDERS).nullable(),
  vehicles: z.array(ZGpsFleetEntry),
});
export type TGpsFleet = z.infer<typeof ZGpsFleet>;

/** Spec 000 section 3 'GPS stop record', with its names. Durations in seconds. */
export const ZGpsStop = z.object({
  position: z.object({ latitude: z.number(), longitude: z.number() }),
  stopDuration: z.number().int(),
  stopStartTime: z.string(),
  stopEndTime: z.string(),
  address: z.string().nullable(),
  /** The stop runs on past the period's end (the vehicle is still there). */
  ongoing: z.boolean(),
});
export type TGpsStop = z.infer<typeof ZGpsStop>;

export const ZGpsDayQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La date doit être au format AAAA-MM-JJ') });

/** GET /gps/vehicles/:id/day?date=: the vehicle's day in the park's zone. */
export const ZGpsVehicleDay = z.object({
  vehicle: ZGpsVehicleRef,
  date: z.string(),
  provider_ok: z.boolean(),
  /** The route, simplified for the map: [latitude, longitude] pairs in time order. */
  route: z.array(z.tuple([z.number(), z.number()])),
  stops: z.array(ZGpsStop),
  distance_km: z.number(),
  moving_seconds: z.number().int(),
  parked_seconds: z.number().int(),
  positions: z.number().int().describe('How many positions the provider gave for the day'),
  last_position: ZGpsPosition.nullable(),
});
export type TGpsVehicleDay = z.infer<typeof ZGpsVehicleDay>;

/** GET /gps/vehicles/:id/position: the vehicle details' last position. */
export const ZGpsVehiclePosition = z.object({
  connected: z.boolean(),
  provider_ok: z.boolean(),
  has_device: z.boolean(),
  position: ZGpsPosition.nullable(),
  locked: z.boolean(),
});
export type TGpsVehiclePosition = z.infer<typeof ZGpsVehiclePosition>;
