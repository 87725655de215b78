export * from './errors.ts';
export * from './constants.ts';
export * from './formats.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './pagination.ts';
export * from './clean-body.ts';
export * from './wire-date.ts';
export * from './messages.ts';
export * from './park-settings.ts';
export * from './access-admin.ts';

