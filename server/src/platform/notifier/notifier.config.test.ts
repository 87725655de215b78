import { describe, expect, it } from 'vitest';
import { NOTIFIER_ENV_DOC, notifierConfigFromEnv } from './notifier.config.ts';

const orangeEnv = {
  SMS_PROVIDER: 'orange',
  ORANGE_SMS_CLIENT_ID: 'id',
  ORANGE_SMS_CLIENT_SECRET: 'secret',
  ORANGE_SMS_SENDER: '2370000',
};
const twilioEnv = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'tok',
  TWILIO_FROM: '+15005550006',
};

describe('notifierConfigFromEnv', () => {
  it('defaults both channels to the outbox', () => {
    expect(notifierConfigFromEnv({}, false)).toEqual({
      sms: 'outbox',
      email: 'outbox',
      smtpUrl: undefined,
      smtpFrom: 'Flotte <no-reply@flotte.app>',
    });
  });

  it('picks smtp when SMTP_URL is set outside demo mode', () => {
    const config = notifierConfigFromEnv({ SMTP_URL: 'smtp://u:p@mail.example:587', SMTP_FROM: 'Flotte <x@y.cm>' }, false);
    expect(config.email).toBe('smtp');
    expect(config.smtpUrl).toBe('smtp://u:p@mail.example:587');
    expect(config.smtpFrom).toBe('Flotte <x@y.cm>');
  });

  it('reads Orange settings with their defaults', () => {
    expect(notifierConfigFromEnv(orangeEnv, false)).toMatchObject({
      sms: 'orange',
      orange: { baseUrl: 'https://api.orange.com', clientId: 'id', clientSecret: 'secret', senderAddress: '2370000', senderName: 'Flotte' },
    });
  });

  it('reads Twilio settings with their defaults', () => {
    expect(notifierConfigFromEnv({ ...twilioEnv, TWILIO_BASE_URL: 'http://127.0.0.1:9' }, false)).toMatchObject({
      sms: 'twilio',
      twilio: { baseUrl: 'http://127.0.0.1:9', accountSid: 'AC123', authToken: 'tok', from: '+15005550006' },
    });
  });

  it('forces the outbox in demo mode, whatever is configured', () => {
    const config = notifierConfigFromEnv({ ...twilioEnv, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://h:25' }, true);
    expect(config.sms).toBe('outbox');
    expect(config.email).toBe('outbox');
    expect(config.twilio).toBeUndefined();
  });

  it('does not ask for provider credentials in demo mode', () => {
    expect(notifierConfigFromEnv({ SMS_PROVIDER: 'orange', EMAIL_PROVIDER: 'smtp' }, true).sms).toBe('outbox');
  });

  it.each([
    ['ORANGE_SMS_CLIENT_SECRET', orangeEnv],
    ['ORANGE_SMS_SENDER', orangeEnv],
    ['TWILIO_AUTH_TOKEN', twilioEnv],
    ['TWILIO_FROM', twilioEnv],
  ])('names the missing %s', (missing, env) => {
    const partial: NodeJS.ProcessEnv = { ...env, [missing]: '' };
    expect(() => notifierConfigFromEnv(partial, false)).toThrow(new RegExp(`${missing} is required`));
  });

  it('names SMTP_URL when smtp is chosen without it', () => {
    expect(() => notifierConfigFromEnv({ EMAIL_PROVIDER: 'smtp' }, false)).toThrow(/SMTP_URL is required/);
  });

  it('rejects an unknown provider by naming the variable', () => {
    expect(() => notifierConfigFromEnv({ SMS_PROVIDER: 'sendgrid' }, false)).toThrow(/SMS_PROVIDER must be one of outbox, orange, twilio/);
  });

  it('documents every variable it reads', () => {
    const names = NOTIFIER_ENV_DOC.map((v) => v.name);
    for (const name of [
      'SMS_PROVIDER', 'EMAIL_PROVIDER', 'SMTP_URL', 'SMTP_FROM', 'ORANGE_SMS_BASE_URL', 'ORANGE_SMS_CLIENT_ID',
      'ORANGE_SMS_CLIENT_SECRET', 'ORANGE_SMS_SENDER', 'ORANGE_SMS_SENDER_NAME', 'TWILIO_BASE_URL',
      'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM',
    ]) {
      expect(names).toContain(name);
    }
  });
});
