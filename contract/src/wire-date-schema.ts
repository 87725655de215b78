import { z } from 'zod';
import { WIRE_DATE_PATTERN } from './constants.ts';
import { isWireDateTime } from './wire-date.ts';

// Apart from formats.ts: that file is on the sign-in screen's path (with `sideEffects`, its every
// top-level schema is kept), and the calendar check it would carry there serves no sign-in.

/** `yyyy-MM-ddTHH:mm:ss`, the only date format on the wire (park's time zone), a real calendar day and time. */
export const zWireDate = z
  .string()
  .regex(WIRE_DATE_PATTERN, 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)')
  .refine(isWireDateTime, 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)');
