import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/flotte-config-test' };
const secret = { jwtSecret: randomBytes(32) };

describe('FLOTTE_SIGNUP', () => {
  it('is open by default in development and closed by default in production', () => {
    expect(loadConfig({ ...base }, secret).signupOpen).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', FLOTTE_DEMO: '0', JWT_SECRET: 'x'.repeat(32) }, secret).signupOpen).toBe(false);
  });

  it('follows open and closed, and refuses anything else at start', () => {
    expect(loadConfig({ ...base, FLOTTE_SIGNUP: 'closed' }, secret).signupOpen).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', FLOTTE_DEMO: '0', JWT_SECRET: 'x'.repeat(32), FLOTTE_SIGNUP: 'open' }, secret).signupOpen).toBe(true);
    expect(() => loadConfig({ ...base, FLOTTE_SIGNUP: 'yes' }, secret)).toThrow('FLOTTE_SIGNUP must be open or closed, got "yes"');
  });
});
