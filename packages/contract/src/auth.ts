import { z } from 'zod';
import type { ErrorName } from './errors.ts';
import { userInfoSchema } from './member.ts';

/**
 * The /webapi/portal/auth calls (spec §3, §7). Bodies are JSON; every body may also carry sysName and platform.
 * A missing field answers the §5 message named in its schema (e.g. phone_required), in the Locale language.
 * Every login answers the login result below with code 0, or a §8 error.
 */
const required = (error: ErrorName, max = 256) => z.string({ error }).trim().min(1, { error }).max(max);
/** A verification code as sent: not trimmed, so only the canonical six ASCII digits can match (the client trims). */
const codeField = z
  .string({ error: 'code_required' })
  .max(32)
  .refine((v) => v.trim() !== '', { error: 'code_required' });

/** A phone number in any usual spelling: +86 or 0086 prefix, spaces, dashes, full-width digits. */
export const mobileField = required('phone_required', 40);
/** An e-mail address; case, surrounding spaces and full-width characters do not make another account. */
export const emailField = required('email_required', 320);

export const ACCOUNT_MODES = ['mobile', 'mail'] as const;
export const accountModeSchema = z.enum(ACCOUNT_MODES);
export type AccountMode = z.infer<typeof accountModeSchema>;

/**
 * What a code is for; a code only works for its own purpose and account. set_password and deregister codes go only
 * to the logged-in caller's own phone or address.
 */
export const CODE_PURPOSES = ['login', 'reset_password', 'set_password', 'deregister'] as const;
export const codePurposeSchema = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

/** Shared by the interactive logins: the user agreement must be ticked (spec §5); remember-me keeps 24 h. */
const loginOptions = {
  grantType: z.string().max(32).optional(),
  clientId: z.string().max(128).optional(),
  /** The stored user token; ignored by credential logins, used alone by POST /portal/auth/login. */
  userToken: z.string().max(512).optional(),
  rememberMe: z.boolean().optional(),
};
const agreeField = z.literal(true, { error: 'agreement_required' });

/**
 * A captcha's key (from GET captcha/codeCaptcha or googleCaptcha) and its answer: the characters read from the
 * image, or for a provider's widget the JSON its callback gave (CaptchaWidgetAnswer).
 */
const captchaAnswer = {
  key: z.string().max(128).optional(),
  captcha: z.string().max(4096).optional(),
};

/**
 * POST /portal/auth/sendCode and /send-code-mobile. A set_password code needs the Authorization header. After the
 * first send from an address in an hour the server answers code_captcha_required until `key` and `captcha` come.
 */
export const sendMobileCodeRequestSchema = z.object({
  mobile: mobileField,
  purpose: codePurposeSchema.default('login'),
  ...captchaAnswer,
});
/** POST /portal/auth/sendCode-mail and /send-code-mail; the captcha as for the phone. */
export const sendMailCodeRequestSchema = z.object({
  email: emailField,
  purpose: codePurposeSchema.default('login'),
  ...captchaAnswer,
});
/** The answer of every send-code call: the client counts this many seconds down before offering a resend. */
export const sendCodeResultSchema = z.object({ resendAfterSeconds: z.number().int() });
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/**
 * POST /portal/auth/login: with mobile + code it is the phone code login (a new number makes a new account);
 * with only userToken (grantType social) it logs in again with the token of an earlier login.
 */
export const loginRequestSchema = z.object({
  mobile: z.string().max(40).optional(),
  code: z.string().max(32).optional(),
  agree: z.boolean().optional(),
  ...loginOptions,
});
/** POST /portal/auth/login-mail: e-mail code login (a new address makes a new account). */
export const mailCodeLoginRequestSchema = z.object({
  email: emailField,
  code: codeField,
  agree: agreeField,
  ...loginOptions,
});
/** POST /portal/auth/login-mobile-password. */
export const mobilePasswordLoginRequestSchema = z.object({
  mobile: mobileField,
  password: required('password_required', 1024),
  agree: agreeField,
  ...loginOptions,
});
/** POST /portal/auth/login-mail-password. */
export const mailPasswordLoginRequestSchema = z.object({
  email: emailField,
  password: required('password_required', 1024),
  agree: agreeField,
  ...loginOptions,
});

/**
 * GET /portal/auth/options: the sign-in doors this server offers. `googleClientId` is what the web page hands to
 * Google Identity Services; null when Google login is not configured (the §8 "unavailable in the current region").
 */
export const authOptionsSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** A captcha works once, right or wrong, for two minutes. */
export const CAPTCHA_TTL_MS = 120_000;
/** `builtin`: an image drawn by the server; `tencent`, `geetest`: the provider's widget in the page. */
export const CAPTCHA_PROVIDERS = ['builtin', 'tencent', 'geetest'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];
/** What a provider's widget hands the page, sent as JSON in `captcha`. */
export type CaptchaWidgetAnswer =
  | { ticket: string; randstr: string }
  | { lot_number: string; captcha_output: string; pass_token: string; gen_time: string };

/**
 * GET /portal/auth/captcha/googleCaptcha and /captcha/codeCaptcha: one captcha for one Google login or one code
 * send. With the built-in provider `captcha` is a PNG image as a data: URL; with a widget provider it is empty and
 * `appId` is the widget's id. `nonce` (Google only) goes to Google Identity Services and must come back in the ID
 * token: the token then serves this login attempt and no other.
 */
