import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNotifier } from './notifier.ts';
import type { NotifierConfig } from './notifier.config.ts';
import type { OutgoingMessage } from './notifier.types.ts';
import { startTwilioSimulator, type TwilioSimulator } from '../../integrations/twilio/twilio.simulator.ts';
import { startOrangeSmsSimulator, type OrangeSmsSimulator } from '../../integrations/orange-sms/orange-sms.simulator.ts';

function recorder() {
  const stored: OutgoingMessage[] = [];
  const logged: { obj: object; msg: string }[] = [];
  return {
    stored,
    logged,
    deps: {
      outboxStore: async (m: OutgoingMessage) => {
        stored.push(m);
      },
      log: { info: (obj: object, msg: string) => logged.push({ obj, msg }) },
    },
  };
}

describe('createNotifier', () => {
  let twilio: TwilioSimulator;
  let orange: OrangeSmsSimulator;
  beforeAll(async () => {
    twilio = await startTwilioSimulator();
    orange = await startOrangeSmsSimulator();
  });
  afterAll(async () => {
    await twilio.close();
    await orange.close();
  });
  beforeEach(() => {
    twilio.messages.length = 0;
    orange.messages.length = 0;
  });

  const twilioConfig = (): NotifierConfig => ({
    sms: 'twilio',
    email: 'outbox',
    smtpFrom: 'Flotte <no-reply@flotte.app>',
    twilio: { baseUrl: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006' },
  });

  it('sends SMS through Twilio and email to the outbox store', async () => {
    const rec = recorder();
    const notifier = createNotifier(twilioConfig(), rec.deps);
    await notifier.send({ channel: 'sms', to: '+237690000001', text: 'Votre code Flotte est 123456', otp: '123456' });
    await notifier.send({ channel: 'email', to: 'owner@example.cm', subject: 'Bienvenue', text: 'Bonjour' });

    expect(twilio.messages).toEqual([
      expect.objectContaining({ to: '+237690000001', from: '+15005550006', body: 'Votre code Flotte est 123456' }),
    ]);
    expect(rec.stored).toEqual([{ channel: 'email', to: 'owner@example.cm', subject: 'Bienvenue', text: 'Bonjour' }]);
    expect(rec.logged.map((l) => l.msg)).toEqual(['[outbox] email to owner@example.cm [Bienvenue]: Bonjour']);
  });

  it('sends SMS through Orange when configured so', async () => {
    const rec = recorder();
    const notifier = createNotifier(
      {
        sms: 'orange',
        email: 'outbox',
        smtpFrom: 'x@y.cm',
        orange: { baseUrl: orange.url, clientId: orange.clientId, clientSecret: orange.clientSecret, senderAddress: '2250000', senderName: 'Flotte' },
      },
      rec.deps,
    );
    await notifier.send({ channel: 'sms', to: '+2250700000001', text: 'Code 777777' });
    expect(orange.messages).toEqual([
      { address: 'tel:+2250700000001', senderAddress: 'tel:+2250000', senderName: 'Flotte', message: 'Code 777777' },
    ]);
    expect(rec.stored).toEqual([]);
  });

  it('prints the code in the outbox log line in dev mode', async () => {
    const rec = recorder();
    const notifier = createNotifier({ sms: 'outbox', email: 'outbox', smtpFrom: 'x@y.cm' }, rec.deps);
    await notifier.send({ channel: 'sms', to: '+237690000001', text: 'Votre code Flotte est 123456', otp: '123456' });
    expect(rec.stored).toEqual([{ channel: 'sms', to: '+237690000001', text: 'Votre code Flotte est 123456', otp: '123456' }]);
    expect(rec.logged).toEqual([
      { obj: { channel: 'sms', to: '+237690000001', otp: '123456' }, msg: '[outbox] sms to +237690000001: Votre code Flotte est 123456' },
    ]);
  });

  it.each(['690000001', '+0237690000001', '00237690000001', '+237 69 00 00 01', '+237abc'])(
    'refuses the SMS number %s that is not E.164',
    async (to) => {
      const rec = recorder();
      const notifier = createNotifier(twilioConfig(), rec.deps);
      await expect(notifier.send({ channel: 'sms', to, text: 'x' })).rejects.toThrow(/E\.164/);
      expect(twilio.messages).toHaveLength(0);
    },
  );

  it('refuses an email address with a line break', async () => {
    const rec = recorder();
    const notifier = createNotifier(twilioConfig(), rec.deps);
    await expect(notifier.send({ channel: 'email', to: 'a@b.cm\r\nBcc: c@d.cm', text: 'x' })).rejects.toThrow(/email recipient/);
    expect(rec.stored).toEqual([]);
  });

  it('passes a provider failure on to the caller', async () => {
    const rec = recorder();
    const notifier = createNotifier(twilioConfig(), rec.deps);
    twilio.failNext(503);
    await expect(notifier.send({ channel: 'sms', to: '+237690000001', text: 'x' })).rejects.toThrow(/HTTP 503/);
  });
});
