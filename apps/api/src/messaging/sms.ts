import type { Clock } from '../features/auth/auth-session.service.ts';
import type { Outbox } from './outbox.ts';

/** A verification code by SMS: the full text (for the outbox) and the values a provider's template takes. */
export interface Sms {
  /** E.164, e.g. +8613800138000. */
  to: string;
  text: string;
  code: string;
  minutes: number;
}

/**
 * Sends an SMS. The default writes to the outbox (log, and the development endpoint); the Alibaba Cloud and
 * Tencent Cloud adapters send the provider's approved template. A refusal is an SmsDeliveryError.
 */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/**
 * Why a provider did not send: `throttled` (its per-number limits; the user may try later), `invalid_number`,
 * `operator` (our keys, sign name, template or balance: someone must fix the configuration) or `unavailable`
 * (network, timeout, the provider's own fault).
 */
export type SmsFault = 'throttled' | 'invalid_number' | 'operator' | 'unavailable';

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    readonly fault: SmsFault,
    /** The provider's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberDailyLimit…). */
    readonly providerCode: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${providerCode}: ${message}`, options);
  }
}

export function createOutboxSms(outbox: Outbox, clock: Clock): SmsSender {
  return {
    async send(sms) {
      outbox.add({ channel: 'sms', to: sms.to, subject: null, text: sms.text, sentAt: clock.now().toISOString() });
    },
  };
}

/** A transport failure or timeout as an SmsDeliveryError; one already classified passes through. */
export function asDeliveryError(error: unknown): SmsDeliveryError {
  if (error instanceof SmsDeliveryError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  return new SmsDeliveryError('unavailable', name, 'the provider could not be reached', { cause: error });
}