export const captchaSchema = z.object({
  key: z.string(),
  captcha: z.string(),
  expiresIn: z.number().int(),
  provider: z.enum(CAPTCHA_PROVIDERS),
  appId: z.string().nullable(),
  nonce: z.string().nullable(),
});
export type Captcha = z.infer<typeof captchaSchema>;
/** POST /portal/auth/login-google: `credential` is the Google ID token from Google Identity Services. */
export const googleLoginRequestSchema = z.object({
  key: required('captcha_key_required', 128),
  captcha: required('captcha_required', 4096),
  credential: required('google_token_invalid', 8192),
  agree: agreeField,
  ...loginOptions,
});

/**
 * POST /portal/auth/externalAccess: a partner's link (spec §3, §4). `platform` is the link's appId (`appId` is
 * accepted too); `token` is hex HMAC-SHA256 with the partner's secret over externalAccessSigningString().
 */
export const externalAccessRequestSchema = z.object({
  platform: z.string().max(64).optional(),
  appId: z.string().max(64).optional(),
  timestamp: z.union([z.string().max(20), z.number()], { error: 'external_access_invalid' }),
  identity: required('external_access_invalid', 128),
  token: required('external_access_invalid', 128),
});
/** appId, timestamp (milliseconds, as sent) and identity joined by newlines: what a partner signs. */
export function externalAccessSigningString(appId: string, timestamp: string | number, identity: string): string {
  return `${appId}\n${String(timestamp)}\n${identity}`;
}

/** The login result (spec §3, §7): access_token goes in Authorization, user_token is kept for the next login. */
export const loginResultSchema = z.object({
  access_token: z.string(),
  user_token: z.string(),
  /** Seconds the access token lives; the user token lives until the login ends (24 h with remember-me). */
  expires_in: z.number().int(),
  user: userInfoSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /portal/auth/logout: revokes the session of the Authorization header (or of userToken): both tokens. */
export const logoutRequestSchema = z.object({ userToken: z.string().max(512).optional() });

/** POST /portal/auth/set-password-pre-check (logged in): which channels can receive the set_password code. */
export const setPasswordPreCheckResultSchema = z.object({
  hasPassword: z.boolean(),
  /** Masked, e.g. +86 138****0000, or null when the account has none. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
/** New password rules (spec §5): at least 8 characters with letters and digits; both entries equal. */
const newPassword = {
  password: required('password_required', 256),
  repeatPassword: required('password_required', 256),
};
/**
 * POST /portal/auth/set-password (logged in): a set_password code sent to the account's own phone (mode mobile)
 * or e-mail (mode mail). Every session of the account ends; the answer is a fresh login for this device.
 */
export const setPasswordRequestSchema = z.object({
  mode: accountModeSchema,
  code: codeField,
  ...newPassword,
});
/** POST /portal/auth/reset-pwd: a reset_password code for mobile or email. Every session ends; answer null. */
export const resetPasswordRequestSchema = z.object({
  mobile: z.string().max(40).optional(),
  email: z.string().max(320).optional(),
  code: codeField,
  ...newPassword,
});

/**
 * QR login. The desktop creates a ticket (POST /portal/auth/qr/create) and shows `qrCode`; it polls with the ticket
 * and its pollSecret (POST /portal/auth/qr/poll, a long poll of up to `wait` seconds). A logged-in phone opens the
 * QR's `/login/qr/<ticket>` path, scans (POST /portal/auth/qr/scan, which shows where the desktop is) and confirms
 * (POST /portal/auth/qr/confirm). The next poll answers confirmed with the desktop's login. 2 minutes, once.
 */
export const qrCreateRequestSchema = z.object({ rememberMe: z.boolean().optional() });
export const qrCreateResultSchema = z.object({
  ticket: z.string(),
  pollSecret: z.string(),
  /** What the QR code holds: the login path with the ticket, on PUBLIC_ORIGIN when configured. */
  qrContent: z.string(),
  /** The QR code as an SVG data: URL. */
  qrCode: z.string(),
  expiresIn: z.number().int(),
});
export const qrTicketField = z.string({ error: 'qr_expired' }).min(16, { error: 'qr_expired' }).max(128);
export const qrPollRequestSchema = z.object({
  ticket: qrTicketField,
  pollSecret: z.string({ error: 'qr_expired' }).max(128),
  /** Seconds to wait for a change; 0 answers at once. Capped by the server. */
  wait: z.number().int().min(0).max(60).optional(),
});
export const QR_STATUSES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export const qrPollResultSchema = z.object({
  status: z.enum(QR_STATUSES),
  /** Present once, on the poll that sees the confirmation. */
  login: loginResultSchema.nullable(),
});
export type QrPollResult = z.infer<typeof qrPollResultSchema>;
export const qrTicketRequestSchema = z.object({ ticket: qrTicketField });
/**
 * What the phone shows before the user confirms: the desktop's browser and system (read from its user agent; the
 * raw string is never shown), when it asked, and from where as far as the server can honestly tell: this machine, a
 * private network, or a public address, masked (no region: the server has no GeoIP database).
 */
export const QR_BROWSERS = [
  'chrome',
  'edge',
  'firefox',
  'safari',
  'opera',
  'wechat',
  'qq',
  'uc',
  'samsung',
  'other',
] as const;
export const QR_SYSTEMS = ['windows', 'macos', 'linux', 'android', 'ios', 'chromeos', 'harmonyos', 'other'] as const;
export const qrScanResultSchema = z.object({
  browser: z.enum(QR_BROWSERS),
  os: z.enum(QR_SYSTEMS),
  network: z.enum(['local', 'private', 'public']),
  /** The address with its host part masked: 203.0.113.*, 2001:db8:1:* */
  address: z.string(),
  createdAt: z.string(),
});
export type QrScanResult = z.infer<typeof qrScanResultSchema>;
