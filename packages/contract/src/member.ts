import { z } from 'zod';
import { EXPRESSIONS, INTERESTS, ROLES, SEXES } from './constants.ts';
import { localeSchema } from './locale-schema.ts';
import { stripBidiControls } from './plain-text.ts';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const expressionSchema = z.enum(EXPRESSIONS);
export type Expression = z.infer<typeof expressionSchema>;
export const interestSchema = z.enum(INTERESTS);
export type Interest = z.infer<typeof interestSchema>;

/** User info (spec §3): what settings shows, plus the account data and the consent state. */
export const userInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  sex: z.enum(SEXES),
  role: roleSchema,
  themeColor: z.string(),
  darkMode: z.boolean(),
  language: localeSchema,
  expression: expressionSchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  pseudonym: z.string().nullable(),
  avatar: z.string().nullable(),
  profile: z.string().nullable(),
  interests: z.array(interestSchema).default([]),
  hasPassword: z.boolean().default(false),
  /** The user agreement version consented to, and when (ISO time). */
  agreementVersion: z.string().nullable().default(null),
  agreedAt: z.string().nullable().default(null),
  /** YYYY-MM-DD when declared; minor is true under 18 (spec §9), and then guardian consent is needed. */
  birthDate: z.string().nullable().default(null),
  minor: z.boolean().default(false),
  guardianConsentAt: z.string().nullable().default(null),
  /** A limitation measure is in force: reading works, changing things answers account_limited. */
  limited: z.boolean().default(false),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** An avatar is an https URL or a path on this site; nothing that could run script. */
const avatarField = z
  .string()
  .max(1024)
  .regex(/^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/);

/**
 * POST /portal/member/modify: only these fields change; anything else in the body (role, phone, email, id, …) is
 * ignored. Phone and e-mail are identities and change only through verification.
 */
export const modifyMemberRequestSchema = z.object({
  name: z.string().overwrite(stripBidiControls).trim().max(64).optional(),
  sex: z.enum(SEXES).optional(),
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  darkMode: z.boolean().optional(),
  language: localeSchema.optional(),
  pseudonym: z.string().overwrite(stripBidiControls).trim().max(64).nullable().optional(),
  avatar: avatarField.nullable().optional(),
  profile: z.string().trim().max(500).nullable().optional(),
});
export type ModifyMemberRequest = z.infer<typeof modifyMemberRequestSchema>;
/** POST /portal/member/update-expression: the wording tradition. */
export const updateExpressionRequestSchema = z.object({ expression: expressionSchema });
/** POST /portal/member/add-interest: the tour's interests; the list replaces the stored one. */
export const addInterestRequestSchema = z.object({ interests: z.array(interestSchema).max(INTERESTS.length) });
/** POST /portal/member/agreement: consent to the current user agreement version. */
export const agreementRequestSchema = z.object({ version: z.string().max(32) });
/** POST /portal/member/birth-date: declares the birth date; under 18 needs a guardian's consent. */
export const birthDateRequestSchema = z.object({ birthDate: z.iso.date() });
/** POST /portal/member/guardian-consent: a guardian consents for a minor. */
export const guardianConsentRequestSchema = z.object({
  guardianName: z.string().trim().min(1).max(64),
  guardianContact: z.string().trim().min(1).max(128),
  guardianAgree: z.literal(true, { error: 'guardian_consent_required' }),
});
/**
 * GET /portal/member/code-requests: login or reset codes asked for the caller's account from addresses other than
 * the caller's, since the owner last dismissed the notice (at most the last 7 days): the app tells the owner after
 * login. POST /portal/member/code-requests/seen dismisses them.
 */
export const codeRequestsSchema = z.object({
  count: z.number().int().min(0),
  /** When the last of them was asked (ISO), null when none. */
  lastAt: z.string().nullable(),
});
export type CodeRequests = z.infer<typeof codeRequestsSchema>;

/**
 * POST /portal/member/deregister: deletes the account and erases its personal data, at once, once the caller has
 * shown it is them: the account's password, or a `deregister` code sent to its own phone or address (`mode` and
 * `code`); an account with neither (Google, a partner's) within 10 minutes of logging in. Else reauth_required;
 * a wrong password answers wrong_password, a wrong code code_invalid (guesses count towards the login lock).
 */
export const deregisterRequestSchema = z.object({
  confirm: z.literal(true),
  password: z.string().max(1024).optional(),
  mode: z.enum(['mobile', 'mail']).optional(),
  code: z.string().max(32).optional(),
});
export type DeregisterRequest = z.infer<typeof deregisterRequestSchema>;
