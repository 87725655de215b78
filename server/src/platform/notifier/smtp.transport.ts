/** Email through any SMTP server (nodemailer), configured by one URL. */
import nodemailer from 'nodemailer';
import type { OutgoingMessage, Transport } from './notifier.types.ts';

export interface SmtpTransportOptions {
  /**
   * smtp://user:pass@host:587 (STARTTLS when offered), smtps://...:465 (TLS from the start);
   * nodemailer options can ride in the query string, e.g. ?requireTLS=true.
   */
  url: string;
  /** From header, e.g. 'Flotte <no-reply@flotte.app>'. */
  from: string;
  /** Used when a message has none. */
  defaultSubject?: string;
  /** Connection, greeting and socket timeout; default 10 s so a dead server fails an OTP request fast. */
  timeoutMs?: number;
}

export function createSmtpTransport(options: SmtpTransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Settings from the URL win over these defaults (nodemailer merges url data last).
  const mailer = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const defaultSubject = options.defaultSubject ?? 'Flotte';
  const password = passwordOf(options.url);

  return {
    name: 'smtp',
    async send(message: OutgoingMessage) {
      try {
        await mailer.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject ?? defaultSubject,
          text: message.text,
        });
      } catch (err) {
        // nodemailer errors carry the server's reply; scrub the password in case a server echoes it.
        let reason = err instanceof Error ? err.message : String(err);
        if (password.length >= 4) reason = reason.split(password).join('***');
        throw new Error(`SMTP delivery to ${message.to} failed: ${reason}`);
      }
    },
  };
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
