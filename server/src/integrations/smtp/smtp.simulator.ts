/**
 * A minimal SMTP sink on loopback: enough of RFC 5321 for nodemailer to deliver plainly (no TLS), and
 * enough MIME decoding to let tests read the subject and the text of what arrived.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseMimeMessage } from './mime.parse.ts';

export interface SmtpSimulatorOptions {
  port?: number;
  /** When set, AUTH PLAIN/LOGIN is advertised and these credentials are required to send. */
  auth?: { user: string; pass: string };
}

export interface SmtpReceived {
  /** MAIL FROM address (envelope). */
  from: string;
  /** RCPT TO addresses (envelope). */
  to: string[];
  /** The DATA section as sent, dot-stuffing removed. */
  raw: string;
  /** Decoded Subject header, '' when absent. */
  subject: string;
  /** Decoded text/plain body (the first text/plain part of a multipart message). */
  text: string;
  /** Unfolded, still-encoded headers, names lower-cased. */
  headers: Record<string, string>;
}

export interface SmtpSimulator {
  port: number;
  /** smtp://127.0.0.1:PORT (with user:pass when auth is required). */
  url: string;
  messages: SmtpReceived[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startSmtpSimulator(options: SmtpSimulatorOptions = {}): Promise<SmtpSimulator> {
  const messages: SmtpReceived[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    serveSession(socket, options.auth, messages);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';

  return {
    port,
    url: `smtp://${credentials}${HOST}:${port}`,
    messages,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

type AuthState = 'none' | 'login-user' | 'login-pass';

function serveSession(socket: Socket, auth: SmtpSimulatorOptions['auth'], messages: SmtpReceived[]): void {
  let buffer = '';
  let greeted = false;
  let authenticated = !auth;
  let authState: AuthState = 'none';
  let loginUser = '';
  let from: string | undefined;
  let to: string[] = [];
  let inData = false;
  let dataLines: string[] = [];

  const reply = (text: string): void => {
    if (!socket.destroyed) socket.write(`${text}\r\n`);
  };
  const resetTransaction = (): void => {
    from = undefined;
    to = [];
    dataLines = [];
    inData = false;
  };

  reply(`220 ${HOST} ESMTP Flotte SMTP simulator`);

  // latin1 keeps every byte as one char, so 8-bit bodies survive until MIME decoding.
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (inData) onDataLine(line);
      else onCommand(line);
      if (socket.destroyed) return;
    }
  });

  function onDataLine(line: string): void {
    if (line === '.') {
      const raw = dataLines.join('\r\n') + '\r\n';
      const parsed = parseMimeMessage(raw);
      messages.push({ from: from ?? '', to: [...to], raw, ...parsed });
      resetTransaction();
      reply(`250 2.0.0 OK queued as ${messages.length}`);
      return;
    }
    // Undo dot-stuffing (RFC 5321 4.5.2).
    dataLines.push(line.startsWith('..') ? line.slice(1) : line);
  }

  function onCommand(line: string): void {
    if (authState !== 'none') return onAuthLine(line);
    const [verbRaw = '', ...restParts] = line.split(' ');
    const verb = verbRaw.toUpperCase();
    const rest = restParts.join(' ').trim();
    switch (verb) {
      case 'EHLO': {
        greeted = true;
        resetTransaction();
        const lines = [`${HOST} greets ${rest || 'client'}`, 'SIZE 10485760', '8BITMIME'];
        if (auth) lines.push('AUTH PLAIN LOGIN');
        lines.forEach((text, i) => reply(`250${i === lines.length - 1 ? ' ' : '-'}${text}`));
        return;
      }
      case 'HELO':
        greeted = true;
        resetTransaction();
        return reply(`250 ${HOST}`);
      case 'AUTH':
        return onAuth(rest);
      case 'MAIL': {
        if (!greeted) return reply('503 5.5.1 Send EHLO/HELO first');
        if (!authenticated) return reply('530 5.7.0 Authentication required');
        const address = /^FROM:\s*<([^>]*)>/i.exec(rest)?.[1];
        if (address === undefined) return reply('501 5.5.4 Syntax: MAIL FROM:<address>');
        resetTransaction();
        from = address;
        return reply('250 2.1.0 OK');
      }
      case 'RCPT': {
        if (from === undefined) return reply('503 5.5.1 Need MAIL before RCPT');
        const address = /^TO:\s*<([^>]+)>/i.exec(rest)?.[1];
        if (!address) return reply('501 5.5.4 Syntax: RCPT TO:<address>');
        to.push(address);
        return reply('250 2.1.5 OK');
      }
      case 'DATA':
        if (from === undefined || to.length === 0) return reply('503 5.5.1 Need RCPT before DATA');
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        resetTransaction();
        return reply('250 2.0.0 OK');
      case 'NOOP':
        return reply('250 2.0.0 OK');
      case 'QUIT':
        reply('221 2.0.0 Bye');
        socket.end();
        return;
      default:
        return reply('502 5.5.2 Command not implemented');
    }
  }

  function onAuth(rest: string): void {
    if (!auth) return reply('503 5.5.1 AUTH not available');
    if (!greeted) return reply('503 5.5.1 Send EHLO first');
    const [mechanism = '', initial] = rest.split(' ');
    if (mechanism.toUpperCase() === 'PLAIN') {
      if (initial) return checkPlain(initial);
      authState = 'login-pass'; // PLAIN without initial response: next line is the whole blob.
      loginUser = '\0plain';
      return reply('334 ');
    }
    if (mechanism.toUpperCase() === 'LOGIN') {
      if (initial) {
        loginUser = decode64(initial);
        authState = 'login-pass';
        return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
      }
      authState = 'login-user';
      return reply(`334 ${Buffer.from('Username:').toString('base64')}`);
    }
    return reply('504 5.5.4 Unrecognized authentication type');
  }

  function onAuthLine(line: string): void {
    if (line === '*') {
      authState = 'none';
      return reply('501 5.0.0 Authentication cancelled');
    }
    if (authState === 'login-user') {
      loginUser = decode64(line);
      authState = 'login-pass';
      return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
    }
    authState = 'none';
    if (loginUser === '\0plain') return checkPlain(line);
    return finishAuth(loginUser, decode64(line));
  }

  function checkPlain(blob: string): void {
    const [, user = '', pass = ''] = decode64(blob).split('\0');
    finishAuth(user, pass);
  }

  function finishAuth(user: string, pass: string): void {
    if (auth && user === auth.user && pass === auth.pass) {
      authenticated = true;
      return reply('235 2.7.0 Authentication successful');
    }
    return reply('535 5.7.8 Authentication credentials invalid');
  }
}

function decode64(text: string): string {
  return Buffer.from(text.trim(), 'base64').toString('utf8');
}
