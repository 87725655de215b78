/**
 * The notifier callers use: it checks the recipient and hands the message to the transport that
 * configuration chose for its channel.
 */
import type { NotifierConfig } from './notifier.config.ts';
import type { Channel, Notifier, OutgoingMessage, Transport } from './notifier.types.ts';
import { createOutboxTransport, type OutboxLog, type OutboxStore } from './outbox.transport.ts';
import { createSmtpTransport } from './smtp.transport.ts';
import { createOrangeSmsTransport } from './orange-sms.transport.ts';
import { createTwilioTransport } from './twilio.transport.ts';

export interface NotifierDeps {
  outboxStore: OutboxStore;
  log: OutboxLog;
}

const E164 = /^\+[1-9]\d{6,14}$/;
// Deliberately loose: the account screens validate addresses; this only stops obvious garbage
// (and header injection through CR/LF) from reaching an SMTP server.
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export function createNotifier(config: NotifierConfig, deps: NotifierDeps): Notifier {
  const transports: Record<Channel, Transport> = {
    sms: smsTransport(config, deps),
    email: emailTransport(config, deps),
  };
  return {
    async send(message: OutgoingMessage) {
      if (message.channel === 'sms' && !E164.test(message.to)) {
        throw new Error('Notifier: an SMS recipient must be an E.164 number (+ and digits, e.g. +237690000001)');
      }
      if (message.channel === 'email' && !EMAIL.test(message.to)) {
        throw new Error('Notifier: the email recipient is not a valid address');
      }
      const transport = transports[message.channel];
      if (!transport) throw new Error(`Notifier: unknown channel ${String(message.channel)}`);
      await transport.send(message);
    },
  };
}

function smsTransport(config: NotifierConfig, deps: NotifierDeps): Transport {
  switch (config.sms) {
    case 'orange':
      if (!config.orange) throw new Error('Notifier: sms=orange needs the orange settings');
      return createOrangeSmsTransport(config.orange);
    case 'twilio':
      if (!config.twilio) throw new Error('Notifier: sms=twilio needs the twilio settings');
      return createTwilioTransport(config.twilio);
    case 'outbox':
      return createOutboxTransport(deps.outboxStore, deps.log);
  }
}

function emailTransport(config: NotifierConfig, deps: NotifierDeps): Transport {
  switch (config.email) {
    case 'smtp':
      if (!config.smtpUrl) throw new Error('Notifier: email=smtp needs smtpUrl');
      return createSmtpTransport({ url: config.smtpUrl, from: config.smtpFrom });
    case 'outbox':
      return createOutboxTransport(deps.outboxStore, deps.log);
  }
}
