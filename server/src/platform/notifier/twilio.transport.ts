/** SMS through Twilio. */
import { createTwilioClient, type TwilioClientOptions } from '../../integrations/twilio/twilio.client.ts';
import type { Transport } from './notifier.types.ts';

export function createTwilioTransport(options: TwilioClientOptions): Transport {
  const client = createTwilioClient(options);
  return {
    name: 'twilio',
    async send(message) {
      await client.sendSms(message.to, message.text);
    },
  };
}
