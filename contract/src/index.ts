export * from './errors.ts';
export * from './constants.ts';
export * from './formats.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './pagination.ts';
export * from './clean-body.ts';
export * from './wire-date.ts';
export * from './park-settings.ts';
export * from './access-admin.ts';

import { z } from 'zod';
// Messages zod writes itself (a missing field, a wrong type) come out in French, like ours.
z.config(z.locales.fr());
