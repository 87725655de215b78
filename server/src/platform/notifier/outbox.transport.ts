/**
 * Development/demo transport: keeps the message through the injected store (so tests and a person
 * can read it) and logs it in full. Printing the one-time code is the point here; this transport
 * must never be chosen in production, which notifier.config.ts guarantees.
 */
import type { OutgoingMessage, Transport } from './notifier.types.ts';

export interface OutboxLog {
  info(obj: object, msg: string): void;
}

export type OutboxStore = (message: OutgoingMessage) => Promise<void>;

export function createOutboxTransport(store: OutboxStore, log: OutboxLog): Transport {
  return {
    name: 'outbox',
    async send(message) {
      await store(message);
      const subject = message.channel === 'email' && message.subject ? ` [${message.subject}]` : '';
      log.info(
        { channel: message.channel, to: message.to, ...(message.otp ? { otp: message.otp } : {}) },
        `[outbox] ${message.channel} to ${message.to}${subject}: ${message.text}`,
      );
    },
  };
}
