import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[a-z]{2,}/gi;
const PHONE = /\+\d{7,15}/g;
/** Fields of an error that say what failed without saying about whom. */
const KEPT = ['code', 'errno', 'syscall', 'statusCode', 'status', 'responseCode', 'command', 'errorName'] as const;

const scrub = (text: string) => text.replace(ADDRESS, '[address]').replace(PHONE, '[phone]');

/**
 * What an error may put in a log line (ASVS 16.2.5, issue 13). A database error's message carries its SQL with the
 * bound values and its detail the row (user ids, names, feedback text, an address in a unique violation), so only its
 * class and SQLSTATE go; the request id on the line finds the rest. Any other error keeps its class, message and
 * stack with e-mail addresses and phone numbers masked, and only the fields that name the failure (a mailer's
 * `rejected` list of addresses does not go).
 */
export function loggable(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  for (let e: unknown = error, d = 0; e instanceof Error && d < 5; e = e.cause, d++) {
    const fields = e as Error & { params?: unknown; severity?: unknown };
    if ('params' in fields || typeof fields.severity === 'string') {
      const causes: unknown[] = [];
      for (let c: unknown = error; c instanceof Error && causes.length < 5; c = c.cause) causes.push(c);
      const sqlState = causes
        .map((c) => (c as { code?: unknown }).code)
        .find((code) => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
      return { type: error.constructor.name, database: true, sqlState };
    }
  }
  const safe: Record<string, unknown> = {
    type: error.constructor.name,
    message: scrub(error.message),
    stack: error.stack ? scrub(error.stack) : undefined,
  };
  for (const key of KEPT) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number')
      safe[key] = typeof value === 'string' ? scrub(value) : value;
  }
  if (error.cause !== undefined) safe.cause = loggable(error.cause, depth + 1);
  return safe;
}

/** pino's options for every logger of the server: any `err` on any line goes through loggable(). */
export function loggerOptions(level: string): LoggerOptions {
  return { level, serializers: { err: (error: unknown) => loggable(error) } };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
