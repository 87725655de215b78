/**
 * The notifier carries one-time codes and notifications to people. Which transport carries a
 * channel (outbox, SMTP, Orange SMS, Twilio) is configuration; callers only name the channel.
 */
export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  /** E.164 phone (+2376...) for sms, an address for email. */
  to: string;
  /** Email subject; ignored by SMS transports. */
  subject?: string;
  text: string;
  /** The one-time code carried by the message, kept only by the dev outbox so tests can read it. */
  otp?: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

/** One transport for one channel. Throws on delivery failure; the caller decides what to tell. */
export interface Transport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}
