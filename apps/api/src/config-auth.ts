import { z } from 'zod';

/**
 * The environment variables of sign-in and accounts, parsed with the rest in config.ts (the only reader of
 * process.env). Every one is listed in .env.example with its default.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const list = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
  );
const HOUR = 3_600_000;

/** EXTERNAL_PARTNERS: a JSON object of appId → shared secret (at least 16 characters). */
const partners = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of appId to secret' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), z.string().min(16))),
);

export const authEnv = {
  AUTH_ACCESS_TOKEN_TTL_MS: int(2 * HOUR, 60_000, 24 * HOUR),
  AUTH_SESSION_TTL_MS: int(2 * HOUR, 60_000, 24 * HOUR),
  CODE_MAX_ATTEMPTS: int(5, 1, 10),
  CODE_RESEND_INTERVAL_MS: int(60_000, 60_000, HOUR),
  CODE_SENDS_PER_ACCOUNT_PER_HOUR: int(30, 1, 1000),
  CODE_SENDS_PER_ACCOUNT_PER_IP_PER_HOUR: int(10, 1, 1000),
  CODE_SENDS_PER_IP_PER_HOUR: int(10, 1, 100_000),
  CODE_SENDS_PER_REGION_PER_HOUR: int(10_000, 1, 10_000_000),
  AUTH_FAILURES_PER_HOUR: int(10, 1, 100),
  AUTH_LOCK_BASE_MS: int(60_000, 1_000, HOUR),
  AUTH_LOCK_MAX_MS: int(HOUR, 1_000, 24 * HOUR),
  AUTH_IP_FAILURES_PER_HOUR: int(100, 1, 100_000),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Bible Q&A <no-reply@localhost>')),
  SMS_COUNTRY_CODES: list('86,852,853,886'),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_JWKS_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ),
  QR_POLL_WAIT_MS: int(20_000, 0, 55_000),
  EXTERNAL_PARTNERS: partners,
  ADMIN_ACCOUNTS: list(''),
  RISK_WINDOW_MS: int(60_000, 1_000, HOUR),
  RISK_IP_LIMIT: int(600, 1, 1_000_000),
  RISK_IP_BAN_AT: int(3_000, 1, 10_000_000),
  RISK_IP_BAN_MS: int(15 * 60_000, 1_000, 7 * 24 * HOUR),
  RISK_ACCOUNT_LIMIT: int(300, 1, 1_000_000),
  RISK_ACCOUNT_SUSPEND_AT: int(1_200, 1, 10_000_000),
  RISK_SUSPENSION_MS: int(24 * HOUR, 60_000, 365 * 24 * HOUR),
  AUDIT_ACCOUNT_KEY: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  AUDIT_RETENTION_DAYS: int(180, 1, 3_650),
};

type AuthEnv = z.infer<z.ZodObject<typeof authEnv>>;

export interface AuthConfig {
  accessTokenTtlMs: number;
  /** How long a login lasts without remember-me; with it, 24 hours (spec §9). */
  sessionTtlMs: number;
  codes: {
    maxAttempts: number;
    resendIntervalMs: number;
    /** The ceiling per account from every address together, and the budget of one address on one account. */
    perAccountPerHour: number;
    perAccountPerIpPerHour: number;
    perIpPerHour: number;
    /** Per region: each SMS country code, and e-mail, has its own hourly cap (SMS pumping hits one region). */
    perRegionPerHour: number;
  };
  /** Tries per account identifier and failures per IP before the lock, and the lock's back-off (decision 0013). */
  failures: { perHour: number; perIpPerHour: number; lockBaseMs: number; lockMaxMs: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** Country calling codes that SMS codes may be sent to (toll-fraud guard). */
  smsCountryCodes: string[];
  google: { clientId: string | undefined; jwksUrl: string };
  qrPollWaitMs: number;
  externalPartners: Record<string, string>;
  /** Phone numbers or e-mail addresses whose accounts are admins (applied at each login). */
  adminAccounts: string[];
  risk: {
    windowMs: number;
    ipLimit: number;
    ipBanAt: number;
    ipBanMs: number;
    accountLimit: number;
    accountSuspendAt: number;
    suspensionMs: number;
  };
  /** The audit log: the key of its account digest (unkeyed SHA-256 without it) and how long rows are kept. */
  audit: { accountKey: string | undefined; retentionMs: number };
}

export function readAuthConfig(e: AuthEnv): AuthConfig {
  return {
    accessTokenTtlMs: e.AUTH_ACCESS_TOKEN_TTL_MS,
    sessionTtlMs: e.AUTH_SESSION_TTL_MS,
    codes: {
      maxAttempts: e.CODE_MAX_ATTEMPTS,
      resendIntervalMs: e.CODE_RESEND_INTERVAL_MS,
      perAccountPerHour: e.CODE_SENDS_PER_ACCOUNT_PER_HOUR,
      perAccountPerIpPerHour: e.CODE_SENDS_PER_ACCOUNT_PER_IP_PER_HOUR,
      perIpPerHour: e.CODE_SENDS_PER_IP_PER_HOUR,
      perRegionPerHour: e.CODE_SENDS_PER_REGION_PER_HOUR,
    },
    failures: {
      perHour: e.AUTH_FAILURES_PER_HOUR,
      perIpPerHour: e.AUTH_IP_FAILURES_PER_HOUR,
      lockBaseMs: e.AUTH_LOCK_BASE_MS,
      lockMaxMs: e.AUTH_LOCK_MAX_MS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    smsCountryCodes: e.SMS_COUNTRY_CODES,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    qrPollWaitMs: e.QR_POLL_WAIT_MS,
    externalPartners: e.EXTERNAL_PARTNERS,
    adminAccounts: e.ADMIN_ACCOUNTS,
    risk: {
      windowMs: e.RISK_WINDOW_MS,
      ipLimit: e.RISK_IP_LIMIT,
      ipBanAt: e.RISK_IP_BAN_AT,
      ipBanMs: e.RISK_IP_BAN_MS,
      accountLimit: e.RISK_ACCOUNT_LIMIT,
      accountSuspendAt: e.RISK_ACCOUNT_SUSPEND_AT,
      suspensionMs: e.RISK_SUSPENSION_MS,
    },
    audit: { accountKey: e.AUDIT_ACCOUNT_KEY, retentionMs: e.AUDIT_RETENTION_DAYS * 24 * HOUR },
  };
}
