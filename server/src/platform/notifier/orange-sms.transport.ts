/** SMS through the Orange SMS API. */
import { createOrangeSmsClient, type OrangeSmsClientOptions } from '../../integrations/orange-sms/orange-sms.client.ts';
import type { Transport } from './notifier.types.ts';

export function createOrangeSmsTransport(options: OrangeSmsClientOptions): Transport {
  const client = createOrangeSmsClient(options);
  return {
    name: 'orange-sms',
    async send(message) {
      await client.sendSms(message.to, message.text);
    },
  };
}
