import type { Logger } from 'pino';
import { maskAddress } from './mask.ts';

export interface OutboxMessage {
  /** `captcha`: a drawn captcha's answer, `to` its key (DEV_OUTBOX only). */
  channel: 'mail' | 'sms' | 'captcha';
  to: string;
  subject: string | null;
  text: string;
  sentAt: string;
}

/**
 * Where mail and SMS go when no provider is configured: a line in the log and the latest messages in memory, which
 * GET /webapi/dev/outbox shows outside production. In production the log line has no text (no codes in logs).
 */
export function createOutbox({
  log,
  logBodies,
  capacity = 200,
}: {
  log: Pick<Logger, 'info'>;
  logBodies: boolean;
  capacity?: number;
}) {
  const messages: OutboxMessage[] = [];
  return {
    add(message: OutboxMessage): void {
      messages.push(message);
      if (messages.length > capacity) messages.splice(0, messages.length - capacity);
      const line = { outbox: message.channel, to: maskAddress(message.to) };
      log.info(logBodies ? { ...line, subject: message.subject, text: message.text } : line, 'outbox: message kept');
    },
    /** Newest first; only those to one address when given. */
    list(to?: string): OutboxMessage[] {
      return messages.filter((m) => to === undefined || m.to === to).reverse();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
