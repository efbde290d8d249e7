import type { Clock } from '../features/auth/auth-session.service.ts';
import type { Outbox } from './outbox.ts';

/**
 * Sends an SMS to an E.164 number. The default writes to the outbox (log, and the development endpoint); a
 * provider adapter (Aliyun, Tencent Cloud, Twilio…) implements the same port when one is contracted.
 */
export interface SmsSender {
  send(sms: { to: string; text: string }): Promise<void>;
}

export function createOutboxSms(outbox: Outbox, clock: Clock): SmsSender {
  return {
    async send(sms) {
      outbox.add({ channel: 'sms', to: sms.to, subject: null, text: sms.text, sentAt: clock.now().toISOString() });
    },
  };
}
