import type { GpsCommandKind, GpsFix, SimulatedDeviceControl } from '../gps/gps.types.ts';

/**
 * The simulated devices behind both wire simulators (flespi and Traccar speak it in their own
 * formats). Any ident of 10 to 20 digits is a device, except those starting with '000' (unknown,
 * for the 'unknown device' paths). A device's day is deterministic from its ident and the date:
 * parked at night, a few trips around its city (Douala or Abidjan, by ident) with stops between,
 * parked again in the evening; positions every 30 s while moving, every 5 min while parked.
 */
export interface SimulatedDeviceFleet extends SimulatedDeviceControl {
  knows(ident: string): boolean;
  isOffline(ident: string): boolean;
  /** Fixes in [from, to], oldest first, never past now(); an offline device's stop at the moment it went offline. */
  fixesBetween(ident: string, from: Date, to: Date): GpsFix[];
  /** The newest fix at or before now(). */
  latest(ident: string): GpsFix | null;
  /** A direct command: 'offline' when the device is not connected, else applied at once. */
  command(ident: string, kind: GpsCommandKind, text?: string): 'sent' | 'offline';
  /** A queued command: applied now when online, else when the device comes back online within ttl. */
  queue(ident: string, kind: GpsCommandKind, text: string | undefined, ttlSeconds: number): 'sent' | 'queued';
  /** flespi-style ids: the numeric device id each ident gets on first sight (stable per ident). */
  deviceId(ident: string): number;
  identOf(deviceId: number): string | null;
  /** Every device seen so far (what "list devices" answers). */
  known(): string[];
}
