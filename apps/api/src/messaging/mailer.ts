import nodemailer from 'nodemailer';
import type { Clock } from '../features/auth/auth-session.service.ts';
import type { Outbox } from './outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: SMTP in production (nodemailer), the outbox when no SMTP server is configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(outbox: Outbox, clock: Clock): Mailer {
  return {
    async send(mail) {
      outbox.add({ channel: 'mail', ...mail, sentAt: clock.now().toISOString() });
    },
    async close() {},
  };
}
